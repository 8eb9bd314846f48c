import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { setRuntimeConfig } from '../../../src/shared/api/http.ts';
import type { CurrentScripts, OrderLookup } from '../../../src/contract/api-types.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import PostClinicScreen from '../../../src/features/account/post-clinic-screen.tsx';
import { operationHandler, server, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from '../../api/msw.ts';
import { renderWithProviders } from '../../support/render.tsx';
import { loadConfig, must } from '../../support/config.ts';

useApiServer();

beforeEach(() => {
  // The order lookup retries after a server error; the tests need not wait a second for it.
  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN, retryIntervalMs: 1 });
});

const route: RouteConfig = must(loadConfig().routes.routes.find((candidate) => candidate.screen === 'post-clinic'));

const SCRIPTS: CurrentScripts = {
  customerId: '100235',
  scripts: [
    {
      scriptId: 'rx_1',
      medication: 'Testosterone cypionate',
      dosage: '100 mg weekly',
      status: 'active',
      refillsRemaining: 2,
      writtenAt: '2025-03-05T12:00:00.000Z',
    },
  ],
};

const ORDERS: OrderLookup = {
  customerId: '100235',
  orders: [{ orderId: 'ord_1', status: 'approved', total: '$99.00', createdAt: '2025-03-05T12:00:00.000Z' }],
};

function renderFor(postClinicId: string, brand: 'male' | 'female' = 'male') {
  return renderWithProviders(<PostClinicScreen route={route} params={{ postClinicId }} code={null} step={null} />, {
    path: `/post-clinic/${postClinicId}`,
    brand,
  });
}

test('after a visit the patient sees their prescription, their order, the next steps, the portal and the phone', async () => {
  const asked: Request[] = [];
  server.use(
    operationHandler('getCurrentScripts', (request) => {
      asked.push(request);
      return HttpResponse.json({ data: SCRIPTS });
    }),
    operationHandler('getOrder', (request) => {
      asked.push(request);
      return HttpResponse.json({ data: ORDERS });
    }),
  );
  renderFor('100235');

  expect(await screen.findByRole('heading', { level: 2, name: 'Your prescriptions' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
  expect(screen.getByText('Testosterone cypionate')).toBeVisible();
  expect(screen.getByText('100 mg weekly')).toBeVisible();
  expect(screen.getByText('Active · prescribed March 5, 2025 · 2 refills left')).toBeVisible();
  expect(screen.getByText('Your order of March 5, 2025 for $99 is confirmed.')).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
  expect(screen.getByText(/ships it in discreet packaging/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go to your member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakmens.example',
  );
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:8885550142');
  // Both calls are the secured ones of SPEC §6, for the customer of the link.
  expect(asked.map((request) => new URL(request.url).pathname + new URL(request.url).search).sort()).toEqual([
    '/api/mipH2/getCurrentScripts/100235',
    '/api/mipH2/order?customerId=100235',
  ]);
  expect(asked.every((request) => request.headers.get('authorization') === `Bearer ${TEST_API_TOKEN}`)).toBe(true);
});

test("on the women's site the portal link is the women's portal, and no prescription yet is said plainly", async () => {
  server.use(
    operationHandler('getCurrentScripts', () => HttpResponse.json({ data: { customerId: '100234', scripts: [] } })),
    operationHandler('getOrder', () => HttpResponse.json({ data: { customerId: '100234', orders: [] } })),
  );
  renderFor('100234', 'female');

  expect(await screen.findByText(/has not written a prescription yet/)).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'Your order' })).not.toBeInTheDocument();
  expect(screen.getByText(/Your clinician reviews your visit/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go to your member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakfemme.example',
  );
  expect(screen.getByRole('link', { name: '(888) 555-0187' })).toBeVisible();
});

test('an unknown or malformed visit id says the visit was not found and gives the phone', async () => {
  server.use(
    operationHandler('getCurrentScripts', () =>
      HttpResponse.json({ status: 404, message: 'Not found', details: 'No customer with this id.' }, { status: 404 }),
    ),
    operationHandler('getOrder', () =>
      HttpResponse.json({ status: 404, message: 'Not found', details: 'No customer matches.' }, { status: 404 }),
    ),
  );
  const { unmount } = renderFor('999999');
  expect(await screen.findByText('We could not find your visit')).toBeVisible();
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toBeVisible();
  unmount();

  // Not an id at all: no call is made (an unhandled request would fail the test).
  server.resetHandlers();
  renderFor('not an id!');
  expect(screen.getByText('We could not find your visit')).toBeVisible();
});

test('a server failure offers to try again, and the retry shows the visit', async () => {
  const user = userEvent.setup();
  let failing = true;
  server.use(
    operationHandler('getCurrentScripts', () =>
      failing
        ? HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 })
        : HttpResponse.json({ data: SCRIPTS }),
    ),
    operationHandler('getOrder', () => HttpResponse.json({ data: ORDERS })),
  );
  renderFor('100235');

  expect(await screen.findByText('We could not load your visit')).toBeVisible();
  expect(screen.getByText('/getCurrentScripts: 500: Internal server error')).toBeVisible();
  failing = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Testosterone cypionate')).toBeVisible();
});
