import { expect, type Page } from '@playwright/test';
import { newPatient, takeAssessment, type Patient } from './patient.ts';

/**
 * Brings a new patient to a code's consult booking the way a link that books does
 * (`?pathOverride=cal`): the link gets the assessment back before the booking (issue 37: a
 * booking needs to know who the patient is, and a cold booking link is brought to the
 * assessment), so the patient takes it, and the booking is next. `keys` is the link's
 * pathOverride list (`cal,cal` books twice; `assess,precal,cal` shows about the consult first).
 * Returns the patient, whose contact the clinic now has.
 */
export async function reachBooking(
  page: Page,
  options: { origin: string; brand: 'male' | 'female'; code: string; keys?: string; patient?: Patient },
): Promise<Patient> {
  const { origin, brand, code } = options;
  const keys = options.keys ?? 'cal';
  const patient = options.patient ?? newPatient(`booking-${code}`);
  const prefix = brand === 'female' ? '/f' : '';
  await page.goto(`${origin}${prefix}/hormone-assessment/${code}?pathOverride=${keys}`);
  await takeAssessment(page, patient);
  await expect(page).not.toHaveURL(/\/hormone-assessment\//);
  return patient;
}
