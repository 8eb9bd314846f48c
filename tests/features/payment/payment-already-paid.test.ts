import { expect, test } from 'vitest';
import { alreadyPaidOrderOf } from '../../../src/features/payment/payment-actors.ts';
import { ApiError } from '../../../src/shared/api/http.ts';

// Which refusals of an order are "this journey is paid already" (the server's 409 with reason
// already-paid and the first order), and so a receipt rather than a failure.

const FIRST = {
  orderId: 'ord_first',
  status: 'approved',
  total: '$99.00',
  createdAt: '2026-12-02T09:00:00.000Z',
  last4: '4242',
};

function refused(status: number, body: Record<string, unknown>): ApiError {
  return new ApiError(
    `/createOrder: ${String(status)}: ${String(body.message)}`,
    status,
    'createOrder',
    undefined,
    undefined,
    body,
  );
}

test('the second-payment 409 gives the first order for its receipt', () => {
  const error = refused(409, {
    status: 409,
    message: 'This order is already paid',
    reason: 'already-paid',
    existingOrder: FIRST,
  });
  expect(alreadyPaidOrderOf(error)).toEqual({ orderId: 'ord_first', total: '$99.00', last4: '4242' });
});

test('an Idempotency-Key conflict, a 404, a 409 without an order, or another error is no receipt', () => {
  const conflict = { status: 409, message: 'This Idempotency-Key was already used for a different request' };
  expect(alreadyPaidOrderOf(refused(409, conflict))).toBeNull();
  expect(
    alreadyPaidOrderOf(
      refused(404, { status: 404, message: 'Not found', reason: 'already-paid', existingOrder: FIRST }),
    ),
  ).toBeNull();
  expect(
    alreadyPaidOrderOf(refused(409, { status: 409, message: 'This order is already paid', reason: 'already-paid' })),
  ).toBeNull();
  expect(
    alreadyPaidOrderOf(
      refused(409, { status: 409, message: 'x', reason: 'already-paid', existingOrder: { orderId: '' } }),
    ),
  ).toBeNull();
  expect(alreadyPaidOrderOf(new Error('offline'))).toBeNull();
});
