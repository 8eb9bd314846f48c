import type { AddressInfo } from 'node:net';
import { beforeAll, expect, test } from 'vitest';
import { saveBillingInfo } from '../../src/shared/api/billing.ts';
import { ApiError, setRuntimeConfig } from '../../src/shared/api/http.ts';
import { getHasId } from '../../src/shared/api/identity.ts';
import { getLead, saveLead } from '../../src/shared/api/leads.ts';
import { createOrder } from '../../src/shared/api/orders.ts';
import { getProductInfo } from '../../src/features/payment/products-api.ts';
import { resolveShortLink } from '../../src/app/short-links.ts';
import { CONTACT, LANDING_ID, LEAD } from './example-calls.ts';
import { countRows, TEST_TOKEN, useClientServer } from '../server/test-server.ts';
import { agreementFor } from '../support/agreement.ts';

/**
 * The typed client against the real local server over HTTP, with its real database. The
 * contract's examples are the demo customer Jane Doe's records, so the browser comes back as
 * her first, by a return link, as she would from the clinic's email.
 */
const server = useClientServer();
beforeAll(async () => {
  await server.returnAs();
});

function countOrders(): number {
  return countRows(server().db, 'orders');
}

test('a lead is saved and read back', async () => {
  await saveLead({ lead: LEAD, scores: { symptoms: 14 }, landingId: LANDING_ID });
  const lead = await getLead({ landing_id: LANDING_ID });
  expect(lead).toMatchObject({ landing_id: LANDING_ID });
});

test('billing, then one order for two submissions with the same Idempotency-Key', async () => {
  const billing = await saveBillingInfo({
    customer: {
      firstName: 'Jane',
      lastName: 'Doe',
      address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      paymentToken: 'tok_visa_4242',
    },
    landingId: LANDING_ID,
  });
  const order = {
    productId: '1682',
    landingId: LANDING_ID,
    billingToken: billing.billingToken,
    contact: CONTACT,
    agreement: agreementFor('1682'),
  };
  const ordersBefore = countOrders();
  const first = await createOrder(order, { idempotencyKey: 'client-e2e-order-1' });
  const again = await createOrder(order, { idempotencyKey: 'client-e2e-order-1' });
  expect(again.orderId).toBe(first.orderId);
  expect(countOrders()).toBe(ordersBefore + 1);
});

test('the product of /mhrt and the default product', async () => {
  expect(await getProductInfo({ id: '1682', category: 'hrt', type: 'mpid' })).toMatchObject({ externalId: '1682' });
  expect(await getProductInfo({ id: 'undefined', category: 'hrt', type: 'product' })).toMatchObject({
    total: '$99',
    salePrice: '',
  });
});

test('a short link resolves, and an unknown one is null', async () => {
  expect(await resolveShortLink('demo-results')).toBe('/results/shrt?utm_source=sms');
  expect(await resolveShortLink('no-such-hash')).toBeNull();
});

test('a secured call needs the client token, and the error reads as the snackbar text', async () => {
  const { port } = server().app.server.address() as AddressInfo;
  await expect(getHasId('100234')).resolves.toBeDefined();
  setRuntimeConfig({ apiBase: `http://127.0.0.1:${port}/api`, apiToken: 'wrong-token-0123456789' });
  const failure = await getHasId('100234').catch((error: unknown) => error);
  setRuntimeConfig({ apiBase: `http://127.0.0.1:${port}/api`, apiToken: TEST_TOKEN });
  expect(failure).toBeInstanceOf(ApiError);
  expect((failure as ApiError).message).toBe('/getHasId: 401: Authorization');
});
