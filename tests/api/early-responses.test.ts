import { EARLY_FORM_SLOT, EARLY_SUBMIT_ATTRIBUTE } from '../../src/contract/early-form.ts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { getJourney } from '../../src/shared/journey/journey-api.ts';
import { getPageQuestions } from '../../src/shared/api/content.ts';
import { EARLY_RESPONSES_KEY, EARLY_RESPONSE_MAX_AGE_MS } from '../../src/shared/api/early-responses.ts';
import { setRuntimeConfig } from '../../src/shared/api/http.ts';
import { saveJourney } from '../../src/shared/journey/journey-api.ts';

/**
 * A prerendered page asks for its first calls before the app runs (src/page-start.ts); the
 * app's client takes those answers instead of asking the server again, once, and only while
 * they can still be right.
 */
const ORIGIN = 'http://localhost:4173';
const JOURNEY_URL = `${ORIGIN}/api/journey?pathCode=shrt`;
const QUESTIONS_URL = `${ORIGIN}/api/memoForm/pageQuestions?formId=MIP&pageIds=1%2C2%2C3%2C4`;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** What the server answered, by URL, counting every call that reached it. */
let served: string[] = [];

function earlyAnswers(answers: Record<string, unknown>, startedAt = performance.now()) {
  (globalThis as unknown as { window: Record<string, unknown> }).window[EARLY_RESPONSES_KEY] = {
    responses: new Map(Object.entries(answers).map(([url, body]) => [url, Promise.resolve(json(body))])),
    startedAt,
  };
}

beforeEach(() => {
  served = [];
  vi.stubGlobal('window', {});
  setRuntimeConfig({ apiBase: `${ORIGIN}/api` });
  vi.stubGlobal('fetch', (input: Request) => {
    served.push(`${input.method} ${input.url}`);
    if (input.url.startsWith(`${ORIGIN}/api/journey`)) {
      return Promise.resolve(
        json({ data: { pathCode: 'shrt', state: { answers: { from: ['server'] } }, revision: 2, updatedAt: '' } }),
      );
    }
    return Promise.resolve(json({ data: { pages: [{ id: 'server' }] } }));
  });
});
afterEach(() => {
  setRuntimeConfig(null);
  vi.unstubAllGlobals();
});

const earlyJourney = {
  data: { pathCode: 'shrt', state: { answers: { from: ['early'] } }, revision: 1, updatedAt: '' },
};

test('the journey and the questions the page asked for early are used, and the server is not asked again', async () => {
  earlyAnswers({ [JOURNEY_URL]: earlyJourney, [QUESTIONS_URL]: { data: { pages: [{ id: 'early' }] } } });
  const journey = await getJourney({ pathCode: 'shrt' });
  const questions = await getPageQuestions({ formId: 'MIP', pageIds: ['1', '2', '3', '4'] });
  expect(journey?.state.answers).toEqual({ from: ['early'] });
  expect(questions).toEqual({ pages: [{ id: 'early' }] });
  expect(served).toEqual([]);
});

test('an early answer is used once: the next call goes to the server', async () => {
  earlyAnswers({ [JOURNEY_URL]: earlyJourney });
  await getJourney({ pathCode: 'shrt' });
  const again = await getJourney({ pathCode: 'shrt' });
  expect(again?.state.answers).toEqual({ from: ['server'] });
  expect(served).toEqual([`GET ${JOURNEY_URL}`]);
});

test('a call for anything else, or another code, goes to the server', async () => {
  earlyAnswers({ [JOURNEY_URL]: earlyJourney });
  const other = await getJourney({ pathCode: 'fha1' });
  expect(other?.state.answers).toEqual({ from: ['server'] });
  expect(served).toEqual([`GET ${ORIGIN}/api/journey?pathCode=fha1`]);
});

test('after the journey is saved, the early journey is out of date and never used; the questions still are', async () => {
  earlyAnswers({ [JOURNEY_URL]: earlyJourney, [QUESTIONS_URL]: { data: { pages: [{ id: 'early' }] } } });
  vi.stubGlobal('fetch', (input: Request) => {
    served.push(`${input.method} ${input.url}`);
    return Promise.resolve(
      json({ data: { pathCode: 'shrt', state: { answers: { from: ['server'] } }, revision: 3, updatedAt: '' } }),
    );
  });
  await saveJourney({
    pathCode: 'shrt',
    state: { version: 3, landedAt: '', answers: {}, pages: {}, completed: [], records: {} },
  });
  const journey = await getJourney({ pathCode: 'shrt' });
  expect(journey?.state.answers).toEqual({ from: ['server'] });
  expect(await getPageQuestions({ formId: 'MIP', pageIds: ['1', '2', '3', '4'] })).toEqual({
    pages: [{ id: 'early' }],
  });
});

test('an early answer older than the page start allows is not used', async () => {
  earlyAnswers({ [JOURNEY_URL]: earlyJourney }, performance.now() - EARLY_RESPONSE_MAX_AGE_MS - 1);
  const journey = await getJourney({ pathCode: 'shrt' });
  expect(journey?.state.answers).toEqual({ from: ['server'] });
});

test('src/page-start.ts leaves the answers where the client looks for them', async () => {
  const { readFileSync } = await import('node:fs');
  const source = readFileSync(new URL('../../src/page-start.ts', import.meta.url), 'utf8');
  expect(source).toContain(`const EARLY_RESPONSES_KEY = '${EARLY_RESPONSES_KEY}';`);
});

test('src/page-start.ts holds an early press of Next where the app looks for it', async () => {
  const { readFileSync } = await import('node:fs');
  const source = readFileSync(new URL('../../src/page-start.ts', import.meta.url), 'utf8');
  expect(source).toContain(`const EARLY_FORM_SLOT = '${EARLY_FORM_SLOT}';`);
  expect(source).toContain(`const EARLY_SUBMIT_ATTRIBUTE = '${EARLY_SUBMIT_ATTRIBUTE}';`);
});
