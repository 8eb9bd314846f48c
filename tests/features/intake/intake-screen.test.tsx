import axe from 'axe-core';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { IdentityCustomer, Lead, LeadPayload, PageQuestions } from '../../../src/contract/api-types.ts';
import type { FunnelStep } from '../../../src/shared/funnel-step.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import IntakeScreen from '../../../src/features/intake/intake-screen.tsx';
import { checkIdentityWork } from '../../../src/features/intake/intake-work.ts';
import { useJourney, type JourneyHandle } from '../../../src/shared/journey/journey-context.tsx';
import type { JourneyChange } from '../../../src/shared/journey/journey-store.ts';
import { saveLeadOf } from '../../../src/shared/journey/lead.ts';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep } from '../../support/fake-step.ts';

useApiServer();
// A patient clicking and typing through several pages takes seconds in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const routes = loadConfig().routes.routes;
const sharedRoute: RouteConfig = must(routes.find((route) => route.path === '/mip/form/:pathCode'));
const femaleRoute: RouteConfig = must(routes.find((route) => route.path === '/f/intake/:pathCode'));

const LEAD_ID = 'TGVhZC1mcm9tLXRoZS1hc3Nlc3NtZW50';

/** MIP-H2 as the API could send it: two short pages. */
const INTAKE_PAGES: PageQuestions = {
  formId: 'MIP-H2',
  pages: [
    {
      id: '1',
      formId: 'MIP-H2',
      title: 'Your medical history',
      questions: [
        {
          id: 'q-recent-surgery',
          ref: 'recent-surgery',
          type: 'yes-no',
          label: 'Have you had surgery in the last 6 months?',
          required: true,
        },
      ],
    },
    {
      id: '3',
      formId: 'MIP-H2',
      title: 'Consent',
      questions: [
        {
          id: 'q-telehealth-consent',
          ref: 'telehealth-consent',
          type: 'consent',
          label: 'I consent to receive care through telehealth.',
          required: true,
        },
        {
          id: 'q-marketing-consent',
          ref: 'marketing-consent',
          type: 'consent',
          label: 'Optional: send me offers and health news by phone, text message and email.',
          required: false,
        },
      ],
    },
  ],
};

/** The optional marketing choice, when the page shows it. */
const marketingBox = () => screen.queryByRole('checkbox', { name: /offers/ });

/** A journey after the assessment: the lead is saved, with contact, birthdate and state. */
function afterAssessment(state: string, extra: Partial<JourneyState> = {}): JourneyState {
  return {
    version: 3,
    landedAt: '2024-05-01T14:55:00.000Z',
    landingId: LEAD_ID,
    answers: {
      firstName: ['Avery'],
      lastName: ['Quill'],
      email: ['avery.quill@example.com'],
      phone: ['2125550123'],
      birthdate: ['1980-04-27'],
      state: [state],
    },
    pages: { MIP: 3 },
    completed: ['MIP'],
    records: {},
    ...extra,
  };
}

/** The journey handle of the screen under test, for the fake step's one journey write. */
let shownJourney: JourneyHandle | null = null;

function JourneyOf({ code }: { code: string }) {
  shownJourney = useJourney(code);
  return null;
}

/**
 * A funnel step whose `advance` does what the funnel machine does with a move: its work in
 * order (the lead, then the identity check, as the app's actors do), then one journey write
 * with every record. `moved` is called when the move goes on (no work said stay).
 */
function fakeStep() {
  const moved = vi.fn<() => void>();
  const step = fakeFunnelStep({
    index: 3,
    total: 5,
    laterScreens: [],
    canNext: true,
    canBack: true,
  });
  step.advance.mockImplementation(async (move = {}) => {
    const records: JourneyChange[] = [];
    let stay = false;
    if (move.lead) records.push((await saveLeadOf(move.lead)).record);
    if (move.identity) {
      const done = await checkIdentityWork(move.identity);
      records.push(done.record);
      stay = done.stay;
    }
    if (move.record) records.push(move.record);
    if (shownJourney === null) throw new Error('The intake screen is not shown');
    await shownJourney.save((state) => records.reduce((now, change) => change(now), state), { report: false });
    if (!stay) moved();
  });
  return Object.assign(step, { moved }) satisfies FunnelStep;
}

interface Calls {
  leads: { lead: LeadPayload; landingId: string }[];
  checks: IdentityCustomer[];
}

