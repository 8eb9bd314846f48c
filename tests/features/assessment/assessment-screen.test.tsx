import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { LeadPayload } from '../../../src/contract/api-types.ts';
import { makeLandingId } from '../../../src/domain/landing-id.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import HormoneAssessmentScreen from '../../../src/features/assessment/hormone-assessment-screen.tsx';
import { contractValidator } from '../../../src/contract/openapi.ts';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { pageQuestionsHandler } from '../../support/mip-pages.ts';
import { loadConfig, loadEngine } from '../../support/config.ts';
import { FunnelSync, useFunnelStep } from '../../../src/app/funnel-sync.tsx';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep, type StepOverrides } from '../../support/fake-step.ts';
import { ApiError } from '../../../src/shared/api/http.ts';
import { disqualifyingReasons } from '../../../src/domain/qualification.ts';

useApiServer();

const ROUTES = loadConfig().routes.routes;
const ENGINE = loadEngine();
const validLead = contractValidator().component('LeadPayload');

function routeOf(path: string): RouteConfig {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`config/routes.json has no ${path}`);
  return route;
}

/** The assessment is the funnel's first step: no Back to a step before it. */
function stepOf(overrides: StepOverrides = {}): FakeStep {
  return fakeFunnelStep({ canBack: false, ...overrides });
}

/** What the server is told, in order: lead saves (decoded) and journey writes. */
type Event = { saveLead: { lead: LeadPayload; scores: unknown; landingId: string } } | { journey: JourneyState };

/** Journeys in memory, each write also told in `events`. */
function recordedJourneys(events: Event[], initial: Readonly<Record<string, JourneyState>> = {}) {
  const calls = memoryJourneyCalls(initial);
  const save = calls.save;
  calls.save = (pathCode, state, baseRevision) => {
    events.push({ journey: state });
    return save(pathCode, state, baseRevision);
  };
  return calls;
}

/** The journey writes among the events from the lead's save on. */
function writesFromLead(events: readonly Event[]): JourneyState[] {
  const lead = events.findIndex((event) => 'saveLead' in event);
  return events.slice(lead).flatMap((event) => ('journey' in event ? [event.journey] : []));
}

/** The assessment as the app shows it: its step is the funnel machine's. */
function AssessmentStep({ routePath, code }: { routePath: string; code: string }) {
  const step = useFunnelStep();
  return <HormoneAssessmentScreen route={routeOf(routePath)} params={{ pathCode: code }} code={code} step={step} />;
}

/**
 * The assessment inside the app's funnel (FunnelSync and the visit's machine, with the app's
 * actors), on the way to a stand-in results page: Next is the machine's, not a fake's.
 */
function renderInFunnel(options: {
  path: string;
  routePath?: string;
  code: string;
  journey: ReturnType<typeof memoryJourneyCalls>;
}) {
  const { routePath = '/hormone-assessment/:pathCode', code } = options;
  renderWithProviders(
    <FunnelSync engine={ENGINE} site="male">
      <Routes>
        <Route path={routePath} element={<AssessmentStep routePath={routePath} code={code} />} />
        <Route path="/results/:pathCode" element={<h1>Your results are ready</h1>} />
      </Routes>
    </FunnelSync>,
    { path: options.path, journeyCalls: options.journey },
  );
}

function leadServer(events: Event[], status = 200) {
  let saved: LeadPayload | null = null;
  server.use(
    pageQuestionsHandler(),
    // The journey's own lead, as the server keeps it: a second attempt keeps the first's answers.
    http.get(`${TEST_API_BASE}/journey/lead`, () =>
      saved === null
        ? HttpResponse.json({ status: 404, message: 'No lead' }, { status: 404 })
        : HttpResponse.json({ data: { ...saved, savedAt: '2026-11-22T10:00:00.000Z' } }),
    ),
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, async ({ request }) => {
      if (status !== 200) return HttpResponse.json({ status, message: 'Service unavailable' }, { status });
      const body = (await request.json()) as { lead: string; scores?: string; landingId: string };
      const lead = JSON.parse(body.lead) as LeadPayload;
      if (!validLead(lead)) {
        return HttpResponse.json({ status: 400, message: JSON.stringify(validLead.errors) }, { status: 400 });
      }
      const scores: unknown = body.scores === undefined ? undefined : JSON.parse(body.scores);
      events.push({ saveLead: { lead, scores, landingId: body.landingId } });
      saved = lead;
      return HttpResponse.json({ data: { landing_id: lead.landing_id, savedAt: '2026-11-22T10:00:00.000Z' } });
    }),
  );
}

