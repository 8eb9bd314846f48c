import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { Lead, Qualification } from '../../../src/contract/api-types.ts';
import type { FunnelStep } from '../../../src/shared/funnel-step.ts';
import type { RouteConfig, Site } from '../../../src/engine/config-types.ts';
import ResultsScreen from '../../../src/features/results/results-screen.tsx';
import { contractValidator } from '../../../src/contract/openapi.ts';
import { setRuntimeConfig } from '../../../src/shared/api/http.ts';
import { server, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from '../../api/msw.ts';
import { loadConfig } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep, type StepOverrides } from '../../support/fake-step.ts';
import { analyticsSettled, forgetAnalyticsPage, setAnalyticsPage } from '../../../src/shared/services/analytics.ts';

useApiServer();
beforeEach(() => {
  // A failed load is retried at once here.
  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN, retryIntervalMs: 1 });
});

const CONFIG = loadConfig();
const validPayload = contractValidator().component('LeadPayload');

function routeOf(path: string): RouteConfig {
  const route = CONFIG.routes.routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`config/routes.json has no ${path}`);
  return route;
}

/** The results are the funnel's second step. */
function stepOf(overrides: StepOverrides = {}): FakeStep {
  return fakeFunnelStep({ index: 1, ...overrides });
}

const LANDING_ID = 'VmFuX0R5a2V8YXZlcnlAZXhhbXBsZS5jb218MjAyNi0xMS0yMnxNSVA';

/** A birthdate that makes the patient `age` today (their birthday already past this year). */
function bornYearsAgo(age: number): string {
  return `${String(new Date().getFullYear() - age)}-01-01`;
}

