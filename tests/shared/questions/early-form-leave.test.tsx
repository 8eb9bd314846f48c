import { afterEach, expect, test } from 'vitest';
import { captureEarlyForm, leaveEarlyFormsBut, takeEarlyForm } from '../../../src/shared/questions/early-form.tsx';

/**
 * A form the page's HTML brought (issue 28) is its address's alone: a patient who left the page
 * before its screen took the form, and comes back later in the same visit, finds the page as it
 * is then, never a press of Pay held from long ago.
 */

function pageWithHeldPay(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML =
    '<div data-early-form="billing"><form method="dialog" data-early-page="billing" data-early-submit="Pay $99">' +
    '<input autocomplete="cc-number" value="4242 4242 4242 4242"/><button type="submit">Processing…</button></form></div>';
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

test('the payment page’s form, pressed before the app, is gone once the app has been elsewhere', () => {
  window.history.replaceState(null, '', '/payment/shrt');
  captureEarlyForm(pageWithHeldPay());
  // The journey sent the patient to results before the payment screen took the form.
  window.history.pushState(null, '', '/results/shrt');
  leaveEarlyFormsBut('/results/shrt');
  // Later, Continue brings them back to payment.
  window.history.pushState(null, '', '/payment/shrt');
  leaveEarlyFormsBut('/payment/shrt');
  expect(takeEarlyForm('billing')).toBeNull();
});

test('on its own page the form waits for its screen, with the press held', () => {
  window.history.replaceState(null, '', '/payment/shrt');
  captureEarlyForm(pageWithHeldPay());
  leaveEarlyFormsBut('/payment/shrt');
  expect(takeEarlyForm('billing')?.form.getAttribute('data-early-submit')).toBe('Pay $99');
});