/** The answers of pages 1-3, so a journey on page 4 may open it (no page opens before the ones ahead of it are answered). */
const ANSWERED_TO_CONTACT = {
  birthdate: ['1980-04-27'],
  state: ['TX'],
  weight: ['180'],
  'energy-level': ['Normal'],
  symptoms: ['fatigue'],
  'symptom-duration': ['over-1-year'],
  'hormone-cancer': ['no'],
  'blood-clot': ['no'],
};

function renderAssessment(options: {
  path?: string;
  routePath?: string;
  code?: string;
  step?: FakeStep;
  journey?: ReturnType<typeof memoryJourneyCalls>;
}) {
  const { routePath = '/hormone-assessment/:pathCode', code = 'shrt', step = stepOf() } = options;
  const journey = options.journey ?? memoryJourneyCalls();
  renderWithProviders(
    <HormoneAssessmentScreen route={routeOf(routePath)} params={{ pathCode: code }} code={code} step={step} />,
    { path: options.path ?? `/hormone-assessment/${code}`, journeyCalls: journey },
  );
  return { journey, step };
}

function choose(group: string, option: string) {
  return within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option });
}

/** Each page opens once the one before is saved (a round trip): a busy machine may take over a second. */
async function aboutYou(user: UserEvent) {
  await screen.findByRole('heading', { name: 'About you' }, { timeout: 5_000 });
  await user.type(screen.getByRole('textbox', { name: 'What is your date of birth?' }), '04/27/1980');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Which state do you live in?' }), 'Texas');
  await user.type(screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' }), '180');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function yourSymptoms(user: UserEvent, next = 'Next') {
  await screen.findByRole('heading', { name: 'Your symptoms' }, { timeout: 5_000 });
  await user.click(choose('How would you describe your energy level?', 'Low'));
  const symptoms = screen.getByRole('group', { name: 'Which of these have you noticed in the last few months?' });
  await user.click(within(symptoms).getByRole('checkbox', { name: 'Tiredness or fatigue' }));
  await user.click(within(symptoms).getByRole('checkbox', { name: 'Poor sleep' }));
  await user.click(choose('How long have you had these symptoms?', 'More than a year'));
  await user.click(screen.getByRole('button', { name: next }));
}

async function yourHealth(user: UserEvent) {
  await screen.findByRole('heading', { name: 'Your health' }, { timeout: 5_000 });
  await user.click(
    choose('Have you ever been diagnosed with a hormone-sensitive cancer, such as prostate or breast cancer?', 'No'),
  );
  await user.click(choose('Have you ever had a blood clot, a stroke or a heart attack?', 'No'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function contactDetails(user: UserEvent) {
  await screen.findByRole('heading', { name: 'Where should we send your results?' }, { timeout: 5_000 });
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Avery');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Van Dyke');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'avery@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '(212) 555-0187');
  // The marketing consent is optional: results never wait for it.
  expect(screen.getByRole('checkbox', { name: /send me offers/ })).not.toBeRequired();
}

test('the men’s assessment is labelled a 5 minute task on its first page', async () => {
  server.use(pageQuestionsHandler());
  renderAssessment({});

  expect(screen.getByRole('heading', { level: 1, name: 'Hormone Assessment' })).toBeVisible();
  expect(await screen.findByText('Less than 5 minutes. Your answers are saved as you go.')).toBeVisible();
  expect(await screen.findByText('Page 1 of 4')).toBeVisible();
});

test("the women's assessment asks the same pages without the time label", async () => {
  server.use(pageQuestionsHandler());
  renderWithProviders(
    <HormoneAssessmentScreen
      route={routeOf('/f/hormone-assessment/:pathCode')}
      params={{ pathCode: 'fha1' }}
      code="fha1"
      step={stepOf()}
    />,
    { brand: 'female', path: '/f/hormone-assessment/fha1' },
  );

  expect(screen.getByRole('heading', { level: 1, name: 'Hormone Assessment' })).toBeVisible();
  expect(await screen.findByText('Page 1 of 4')).toBeVisible();
  expect(screen.queryByText(/About 5 minutes/)).not.toBeInTheDocument();
});

test('a patient answers every page of the assessment; the lead is saved with scores, then the funnel moves on', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  leadServer(events);
  const journey = recordedJourneys(events);
  renderInFunnel({ path: '/hormone-assessment/shrt', code: 'shrt', journey });

  await aboutYou(user);
  await yourSymptoms(user);
  await yourHealth(user);
  await contactDetails(user);
  await user.click(screen.getByRole('button', { name: 'Finish the assessment' }));

  expect(await screen.findByRole('heading', { name: 'Your results are ready' })).toBeVisible();
  const landedAt = journey.saved.get('shrt')?.landedAt ?? '';
  const landingId = makeLandingId({ lastName: 'Van Dyke', email: 'avery@example.com', landedAt, formId: 'MIP' });
  const leads = events.flatMap((event) => ('saveLead' in event ? [event.saveLead] : []));
  expect(leads).toEqual([
    {
      landingId,
      // Symptoms 15 + 10, low energy 100, more than a year 100; overall their mean.
      scores: { symptoms: 25, energy: 100, duration: 100, overall: 75 },
      lead: expect.objectContaining({
        landing_id: landingId,
        firstName: 'Avery',
        lastName: 'Van Dyke',
        email: 'avery@example.com',
        phone: '2125550187',
        formId: 'MIP',
        pathCode: 'shrt',
      }) as unknown,
    },
  ]);
  expect(Object.fromEntries((leads[0]?.lead.answers ?? []).map((given) => [given.ref, given.value]))).toEqual({
    birthdate: ['1980-04-27'],
    state: ['TX'],
    weight: ['180'],
    'energy-level': ['Low'],
    symptoms: ['fatigue', 'poor-sleep'],
    'symptom-duration': ['over-1-year'],
    'hormone-cancer': ['no'],
    'blood-clot': ['no'],
    firstName: ['Avery'],
    lastName: ['Van Dyke'],
    email: ['avery@example.com'],
    phone: ['(212) 555-0187'],
    // Left unticked, the optional marketing consent is on record as not given.
    'marketing-consent': ['false'],
  });
  // The lead first, then one journey write: the results step with the lead's record.
  expect(writesFromLead(events)).toEqual([
    expect.objectContaining({
      step: { url: '/results/shrt', index: 1 },
      landingId,
      completed: ['MIP'],
      pages: { MIP: 3 },
    }),
  ]);
}, 30_000);

test('the quiz asks the symptoms first and skips the health history', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  leadServer(events);
  renderInFunnel({ path: '/quiz', routePath: '/quiz/:pathCode?', code: 'quiz', journey: recordedJourneys(events) });

  expect(screen.getByRole('heading', { level: 1, name: 'Hormone Quiz' })).toBeVisible();
  expect(await screen.findByText('Page 1 of 3')).toBeVisible();
  await yourSymptoms(user);
  await aboutYou(user);
  await contactDetails(user);
  await user.click(screen.getByRole('button', { name: 'Finish the assessment' }));

  expect(await screen.findByRole('heading', { name: 'Your results are ready' })).toBeVisible();
  const leads = events.filter((event) => 'saveLead' in event);
  expect(leads).toHaveLength(1);
  expect(JSON.stringify(leads)).not.toContain('hormone-cancer');
  expect(writesFromLead(events)).toEqual([expect.objectContaining({ step: { url: '/results/quiz', index: 0 } })]);
}, 30_000);

test('a birth date more than 110 years ago keeps the patient on About you, told which limit; corrected, they go on', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  leadServer(events);
  renderAssessment({});

  await screen.findByRole('heading', { name: 'About you' }, { timeout: 5_000 });
  const birthdate = screen.getByRole('textbox', { name: 'What is your date of birth?' });
  await user.type(birthdate, '04/27/1900');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Which state do you live in?' }), 'Texas');
  await user.type(screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' }), '180');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  // The limit is today's date 110 years back, written as the patient types dates.
  const now = new Date();
  const limit = `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${String(now.getFullYear() - 110)}`;
  expect(birthdate).toHaveAttribute('aria-invalid', 'true');
  expect(birthdate).toHaveAccessibleDescription(
    expect.stringContaining(
      `Check the year: a date of birth more than 110 years ago (before ${limit}) is not possible.`,
    ) as string,
  );
  expect(birthdate).toHaveFocus();
  expect(screen.getByRole('heading', { name: 'About you' })).toBeVisible();

  await user.clear(birthdate);
  await user.type(birthdate, '04/27/1980');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'Your symptoms' }, { timeout: 5_000 })).toBeVisible();
  expect(events.filter((event) => 'saveLead' in event)).toEqual([]);
}, 30_000);