function leadOf(overrides: Partial<Lead> = {}): Lead {
  return {
    landing_id: LANDING_ID,
    firstName: 'Avery',
    lastName: 'Van Dyke',
    email: 'avery@example.com',
    phone: '2125550187',
    formId: 'MIP',
    pathCode: 'shrt',
    answers: [
      { ref: 'birthdate', type: 'date', value: ['1980-04-27'], questionId: 'q-birthdate' },
      { ref: 'energy-level', type: 'single-choice', value: ['Low'], questionId: 'q-energy' },
    ],
    scores: { symptoms: 25, energy: 100, duration: 50, overall: 58 },
    savedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** getLead and checkCustQualifications as the server answers them; the qualification request is checked against the contract. */
function resultsServer(options: { lead?: Lead; qualification?: Qualification; leadStatus?: number } = {}) {
  const { lead = leadOf(), qualification = { qualified: true, reasons: [] }, leadStatus = 200 } = options;
  const looked: string[] = [];
  const checked: unknown[] = [];
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/getLead`, ({ request }) => {
      looked.push(new URL(request.url).searchParams.get('landing_id') ?? '');
      if (leadStatus !== 200) {
        return HttpResponse.json({ status: leadStatus, message: 'Lead store unavailable' }, { status: leadStatus });
      }
      return HttpResponse.json({ data: lead });
    }),
    // The journey's own lead is read through the journey: its landing id never goes in a URL.
    http.get(`${TEST_API_BASE}/journey/lead`, ({ request }) => {
      looked.push(`journey:${new URL(request.url).searchParams.get('pathCode') ?? ''}`);
      if (leadStatus !== 200) {
        return HttpResponse.json({ status: leadStatus, message: 'Lead store unavailable' }, { status: leadStatus });
      }
      return HttpResponse.json({ data: lead });
    }),
    http.post(`${TEST_API_BASE}/memoForm/checkCustQualifications`, async ({ request }) => {
      const body = (await request.json()) as { lead: string };
      const payload: unknown = JSON.parse(body.lead);
      checked.push(payload);
      if (!validPayload(payload)) {
        return HttpResponse.json({ status: 400, message: JSON.stringify(validPayload.errors) }, { status: 400 });
      }
      return HttpResponse.json({ data: qualification });
    }),
  );
  return { looked, checked };
}

function journeyWithLead(landingId: string | undefined): JourneyState {
  return {
    version: 3,
    landedAt: '2026-11-22T09:00:00.000Z',
    ...(landingId === undefined ? {} : { landingId }),
    answers: {},
    pages: { MIP: 3 },
    completed: landingId === undefined ? [] : ['MIP'],
    records: {},
  };
}

function renderResults(
  options: {
    brand?: Site;
    code?: string;
    path?: string;
    step?: FunnelStep | null;
    journey?: JourneyState;
  } = {},
) {
  const { brand = 'male', code = 'shrt', step = stepOf() } = options;
  const routePath = brand === 'female' ? '/f/results/:pathCode' : '/results/:pathCode';
  const path = options.path ?? (brand === 'female' ? `/f/results/${code}` : `/results/${code}`);
  const journey = memoryJourneyCalls({ [code]: options.journey ?? journeyWithLead(LANDING_ID) });
  renderWithProviders(
    <ResultsScreen route={routeOf(routePath)} params={{ pathCode: code }} code={code} step={step} />,
    {
      brand,
      path,
      journeyCalls: journey,
    },
  );
  return { step };
}

test('a patient sees their overall band, a bar per score with its band, and their age band', async () => {
  const calls = resultsServer();
  renderResults();

  expect(await screen.findByText('Thank you, Avery. Here is what your answers tell us.')).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'Your Results' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Your symptom level: Moderate' })).toBeVisible();
  expect(screen.getByText(/typical of people whose hormone levels are out of balance/)).toBeVisible();
  expect(screen.getByText('Compared with other people in your age group (38 Plus).')).toBeVisible();

  // Each score: its label, its band, and a bar of its value, in the order of config/scores.json.
  const bars = screen.getAllByRole('meter');
  expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['25', '100', '50']);
  expect(bars.map((bar) => bar.getAttribute('aria-valuetext'))).toEqual(['Mild', 'Significant', 'Moderate']);
  const labels = ['Symptoms', 'Energy', 'How long'].map((label) => screen.getByText(label));
  expect(labels.map((label) => label.nextElementSibling?.textContent)).toEqual(['Mild', 'Significant', 'Moderate']);
  expect(calls.looked).toEqual(['journey:shrt']);
});

test.each([
  [25, '18 - 29'],
  [33, '30 - 37'],
  [38, '38 Plus'],
])('a patient aged %i is compared with people aged %s', async (age, band) => {
  resultsServer({
    lead: leadOf({
      answers: [{ ref: 'birthdate', type: 'date', value: [bornYearsAgo(age)], questionId: 'q-birthdate' }],
    }),
  });
  renderResults();

  expect(await screen.findByText(`Compared with other people in your age group (${band}).`)).toBeVisible();
});

test.each([
  [10, 'Mild'],
  [34, 'Mild'],
  [35, 'Moderate'],
  [65, 'Significant'],
])('an overall score of %i is shown as %s', async (overall, label) => {
  resultsServer({ lead: leadOf({ scores: { symptoms: 10, overall } }) });
  renderResults();

  expect(await screen.findByRole('heading', { level: 2, name: `Your symptom level: ${label}` })).toBeVisible();
});

test('a qualified patient continues to checkout with the funnel: Continue names the next step', async () => {
  const user = userEvent.setup();
  const calls = resultsServer();
  const { step } = renderResults({ step: stepOf({ laterScreens: ['payment', 'intake', 'scheduling', 'finish'] }) });

  await user.click(await screen.findByRole('button', { name: 'Continue to checkout' }));

  expect(step?.onNext).toHaveBeenCalledTimes(1);
  // The qualification check gets the lead as it was sent, without what the server added.
  expect(calls.checked).toHaveLength(1);
  expect(calls.checked[0]).not.toHaveProperty('scores');
  expect(calls.checked[0]).not.toHaveProperty('savedAt');
  expect(calls.checked[0]).toMatchObject({ landing_id: LANDING_ID, email: 'avery@example.com' });
});

test.each([
  [['scheduling', 'finish'], 'Continue to book your consult'],
  [['intake'], 'Continue to your health questions'],
  [['finish'], 'Continue'],
] as const)('after results, a step list going on to %j says %s', async (laterScreens, label) => {
  resultsServer();
  renderResults({ step: stepOf({ laterScreens }) });
  expect(await screen.findByRole('button', { name: new RegExp(`^${label}$`) })).toBeVisible();
});

test('a patient who does not qualify reads why and how to reach the care team, with no Continue', async () => {
  resultsServer({
    qualification: {
      qualified: false,
      reasons: ['A history of hormone-sensitive cancer needs an in-person review.', 'You must be 18 or older.'],
    },
  });
  renderResults();

  const notice = await screen.findByRole('alert', { name: "We can't offer treatment online yet" });
  expect(within(notice).getByText('A history of hormone-sensitive cancer needs an in-person review.')).toBeVisible();
  expect(within(notice).getByText('You must be 18 or older.')).toBeVisible();
  const phone = CONFIG.brands.brands.male.phone;
  expect(within(notice).getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/\D/g, '')}`);
  expect(notice).toHaveTextContent(`Our care team can help: call ${phone}, Mon-Sun: 8am-8pm (EST).`);
  expect(screen.queryByRole('button', { name: /^Continue/ })).not.toBeInTheDocument();
});

