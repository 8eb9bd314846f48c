import { beforeAll, expect, test } from 'vitest';
import { getPageQuestions } from '../../../src/shared/api/content.ts';
import { identityCheck } from '../../../src/shared/api/identity.ts';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { QuestionPage } from '../../../src/contract/api-types.ts';
import { submitContinuous, type ContinuousVariant } from '../../../src/features/continuing-care/continuous.ts';
import { identityCustomerOf } from '../../../src/features/intake/intake-pages.ts';
import { RESTART_API_FORM, RESTART_PAGE, submitRestart } from '../../../src/features/continuing-care/restart.ts';
import { findReturningPatient } from '../../../src/features/continuing-care/returning-patient.ts';
import type { JourneyHandle } from '../../../src/shared/journey/journey-context.tsx';
import type { JourneyChange } from '../../../src/shared/journey/journey-store.ts';
import { countRows, JANE_LANDING_ID, useClientServer } from '../../server/test-server.ts';

/**
 * The continuous, restart and identity calls as the screens make them, against the real local
 * server and its seeded demo data: the server takes every payload, finds the leads and the
 * customer, and keeps what SPEC §4 says (one status per submission), and no SSN.
 */
const server = useClientServer();
// The demo customer Jane Doe comes back by the clinic's return link before she refills or restarts.
beforeAll(async () => {
  await server.returnAs();
});

/** A journey held in a variable, as the store holds it in memory. */
function memoryJourney(answers: JourneyState['answers']): JourneyHandle & { current: () => JourneyState } {
  let state: JourneyState = {
    version: 3,
    landedAt: new Date().toISOString(),
    answers,
    pages: {},
    completed: [],
    records: {},
  };
  const handle = {
    status: 'ready' as const,
    get state() {
      return state;
    },
    update: (change: JourneyChange) => {
      state = change(state);
    },
    save: (change?: JourneyChange) => {
      if (change) state = change(state);
      return Promise.resolve();
    },
    current: () => state,
  };
  return handle;
}

async function contPages(pageIds: readonly string[]): Promise<readonly QuestionPage[]> {
  return (await getPageQuestions({ formId: 'CONT', pageIds })).pages;
}

const REFILL_ANSWERS = {
  medicationEffectiveness: ['very-well'],
  'side-effects': ['none'],
  'same-shipping-address': ['yes'],
  'refill-consent': ['true'],
};

test.each<[ContinuousVariant, string]>([
  ['chrt', 'CHRT'],
  ['fchrt', 'FCHRT'],
])('%s: a customer refill is kept as a linked lead, a continuous order and one status', async (variant, kind) => {
  const patient = await findReturningPatient({ ktCustomerId: '100234', linkLandingId: '' }, { withLead: true });
  expect(patient).toMatchObject({ ktCustomerId: '100234', landingId: JANE_LANDING_ID });
  const journey = memoryJourney(REFILL_ANSWERS);
  const before = countRows(server().db, 'status_updates', 'kind = ?', kind);

  // The caller writes the returned record once (with the funnel's next step, or alone).
  await journey.save(
    await submitContinuous({
      variant,
      journey,
      pages: await contPages(['1', '2']),
      patient: must(patient),
      pathCode: variant,
    }),
  );

  expect(countRows(server().db, 'status_updates', 'kind = ? AND lead_landing_id = ?', kind, JANE_LANDING_ID)).toBe(
    before + 1,
  );
  expect(
    countRows(
      server().db,
      'continuous_orders',
      "kt_customer_id = '100234' AND is_restart = 0 AND medication_effectiveness = 'very-well'",
    ),
  ).toBe(1);
  expect(
    countRows(server().db, 'leads', "form_id = 'CONT' AND linked_landing_id = ?", JANE_LANDING_ID),
  ).toBeGreaterThan(0);
  expect(journey.current().answers).toEqual({});
});

test('ced: the renewal answers join the lead and its CED status is recorded', async () => {
  const patient = await findReturningPatient({ linkLandingId: JANE_LANDING_ID }, { withLead: true });
  const journey = memoryJourney(REFILL_ANSWERS);

  await submitContinuous({
    variant: 'ced',
    journey,
    pages: await contPages(['1', '2']),
    patient: must(patient),
    pathCode: 'a2-renewal',
  });

  expect(countRows(server().db, 'status_updates', "kind = 'CED' AND landing_id = ?", JANE_LANDING_ID)).toBe(1);
});

test('restart: the answers go to the continuous order as a restart and the restart is recorded', async () => {
  // The restart email goes to customer 100235, whose link opens their records in this browser.
  await server.returnAs('100235');
  const patient = must(await findReturningPatient({ ktCustomerId: '100235', linkLandingId: '' }, { withLead: false }));
  const journey = memoryJourney({
    'pause-reason': ['cost'],
    'pause-length': ['1-3-months'],
    'current-symptoms': ['fatigue'],
    medicationEffectiveness: ['somewhat'],
    'side-effects': ['none'],
  });
  const pages = [RESTART_PAGE, ...(await contPages(RESTART_API_FORM.pageIds))];

  await submitRestart({ journey, pages, patient: { ...patient, ktCustomerId: '100235' }, formId: 'CONT' });

  expect(countRows(server().db, 'status_updates', "kind = 'restart' AND kt_customer_id = '100235'")).toBe(1);
  expect(countRows(server().db, 'continuous_orders', "kt_customer_id = '100235' AND is_restart = 1")).toBe(1);
});

test('identity: Kentucky sends ID and SSN, Texas neither; the server keeps no SSN', async () => {
  const answers = {
    firstName: ['Avery'],
    lastName: ['Quill'],
    email: ['avery@example.com'],
    phone: ['2125550123'],
    birthdate: ['1980-04-27'],
  };
  const typed = { idType: 'drivers-license', idNumber: 'K12345678', ssn: '123-45-6789' };

  const kentucky = await identityCheck(identityCustomerOf({ ...answers, state: ['KY'] }, typed));
  const texas = await identityCheck(identityCustomerOf({ ...answers, state: ['TX'] }, typed));

  expect(kentucky.status).toBe('verified');
  expect(texas.status).toBe('verified');
  expect(
    countRows(
      server().db,
      'identity_checks',
      "id = ? AND ssn_given = 1 AND id_number_last4 = '5678'",
      kentucky.checkId,
    ),
  ).toBe(1);
  expect(countRows(server().db, 'identity_checks', 'id = ? AND ssn_given = 0 AND id_type IS NULL', texas.checkId)).toBe(
    1,
  );
});

test('a link with an unknown customer and no landing id names nobody', async () => {
  expect(await findReturningPatient({ ktCustomerId: '999999', linkLandingId: '' }, { withLead: true })).toBeNull();
  expect(await findReturningPatient({ linkLandingId: '' }, { withLead: true })).toBeNull();
});

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}