/** A patient back on the assessment's last page (the contact details), every earlier page answered. */
const ON_LAST_PAGE = {
  shrt: {
    version: 3,
    landedAt: '2026-11-22T09:00:00.000Z',
    answers: ANSWERED_TO_CONTACT,
    pages: { MIP: 3 },
    completed: [],
    records: {},
  } satisfies JourneyState,
};

test('when the lead cannot be saved, the patient hears why, stays on the last page and does not move on', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  leadServer(events, 503);
  renderInFunnel({ path: '/hormone-assessment/shrt', code: 'shrt', journey: recordedJourneys(events, ON_LAST_PAGE) });

  await contactDetails(user);
  await user.click(screen.getByRole('button', { name: 'Finish the assessment' }));

  const problem = await screen.findByRole('alert', { name: /not saved yet/ });
  expect(problem).toHaveTextContent('Something went wrong on our side');
  expect(problem).toHaveTextContent('/saveLead: 503: Service unavailable');
  expect(screen.getByRole('heading', { name: 'Where should we send your results?' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('avery@example.com');
  expect(screen.getByRole('button', { name: 'Finish the assessment' })).toBeEnabled();
  // No journey was told the patient moved on.
  const steps = events.flatMap((event) => ('journey' in event && event.journey.step ? [event.journey.step] : []));
  expect(steps.every((step) => step.index === 0)).toBe(true);
}, 20_000);

test('when the move on cannot be saved, the patient stays on the last page with their answers and can press again', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  leadServer(events);
  const journey = recordedJourneys(events, ON_LAST_PAGE);
  // The machine's journey write (the first with the results step) fails as a dropped
  // connection does (no status): the machine stays on the step, and the screen says so.
  const save = journey.save;
  let failed = false;
  journey.save = (pathCode, state, baseRevision) => {
    if (!failed && state.step?.index === 1) {
      failed = true;
      return Promise.reject(new ApiError('Failed to fetch', null, 'journey'));
    }
    return save(pathCode, state, baseRevision);
  };
  renderInFunnel({ path: '/hormone-assessment/shrt', code: 'shrt', journey });

  await contactDetails(user);
  await user.click(screen.getByRole('button', { name: 'Finish the assessment' }));

  const problem = await screen.findByRole('alert', { name: /not saved yet/ });
  expect(problem).toHaveTextContent('They are kept on this page');
  // Told once, where the patient pressed: the journey store does not say it again.
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Where should we send your results?' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('avery@example.com');
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Your results are ready' })).toBeVisible();
  expect(journey.saved.get('shrt')?.step).toEqual({ url: '/results/shrt', index: 1 });
}, 20_000);

test('off the funnel, the assessment saves its lead and its record by itself', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  leadServer(events);
  const { journey, step } = renderAssessment({
    journey: recordedJourneys(events, ON_LAST_PAGE),
    step: stepOf({ canNext: false }),
  });

  await contactDetails(user);
  await user.click(screen.getByRole('button', { name: 'Finish the assessment' }));

  await waitFor(() => {
    expect(journey.saved.get('shrt')?.completed).toEqual(['MIP']);
  });
  expect(events.filter((event) => 'saveLead' in event)).toHaveLength(1);
  expect(step.advance).not.toHaveBeenCalled();
}, 20_000);