test('the tag manager hears the same of a patient who qualifies and one who does not: only that the assessment was finished', async () => {
  const heard: string[] = [];
  const patients: { scores: Record<string, number>; qualification: Qualification }[] = [
    { scores: { symptoms: 10, overall: 10 }, qualification: { qualified: true, reasons: [] } },
    {
      scores: { symptoms: 90, energy: 100, duration: 100, overall: 97 },
      qualification: {
        qualified: false,
        reasons: ['A history of hormone-sensitive cancer needs an in-person specialist.'],
      },
    },
  ];
  for (const { scores, qualification } of patients) {
    delete (window as { dataLayer?: unknown }).dataLayer;
    forgetAnalyticsPage();
    // As the app shell tells it on the results page.
    setAnalyticsPage({ funnel: 'shrt', brand: 'male', variant: null, stepIndex: 1, route: '/results/:pathCode' });
    resultsServer({ lead: leadOf({ scores }), qualification });
    renderResults();
    expect(await screen.findByText('Thank you, Avery. Here is what your answers tell us.')).toBeVisible();
    await analyticsSettled();
    heard.push(JSON.stringify((window as { dataLayer?: unknown }).dataLayer));
    cleanup();
  }

  expect(heard[1]).toBe(heard[0]);
  expect(JSON.parse(heard[0] ?? '[]')).toEqual([
    expect.objectContaining({ event: 'assessment_complete', funnel: 'shrt', brand: 'male', outcome: null }),
  ]);
  expect(heard.join('\n')).not.toMatch(/qualif|score|band|mild|moderate|significant|cancer|reason/i);
});

test("the women's brand shows its own support phone", async () => {
  resultsServer({ qualification: { qualified: false, reasons: ['Not in your state yet.'] } });
  renderResults({ brand: 'female', code: 'fha1' });

  const notice = await screen.findByRole('alert', { name: "We can't offer treatment online yet" });
  expect(within(notice).getByRole('link', { name: CONFIG.brands.brands.female.phone })).toBeVisible();
});

test("the link's landing id is read before the journey's", async () => {
  const calls = resultsServer();
  renderResults({ path: '/results/shrt?landing_id=TGlua0xhbmRpbmdJZA' });

  await screen.findByText('Thank you, Avery. Here is what your answers tell us.');
  expect(calls.looked).toEqual(['TGlua0xhbmRpbmdJZA']);
});

test('a patient without answers is offered the assessment, which is the previous step', async () => {
  const user = userEvent.setup();
  const { step } = renderResults({ journey: journeyWithLead(undefined) });

  expect(await screen.findByText("We don't have your assessment answers yet. It takes about 5 minutes.")).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Take the assessment' }));

  expect(step?.onBack).toHaveBeenCalledTimes(1);
});

test.each([
  ['male', 'quiz', '/quiz'],
  ['male', 'cchrt', '/hormone-assessment/cchrt'],
  ['female', 'fha1', '/f/hormone-assessment/fha1'],
] as const)('on %s results of %s with no step back, Take the assessment links to %s', async (brand, code, href) => {
  renderResults({ brand, code, step: stepOf({ canBack: false }), journey: journeyWithLead(undefined) });

  expect(await screen.findByRole('link', { name: 'Take the assessment' })).toHaveAttribute('href', href);
});

test('results that do not load say so, and Try again loads them', async () => {
  const user = userEvent.setup();
  resultsServer({ leadStatus: 500 });
  renderResults();

  const problem = await screen.findByRole('alert', { name: 'We could not load your results' });
  expect(problem).toHaveTextContent('/lead: 500: Lead store unavailable');
  resultsServer();
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));

  expect(await screen.findByText('Thank you, Avery. Here is what your answers tell us.')).toBeVisible();
});
