import { CONTACT_QUESTIONS } from '../src/domain/contact-questions.ts';
import { recordsOf } from './support/database.ts';
import { appTookOverTheForm, continueAfterPaying, newPatient, pay } from './support/patient.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 25, point 3: one of each rule. The contact questions, the card check and the billing
 * form each live once, so a lead records one question id for one answer wherever it was typed,
 * and a card is refused for the same reasons on every form.
 */

test('a lead made at the payment records the contact answers under the assessment’s and the intake’s question ids', async ({
  page,
}) => {
  const patient = newPatient('contact-ids');
  // bhrt pays first: the payment form makes the lead.
  await page.goto('/payment/bhrt');
  // The first page of a fresh server can take a while to load its product.
  await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible({ timeout: 20_000 });
  await pay(page, patient);
  await continueAfterPaying(page);

  const [lead] = recordsOf(patient.email).leads;
  const answers = (lead?.answers ?? []) as { ref: string; questionId?: string }[];
  for (const question of CONTACT_QUESTIONS) {
    expect(
      answers.find((answer) => answer.ref === question.ref)?.questionId,
      `the ${question.ref} answer's question id`,
    ).toBe(question.id);
  }
});

test('the payment form refuses an expiry more than 20 years ahead, as the card update does', async ({ page }) => {
  // bhrt pays first: its payment opens for a new patient (issue 37).
  await page.goto('/payment/bhrt');
  const form = page.getByRole('form', { name: 'Billing details' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  // The app's check: once it has taken over the page's form.
  await appTookOverTheForm(page);
  const expiry = form.getByRole('textbox', { name: 'Expiry date (MM/YY)' });
  await form.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await expiry.fill(`01/${String(new Date().getUTCFullYear() + 21)}`);
  await form.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(expiry).toHaveAccessibleDescription(/Check the expiry year on your card\./);
  // The patient keeps what they typed, to correct it.
  await expect(form.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
});
