import type { Page } from '@playwright/test';
import { loadEngine } from '../../tests/support/config.ts';
import { newPatient, type Patient } from './patient.ts';
import { walkTo } from './walk.ts';

const engine = loadEngine();

/**
 * Brings a new patient to step `at` (a path, or an index from 0) of a code's pathOverride link `keys`: the link gets back
 * what its steps need (issue 37: a booking needs to know who the patient is, a payment the
 * assessment its code asks before money), so the patient takes those steps (walkTo, as the
 * staff page's demo patients do) and stands on `at`. Returns the patient, whose contact the
 * clinic now has.
 */
async function reachByLink(
  page: Page,
  options: {
    origin: string;
    brand: 'male' | 'female';
    code: string;
    keys: string;
    at: string | number;
    patient: Patient;
  },
): Promise<Patient> {
  const { origin, brand, code, keys, at, patient } = options;
  const planned = engine.planVisit({ code, brand, query: `pathOverride=${keys}` });
  if (!planned.ok) throw new Error(planned.problem.message);
  const index = typeof at === 'number' ? at : planned.plan.steps.indexOf(at);
  if (index === -1) throw new Error(`${String(at)} is not a step of ${code}?pathOverride=${keys}`);
  await walkTo(page, { origin, plan: planned.plan, index, patient });
  return patient;
}

/**
 * Brings a new patient to a code's consult booking the way a link that books does
 * (`?pathOverride=cal`): the link gets the assessment back before the booking, so the patient
 * takes it and stands on the step after it. `keys` is the link's pathOverride list (`cal,cal`
 * books twice; `assess,precal,cal` stands on about the consult first).
 */
export async function reachBooking(
  page: Page,
  options: { origin: string; brand: 'male' | 'female'; code: string; keys?: string; patient?: Patient },
): Promise<Patient> {
  const patient = options.patient ?? newPatient(`booking-${options.code}`);
  return reachByLink(page, { ...options, keys: options.keys ?? 'cal', at: 1, patient });
}

/**
 * Brings a new patient to a code's payment the way a link that pays does (`?pathOverride=pay`):
 * on a code that assesses before paying the link asks the assessment first, so the patient takes
 * it and stands on the payment, their contact carried over; on a code that pays first the
 * payment opens at once.
 */
export async function reachPayment(
  page: Page,
  options: { origin: string; brand: 'male' | 'female'; code: string; patient?: Patient },
): Promise<Patient> {
  const at = options.brand === 'male' ? '/payment' : '/f/payment';
  const patient = options.patient ?? newPatient(`payment-${options.code}`);
  return reachByLink(page, { ...options, keys: 'pay', at, patient });
}
