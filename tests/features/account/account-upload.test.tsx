import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Lead } from '../../../src/contract/api-types.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import UploadScreen from '../../../src/features/account/upload-screen.tsx';
import { operationHandler, server, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from '../../api/msw.ts';
import { renderWithProviders } from '../../support/render.tsx';
import { loadConfig, must } from '../../support/config.ts';

useApiServer();

const route: RouteConfig = must(loadConfig().routes.routes.find((candidate) => candidate.screen === 'upload'));

const previews: string[] = [];
beforeEach(() => {
  // jsdom has no object URLs; a stand-in shows that the preview is made and released.
  let made = 0;
  URL.createObjectURL = vi.fn(() => {
    made += 1;
    const url = `blob:preview-${String(made)}`;
    previews.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    previews.splice(previews.indexOf(url), 1);
  });
});
afterEach(() => {
  previews.length = 0;
});

function renderAt(path: string, uploadComp?: string) {
  return renderWithProviders(
    <UploadScreen route={route} params={uploadComp === undefined ? {} : { uploadComp }} code={null} step={null} />,
    { path },
  );
}

function hasId(value: boolean) {
  server.use(
    operationHandler('getHasId', (request) =>
      HttpResponse.json({ data: { customerId: new URL(request.url).pathname.split('/').at(-1), hasId: value } }),
    ),
  );
}

function photo(name = 'IMG_0042.png', bytes = 2048, type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

interface ReceivedUpload {
  path: string;
  authorization: string | null;
  type: string | null;
  size: number;
  /** Whether the file name the patient chose travels anywhere in the request but the bytes. */
  namesFile: boolean;
}

/** The proposed upload operation (not in the contract yet), answering as designed. */
function acceptUploads(received: ReceivedUpload[], status = 200) {
  server.use(
    http.post(`${TEST_API_BASE}/mipH2/uploadId/:id`, async ({ request, params }) => {
      const body = await request.arrayBuffer();
      received.push({
        path: new URL(request.url).pathname,
        authorization: request.headers.get('authorization'),
        type: request.headers.get('content-type'),
        size: body.byteLength,
        namesFile: /IMG_0042/.test(request.url + JSON.stringify([...request.headers.entries()])),
      });
      if (status !== 200) return HttpResponse.json({ status, message: 'Internal server error' }, { status });
      return HttpResponse.json({
        data: { customerId: String(params.id), hasId: true, receivedAt: '2025-03-05T15:00:00.000Z' },
      });
    }),
  );
}

test('a patient chooses a photo of their ID, sees it, sends it and is thanked', async () => {
  const user = userEvent.setup();
  hasId(false);
  const received: ReceivedUpload[] = [];
  acceptUploads(received);
  renderAt('/upload?ktCustomerId=100235');

  const input = await screen.findByLabelText(/Photo or scan of your ID/);
  expect(screen.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
  expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf');
  expect(input).toHaveAccessibleDescription('JPG, PNG or PDF, up to 10 MB');
  await user.upload(input, photo());
  expect(screen.getByText('Chosen: IMG_0042.png (2 KB)')).toBeVisible();
  expect(screen.getByRole('img', { name: 'Preview of the ID you chose' })).toHaveAttribute('src', 'blob:preview-1');

  await user.click(screen.getByRole('button', { name: 'Send my ID' }));

  expect(await screen.findByText('Thank you, we received your ID')).toBeVisible();
  expect(received).toEqual([
    {
      path: '/api/mipH2/uploadId/100235',
      authorization: `Bearer ${TEST_API_TOKEN}`,
      type: 'image/png',
      size: 2048,
      // The file's bytes only: the patient's own file name never leaves the browser.
      namesFile: false,
    },
  ]);
  // The preview was released with the form.
  expect(previews).toEqual([]);
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toBeVisible();
});

test('a file of the wrong kind, an empty one or one over 10 MB is refused next to the field, and nothing is sent', async () => {
  const user = userEvent.setup({ applyAccept: false });
  hasId(false);
  renderAt('/upload?ktCustomerId=100235');
  const input = await screen.findByLabelText(/Photo or scan of your ID/);

  await user.click(screen.getByRole('button', { name: 'Send my ID' }));
  expect(input).toHaveAccessibleDescription(/Choose a photo or a PDF of your ID first\./);
  expect(input).toHaveAttribute('aria-invalid', 'true');

  await user.upload(input, photo('id.heic', 2048, 'image/heic'));
  expect(input).toHaveAccessibleDescription(
    /This kind of file cannot be used\. Choose a photo \(JPG or PNG\) or a PDF\./,
  );
  await user.upload(input, photo('id.jpg', 0, 'image/jpeg'));
  expect(input).toHaveAccessibleDescription(/This file is empty\./);
  await user.upload(input, photo('id.pdf', 10 * 1024 * 1024 + 1, 'application/pdf'));
  expect(input).toHaveAccessibleDescription(/This file is 10\.0 MB, over the 10 MB limit\./);
  expect(screen.queryByText(/^Chosen:/)).not.toBeInTheDocument();

  // A PDF within the limit is fine: no preview, its size shown.
  await user.upload(input, photo('scan.pdf', 900 * 1024, 'application/pdf'));
  expect(input).toHaveAttribute('aria-invalid', 'false');
  expect(screen.getByText('Chosen: scan.pdf (900 KB)')).toBeVisible();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  // No upload handler is set: a request would fail the test.
});

test('when sending fails, the patient is told, the file stays chosen and pressing again sends it', async () => {
  const user = userEvent.setup();
  hasId(false);
  const received: ReceivedUpload[] = [];
  acceptUploads(received, 500);
  renderAt('/upload?ktCustomerId=100235');
  await user.upload(await screen.findByLabelText(/Photo or scan of your ID/), photo());

  await user.click(screen.getByRole('button', { name: 'Send my ID' }));
  expect(await screen.findByText('Your ID was not sent')).toBeVisible();
  expect(screen.getByRole('status')).toHaveTextContent('/uploadId: 500: Internal server error');
  expect(screen.getByText('Chosen: IMG_0042.png (2 KB)')).toBeVisible();

  acceptUploads(received);
  await user.click(screen.getByRole('button', { name: 'Send my ID' }));
  expect(await screen.findByText('Thank you, we received your ID')).toBeVisible();
  expect(received).toHaveLength(2);
});

test('when the clinic has the ID already, the page says so and offers to send a new one', async () => {
  const user = userEvent.setup();
  hasId(true);
  renderAt('/upload/dailytada2?ktCustomerId=100234', 'dailytada2');

  expect(await screen.findByText('We already have your ID')).toBeVisible();
  expect(screen.queryByLabelText(/Photo or scan of your ID/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send a new ID' }));
  expect(screen.getByLabelText(/Photo or scan of your ID/)).toBeVisible();
  // dailytada2's layout (config's wrapper) has no footer: the page itself carries the phone.
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toBeVisible();
});

test('a link with only a landing id finds the customer through their lead', async () => {
  const lead: Lead = {
    landing_id: 'RG9lTE1',
    firstName: 'John',
    lastName: 'Smith',
    email: 'john.smith@example.com',
    phone: '3105550188',
    answers: [],
    savedAt: '2025-03-05T15:00:00.000Z',
  };
  const orderLookups: string[] = [];
  server.use(
    operationHandler('getLead', () => HttpResponse.json({ data: lead })),
    operationHandler('getOrder', (request) => {
      orderLookups.push(new URL(request.url).search);
      return HttpResponse.json({ data: { customerId: '100235', orders: [] } });
    }),
  );
  hasId(true);
  renderAt('/upload?landing_id=RG9lTE1');

  expect(await screen.findByText('We already have your ID')).toBeVisible();
  expect(orderLookups).toEqual(['?emailAddress=john.smith%40example.com']);
});

test('no id, an unknown customer, and a failed check each say what to do', async () => {
  const user = userEvent.setup();
  const first = renderAt('/upload');
  expect(screen.getByText('This link is not complete')).toBeVisible();
  first.unmount();

  server.use(
    operationHandler('getHasId', () =>
      HttpResponse.json({ status: 404, message: 'Not found', details: 'No customer with this id.' }, { status: 404 }),
    ),
  );
  const second = renderAt('/upload?ktCustomerId=999999');
  expect(await screen.findByText('We could not find your account')).toBeVisible();
  second.unmount();

  let failing = true;
  server.use(
    operationHandler('getHasId', () =>
      failing
        ? HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 })
        : HttpResponse.json({ data: { customerId: '100235', hasId: false } }),
    ),
  );
  renderAt('/upload?ktCustomerId=100235');
  expect(await screen.findByText('We could not load your account')).toBeVisible();
  failing = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByLabelText(/Photo or scan of your ID/)).toBeVisible();
});
