import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { expect, test } from 'vitest';
import type { JourneyState } from '../../src/contract/journey-state.ts';
import { MpidTracking } from '../../src/app/mpid-tracking.tsx';
import { server, TEST_API_BASE, useApiServer } from '../api/msw.ts';
import { memoryJourneyCalls, renderWithProviders } from '../support/render.tsx';

useApiServer();

/** The tracking calls the server receives, answered as it answers them, or with `status`. */
function trackingServer(status = 200) {
  const received: unknown[] = [];
  server.use(
    http.post(`${TEST_API_BASE}/memoForm/updateHRTPatient`, async ({ request }) => {
      received.push(await request.json());
      if (status !== 200) {
        return HttpResponse.json({ status, message: 'Tracking is down' }, { status });
      }
      return HttpResponse.json({ data: { landing_id: 'x', mpid: '1682', recordedAt: '2026-11-22T09:00:00.000Z' } });
    }),
  );
  return received;
}

const prefill = btoa(JSON.stringify({ firstName: 'Avery', email: 'avery@example.com' }));

/*
 * The page remembers which pages it reported for as long as it is open, so each test uses its
 * own path and ids, as a patient moving through pages would.
 */

test('a page opened with mpid is reported once, with mpid, landing id and the path without its query', async () => {
  const received = trackingServer();
  const { rerender } = renderWithProviders(
    <StrictMode>
      <MpidTracking code="shrt" />
    </StrictMode>,
    { path: `/hormone-assessment/shrt?mpid=1682&landing_id=TGFuZGluZzE&prefill=${prefill}&utm_source=mail` },
  );
  rerender(
    <StrictMode>
      <MpidTracking code="shrt" />
    </StrictMode>,
  );

  await waitFor(() => {
    expect(received).toHaveLength(1);
  });
  expect(received[0]).toEqual({ mpid: '1682', landing_id: 'TGFuZGluZzE', location: '/hormone-assessment/shrt' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(received).toHaveLength(1);
});

test('the same page mounted again in this visit is not reported twice', async () => {
  const received = trackingServer();
  const path = '/payment/shrt?mpid=1682&landing_id=UmVtb3VudGVk';
  renderWithProviders(<MpidTracking code="shrt" />, { path }).unmount();
  renderWithProviders(<MpidTracking code="shrt" />, { path });
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(received).toEqual([{ mpid: '1682', landing_id: 'UmVtb3VudGVk', location: '/payment/shrt' }]);
});

test("without a landing id in the link, the journey's lead is used once the journey has loaded", async () => {
  const received = trackingServer();
  const journey: JourneyState = {
    version: 3,
    landedAt: '2026-11-22T09:00:00.000Z',
    landingId: 'Sm91cm5leUxlYWQ',
    answers: {},
    pages: {},
    completed: ['MIP'],
    records: {},
  };
  renderWithProviders(<MpidTracking code="mhrt" />, {
    path: '/results/mhrt?mpid=1682',
    journeyCalls: memoryJourneyCalls({ mhrt: journey }),
  });

  await waitFor(() => {
    expect(received).toEqual([{ mpid: '1682', landing_id: 'Sm91cm5leUxlYWQ', location: '/results/mhrt' }]);
  });
});

test('nothing is reported before the patient has a landing id', async () => {
  const received = trackingServer();
  renderWithProviders(<MpidTracking code="fmhrt" />, { path: '/f/hormone-assessment/fmhrt?mpid=1684' });

  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(received).toEqual([]);
});

test('a failed report shows the call’s snackbar text and the patient stays on the page', async () => {
  const received = trackingServer(503);
  renderWithProviders(
    <>
      <MpidTracking code="shrt" />
      <h1>Your Results</h1>
    </>,
    { path: '/results/shrt?mpid=1682&landing_id=RmFpbGluZ0xlYWQ' },
  );

  expect(await screen.findByRole('status')).toHaveTextContent('/updateHRTPatient: 503: Tracking is down');
  expect(received).toHaveLength(1);
  expect(screen.getByRole('heading', { name: 'Your Results' })).toBeVisible();
});
