import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import { ApiError, setRuntimeConfig } from '../../../src/shared/api/http.ts';
import type { Answer, Lead, LeadPayload } from '../../../src/contract/api-types.ts';
import { decodeLandingId, makeLandingId } from '../../../src/domain/landing-id.ts';
import type { JourneyHandle } from '../../../src/shared/journey/journey-context.tsx';
import {
  AnswerProblem,
  contactOf,
  hasContact,
  mergeAnswers,
  rawAnswersOf,
  saveJourneyLead,
} from '../../../src/shared/journey/lead.ts';
import { contractValidator } from '../../../src/contract/openapi.ts';
import { server, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from '../../api/msw.ts';
import { MIP_PAGES, mipPage } from '../../support/mip-pages.ts';

useApiServer();
beforeEach(() => {
  // Retries of a failed call happen at once here.
  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN, retryIntervalMs: 1 });
});

const validLead = contractValidator().component('LeadPayload');
const validScores = contractValidator().component('Scores');

/** Everything a patient answers on the four assessment pages. */
const ANSWERS: JourneyState['answers'] = {
  birthdate: ['1980-02-29'],
  state: ['TX'],
  weight: ['180'],
  'energy-level': ['Low'],
  symptoms: ['fatigue', 'poor-sleep'],
  'symptom-duration': ['over-1-year'],
  'hormone-cancer': ['no'],
  'blood-clot': ['no'],
  medications: [''],
  firstName: [' Avery '],
  lastName: ['Van Dyke'],
  email: ['avery@example.com'],
  phone: ['(212) 555-0187'],
  'marketing-consent': ['true'],
};

const LANDED_AT = '2026-11-20T09:00:00.000Z';

/** A journey handle as a screen holds it; `save` applies the change and keeps every saved state. */
function journeyOf(state: Partial<JourneyState> = {}) {
  const saves: JourneyState[] = [];
  const handle: JourneyHandle & { saves: JourneyState[] } = {
    status: 'ready',
    state: {
      version: 3,
      landedAt: LANDED_AT,
      answers: ANSWERS,
      pages: { MIP: 3 },
      completed: [],
      records: {},
      ...state,
    },
    update: () => {
      throw new Error('saving a lead does not type');
    },
    save: (change) => {
      if (change) handle.state = change(handle.state);
      saves.push(handle.state);
      return Promise.resolve();
    },
    saves,
  };
  return handle;
}

interface SavedLead {
  lead: LeadPayload;
  scores: unknown;
  landingId: string;
}

/**
 * The lead calls as the server answers them: getLead from `leads` (404 when unknown), saveLead
 * recorded with its JSON fields decoded and checked against the contract.
 */
function leadServer(leads: Record<string, Lead> = {}, options: { journeyLandingId?: string } = {}) {
  const looked: string[] = [];
  const saved: SavedLead[] = [];
  server.use(
    // The journey's own lead, read through the journey (the server knows its landing id from the cookie).
    http.get(`${TEST_API_BASE}/journey/lead`, ({ request }) => {
      looked.push(`journey:${new URL(request.url).searchParams.get('pathCode') ?? ''}`);
      const lead = options.journeyLandingId === undefined ? undefined : leads[options.journeyLandingId];
      if (!lead) return HttpResponse.json({ status: 404, message: 'No lead yet' }, { status: 404 });
      return HttpResponse.json({ data: lead });
    }),
    http.get(`${TEST_API_BASE}/memoForm/getLead`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('landing_id') ?? '';
      looked.push(id);
      const lead = leads[id];
      if (!lead) return HttpResponse.json({ status: 404, message: 'Lead not found' }, { status: 404 });
      return HttpResponse.json({ data: lead });
    }),
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, async ({ request }) => {
      const body = (await request.json()) as { lead: string; scores?: string; landingId: string };
      const lead = JSON.parse(body.lead) as LeadPayload;
      const scores: unknown = body.scores === undefined ? undefined : JSON.parse(body.scores);
      if (!validLead(lead) || (scores !== undefined && !validScores(scores))) {
        return HttpResponse.json(
          { status: 400, message: 'The request is not valid', details: JSON.stringify(validLead.errors) },
          { status: 400 },
        );
      }
      saved.push({ lead, scores, landingId: body.landingId });
      return HttpResponse.json({ data: { landing_id: lead.landing_id, savedAt: '2026-11-20T09:30:00.000Z' } });
    }),
  );
  return { looked, saved };
}

const answer = (ref: string, value: string[], questionId = `q-${ref}`): Answer => ({
  ref,
  type: 'text',
  value,
  questionId,
});

