import type { Page } from '@playwright/test';
import { loadEngine } from '../../tests/support/config.ts';
import { newPatient, type Patient } from './patient.ts';
import { walkTo } from './walk.ts';

const engine = loadEngine();

/**
 * Brings a new patient to a code's consult booking the way a link that books does
 * (`?pathOverride=cal`): the link gets the assessment back before the booking (issue 37: a
 * booking needs to know who the patient is, and a cold booking link is brought to the
 * assessment), so the patient takes it (walkTo, as the staff page's demo patients do) and stands
 * on the step after it. `keys` is the link's pathOverride list (`cal,cal` books twice;
 * `assess,precal,cal` stands on about the consult first). Returns the patient, whose contact the
 * clinic now has.
 */
export async function reachBooking(
  page: Page,
  options: { origin: string; brand: 'male' | 'female'; code: string; keys?: string; patient?: Patient },
): Promise<Patient> {
  const { origin, brand, code } = options;
  const patient = options.patient ?? newPatient(`booking-${code}`);
  const planned = engine.planVisit({ code, brand, query: `pathOverride=${options.keys ?? 'cal'}` });
  if (!planned.ok) throw new Error(planned.problem.message);
  await walkTo(page, { origin, plan: planned.plan, index: 1, patient });
  return patient;
}
