import { expect, test } from 'vitest';
import { arrivalText } from '../../src/app/arrival-text.ts';

/** What a step says when the funnel machine brought the patient to it from a page not theirs yet (issue 37). */

test('a booking opened cold says the clinic needs a way to reach the patient: what the booking needs itself', () => {
  const text = arrivalText({
    at: 0,
    from: 4,
    missing: ['contact-known', 'assessment-answered', 'paid', 'intake-done'],
    own: ['contact-known'],
    here: ['contact-known', 'assessment-answered'],
  });
  expect(text.title).toBe('Let’s start here');
  expect(text.lines[0]).toBe(
    'Before we can book a consult or place an order, we need your name, email and mobile phone, so the clinic can reach you.',
  );
});

test('an intake opened cold says the work it comes after, not the contact details the assessment also asks', () => {
  const text = arrivalText({
    at: 0,
    from: 3,
    missing: ['contact-known', 'assessment-answered', 'paid'],
    own: [],
    here: ['contact-known', 'assessment-answered'],
  });
  expect(text.lines[0]).toBe(
    'The page you opened comes after the hormone assessment, and we have no answers from you yet.',
  );
});

test('a patient brought to checkout is told nothing has been charged', () => {
  expect(arrivalText({ at: 2, from: 3, missing: ['paid'], own: [], here: ['paid'] }).lines[0]).toContain(
    'Nothing has been charged.',
  );
});

test('an intake of a pay-first funnel opened cold says it comes after checkout, where the patient is brought', () => {
  const text = arrivalText({
    at: 0,
    from: 2,
    missing: ['contact-known', 'paid', 'assessment-answered', 'no-contraindication'],
    own: [],
    here: ['contact-known', 'paid'],
  });
  expect(text.lines[0]).toContain('comes after checkout');
});

test('every word is the page’s own: nothing of the patient, and a way to go on from another device', () => {
  const text = arrivalText({ at: 0, from: 1, missing: ['intake-done'], own: [], here: ['intake-done'] });
  expect(text.lines[1]).toContain('If you started on another device, you can carry on there.');
});
