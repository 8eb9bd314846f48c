import axe from 'axe-core';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useParams } from 'react-router-dom';
import { expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { ContinuousOrder, Lead, LeadPayload, PageQuestions } from '../../../src/contract/api-types.ts';
import type { FunnelStep } from '../../../src/shared/funnel-step.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import ContinuousFormScreen from '../../../src/features/continuing-care/continuous-form-screen.tsx';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { EFFECTIVENESS_PAGE, RETURNING_CUSTOMER_ID, RETURNING_LEAD_ID } from '../../fixtures/continuing-care.ts';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep } from '../../support/fake-step.ts';

useApiServer();
// A patient clicking and typing through several pages takes seconds in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const routes = loadConfig().routes.routes;
const routeOf = (path: string): RouteConfig => must(routes.find((route) => route.path === path));
const CHRT = routeOf('/mip/cont/chrt/:pathCode?');
const CED = routeOf('/mip/cont/ced/:pathCode');
const FCHRT = routeOf('/f/cont/:pathCode');

/** Jane Doe's first lead, as the API answers it. */
const FIRST_LEAD: Lead = {
  landing_id: RETURNING_LEAD_ID,
  formId: 'MIP',
  pathCode: 'fha1',
  landed_at: '2024-05-01T14:55:00.000Z',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '2025550143',
  answers: [{ ref: 'state', type: 'us-state', value: ['TX'], questionId: 'q-state' }],
  savedAt: '2024-05-01T14:55:00.000Z',
};

const CONT_PAGES: PageQuestions = {
  formId: 'CONT',
  pages: [
    EFFECTIVENESS_PAGE,
    {
      id: '2',
      formId: 'CONT',
      title: 'Your next shipment',
      questions: [
        {
          id: 'q-cont-consent',
          ref: 'refill-consent',
          type: 'consent',
          label: 'I agree to continue treatment and to be charged for my next supply.',
          required: true,
        },
      ],
    },
  ],
};

interface Calls {
  leads: { lead: LeadPayload; landingId: string }[];
  orders: { query: Record<string, string>; body: unknown }[];
  statuses: { kind: string; body: unknown }[];
  /** The refill request on file for the customer. */
  onFile: ContinuousOrder | null;
}

function continuousApi(onFile: ContinuousOrder | null = null): Calls {
  const calls: Calls = { leads: [], orders: [], statuses: [], onFile };
  const status = (kind: string) =>
    http.post(`${TEST_API_BASE}/memoForm/update${kind}Status`, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.statuses.push({ kind, body });
      return HttpResponse.json({ data: { ...body, status: kind, updatedAt: '2024-06-01T10:00:00.000Z' } });
    });
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/pageQuestions`, () => HttpResponse.json({ data: CONT_PAGES })),
    http.get(`${TEST_API_BASE}/memoForm/ktCustomerLandingId`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('ktCustomerId');
      return id === RETURNING_CUSTOMER_ID
        ? HttpResponse.json({ data: { ktCustomerId: id, landing_id: RETURNING_LEAD_ID } })
        : HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
    http.post(`${TEST_API_BASE}/memoForm/validateKtCustomerId`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('ktCustomerId') ?? '';
      return HttpResponse.json({ data: { ktCustomerId: id, valid: id === RETURNING_CUSTOMER_ID } });
    }),
    http.get(`${TEST_API_BASE}/memoForm/getLead`, ({ request }) =>
      new URL(request.url).searchParams.get('landing_id') === RETURNING_LEAD_ID
        ? HttpResponse.json({ data: FIRST_LEAD })
        : HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 }),
    ),
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, async ({ request }) => {
      const body = (await request.json()) as { lead: string; landingId: string };
      const lead = JSON.parse(body.lead) as LeadPayload;
      calls.leads.push({ lead, landingId: body.landingId });
      return HttpResponse.json({ data: { landing_id: lead.landing_id, savedAt: '2024-06-01T10:00:00.000Z' } });
    }),
    http.post(`${TEST_API_BASE}/memoForm/updateKtOrderContinuous`, async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const body: unknown = await request.json();
      calls.orders.push({ query, body });
      calls.onFile = {
        ktCustomerId: query.ktCustomerId ?? '',
        isRestart: query.isRestart === 'true',
        medicationEffectiveness: query.medicationEffectiveness,
        details: body as ContinuousOrder['details'],
        updatedAt: new Date().toISOString(),
      };
      return HttpResponse.json({ data: calls.onFile });
    }),
    // The customer's refill request on file: the last one sent, as the server keeps it.
    http.get(`${TEST_API_BASE}/memoForm/getKtOrderContinuous`, () =>
      calls.onFile === null
        ? HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 })
        : HttpResponse.json({ data: calls.onFile }),
    ),
    status('CED'),
    status('CHRT'),
    status('FCHRT'),
  );
  return calls;
}

function ConfirmationStandIn() {
  const { pathCode, finishType } = useParams();
  return (
    <p>
      Confirmation of {pathCode} for {finishType}
    </p>
  );
}

function renderContinuous(options: {
  route: RouteConfig;
  code: string;
  url: string;
  journey?: ReturnType<typeof memoryJourneyCalls>;
  step?: FunnelStep | null;
}) {
  const journey = options.journey ?? memoryJourneyCalls();
  const screenElement = (
    <ContinuousFormScreen
      route={options.route}
      params={{ pathCode: options.code }}
      code={options.code}
      step={options.step ?? null}
    />
  );
  renderWithProviders(
    <Routes>
      <Route path={options.route.path} element={screenElement} />
      <Route path="/f/conf/:pathCode/:finishType" element={<ConfirmationStandIn />} />
    </Routes>,
    { path: options.url, journeyCalls: journey, brand: options.route.site === 'female' ? 'female' : 'male' },
  );
  return journey;
}

async function fillRefill(user: UserEvent) {
  const rating = await screen.findByRole('radiogroup', { name: 'How well is your medication working for you?' });
  await user.click(within(rating).getByLabelText('Very well'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(
    await screen.findByRole('checkbox', {
      name: 'I agree to continue treatment and to be charged for my next supply.',
    }),
  );
  await user.click(screen.getByRole('button', { name: 'Send my answers' }));
}

test("CHRT: a customer's refill goes to a new linked lead, their continuous order and one CHRT status", async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  const journey = renderContinuous({
    route: CHRT,
    code: 'chrt',
    url: `/mip/cont/chrt/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}`,
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'Continuing Care' })).toBeVisible();
  await fillRefill(user);

  expect(await screen.findByRole('heading', { name: 'Your refill request is in' })).toBeVisible();
  expect(calls.leads).toHaveLength(1);
  const newLead = must(calls.leads[0]);
  expect(newLead.landingId).toBe(RETURNING_LEAD_ID);
  expect(newLead.lead.landing_id).not.toBe(RETURNING_LEAD_ID);
  expect(newLead.lead).toMatchObject({ formId: 'CONT', firstName: 'Jane', lastName: 'Doe', pathCode: 'chrt' });
  expect(calls.orders).toEqual([
    {
      query: { ktCustomerId: RETURNING_CUSTOMER_ID, medicationEffectiveness: 'very-well', isRestart: 'false' },
      body: { medicationEffectiveness: ['very-well'], 'refill-consent': ['true'] },
    },
  ]);
  expect(calls.statuses).toEqual([
    { kind: 'CHRT', body: { landing_id: newLead.lead.landing_id, leadLandingId: RETURNING_LEAD_ID } },
  ]);
  // The answers are sent; the journey forgets them so the next refill starts empty.
  const state = must(journey.saved.get('chrt'));
  expect(state.answers.medicationEffectiveness).toBeUndefined();
  expect(state.completed).toContain('CONT');
});

test('CED: the a2-renewal step records the CED status on the journey lead once and goes on', async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  const step = fakeFunnelStep({ index: 1, total: 2, laterScreens: [], canNext: true, canBack: true });
  const renewal: JourneyState = {
    version: 3,
    landedAt: '2024-06-01T09:00:00.000Z',
    landingId: RETURNING_LEAD_ID,
    answers: { firstName: ['Jane'], lastName: ['Doe'], email: ['jane.doe@example.com'], phone: ['2025550143'] },
    pages: {},
    completed: ['MIP-H2'],
    records: {},
  };
  const journey = memoryJourneyCalls({ 'a2-renewal': renewal });
  renderContinuous({ route: CED, code: 'a2-renewal', url: '/mip/cont/ced/a2-renewal', journey, step });

  await fillRefill(user);

  // Sent, the request's record goes with the move: the machine writes it with the next step.
  await vi.waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  const record = step.advance.mock.calls[0]?.[0]?.record;
  expect(record?.(renewal).completed).toEqual(['MIP-H2', 'CONT']);
  expect(record?.(renewal).records).toEqual({});
  // The screen itself wrote no call's mark while sending: the move's one write records the request.
  expect(journey.saved.get('a2-renewal')?.records).toEqual({});
  expect(step.onNext).not.toHaveBeenCalled();
  expect(calls.statuses).toEqual([{ kind: 'CED', body: { landing_id: RETURNING_LEAD_ID } }]);
  // No customer id in the link: there is no continuous order to update.
  expect(calls.orders).toEqual([]);
  expect(calls.leads).toHaveLength(1);
  const lead = must(calls.leads[0]).lead;
  expect(lead.landing_id).toBe(RETURNING_LEAD_ID);
  // The refill answers join the answers the lead had.
  expect(lead.answers.map((answer) => answer.ref)).toEqual(['state', 'medicationEffectiveness', 'refill-consent']);
});

test('CED: a move that cannot be saved shows the request as in, with Try again making the same move', async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  const step = fakeFunnelStep({ index: 1, total: 2, laterScreens: [], canNext: true, canBack: true });
  step.advance.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  const renewal: JourneyState = {
    version: 3,
    landedAt: '2024-06-01T09:00:00.000Z',
    landingId: RETURNING_LEAD_ID,
    answers: { firstName: ['Jane'], lastName: ['Doe'], email: ['jane.doe@example.com'], phone: ['2025550143'] },
    pages: {},
    completed: ['MIP-H2'],
    records: {},
  };
  renderContinuous({
    route: CED,
    code: 'a2-renewal',
    url: '/mip/cont/ced/a2-renewal',
    journey: memoryJourneyCalls({ 'a2-renewal': renewal }),
    step,
  });

  await fillRefill(user);

  const problem = await screen.findByRole('alert', { name: 'You are still on this page' });
  expect(screen.getByRole('heading', { level: 2, name: 'Your refill request is in' })).toBeInTheDocument();
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));
  await vi.waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(2);
  });
  // The same move, and nothing sent again.
  expect(step.advance.mock.calls[1]?.[0]?.record).toBe(step.advance.mock.calls[0]?.[0]?.record);
  expect(calls.statuses).toHaveLength(1);
  expect(calls.leads).toHaveLength(1);
});

test("FCHRT: a women's refill from a landing id link records FCHRT and opens its confirmation page", async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  renderContinuous({ route: FCHRT, code: 'fchrt', url: `/f/cont/fchrt?landing_id=${RETURNING_LEAD_ID}` });

  await fillRefill(user);

  expect(await screen.findByText('Confirmation of fchrt for refill')).toBeVisible();
  const contLead = must(calls.leads[0]).lead.landing_id;
  expect(calls.statuses).toEqual([{ kind: 'FCHRT', body: { landing_id: contLead, leadLandingId: RETURNING_LEAD_ID } }]);
  expect(calls.orders).toEqual([]);
});

test('a failed status update is explained under the button; the retry sends only what failed', async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  let failures = 1;
  server.use(
    http.post(`${TEST_API_BASE}/memoForm/updateCHRTStatus`, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.statuses.push({ kind: 'CHRT', body });
      if (failures > 0) {
        failures -= 1;
        return HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 });
      }
      return HttpResponse.json({ data: { ...body, status: 'CHRT', updatedAt: '2024-06-01T10:00:00.000Z' } });
    }),
  );
  renderContinuous({ route: CHRT, code: 'chrt', url: `/mip/cont/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}` });

  await fillRefill(user);
  // Said in the patient's words, under the button: never the call's path or status.
  const problem = await screen.findByRole('alert', { name: 'Your answers were not sent' });
  expect(problem).toHaveTextContent('Something went wrong on our side. Your answers are kept on this page');
  expect(screen.queryByText(/updateCHRTStatus|500/)).not.toBeInTheDocument();
  const send = screen.getByRole('button', { name: 'Send my answers' });
  expect(send).toBeEnabled();
  expect(screen.getByRole('checkbox', { name: /I agree to continue treatment/ })).toBeChecked();

  await user.click(send);
  expect(await screen.findByRole('heading', { name: 'Your refill request is in' })).toBeVisible();
  expect(calls.leads).toHaveLength(1);
  expect(calls.orders).toHaveLength(1);
  expect(calls.statuses).toHaveLength(2);
  // Both attempts name the same continuing-care lead.
  expect(calls.statuses[0]?.body).toEqual(calls.statuses[1]?.body);
});

test('a link that names nobody explains itself with the support phone instead of a form', async () => {
  continuousApi();
  renderContinuous({ route: CHRT, code: 'chrt', url: '/mip/cont/chrt' });

  expect(await screen.findByText('This link is incomplete')).toBeVisible();
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:8885550142');
  expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
});

test('an unknown customer id is an incomplete link too', async () => {
  continuousApi();
  renderContinuous({ route: FCHRT, code: 'fchrt', url: '/f/cont/fchrt?ktCustomerId=999999' });

  expect(await screen.findByText('This link is incomplete')).toBeVisible();
  expect(screen.getByRole('link', { name: '(888) 555-0187' })).toBeVisible();
});

test('a customer without a linked lead is found with the landing id of the link, once the id is valid', async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/ktCustomerLandingId`, () =>
      HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 }),
    ),
  );
  renderContinuous({
    route: CHRT,
    code: 'chrt',
    url: `/mip/cont/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}&landing_id=${RETURNING_LEAD_ID}`,
  });

  await fillRefill(user);
  expect(await screen.findByRole('heading', { name: 'Your refill request is in' })).toBeVisible();
  expect(calls.orders.map((order) => order.query.ktCustomerId)).toEqual([RETURNING_CUSTOMER_ID]);
});

