import { expect, test } from 'vitest';
import { JOURNEY_VERSION, migrateJourneyState, type JourneyState } from '../../src/contract/journey-state.ts';

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