function savedLead(landingId: string, answers: Answer[]): Lead {
  return {
    landing_id: landingId,
    firstName: 'Avery',
    lastName: 'Van Dyke',
    email: 'avery@example.com',
    phone: '2125550187',
    answers,
    savedAt: '2026-11-19T09:00:00.000Z',
  };
}

const NEW_ID = makeLandingId({ lastName: 'Van Dyke', email: 'avery@example.com', landedAt: LANDED_AT, formId: 'MIP' });

test('the answers of some pages are read in page order, a date going back to MM/DD/YYYY', () => {
  const raw = rawAnswersOf([mipPage('1'), mipPage('3')], { ...ANSWERS, weight: [] });

  expect(raw).toEqual([
    { ref: 'birthdate', type: 'date', questionId: 'q-birthdate', value: ['02/29/1980'] },
    { ref: 'state', type: 'us-state', questionId: 'q-state', value: ['TX'] },
    { ref: 'weight', type: 'number', questionId: 'q-weight', value: [] },
    { ref: 'hormone-cancer', type: 'yes-no', questionId: 'q-cancer', value: ['no'] },
    { ref: 'blood-clot', type: 'yes-no', questionId: 'q-blood-clot', value: ['no'] },
    { ref: 'medications', type: 'text', questionId: 'q-medications', value: [''] },
  ]);
  // A question without a ref is answered under its id; an unanswered one is an empty list.
  expect(
    rawAnswersOf(
      [{ id: 'x', formId: 'MIP', questions: [{ id: 'q-age', type: 'number', label: 'Age', required: true }] }],
      {},
    ),
  ).toEqual([{ ref: 'q-age', type: 'number', questionId: 'q-age', value: [] }]);
});

test('the optional marketing consent is recorded either way: ticked as given, unticked as not given', () => {
  const consent = (answers: JourneyState['answers']) =>
    rawAnswersOf([mipPage('4')], answers).find((answer) => answer.ref === 'marketing-consent');
  expect(mipPage('4').questions.find((question) => question.ref === 'marketing-consent')?.required).toBe(false);
  expect(consent({ 'marketing-consent': ['true'] })?.value).toEqual(['true']);
  // The box stores nothing when unticked; the lead says "not given" instead of leaving it out.
  expect(consent({ 'marketing-consent': [] })?.value).toEqual(['false']);
  expect(consent({})?.value).toEqual(['false']);
});

test('a date still being typed is passed on as it is, for the submission rules to refuse', () => {
  expect(rawAnswersOf([mipPage('1')], { birthdate: ['02/3'] })[0]?.value).toEqual(['02/3']);
});

test('the contact details are the four answers, trimmed, the phone as its ten digits', () => {
  expect(contactOf(ANSWERS)).toEqual({
    firstName: 'Avery',
    lastName: 'Van Dyke',
    email: 'avery@example.com',
    phone: '2125550187',
  });
  expect(contactOf({ ...ANSWERS, phone: ['+1 212.555.0187'] }).phone).toBe('2125550187');
  expect(hasContact(ANSWERS)).toBe(true);
});

test('a missing contact answer is named exactly, in the order firstName, lastName, email, phone', () => {
  const without = (...refs: string[]) =>
    Object.fromEntries(Object.entries(ANSWERS).filter(([ref]) => !refs.includes(ref)));

  expect(() => contactOf(without('firstName'))).toThrow(new Error('No value found for key firstName in given object'));
  expect(() => contactOf(without('email', 'phone'))).toThrow(new Error('No value found for key email in given object'));
  expect(() => contactOf({ ...ANSWERS, lastName: ['   '] })).toThrow(
    new Error('No value found for key lastName in given object'),
  );
  expect(() => contactOf({ ...ANSWERS, phone: [] })).toThrow(new Error('No value found for key phone in given object'));
  expect(hasContact(without('phone'))).toBe(false);
});

test('merged answers keep the order they were first given, a later answer replacing an earlier one in place', () => {
  const earlier = [answer('energy-level', ['Low']), answer('weight', ['180']), answer('state', ['TX'])];
  const later = [answer('weight', ['175']), answer('firstName', ['Avery'])];

  expect(mergeAnswers(earlier, later)).toEqual([
    answer('energy-level', ['Low']),
    answer('weight', ['175']),
    answer('state', ['TX']),
    answer('firstName', ['Avery']),
  ]);
  expect(mergeAnswers([], later)).toEqual(later);
  expect(mergeAnswers(earlier, [])).toEqual(earlier);
});