test('a failed lookup of the patient offers a retry', async () => {
  const user = userEvent.setup();
  continuousApi();
  let fail = true;
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/getLead`, () =>
      fail
        ? HttpResponse.json(
            { status: 400, message: 'Bad request', details: 'landing_id is not valid' },
            { status: 400 },
          )
        : HttpResponse.json({ data: FIRST_LEAD }),
    ),
  );
  renderContinuous({ route: CHRT, code: 'chrt', url: `/mip/cont/chrt?landing_id=${RETURNING_LEAD_ID}` });

  expect(await screen.findByText('We could not load your details')).toBeVisible();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('radiogroup', { name: 'How well is your medication working for you?' })).toBeVisible();
});

/** The serious and critical axe violations of the page (colour contrast needs a real browser). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

test('axe finds no serious problem on the refill form with its errors shown', async () => {
  const user = userEvent.setup();
  continuousApi();
  renderContinuous({ route: CHRT, code: 'chrt', url: `/mip/cont/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}` });
  await screen.findByRole('radiogroup', { name: 'How well is your medication working for you?' });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await seriousViolations()).toEqual([]);
});

test('axe finds no serious problem on the incomplete-link page', async () => {
  continuousApi();
  renderContinuous({ route: FCHRT, code: 'fchrt', url: '/f/cont/fchrt' });
  await screen.findByText('This link is incomplete');
  expect(await seriousViolations()).toEqual([]);
});

test('CED as the last step of its funnel (nothing after it) confirms on the page', async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  const step = fakeFunnelStep({
    index: 1,
    total: 2,
    laterScreens: [],
    canNext: false,
    canBack: true,
  });
  renderContinuous({
    route: CED,
    code: 'a2-renewal',
    url: `/mip/cont/ced/a2-renewal?landing_id=${RETURNING_LEAD_ID}`,
    step,
  });

  await fillRefill(user);

  expect(await screen.findByRole('heading', { name: 'Your refill request is in' })).toBeVisible();
  expect(step.onNext).not.toHaveBeenCalled();
  expect(calls.statuses).toEqual([{ kind: 'CED', body: { landing_id: RETURNING_LEAD_ID } }]);
});

/** A refill request on file for the customer, sent `daysAgo` days ago. */
function requestOnFile(daysAgo: number): ContinuousOrder {
  return {
    ktCustomerId: RETURNING_CUSTOMER_ID,
    isRestart: false,
    medicationEffectiveness: 'somewhat',
    details: { medicationEffectiveness: ['somewhat'], 'refill-consent': ['true'] },
    updatedAt: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString(),
  };
}

test('a refill already sent (from another device) is shown in place of the form, and can be changed', async () => {
  const user = userEvent.setup();
  const calls = continuousApi(requestOnFile(1));
  renderContinuous({ route: CHRT, code: 'chrt', url: `/mip/cont/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}` });

  expect(await screen.findByRole('heading', { level: 2, name: 'Your refill request is in' })).toBeVisible();
  expect(screen.getByText(/^Sent on [A-Z][a-z]+ \d{1,2}, \d{4} at /)).toBeVisible();
  const sent = screen.getByRole('list', { name: 'What you sent' });
  expect(within(sent).getByText('How well is your medication working for you?')).toBeVisible();
  expect(within(sent).getByText('Somewhat')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Change my answers' }));
  const rating = await screen.findByRole('radiogroup', { name: 'How well is your medication working for you?' });
  expect(within(rating).getByLabelText('Somewhat')).toBeChecked();
  await user.click(within(rating).getByLabelText('Very well'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('checkbox', { name: /I agree to continue treatment/ })).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Send my answers' }));

  expect(
    await within(await screen.findByRole('list', { name: 'What you sent' })).findByText('Very well'),
  ).toBeVisible();
  expect(calls.orders.map((order) => order.query.medicationEffectiveness)).toEqual(['very-well']);
});

test('a refill sent longer ago than the request stays open gives the form again, naming when', async () => {
  continuousApi(requestOnFile(40));
  renderContinuous({ route: CHRT, code: 'chrt', url: `/mip/cont/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}` });

  expect(await screen.findByRole('radiogroup', { name: 'How well is your medication working for you?' })).toBeVisible();
  expect(screen.getByText(/^Your last request was sent on [A-Z][a-z]+ \d{1,2}, \d{4} at /)).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'Your refill request is in' })).not.toBeInTheDocument();
});

test('a new refill lead whose landing id another browser saved today goes under an id of its own', async () => {
  const user = userEvent.setup();
  const calls = continuousApi();
  const taken = new Set<string>();
  server.use(
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, async ({ request }) => {
      const body = (await request.json()) as { lead: string; landingId: string };
      const lead = JSON.parse(body.lead) as LeadPayload;
      calls.leads.push({ lead, landingId: body.landingId });
      // The first id this page builds is taken: the patient's laptop sent its refill today.
      if (taken.size === 0) {
        taken.add(lead.landing_id);
        return HttpResponse.json(
          { status: 409, message: 'Conflict', details: 'A lead is already saved under this landing id' },
          { status: 409 },
        );
      }
      return HttpResponse.json({ data: { landing_id: lead.landing_id, savedAt: '2024-06-01T10:00:00.000Z' } });
    }),
  );
  renderContinuous({ route: CHRT, code: 'chrt', url: `/mip/cont/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}` });

  await fillRefill(user);

  expect(await screen.findByRole('heading', { name: 'Your refill request is in' })).toBeVisible();
  expect(screen.queryByText(/409|saveLead|landing id/)).not.toBeInTheDocument();
  const [refused, saved] = calls.leads.map((call) => call.lead.landing_id);
  expect(taken.has(refused ?? '')).toBe(true);
  expect(saved).not.toBe(refused);
  // The status links the lead that was saved, not the one refused.
  expect(calls.statuses).toEqual([{ kind: 'CHRT', body: { landing_id: saved, leadLandingId: RETURNING_LEAD_ID } }]);
});

test('Back from the first page of a change keeps the request as it was sent', async () => {
  const user = userEvent.setup();
  const calls = continuousApi(requestOnFile(1));
  renderContinuous({ route: CHRT, code: 'chrt', url: `/mip/cont/chrt?ktCustomerId=${RETURNING_CUSTOMER_ID}` });

  await user.click(await screen.findByRole('button', { name: 'Change my answers' }));
  expect(await screen.findByText(/^You are changing the request you sent on /)).toBeVisible();
  await user.click(await screen.findByRole('button', { name: 'Back' }));

  expect(await screen.findByRole('heading', { level: 2, name: 'Your refill request is in' })).toBeVisible();
  expect(calls.orders).toEqual([]);
});
