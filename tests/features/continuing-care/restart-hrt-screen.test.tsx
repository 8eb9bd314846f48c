import axe from 'axe-core';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import type { ContinuousOrder, PageQuestions } from '../../../src/contract/api-types.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import RestartHrtScreen from '../../../src/features/continuing-care/restart-hrt-screen.tsx';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { EFFECTIVENESS_PAGE, RETURNING_CUSTOMER_ID, RETURNING_LEAD_ID } from '../../fixtures/continuing-care.ts';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';

useApiServer();
// A patient clicking and typing through several pages takes seconds in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const routes = loadConfig().routes.routes;
const MALE_ROUTE: RouteConfig = must(routes.find((route) => route.path === '/restart-hrt/:pathCode?'));
const FEMALE_ROUTE: RouteConfig = must(routes.find((route) => route.path === '/f/restart-hrt/:pathCode?'));

const CONT_PAGE_1: PageQuestions = { formId: 'CONT', pages: [EFFECTIVENESS_PAGE] };

interface Calls {
  pageQueries: string[];
  orders: { query: Record<string, string>; body: unknown }[];
  restarts: unknown[];
}

function restartApi(options: { restartFailures?: number } = {}): Calls {
  const calls: Calls = { pageQueries: [], orders: [], restarts: [] };
  let failures = options.restartFailures ?? 0;
  let onFile: ContinuousOrder | null = null;
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/pageQuestions`, ({ request }) => {
      calls.pageQueries.push(new URL(request.url).search);
      return HttpResponse.json({ data: CONT_PAGE_1 });
    }),
    http.get(`${TEST_API_BASE}/memoForm/ktCustomerLandingId`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('ktCustomerId');
      return id === RETURNING_CUSTOMER_ID
        ? HttpResponse.json({ data: { ktCustomerId: id, landing_id: RETURNING_LEAD_ID } })
        : HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
    http.post(`${TEST_API_BASE}/memoForm/updateKtOrderContinuous`, async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const body: unknown = await request.json();
      calls.orders.push({ query, body });
      onFile = {
        ktCustomerId: query.ktCustomerId ?? '',
        isRestart: true,
        medicationEffectiveness: query.medicationEffectiveness,
        details: body as ContinuousOrder['details'],
        updatedAt: new Date().toISOString(),
      };
      return HttpResponse.json({ data: onFile });
    }),
    // The customer's restart request on file: the last one sent.
    http.get(`${TEST_API_BASE}/memoForm/getKtOrderContinuous`, ({ request }) =>
      onFile === null || new URL(request.url).searchParams.get('isRestart') !== 'true'
        ? HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 })
        : HttpResponse.json({ data: onFile }),
    ),
    http.post(`${TEST_API_BASE}/memoForm/restartHRT`, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.restarts.push(body);
      if (failures > 0) {
        failures -= 1;
        return HttpResponse.json({ status: 503, message: 'Service Unavailable' }, { status: 503 });
      }
      return HttpResponse.json({ data: { ...body, restartedAt: '2024-06-01T10:00:00.000Z' } });
    }),
  );
  return calls;
}

function renderRestart(url: string, route: RouteConfig = MALE_ROUTE, code: string | null = null) {
  const journey = memoryJourneyCalls();
  renderWithProviders(
    <RestartHrtScreen route={route} params={code === null ? {} : { pathCode: code }} code={code} step={null} />,
    { path: url, journeyCalls: journey, brand: route.site === 'female' ? 'female' : 'male' },
  );
  return journey;
}

async function answerRestart(user: UserEvent) {
  const reason = await screen.findByRole('radiogroup', { name: 'Why did you pause your hormone therapy?' });
  await user.click(within(reason).getByLabelText('The cost'));
  await user.click(
    within(screen.getByRole('radiogroup', { name: 'How long ago did you stop?' })).getByLabelText('1 to 3 months'),
  );
  const symptoms = screen.getByRole('group', { name: 'Which of these are you noticing now?' });
  await user.click(within(symptoms).getByRole('checkbox', { name: 'Tiredness or fatigue' }));
  await user.click(within(symptoms).getByRole('checkbox', { name: 'Poor sleep' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  const rating = await screen.findByRole('radiogroup', { name: 'How well is your medication working for you?' });
  await user.click(within(rating).getByLabelText('Somewhat'));
  await user.click(screen.getByRole('button', { name: 'Ask to restart' }));
}

test('a customer asks to restart: the answers go to their order as a restart, and the restart is recorded once', async () => {
  const user = userEvent.setup();
  const calls = restartApi();
  const journey = renderRestart(`/restart-hrt?ktCustomerId=${RETURNING_CUSTOMER_ID}`);

  expect(await screen.findByRole('heading', { level: 1, name: 'Restart Hormone Therapy' })).toBeVisible();
  await answerRestart(user);

  expect(await screen.findByRole('heading', { name: 'Your request to restart treatment is in' })).toBeVisible();
  // The route's form (CONT page 1), for the form and then for the summary of what was sent.
  expect(new Set(calls.pageQueries)).toEqual(new Set(['?formId=CONT&pageIds=1']));
  const sent = screen.getByRole('list', { name: 'What you sent' });
  expect(within(sent).getByText('The cost')).toBeVisible();
  expect(within(sent).getByText('Tiredness or fatigue, Poor sleep')).toBeVisible();
  expect(calls.orders).toEqual([
    {
      query: { ktCustomerId: RETURNING_CUSTOMER_ID, medicationEffectiveness: 'somewhat', isRestart: 'true' },
      body: {
        'pause-reason': ['cost'],
        'pause-length': ['1-3-months'],
        'current-symptoms': ['fatigue', 'poor-sleep'],
        medicationEffectiveness: ['somewhat'],
      },
    },
  ]);
  expect(calls.restarts).toEqual([{ ktCustomerId: RETURNING_CUSTOMER_ID, landingId: RETURNING_LEAD_ID }]);
  const state = must(journey.saved.get('none'));
  expect(state.answers['pause-reason']).toBeUndefined();
  expect(state.completed).toContain('RESTART');
});

test('a failed restart is explained in plain words; trying again does not send the order twice', async () => {
  const user = userEvent.setup();
  const calls = restartApi({ restartFailures: 1 });
  renderRestart(`/f/restart-hrt/fhrt?ktCustomerId=${RETURNING_CUSTOMER_ID}`, FEMALE_ROUTE, 'fhrt');

  await answerRestart(user);
  const problem = await screen.findByRole('alert', { name: 'Your answers were not sent' });
  expect(problem).toHaveTextContent('Something went wrong on our side');
  expect(screen.queryByText(/restartHRT|503/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Ask to restart' }));

  expect(await screen.findByRole('heading', { name: 'Your request to restart treatment is in' })).toBeVisible();
  expect(calls.orders).toHaveLength(1);
  expect(calls.restarts).toHaveLength(2);
});

test('a restart link without the customer id explains itself with the support phone', async () => {
  restartApi();
  renderRestart(`/restart-hrt?landing_id=${RETURNING_LEAD_ID}`);

  expect(await screen.findByText('This link is incomplete')).toBeVisible();
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
});

test('an unknown customer id is an incomplete link', async () => {
  restartApi();
  renderRestart('/restart-hrt?ktCustomerId=999999');

  expect(await screen.findByText('This link is incomplete')).toBeVisible();
});

/** The serious and critical axe violations of the page (colour contrast needs a real browser). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

test('axe finds no serious problem on the restart questions or its confirmation', async () => {
  const user = userEvent.setup();
  restartApi();
  renderRestart(`/restart-hrt?ktCustomerId=${RETURNING_CUSTOMER_ID}`);
  await screen.findByRole('radiogroup', { name: 'Why did you pause your hormone therapy?' });
  expect(await seriousViolations()).toEqual([]);
  await answerRestart(user);
  await screen.findByRole('heading', { name: 'Your request to restart treatment is in' });
  expect(await seriousViolations()).toEqual([]);
});