test('a new patient gets a new lead under the landing id of SPEC §3, with their answers and scores', async () => {
  const calls = leadServer();
  const journey = journeyOf();

  const landingId = await saveJourneyLead({
    journey,
    pages: MIP_PAGES,
    pathCode: 'shrt',
    formId: 'MIP',
    linkLandingId: '',
    scores: { symptoms: 25, energy: 100, duration: 100, overall: 75 },
  });

  expect(landingId).toBe(NEW_ID);
  expect(decodeLandingId(landingId)).toEqual({
    lastName: 'Van_Dyke',
    email: 'avery@example.com',
    landingDate: '2026-11-20',
    formId: 'MIP',
    suffix: '',
  });
  expect(calls.looked).toEqual([]);
  expect(calls.saved).toHaveLength(1);
  const [saved] = calls.saved;
  expect(saved?.landingId).toBe(NEW_ID);
  expect(saved?.scores).toEqual({ symptoms: 25, energy: 100, duration: 100, overall: 75 });
  expect(saved?.lead).toMatchObject({
    landing_id: NEW_ID,
    firstName: 'Avery',
    lastName: 'Van Dyke',
    email: 'avery@example.com',
    phone: '2125550187',
    formId: 'MIP',
    pathCode: 'shrt',
    landed_at: LANDED_AT,
  });
  expect(saved?.lead.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  // Every answer of the four pages, normalised; the empty medications answer left out.
  expect(saved?.lead.answers.map((given) => [given.ref, given.value])).toEqual([
    ['birthdate', ['1980-02-29']],
    ['state', ['TX']],
    ['weight', ['180']],
    ['energy-level', ['Low']],
    ['symptoms', ['fatigue', 'poor-sleep']],
    ['symptom-duration', ['over-1-year']],
    ['hormone-cancer', ['no']],
    ['blood-clot', ['no']],
    ['firstName', ['Avery']],
    ['lastName', ['Van Dyke']],
    ['email', ['avery@example.com']],
    ['phone', ['(212) 555-0187']],
    ['marketing-consent', ['true']],
  ]);
});

test('the journey then records the landing id and the assessment as completed', async () => {
  leadServer();
  const journey = journeyOf({ completed: ['payment'] });

  await saveJourneyLead({ journey, pages: MIP_PAGES, pathCode: 'shrt', formId: 'MIP', linkLandingId: '' });

  expect(journey.saves).toHaveLength(1);
  expect(journey.saves[0]).toMatchObject({ landingId: NEW_ID, completed: ['payment', 'MIP'], pages: { MIP: 3 } });
});

test('saving the same form again does not list it twice, and no scores are sent when none are given', async () => {
  const calls = leadServer({ [NEW_ID]: savedLead(NEW_ID, []) }, { journeyLandingId: NEW_ID });
  const journey = journeyOf({ landingId: NEW_ID, completed: ['MIP'] });

  await saveJourneyLead({ journey, pages: MIP_PAGES, pathCode: 'shrt', formId: 'MIP', linkLandingId: '' });

  expect(journey.state.completed).toEqual(['MIP']);
  expect(calls.saved[0]?.scores).toBeUndefined();
});

test("a journey's lead is updated under its own landing id, keeping its earlier answers", async () => {
  const earlierId = 'Q2FzaC1wYXltZW50LWxlYWQ';
  const calls = leadServer(
    {
      [earlierId]: savedLead(earlierId, [
        answer('shipping', ['1 Main St']),
        answer('energy-level', ['High'], 'q-energy'),
      ]),
    },
    { journeyLandingId: earlierId },
  );
  const journey = journeyOf({ landingId: earlierId });

  const landingId = await saveJourneyLead({
    journey,
    pages: [mipPage('2')],
    pathCode: 'bhrt',
    formId: 'MIP',
    linkLandingId: 'TGlua0xhbmRpbmdJZA',
  });

  expect(landingId).toBe(earlierId);
  // Read through the journey: the landing id (last name and email) never goes in a URL.
  expect(calls.looked).toEqual(['journey:bhrt']);
  expect(calls.saved[0]?.landingId).toBe(earlierId);
  expect(calls.saved[0]?.lead.answers.map((given) => [given.ref, given.value])).toEqual([
    ['shipping', ['1 Main St']],
    ['energy-level', ['Low']],
    ['symptoms', ['fatigue', 'poor-sleep']],
    ['symptom-duration', ['over-1-year']],
  ]);
  expect(journey.state.landingId).toBe(earlierId);
});

test("the link's landing id is used when its lead exists, with that lead's answers kept", async () => {
  const linkId = 'TGlua0xhbmRpbmdJZA';
  const calls = leadServer({ [linkId]: savedLead(linkId, [answer('referral', ['friend'])]) });
  const journey = journeyOf();

  const landingId = await saveJourneyLead({
    journey,
    pages: [mipPage('4')],
    pathCode: 'dailytada',
    formId: 'MIP',
    linkLandingId: linkId,
  });

  expect(landingId).toBe(linkId);
  expect(calls.looked).toEqual([linkId]);
  expect(calls.saved[0]?.lead.landing_id).toBe(linkId);
  expect(calls.saved[0]?.lead.answers.map((given) => given.ref)).toEqual([
    'referral',
    'firstName',
    'lastName',
    'email',
    'phone',
    'marketing-consent',
  ]);
  expect(journey.state.landingId).toBe(linkId);
});

test("a link's landing id with no lead behind it (404) starts a new lead there, with no earlier answers", async () => {
  const linkId = 'TGlua0xhbmRpbmdJZA';
  const calls = leadServer();
  const journey = journeyOf();

  const landingId = await saveJourneyLead({
    journey,
    pages: [mipPage('4')],
    pathCode: 'shrt',
    formId: 'MIP',
    linkLandingId: linkId,
  });

  // Payment and results read the lead under the link's landing id, so the new lead is saved there.
  expect(landingId).toBe(linkId);
  expect(calls.looked).toEqual([linkId]);
  expect(calls.saved[0]?.lead.answers.map((given) => given.ref)).toEqual([
    'firstName',
    'lastName',
    'email',
    'phone',
    'marketing-consent',
  ]);
  expect(journey.state).toMatchObject({ landingId: linkId, completed: ['MIP'] });
});

test('when the earlier lead cannot be read, nothing is saved and the journey is not marked done', async () => {
  const journey = journeyOf({ landingId: NEW_ID });
  let saves = 0;
  server.use(
    http.get(`${TEST_API_BASE}/journey/lead`, () =>
      HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 }),
    ),
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, () => {
      saves += 1;
      return HttpResponse.json({ data: { landing_id: NEW_ID, savedAt: '2026-11-20T09:30:00.000Z' } });
    }),
  );

  const saving = saveJourneyLead({ journey, pages: MIP_PAGES, pathCode: 'shrt', formId: 'MIP', linkLandingId: '' });

  await expect(saving).rejects.toThrow(
    new ApiError('/lead: 500: Internal server error', 500, 'lead', undefined, undefined, {
      status: 500,
      message: 'Internal server error',
    }),
  );
  expect(saves).toBe(0);
  expect(journey.saves).toEqual([]);
});