test('a patient who paid first goes back from the first page to the previous step', async () => {
  const user = userEvent.setup();
  server.use(pageQuestionsHandler());
  const { step } = renderAssessment({ code: 'bhrt', step: stepOf({ index: 1, canBack: true }) });

  await screen.findByRole('heading', { name: 'About you' });
  await user.click(screen.getByRole('button', { name: 'Back' }));

  expect(step.onBack).toHaveBeenCalledTimes(1);
});

test('the first step of a funnel offers no Back', async () => {
  server.use(pageQuestionsHandler());
  renderAssessment({});

  await screen.findByRole('heading', { name: 'About you' });
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
});

test('a prefilled link fills in the contact page', async () => {
  server.use(pageQuestionsHandler());
  const prefill = btoa(JSON.stringify({ firstName: 'Avery', lastName: 'Van Dyke', email: 'avery@example.com' }));
  renderAssessment({
    path: `/hormone-assessment/shrt?prefill=${prefill}`,
    journey: memoryJourneyCalls(ON_LAST_PAGE),
  });

  expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Avery');
  expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Van Dyke');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('avery@example.com');
  expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('');
});

test('an assessment route without questions says so instead of an empty page', () => {
  const route: RouteConfig = {
    path: '/hormone-assessment/:pathCode',
    screen: 'hormone-assessment',
    site: 'shared',
    title: 'Hormone Assessment',
  };
  renderWithProviders(<HormoneAssessmentScreen route={route} params={{}} code="shrt" step={stepOf()} />);

  expect(screen.getByRole('alert')).toHaveTextContent('This assessment is not set up: its route names no questions.');
});

