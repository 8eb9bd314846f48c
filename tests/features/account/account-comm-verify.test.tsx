import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import CommVerifyScreen from '../../../src/features/account/comm-verify-screen.tsx';
import { operationHandler, server, TEST_API_TOKEN, useApiServer } from '../../api/msw.ts';
import { renderWithProviders } from '../../support/render.tsx';
import { loadConfig, must } from '../../support/config.ts';
import { customerIs, JANE } from '../../fixtures/customers.ts';

useApiServer();

const route: RouteConfig = must(loadConfig().routes.routes.find((candidate) => candidate.screen === 'comm-verify'));

function renderAt(path: string, pathCode = 'email') {
  return renderWithProviders(<CommVerifyScreen route={route} params={{ pathCode }} code={null} step={null} />, {
    path,
  });
}

test('a patient sees their new email masked, confirms the change and is told it is done', async () => {
  const user = userEvent.setup();
  customerIs(JANE);
  const confirmed: Request[] = [];
  server.use(
    operationHandler('commChangeConfirmation', (request) => {
      confirmed.push(request);
      return HttpResponse.json({ data: { customerId: '100234', confirmedAt: '2025-03-05T12:00:00.000Z' } });
    }),
  );
  renderAt('/comm-verify/email?customerId=100234');

  const details = await screen.findByRole('list', { name: 'Your new contact details' });
  expect(screen.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
  expect(details).toHaveTextContent('Email: j•••e@e•••.com');
  // The page is about the email: the phone is not shown, and nothing is shown in full.
  expect(details).not.toHaveTextContent('Mobile phone');
  expect(document.body).not.toHaveTextContent('jane.doe@example.com');

  await user.click(screen.getByRole('button', { name: 'Confirm the change' }));

  expect(await screen.findByText('Thank you: the change is confirmed')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Confirm the change' })).not.toBeInTheDocument();
  expect(confirmed).toHaveLength(1);
  expect(new URL(confirmed[0]?.url ?? '').pathname).toBe('/api/memoForm/commChangeConfirmation/100234');
  expect(confirmed[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_API_TOKEN}`);
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:8885550142');
});

test('a change confirmed before shows as done, with no button to press again', async () => {
  customerIs({ ...JANE, commChangeConfirmedAt: '2025-03-05T12:00:00.000Z' });
  renderAt('/comm-verify/phone?ktCustomerId=100234', 'phone');

  expect(await screen.findByText('This change is already confirmed')).toBeVisible();
  expect(screen.getByText(/You confirmed it on March 5, 2025/)).toBeVisible();
  expect(screen.getByRole('list', { name: 'Your new contact details' })).toHaveTextContent(
    'Mobile phone: (•••) •••-0143',
  );
  expect(screen.queryByRole('button', { name: 'Confirm the change' })).not.toBeInTheDocument();
});

test('when the confirmation fails, the patient is told, the snackbar has the reason, and they can try again', async () => {
  const user = userEvent.setup();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  customerIs(JANE);
  let attempts = 0;
  server.use(
    operationHandler('commChangeConfirmation', () => {
      attempts += 1;
      return attempts === 1
        ? HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 })
        : HttpResponse.json({ data: { customerId: '100234', confirmedAt: '2025-03-05T12:00:00.000Z' } });
    }),
  );
  renderAt('/comm-verify/email?customerId=100234');

  await user.click(await screen.findByRole('button', { name: 'Confirm the change' }));

  expect(await screen.findByText('The change is not confirmed yet')).toBeVisible();
  expect(screen.getByRole('status')).toHaveTextContent('/commChangeConfirmation: 500: Internal server error');
  await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
  expect(await screen.findByText('Thank you: the change is confirmed')).toBeVisible();
  expect(attempts).toBe(2);
  // The console learns what failed, never whose details.
  expect(logged).toHaveBeenCalledWith('comm-verify: confirmation failed', { status: 500 });
  expect(JSON.stringify(logged.mock.calls)).not.toMatch(/100234|jane|0143/i);
  logged.mockRestore();
});

test('a link without a customer id, or with one the clinic does not know, says the link does not work', async () => {
  server.use(
    operationHandler('getKtCustomer', () =>
      HttpResponse.json({ status: 404, message: 'Not found', details: 'No customer with this id.' }, { status: 404 }),
    ),
  );
  const { unmount } = renderAt('/comm-verify/email');
  expect(screen.getByText('This link does not work')).toBeVisible();
  unmount();

  renderAt('/comm-verify/email?customerId=999999');
  expect(await screen.findByText('This link does not work')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Confirm the change' })).not.toBeInTheDocument();
});

test('a failed load offers to try again', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  server.use(
    operationHandler('getKtCustomer', () => {
      attempts += 1;
      return attempts === 1
        ? HttpResponse.json({ status: 503, message: 'Service unavailable' }, { status: 503 })
        : HttpResponse.json({ data: JANE });
    }),
  );
  renderAt('/comm-verify/email?customerId=100234');

  expect(await screen.findByText('We could not load your contact details')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Confirm the change' })).toBeVisible();
});
