import { expect, test } from 'vitest';
import { JOURNEY_VERSION, migrateJourneyState, type JourneyState } from '../../src/contract/journey-state.ts';
import { APP_CONTRACT_FILE, contractValidator, loadContract } from '../../src/contract/openapi.ts';

/** A journey as version 1 saved it: no version, records without their part's name. */
const V1 = {
  landedAt: '2026-11-20T10:00:00.000Z',
  landingId: 'RG9lLmpAZXhhbXBsZS5jb20yMDI2LTExLTIwTUlQ',
  answers: { email: ['j@example.com'] },
  pages: { MIP: 4 },
  step: { url: '/mip/calendly/microbh', index: 4 },
  completed: ['MIP', 'payment', 'appointment', 'appointment.1', 'appointment-skipped.4'],
  records: {
    paymentKey: 'key-1',
    billingToken: 'tok_1',
    orderId: 'ord_1',
    orderTotal: '$99.00',
    orderLast4: '4242',
    followOnKey: 'key-2',
    followOnOrderId: 'ord_2',
    'payment.asksMarketing': 'yes',
    microclinicId: 'mc-3',
    'appointmentId.1': 'apt-1',
    'appointmentStart.1': '2026-12-01T15:00:00.000Z',
    'appointmentEnd.1': '2026-12-01T15:30:00.000Z',
    'appointmentPending.4': 'apt-9',
    'appointment-skipped.4': '2026-11-21T09:00:00.000Z',
    appointmentId: 'apt-0',
    'intake.identity': 'verified',
    'cont.order': 'ord_3',
    'restart.status': 'sent',
  },
};

test('a version 1 journey is read with every record under its part, and nothing else changed', () => {
  const migrated = migrateJourneyState(V1);
  expect(migrated).toEqual({
    ...V1,
    version: JOURNEY_VERSION,
    records: {
      'payment.key': 'key-1',
      'payment.billingToken': 'tok_1',
      'payment.orderId': 'ord_1',
      'payment.orderTotal': '$99.00',
      'payment.orderLast4': '4242',
      'payment.followOnKey': 'key-2',
      'payment.followOnOrderId': 'ord_2',
      'payment.asksMarketing': 'yes',
      'booking.microclinicId': 'mc-3',
      'booking.appointmentId.1': 'apt-1',
      'booking.appointmentStart.1': '2026-12-01T15:00:00.000Z',
      'booking.appointmentEnd.1': '2026-12-01T15:30:00.000Z',
      'booking.appointmentPending.4': 'apt-9',
      'booking.appointment-skipped.4': '2026-11-21T09:00:00.000Z',
      'booking.appointmentId': 'apt-0',
      'intake.identity': 'verified',
      'cont.order': 'ord_3',
      'restart.status': 'sent',
    },
  });
  // The finished parts are the journey's, not records: a booking's part keeps its name.
  expect(migrated.completed).toEqual(V1.completed);
});

test('every record of a migrated journey names its part, as the contract requires', () => {
  for (const name of Object.keys(migrateJourneyState(V1).records))
    expect(name).toMatch(/^(payment|intake|booking|cont|restart)\./);
});

test('a journey of this version is read as it is, and migrating twice changes nothing', () => {
  const current: JourneyState = { ...migrateJourneyState(V1) };
  expect(migrateJourneyState(current)).toBe(current);
  expect(migrateJourneyState(migrateJourneyState(V1))).toEqual(migrateJourneyState(V1));
});

// Issue 24, point 7: what the migration returns is always a journey the contract takes, so the
// browser can save it again; records no version 2 part can hold are dropped, by one rule.
const appContract = contractValidator(loadContract(APP_CONTRACT_FILE));
/** The contract's current journey (version 3). */
const validV2 = appContract.component('JourneyState');
const validV1 = appContract.component('JourneyStateV1');

test('a version 1 record of no known name is dropped; one already named for its part is kept', () => {
  const v1 = {
    ...V1,
    records: {
      orderId: 'ord_1',
      'intake.identity': 'verified',
      legacyBanner: 'seen',
      'made.up': 'x',
      [`payment.${'k'.repeat(51)}`]: 'too long for version 2',
    },
  };
  expect(validV1(v1)).toBe(true);
  const migrated = migrateJourneyState(v1);
  expect(migrated.records).toEqual({ 'payment.orderId': 'ord_1', 'intake.identity': 'verified' });
  expect(validV2(migrated), JSON.stringify(validV2.errors)).toBe(true);
});

test('whatever version 1 record names a save holds, the migrated journey is one the contract takes', () => {
  // Every kind of name the version 1 pattern allows, near each rule's edge.
  const names = [
    'a',
    '.',
    '-',
    'x'.repeat(60),
    'appointmentId.1234',
    'appointmentId.123',
    'appointment-skipped',
    'booking.',
    'booking.x',
    `cont.${'y'.repeat(50)}`,
    `cont.${'y'.repeat(51)}`,
    'restart..',
    'Payment.key',
    'paymentKey',
    'payment.key',
  ];
  const v1 = { ...V1, records: Object.fromEntries(names.map((name, index) => [name, `value-${String(index)}`])) };
  expect(validV1(v1), JSON.stringify(validV1.errors)).toBe(true);
  const migrated = migrateJourneyState(v1);
  expect(validV2(migrated), JSON.stringify(validV2.errors)).toBe(true);
  // The known names survive; a renamed record never loses to a leftover of the same name.
  expect(migrated.records).toMatchObject({
    'booking.appointmentId.123': 'value-5',
    'booking.appointment-skipped': 'value-6',
    'booking.x': 'value-8',
    [`cont.${'y'.repeat(50)}`]: 'value-9',
    'restart..': 'value-11',
    // paymentKey renamed, over the leftover payment.key that came after it...
    'payment.key': 'value-13',
  });
  // ...and over one that came before it.
  const keyFirst = migrateJourneyState({ ...V1, records: { 'payment.key': 'leftover', paymentKey: 'written' } });
  expect(keyFirst.records).toEqual({ 'payment.key': 'written' });
  expect(Object.keys(migrated.records)).not.toContain('a');
});

// Issue 26: version 3 records the funnel steps the journey's place belongs to.
/** The contract's version 2 journey (a tab opened before the release of version 3 still saves one). */
const validSaved2 = appContract.component('JourneyStateV2');

test('a version 2 journey is read as version 3 with nothing else changed: no funnel steps, so its place is read as before', () => {
  const v2 = { ...migrateJourneyState(V1), version: 2 as const };
  expect(validSaved2(v2), JSON.stringify(validSaved2.errors)).toBe(true);
  const migrated = migrateJourneyState(v2);
  expect(migrated).toEqual({ ...v2, version: 3 });
  expect(migrated).not.toHaveProperty('funnel');
  expect(validV2(migrated), JSON.stringify(validV2.errors)).toBe(true);
});

test('version 3 holds the funnel steps and their version; a funnel that is not a step list is refused', () => {
  const current = {
    ...migrateJourneyState(V1),
    funnel: {
      version: '4eda3351',
      steps: ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'],
    },
  };
  expect(validV2(current), JSON.stringify(validV2.errors)).toBe(true);
  expect(validV2({ ...current, funnel: { version: 'x', steps: ['/finish'] } })).toBe(false);
  expect(validV2({ ...current, funnel: { version: '4eda3351', steps: ['//elsewhere'] } })).toBe(false);
  expect(validV2({ ...current, funnel: { version: '4eda3351', steps: [] } })).toBe(false);
});