// --- a funnel that took the payment first (issue 37, point 5) ----------------------------------

/** A bhrt patient who paid $99 with the card ending in 4242, back on the assessment's last page. */
function paidOnLastPage(health: 'yes' | 'no', completed: readonly string[] = []): Record<string, JourneyState> {
  return {
    bhrt: {
      version: 3,
      landedAt: '2026-11-22T09:00:00.000Z',
      landingId: 'VmFuX0R5a2V8YXZlcnlAZXhhbXBsZS5jb218MjAyNi0xMS0yMnxNSVA',
      answers: { ...ANSWERED_TO_CONTACT, 'hormone-cancer': [health] },
      pages: { MIP: 3 },
      completed: ['payment', ...completed],
      records: {
        'payment.orderId': 'ord_7K2M9QXH4T0BW8RZ',
        'payment.orderTotal': '$99.00',
        'payment.orderLast4': '4242',
      },
    },
  };
}

/** The clinic's qualification check (by the clinic's rule) and the refund requests, as the server answers them. */
function paidServer(events: Event[]) {
  const refunds: unknown[] = [];
  const checked: LeadPayload[] = [];
  leadServer(events);
  server.use(
    http.post(`${TEST_API_BASE}/memoForm/checkCustQualifications`, async ({ request }) => {
      const lead = JSON.parse(((await request.json()) as { lead: string }).lead) as LeadPayload;
      checked.push(lead);
      const reasons = disqualifyingReasons(
        lead.answers.filter((answer) => answer.ref !== 'birthdate'),
        '2026-11-22',
      );
      return HttpResponse.json({ data: { qualified: reasons.length === 0, reasons } });
    }),
    http.post(`${TEST_API_BASE}/refund-request`, async ({ request }) => {
      const body = (await request.json()) as { orderId: string };
      refunds.push(body);
      return HttpResponse.json(
        {
          data: {
            orderId: body.orderId,
            amount: '$99.00',
            last4: '4242',
            reasons: ['hormone-cancer'],
            status: 'requested',
            createdAt: '2026-11-22T10:01:00.000Z',
          },
        },
        { status: refunds.length === 1 ? 201 : 200 },
      );
    }),
  );
  return { refunds, checked };
}

const CANCER_REASON = 'A history of hormone-sensitive cancer needs an in-person specialist.';