/** The API of the intake: its pages, the lead and the identity check, each recorded. */
function intakeApi(options: { checkStatus?: 'verified' | 'review' | 'failed'; linkLead?: Lead | null } = {}): Calls {
  const calls: Calls = { leads: [], checks: [] };
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/pageQuestions`, () => HttpResponse.json({ data: INTAKE_PAGES })),
    http.get(`${TEST_API_BASE}/memoForm/getLead`, ({ request }) => {
      const landingId = new URL(request.url).searchParams.get('landing_id');
      const saved = calls.leads.findLast((call) => call.lead.landing_id === landingId);
      if (saved) return HttpResponse.json({ data: { ...saved.lead, savedAt: '2024-05-01T15:00:00.000Z' } });
      if (options.linkLead && options.linkLead.landing_id === landingId) {
        return HttpResponse.json({ data: options.linkLead });
      }
      return HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
    // The journey's own lead, as the server finds it from the journey cookie: the last one saved.
    http.get(`${TEST_API_BASE}/journey/lead`, () => {
      const saved = calls.leads.at(-1);
      if (saved) return HttpResponse.json({ data: { ...saved.lead, savedAt: '2024-05-01T15:00:00.000Z' } });
      return HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, async ({ request }) => {
      const body = (await request.json()) as { lead: string; landingId: string };
      const lead = JSON.parse(body.lead) as LeadPayload;
      calls.leads.push({ lead, landingId: body.landingId });
      return HttpResponse.json({ data: { landing_id: lead.landing_id, savedAt: '2024-05-01T15:00:00.000Z' } });
    }),
    http.post(`${TEST_API_BASE}/idVerification/identityCheck`, async ({ request }) => {
      expect(request.headers.get('authorization')).toBe('Bearer test-client-token');
      const form = new URLSearchParams(await request.text());
      calls.checks.push(JSON.parse(form.get('customer') ?? '{}') as IdentityCustomer);
      const status = options.checkStatus ?? 'verified';
      return HttpResponse.json({
        data: { checkId: 'idc_test1', verified: status === 'verified', status, checkedAt: '2024-05-01T15:00:00.000Z' },
      });
    }),
  );
  return calls;
}

async function answerIntakePages(user: UserEvent) {
  const surgery = await screen.findByRole('radiogroup', { name: 'Have you had surgery in the last 6 months?' });
  await user.click(within(surgery).getByLabelText('No'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('checkbox', { name: 'I consent to receive care through telehealth.' }));
}

function renderIntake(options: {
  code: string;
  journey: ReturnType<typeof memoryJourneyCalls>;
  step?: FunnelStep;
  query?: string;
  route?: RouteConfig;
}) {
  const route = options.route ?? sharedRoute;
  const step = options.step ?? fakeStep();
  const base = route === femaleRoute ? '/f/intake' : '/mip/form';
  return renderWithProviders(
    <>
      <JourneyOf code={options.code} />
      <IntakeScreen route={route} params={{ pathCode: options.code }} code={options.code} step={step} />
    </>,
    {
      path: `${base}/${options.code}${options.query ?? ''}`,
      journeyCalls: options.journey,
      brand: route === femaleRoute ? 'female' : 'male',
    },
  );
}

/** Every journey state the store saved, as text, to look for values that must never be kept. */
function everythingSaved(journey: ReturnType<typeof memoryJourneyCalls>, saves: JourneyState[]): string {
  return JSON.stringify([...journey.saved.values(), ...saves]);
}

/** Keeps every state the store saves, not only the last one. */
function recordingJourney(initial: Record<string, JourneyState>) {
  const journey = memoryJourneyCalls(initial);
  const saves: JourneyState[] = [];
  const save = journey.save;
  journey.save = (code, state, baseRevision) => {
    saves.push(state);
    return save(code, state, baseRevision);
  };
  return { journey, saves };
}

test('a Texas patient answers the intake and is not asked for any identity document', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeStep();
  const { journey, saves } = recordingJourney({ shrt: afterAssessment('TX') });
  renderIntake({ code: 'shrt', journey, step });

  // The contact details, birthdate and state came with the assessment: not asked again.
  expect(await screen.findByText('Page 1 of 2')).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'Intake' })).toBeVisible();
  await answerIntakePages(user);
  // The assessment asked the marketing choice: the intake does not ask it again.
  expect(marketingBox()).not.toBeInTheDocument();
  const savesBefore = saves.length;
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  // One move, with the lead and the check for the machine's work, and one journey write: the screen writes nothing itself.
  expect(step.advance).toHaveBeenCalledTimes(1);
  expect(step.advance.mock.calls[0]?.[0]).toMatchObject({
    lead: { formId: 'MIP-H2', pathCode: 'shrt' },
    identity: { customer: { state: 'TX' } },
  });
  expect(saves.length - savesBefore).toBe(1);
  expect(screen.queryByRole('textbox', { name: 'ID number' })).not.toBeInTheDocument();
  expect(calls.checks).toEqual([{ firstName: 'Avery', lastName: 'Quill', birthdate: '1980-04-27', state: 'TX' }]);
  expect(calls.leads).toHaveLength(1);
  const saved = must(calls.leads[0]).lead;
  expect(saved).toMatchObject({ landing_id: LEAD_ID, formId: 'MIP-H2', pathCode: 'shrt', firstName: 'Avery' });
  expect(saved.answers.map((answer) => answer.ref)).toEqual(
    expect.arrayContaining(['recent-surgery', 'telehealth-consent']),
  );
  expect(saved.answers.map((answer) => answer.ref)).not.toContain('marketing-consent');
  const state = must(journey.saved.get('shrt'));
  expect(state.completed).toContain('MIP-H2');
  expect(state.records['intake.identity']).toBe('verified');
});

test('where the intake has no next step, its last press does the same work and writes the journey once', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeFunnelStep({ canNext: false, canBack: true });
  const { journey, saves } = recordingJourney({ shrt: afterAssessment('TX') });
  renderIntake({ code: 'shrt', journey, step });

  await answerIntakePages(user);
  const savesBefore = saves.length;
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByRole('heading', { name: 'Your intake is complete' })).toBeVisible();
  expect(step.advance).not.toHaveBeenCalled();
  expect(calls.leads).toHaveLength(1);
  expect(calls.checks).toHaveLength(1);
  expect(saves.length - savesBefore).toBe(1);
  expect(saves.at(-1)).toMatchObject({ landingId: LEAD_ID, records: { 'intake.identity': 'verified' } });
  expect(saves.at(-1)?.completed).toContain('MIP-H2');
});

test('an Alabama patient is asked for an ID, never an SSN, and the ID is sent once and never kept', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeStep();
  const { journey, saves } = recordingJourney({ shrt: afterAssessment('AL') });
  renderIntake({ code: 'shrt', journey, step });

  await answerIntakePages(user);
  const savesBefore = saves.length;
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByRole('heading', { name: 'Confirm your identity' })).toBeVisible();
  // The form's press saved the lead and noted the check pending, in one write, and stayed.
  expect(step.advance.mock.calls[0]?.[0]).toMatchObject({ identity: { customer: null } });
  expect(saves.length - savesBefore).toBe(1);
  expect(saves.at(-1)?.records['intake.identity']).toBe('pending');
  expect(saves.at(-1)?.completed).not.toContain('MIP-H2');
  expect(step.moved).not.toHaveBeenCalled();
  expect(screen.queryByLabelText(/Social Security number/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
  expect(screen.getByRole('radiogroup', { name: 'Which photo ID will you use?' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(calls.checks).toHaveLength(0);

  await user.click(screen.getByLabelText("Driver's license"));
  await user.type(screen.getByRole('textbox', { name: 'ID number' }), 'AL-ZX98765');
  await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  // The documents' press: the check, and one more write with its result.
  expect(saves.length - savesBefore).toBe(2);
  expect(saves.at(-1)?.records['intake.identity']).toBe('verified');
  expect(saves.at(-1)?.completed).toContain('MIP-H2');
  expect(calls.checks).toEqual([
    {
      firstName: 'Avery',
      lastName: 'Quill',
      birthdate: '1980-04-27',
      state: 'AL',
      idType: 'drivers-license',
      idNumber: 'AL-ZX98765',
    },
  ]);
  expect(everythingSaved(journey, saves)).not.toContain('ZX98765');
  expect(JSON.stringify(calls.leads)).not.toContain('ZX98765');
});

test('a Kentucky patient gives an ID and the SSN, typed hidden, sent as 9 digits and never kept or shown', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeStep();
  const { journey, saves } = recordingJourney({ shrt: afterAssessment('KY') });
  renderIntake({ code: 'shrt', journey, step });

  await answerIntakePages(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  const ssn = await screen.findByLabelText(/Social Security number/);
  expect(ssn).toHaveAttribute('type', 'password');
  await user.click(screen.getByLabelText('Passport'));
  await user.type(screen.getByRole('textbox', { name: 'ID number' }), 'P55501234');
  await user.type(ssn, '123-45');
  await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
  expect(await screen.findByText('Enter the 9 digits of your Social Security number.')).toBeVisible();
  expect(calls.checks).toHaveLength(0);

  await user.type(ssn, '-6789');
  await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  expect(calls.checks).toEqual([
    {
      firstName: 'Avery',
      lastName: 'Quill',
      birthdate: '1980-04-27',
      state: 'KY',
      idType: 'passport',
      idNumber: 'P55501234',
      ssn: '123456789',
    },
  ]);
  const kept = everythingSaved(journey, saves) + JSON.stringify(calls.leads);
  expect(kept).not.toContain('6789');
  expect(kept).not.toContain('P55501234');
  expect(document.body.textContent).not.toContain('6789');
});

test('an Illinois patient is asked for an ID only: no SSN goes to the check', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  renderIntake({ code: 'shrt', journey: memoryJourneyCalls({ shrt: afterAssessment('IL') }) });

  await answerIntakePages(user);
  // The marketing choice was the assessment's: not asked twice.
  expect(marketingBox()).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByLabelText('State ID card'));
  await user.type(screen.getByRole('textbox', { name: 'ID number' }), 'S123-4567-8901');
  await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

  await vi.waitFor(() => {
    expect(calls.checks).toHaveLength(1);
  });
  expect(Object.keys(must(calls.checks[0])).sort()).toEqual(
    ['birthdate', 'firstName', 'idNumber', 'idType', 'lastName', 'state'].sort(),
  );
});

test('an ED patient with no lead yet gives contact details first, prefilled from the link, then birthdate and state', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeStep();
  const journey = memoryJourneyCalls();
  const prefill = btoa(JSON.stringify({ firstName: 'Rowan', lastName: 'Vale', email: 'rowan.vale@example.com' }));
  renderIntake({ code: 'dailytada', journey, step, query: `?prefill=${encodeURIComponent(prefill)}` });

  expect(await screen.findByRole('heading', { name: 'Your contact details' })).toBeVisible();
  expect(screen.getByText('Page 1 of 4')).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Rowan');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('rowan.vale@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '3125550188');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  await answerIntakePages(user);
  // No assessment came first: the consent page offers the optional marketing choice, unticked.
  expect(marketingBox()).not.toBeChecked();
  expect(marketingBox()).not.toBeRequired();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'About you' })).toBeVisible();
  await user.type(screen.getByRole('textbox', { name: 'What is your date of birth?' }), '02/14/1975');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Which state do you live in?' }), 'Texas');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  const saved = must(calls.leads[0]).lead;
  expect(saved).toMatchObject({
    firstName: 'Rowan',
    lastName: 'Vale',
    email: 'rowan.vale@example.com',
    phone: '3125550188',
    formId: 'MIP-H2',
    pathCode: 'dailytada',
  });
  expect(saved.answers).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ ref: 'birthdate', value: ['1975-02-14'] }),
      expect.objectContaining({ ref: 'state', value: ['TX'] }),
      // Left unticked, it is on record as not given.
      expect.objectContaining({ ref: 'marketing-consent', value: ['false'] }),
    ]),
  );
  expect(calls.checks).toEqual([{ firstName: 'Rowan', lastName: 'Vale', birthdate: '1975-02-14', state: 'TX' }]);
  expect(must(journey.saved.get('dailytada')).landingId).toBe(saved.landing_id);
});

test("a link's landing id names the lead: no contact page, and its details are used", async () => {
  const user = userEvent.setup();
  const linkLead: Lead = {
    landing_id: 'TGluay1sZWFk',
    formId: 'MIP',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '2025550143',
    answers: [
      { ref: 'birthdate', type: 'date', value: ['1975-02-14'], questionId: 'q-birthdate' },
      { ref: 'state', type: 'us-state', value: ['TX'], questionId: 'q-state' },
    ],
    savedAt: '2024-05-01T14:55:00.000Z',
  };
  const calls = intakeApi({ linkLead });
  const step = fakeStep();
  renderIntake({ code: 'a2-renewal', journey: memoryJourneyCalls(), step, query: '?landing_id=TGluay1sZWFk' });

  expect(await screen.findByText('Page 1 of 2')).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'Your contact details' })).not.toBeInTheDocument();
  await answerIntakePages(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  expect(calls.leads.map((call) => call.lead.landing_id)).toEqual(['TGluay1sZWFk']);
  expect(calls.checks).toEqual([{ firstName: 'Jane', lastName: 'Doe', birthdate: '1975-02-14', state: 'TX' }]);
});

test("a link's lead that holds the marketing choice is not asked it again; one without it is", async () => {
  const user = userEvent.setup();
  const linkLead = (marketing: boolean): Lead => ({
    landing_id: 'TGluay1sZWFk',
    formId: 'MIP-H2',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '2025550143',
    answers: [
      { ref: 'birthdate', type: 'date', value: ['1975-02-14'], questionId: 'q-birthdate' },
      { ref: 'state', type: 'us-state', value: ['TX'], questionId: 'q-state' },
      ...(marketing
        ? [{ ref: 'marketing-consent', type: 'consent' as const, value: ['true'], questionId: 'q-marketing-consent' }]
        : []),
    ],
    savedAt: '2024-05-01T14:55:00.000Z',
  });
  for (const [marketing, asked] of [
    [true, false],
    [false, true],
  ] as const) {
    intakeApi({ linkLead: linkLead(marketing) });
    const view = renderIntake({
      code: 'a2-renewal',
      journey: memoryJourneyCalls(),
      query: '?landing_id=TGluay1sZWFk',
    });
    expect(await screen.findByText('Page 1 of 2')).toBeVisible();
    await answerIntakePages(user);
    if (asked) expect(marketingBox()).not.toBeChecked();
    else expect(marketingBox()).not.toBeInTheDocument();
    view.unmount();
  }
});

test('a reload returns to the same page with the answers given', async () => {
  const user = userEvent.setup();
  intakeApi();
  const journey = memoryJourneyCalls();
  const first = renderIntake({ code: 'groupc', journey });

  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Rowan');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Vale');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rowan.vale@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '3125550188');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  const surgery = await screen.findByRole('radiogroup', { name: 'Have you had surgery in the last 6 months?' });
  await user.click(within(surgery).getByLabelText('Yes'));
  await vi.waitFor(() => {
    expect(must(journey.saved.get('groupc')).answers['recent-surgery']).toEqual(['yes']);
  });
  first.unmount();

  renderIntake({ code: 'groupc', journey });
  const again = await screen.findByRole('radiogroup', { name: 'Have you had surgery in the last 6 months?' });
  expect(screen.getByText('Page 2 of 4')).toBeVisible();
  expect(within(again).getByLabelText('Yes')).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Rowan');
});

test('a reload during the identity step comes back to it, with nothing typed kept', async () => {
  intakeApi();
  const journey = memoryJourneyCalls({
    shrt: afterAssessment('KY', { records: { 'intake.asks': 'none', 'intake.identity': 'pending' } }),
  });
  renderIntake({ code: 'shrt', journey });

  expect(await screen.findByRole('heading', { name: 'Confirm your identity' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'ID number' })).toHaveValue('');
  expect(screen.getByLabelText(/Social Security number/)).toHaveValue('');
});

test('a network failure of the identity check says so on the page and keeps what was typed for a retry', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeStep();
  let fail = true;
  server.use(
    http.post(`${TEST_API_BASE}/idVerification/identityCheck`, async ({ request }) => {
      if (fail) return HttpResponse.error();
      const form = new URLSearchParams(await request.text());
      calls.checks.push(JSON.parse(form.get('customer') ?? '{}') as IdentityCustomer);
      return HttpResponse.json({
        data: { checkId: 'idc_test2', verified: true, status: 'verified', checkedAt: '2024-05-01T15:00:00.000Z' },
      });
    }),
  );
  renderIntake({ code: 'shrt', journey: memoryJourneyCalls({ shrt: afterAssessment('MI') }), step });

  await answerIntakePages(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByLabelText("Driver's license"));
  await user.type(screen.getByRole('textbox', { name: 'ID number' }), 'M1234567');
  await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

  expect(await screen.findByText(/We could not reach our service/)).toBeVisible();
  expect(step.moved).not.toHaveBeenCalled();
  expect(screen.getByRole('textbox', { name: 'ID number' })).toHaveValue('M1234567');
  const retry = screen.getByRole('button', { name: 'Confirm and continue' });
  expect(retry).toBeEnabled();

  fail = false;
  await user.click(retry);
  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  expect(calls.checks).toHaveLength(1);
});

test('a review result does not stop the patient: they are told the care team may contact them', async () => {
  const user = userEvent.setup();
  intakeApi({ checkStatus: 'review' });
  const step = fakeStep();
  const journey = memoryJourneyCalls({ fshrt: afterAssessment('TX') });
  renderIntake({ code: 'fshrt', journey, step, route: femaleRoute });

  await answerIntakePages(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByText('Our care team may contact you')).toBeVisible();
  expect(screen.getByText(/\(888\) 555-0187/)).toBeVisible();
  expect(step.moved).not.toHaveBeenCalled();
  expect(must(journey.saved.get('fshrt')).completed).toContain('MIP-H2');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(step.onNext).toHaveBeenCalledTimes(1);
});

test('a failed lead save says so and keeps the patient on the last page', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeStep();
  server.use(
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, () =>
      HttpResponse.json({ status: 400, message: 'Bad request', details: 'lead is not valid' }, { status: 400 }),
    ),
  );
  renderIntake({ code: 'shrt', journey: memoryJourneyCalls({ shrt: afterAssessment('TX') }), step });

  await answerIntakePages(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByText('/saveLead: 400: lead is not valid')).toBeVisible();
  expect(screen.getByRole('checkbox', { name: 'I consent to receive care through telehealth.' })).toBeChecked();
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(calls.checks).toHaveLength(0);
  expect(step.moved).not.toHaveBeenCalled();
});

test('a patient who finished the intake sees it is complete and can go on or review', async () => {
  const user = userEvent.setup();
  intakeApi();
  const step = fakeStep();
  const journey = memoryJourneyCalls({
    shrt: afterAssessment('TX', {
      completed: ['MIP', 'MIP-H2'],
      records: { 'intake.asks': 'none', 'intake.identity': 'verified', 'intake.identityCheckId': 'idc_1' },
    }),
  });
  renderIntake({ code: 'shrt', journey, step });

  expect(await screen.findByRole('heading', { name: 'Your intake is complete' })).toBeVisible();
  expect(screen.queryByText('Our care team may contact you')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Review my answers' }));
  expect(await screen.findByText(/Page \d of 2/)).toBeVisible();
});

/** The serious and critical axe violations of the page (colour contrast needs a real browser). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

test('axe finds no serious problem on the contact page with its errors shown', async () => {
  const user = userEvent.setup();
  intakeApi();
  renderIntake({ code: 'groupc', journey: memoryJourneyCalls() });
  await screen.findByRole('textbox', { name: 'First name' });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await seriousViolations()).toEqual([]);
});

test('axe finds no serious problem on the identity step with its errors shown', async () => {
  const user = userEvent.setup();
  intakeApi();
  renderIntake({
    code: 'shrt',
    journey: memoryJourneyCalls({
      shrt: afterAssessment('KY', { records: { 'intake.asks': 'none', 'intake.identity': 'pending' } }),
    }),
  });
  await screen.findByRole('heading', { name: 'Confirm your identity' });
  await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
  expect(screen.getByLabelText(/Social Security number/)).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations()).toEqual([]);
});

test('in a state with no documents, a failed identity check keeps the patient on the last page to try again', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const step = fakeStep();
  let fail = true;
  server.use(
    http.post(`${TEST_API_BASE}/idVerification/identityCheck`, async ({ request }) => {
      if (fail) return HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 });
      const form = new URLSearchParams(await request.text());
      calls.checks.push(JSON.parse(form.get('customer') ?? '{}') as IdentityCustomer);
      return HttpResponse.json({
        data: { checkId: 'idc_test3', verified: true, status: 'verified', checkedAt: '2024-05-01T15:00:00.000Z' },
      });
    }),
  );
  renderIntake({ code: 'shrt', journey: memoryJourneyCalls({ shrt: afterAssessment('CA') }), step });

  await answerIntakePages(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('/identityCheck: 500: Internal server error')).toBeVisible();
  expect(step.moved).not.toHaveBeenCalled();

  fail = false;
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  expect(calls.checks).toEqual([{ firstName: 'Avery', lastName: 'Quill', birthdate: '1980-04-27', state: 'CA' }]);
});

test('an ED patient is asked the ED health page, and the state only once: the shipping address gives it', async () => {
  const user = userEvent.setup();
  const calls = intakeApi();
  const asked: string[] = [];
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/pageQuestions`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('pageIds') ?? '');
      return HttpResponse.json({
        data: {
          formId: 'MIP-H2',
          pages: [
            {
              id: '4',
              formId: 'MIP-H2',
              title: 'Your health and ED',
              questions: [
                {
                  id: 'q-nitrates',
                  ref: 'nitrates',
                  type: 'yes-no',
                  label: 'Do you take a nitrate medicine?',
                  required: true,
                },
              ],
            },
            {
              id: '2',
              formId: 'MIP-H2',
              title: 'Shipping',
              questions: [
                {
                  id: 'q-ship',
                  ref: 'shipping-address',
                  type: 'address',
                  label: 'Where should we ship it?',
                  required: true,
                },
              ],
            },
          ],
        },
      });
    }),
  );
  const step = fakeStep();
  const journey = memoryJourneyCalls();
  renderIntake({ code: 'dailytada', journey, step });

  await screen.findByRole('heading', { name: 'Your contact details' });
  expect(asked).toEqual(['4,2,3']);
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Rowan');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Vale');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rowan.vale@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '3125550188');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  const nitrates = await screen.findByRole('radiogroup', { name: 'Do you take a nitrate medicine?' });
  await user.click(within(nitrates).getByLabelText('No'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Shipping' });
  await user.type(screen.getByRole('textbox', { name: 'Street address' }), '12 Juniper Lane');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'Texas');
  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '78701');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(await screen.findByRole('heading', { name: 'About you' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'What is your date of birth?' })).toBeVisible();
  expect(screen.queryByRole('combobox', { name: 'Which state do you live in?' })).toBeNull();
  await user.type(screen.getByRole('textbox', { name: 'What is your date of birth?' }), '02/14/1975');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await vi.waitFor(() => {
    expect(step.moved).toHaveBeenCalledTimes(1);
  });
  const saved = must(calls.leads[0]).lead;
  expect(saved.answers.filter((answer) => answer.ref === 'state')).toEqual([
    expect.objectContaining({ value: ['TX'] }),
  ]);
  expect(calls.checks).toEqual([{ firstName: 'Rowan', lastName: 'Vale', birthdate: '1975-02-14', state: 'TX' }]);
});