test('a lead the server refuses is reported with its snackbar text and the form is not marked completed', async () => {
  leadServer();
  server.use(
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, () =>
      HttpResponse.json(
        { status: 400, message: 'The request is not valid', details: 'lead is too long' },
        { status: 400 },
      ),
    ),
  );
  const journey = journeyOf();

  await expect(
    saveJourneyLead({ journey, pages: MIP_PAGES, pathCode: 'shrt', formId: 'MIP', linkLandingId: '' }),
  ).rejects.toThrow('/saveLead: 400: lead is too long');
  expect(journey.saves).toEqual([]);
  expect(journey.state.completed).toEqual([]);
});

test('without contact details or with a date that cannot be read, nothing is sent', async () => {
  const calls = leadServer();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

  await expect(
    saveJourneyLead({
      journey: journeyOf({ answers: { ...ANSWERS, email: [] } }),
      pages: MIP_PAGES,
      pathCode: 'shrt',
      formId: 'MIP',
      linkLandingId: '',
    }),
  ).rejects.toThrow('No value found for key email in given object');
  await expect(
    saveJourneyLead({
      journey: journeyOf({ answers: { ...ANSWERS, birthdate: ['1980-02-30'] } }),
      pages: MIP_PAGES,
      pathCode: 'shrt',
      formId: 'MIP',
      linkLandingId: '',
    }),
  ).rejects.toBeInstanceOf(AnswerProblem);
  // The console hears what kind of problem it was, never the birthdate.
  expect(logged).toHaveBeenCalledWith('invalid birthdate', { expected: 'MM/DD/YYYY' });
  expect(JSON.stringify(logged.mock.calls)).not.toContain('1980');
  logged.mockRestore();
  expect(calls.looked).toEqual([]);
  expect(calls.saved).toEqual([]);
});