test('a patient who paid first and answers yes to hormone-sensitive cancer is stopped on the assessment, told of the refund, and not moved on', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  const { refunds } = paidServer(events);
  const { step } = renderAssessment({
    code: 'bhrt',
    journey: recordedJourneys(events, paidOnLastPage('yes')),
    step: stepOf({ index: 1, canBack: true, laterScreens: ['intake', 'scheduling', 'finish'] }),
  });

  await contactDetails(user);
  await user.click(screen.getByRole('button', { name: 'Finish the assessment' }));

  // The words of the results page before paying, with the clinic's reason.
  expect(await screen.findByText("We can't offer treatment online yet")).toBeVisible();
  expect(screen.getByText(CANCER_REASON)).toBeVisible();
  // What happens to the money: all of it, to the card it came from, and when.
  const refund = screen.getByRole('region', { name: 'Your refund' });
  expect(refund).toHaveTextContent('We are refunding your payment of $99 in full to the card ending in 4242.');
  expect(refund).toHaveTextContent('within 5-10 business days');
  expect(refund).toHaveTextContent('Order reference: 7K2M 9QXH 4T0B W8RZ');
  expect(within(refund).getByRole('link', { name: /\d/ })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
  // The lead was saved once, with the answer; the funnel did not move; the refund was asked for the order only.
  expect(events.filter((event) => 'saveLead' in event)).toHaveLength(1);
  expect(step.advance).not.toHaveBeenCalled();
  await waitFor(() => {
    expect(refunds).toEqual([{ orderId: 'ord_7K2M9QXH4T0BW8RZ' }]);
  });
  expect(screen.queryByRole('button', { name: /Continue|Finish the assessment/ })).not.toBeInTheDocument();
}, 20_000);

test('a patient who paid first and comes back with a finished assessment that rules treatment out sees the same stop, not the form', async () => {
  const events: Event[] = [];
  const { refunds } = paidServer(events);
  const journey = recordedJourneys(events, paidOnLastPage('yes', ['MIP']));
  // The lead the assessment saved before the reload.
  server.use(
    http.get(`${TEST_API_BASE}/journey/lead`, () =>
      HttpResponse.json({
        data: {
          landing_id: 'VmFuX0R5a2V8YXZlcnlAZXhhbXBsZS5jb218MjAyNi0xMS0yMnxNSVA',
          firstName: 'Avery',
          lastName: 'Van Dyke',
          email: 'avery@example.com',
          phone: '2125550187',
          formId: 'MIP',
          pathCode: 'bhrt',
          answers: [{ ref: 'hormone-cancer', type: 'single-choice', value: ['yes'], questionId: 'q-hormone-cancer' }],
          savedAt: '2026-11-22T10:00:00.000Z',
        },
      }),
    ),
  );
  const { step } = renderAssessment({ code: 'bhrt', journey, step: stepOf({ index: 1, canBack: true }) });

  expect(await screen.findByText(CANCER_REASON)).toBeVisible();
  expect(screen.getByRole('region', { name: 'Your refund' })).toHaveTextContent('$99');
  expect(screen.queryByRole('heading', { name: 'Where should we send your results?' })).not.toBeInTheDocument();
  await waitFor(() => {
    expect(refunds).toHaveLength(1);
  });
  expect(step.advance).not.toHaveBeenCalled();
});

test('a patient who paid first and whose answers qualify moves on once, with the lead saved once', async () => {
  const user = userEvent.setup();
  const events: Event[] = [];
  const { refunds, checked } = paidServer(events);
  const { step } = renderAssessment({
    code: 'bhrt',
    journey: recordedJourneys(events, paidOnLastPage('no')),
    step: stepOf({ index: 1, canBack: true }),
  });

  await contactDetails(user);
  await user.click(screen.getByRole('button', { name: 'Finish the assessment' }));

  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  // Saved before the clinic's check, so the move carries no second lead: only its record, for
  // the press's one journey write (nothing written before it).
  const [move] = vi.mocked(step.advance).mock.calls[0] ?? [];
  expect(Object.keys(move ?? {})).toEqual(['record']);
  expect(typeof move?.record).toBe('function');
  expect(events.filter((event) => 'saveLead' in event)).toHaveLength(1);
  expect(events.filter((event) => 'journey' in event)).toEqual([]);
  expect(checked).toHaveLength(1);
  expect(refunds).toEqual([]);
  expect(screen.queryByText("We can't offer treatment online yet")).not.toBeInTheDocument();
}, 20_000);