/** The intake API, recording the page ids each pageQuestions call asks for. */
function pagesAsked(): string[] {
  const asked: string[] = [];
  intakeApi();
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/pageQuestions`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('pageIds') ?? '');
      return HttpResponse.json({ data: INTAKE_PAGES });
    }),
  );
  return asked;
}

test('an HRT code keeps the route’s intake pages', async () => {
  const asked = pagesAsked();
  renderIntake({ code: 'shrt', journey: memoryJourneyCalls({ shrt: afterAssessment('TX') }) });
  await screen.findByRole('heading', { name: 'Your medical history' });
  expect(asked).toEqual(['1,2,3']);
});

test('the ED renewal asks its own page, and first says it is for current patients, with the way to a first visit', async () => {
  const asked = pagesAsked();
  renderIntake({ code: 'a2-renewal', journey: memoryJourneyCalls(), step: fakeStep() });

  const note = await screen.findByRole('note', { name: 'Renewing your ED prescription' });
  expect(note).toHaveTextContent('Renewal is for patients who already have an ED prescription from us.');
  expect(within(note).getByRole('link', { name: 'Start a first visit' })).toHaveAttribute(
    'href',
    '/mip/form/dailytada',
  );
  await screen.findByRole('heading', { name: 'Your contact details' });
  expect(asked).toEqual(['5,2,3']);
});

test('a first ED visit has no renewal note', async () => {
  intakeApi();
  renderIntake({ code: 'dailytada', journey: memoryJourneyCalls(), step: fakeStep() });
  await screen.findByRole('heading', { name: 'Your contact details' });
  expect(screen.queryByRole('note', { name: 'Renewing your ED prescription' })).not.toBeInTheDocument();
});
