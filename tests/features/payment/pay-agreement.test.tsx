import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { PayAgreement } from '../../../src/features/payment/pay-agreement.tsx';
import { agreementStatement, type CancelContact } from '../../../src/domain/agreement.ts';
import { renderWithProviders } from '../../support/render.tsx';

// The statement next to Pay is drawn with links inside its sentences; the order names it by the
// hash of its text, so what the patient reads must be, word for word, the text that is hashed.

const CANCEL: CancelContact = {
  portalLink: 'https://portal.peakmens.example',
  supportEmail: 'care@peakmens.example',
  phone: '(888) 555-0142',
};
const TODAY = { year: 2026, month: 12, day: 3 };

function renderAgreement(renews: boolean, onRenewalChange = vi.fn(), onShown = vi.fn()) {
  const renewal = renews ? ({ every: 'month' } as const) : null;
  const paragraphs = agreementStatement({ amount: '$99.00', renewal, today: TODAY, cancel: CANCEL });
  renderWithProviders(
    <PayAgreement
      site="male"
      terms={{ amount: '$99.00', renewal, shownOn: '2026-12-03', cancel: CANCEL }}
      onShown={onShown}
      renewalAccepted={false}
      onRenewalChange={onRenewalChange}
      renewalError={null}
      loadProblem={null}
      termsChanged={false}
      disabled={false}
    />,
  );
  return paragraphs;
}

/** The one element whose whole text is `text`, links inside it included (not a parent of it). */
function sentence(text: string): HTMLElement {
  return screen.getByText(
    (_, element) =>
      element !== null &&
      element.textContent === text &&
      ![...element.children].some((child) => child.textContent === text),
  );
}

test('a monthly plan reads, word for word, the statement whose hash the order sends', () => {
  const paragraphs = renderAgreement(true);
  const box = paragraphs.at(-1) ?? '';
  // Each paragraph is one element whose text is exactly the statement's (links inside it included).
  for (const paragraph of paragraphs.slice(0, -1)) expect(sentence(paragraph)).toBeVisible();
  expect(screen.getByRole('checkbox', { name: box })).toBeRequired();
  expect(screen.getByTestId('pay-agreement')).toHaveTextContent(paragraphs.join(''));
});

test('the page is told the exact text it drew, which the Pay press hashes', () => {
  const shown = vi.fn();
  const paragraphs = renderAgreement(true, vi.fn(), shown);
  expect(shown).toHaveBeenLastCalledWith({ text: paragraphs.join('\n'), shownOn: '2026-12-03' });
});

test('a one-off reads the same words too, and asks no box', () => {
  const paragraphs = renderAgreement(false);
  for (const paragraph of paragraphs) expect(sentence(paragraph)).toBeVisible();
  expect(screen.getByTestId('pay-agreement')).toHaveTextContent(paragraphs.join(''));
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

test('each document opens on the brand’s own page in a new tab', () => {
  renderAgreement(false);
  expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/legal/terms');
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
  const consent = screen.getByRole('link', { name: 'Telehealth consent' });
  expect(consent).toHaveAttribute('href', '/legal/telehealth-consent');
  expect(consent).toHaveAttribute('target', '_blank');
});

test('the renewal box starts unticked, and ticking it tells the page', async () => {
  const changed = vi.fn();
  renderAgreement(true, changed);
  const box = screen.getByRole('checkbox', { name: /renews automatically at \$99 every month/ });
  expect(box).not.toBeChecked();
  await userEvent.setup().click(box);
  expect(changed).toHaveBeenCalledWith(true);
});
