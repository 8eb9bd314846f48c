import { expect, test } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  arrivalOf,
  closedPageOf,
  createFunnelMachine,
  gateOf,
  stepIndexOf,
  urlOf,
  type FunnelEvent,
} from '../../src/engine/funnel-machine.ts';
import type { Visit } from '../../src/engine/funnel-plan.ts';
import { replay } from '../../src/engine/simulate.ts';
import { loadEngine } from '../support/config.ts';

/**
 * Every step's door (issue 37): wherever a patient arrives (a cold link, a second device, an old
 * tab, Back, a return link), once their journey says what they hold they stand on the step they
 * opened only when they hold all it is due, else on the furthest step before it whose due facts
 * they hold, with why. Machines alone, no browser: the app's journey.known carries the facts.
 */

const engine = loadEngine();
const visit = (code: string, brand: 'male' | 'female' = 'male', query = ''): Visit => ({ code, brand, query });
const known = (facts: string[], extra: Partial<Extract<FunnelEvent, { type: 'journey.known' }>> = {}): FunnelEvent => ({
  type: 'journey.known',
  facts,
  ...extra,
});
const next: FunnelEvent = { type: 'step.next' };

test('a cold booking link brings a visitor nobody can reach to the assessment, saying the clinic needs their contact', () => {
  const { snapshot, urls } = replay(engine, visit('shrt'), [known([])], { url: '/mip/calendly/shrt' });
  expect(urls).toEqual(['/mip/calendly/shrt', '/hormone-assessment/shrt']);
  expect(arrivalOf(snapshot)).toEqual({
    at: 0,
    from: 4,
    missing: ['contact-known', 'assessment-answered', 'no-contraindication', 'paid', 'intake-done'],
    own: ['contact-known'],
    here: ['contact-known', 'assessment-answered', 'no-contraindication'],
  });
  expect(gateOf(snapshot)).toBe('open');
});

test('the women’s booking link, cold, also starts at the assessment', () => {
  const { urls } = replay(engine, visit('fha1', 'female'), [known([])], { url: '/f/appointment/consult/fha1' });
  expect(urls.at(-1)).toBe('/f/hormone-assessment/fha1');
});

test('a cold intake link of a funnel that pays first is brought to its payment, not its assessment', () => {
  const { urls } = replay(engine, visit('bhrt'), [known([])], { url: '/mip/form/bhrt' });
  expect(urls.at(-1)).toBe('/payment/bhrt');
});

test('a patient who did the assessment and opens the intake of fha1 is brought to the payment in between', () => {
  const { snapshot, urls } = replay(
    engine,
    visit('fha1', 'female'),
    [known(['contact-known', 'assessment-answered', 'no-contraindication'])],
    { url: '/f/intake/fha1' },
  );
  expect(urls.at(-1)).toBe('/f/payment/fha1');
  expect(arrivalOf(snapshot)?.missing).toEqual(['paid']);
});

test('a patient who holds everything a step is due stands on it, with no word of arrival', () => {
  const { snapshot, urls } = replay(
    engine,
    visit('shrt'),
    [known(['contact-known', 'assessment-answered', 'no-contraindication', 'paid', 'intake-done'])],
    { url: '/mip/calendly/shrt' },
  );
  expect(urls).toEqual(['/mip/calendly/shrt', '/mip/calendly/shrt']);
  expect(arrivalOf(snapshot)).toBeNull();
  expect(gateOf(snapshot)).toBe('open');
});

test('a cold payment link of shrt is brought to the assessment; a pay-first payment link is not', () => {
  expect(replay(engine, visit('shrt'), [known([])], { url: '/payment/shrt' }).urls.at(-1)).toBe(
    '/hormone-assessment/shrt',
  );
  expect(replay(engine, visit('bhrt'), [known([])], { url: '/payment/bhrt' }).urls.at(-1)).toBe('/payment/bhrt');
});

test('the call centre’s payment link is due nothing: its agents took the assessment on the phone', () => {
  const { urls } = replay(engine, visit('shrt', 'male', 'callcenter=true'), [known([])], {
    url: '/payment/shrt?callcenter=true',
  });
  expect(urls.at(-1)).toBe('/payment/shrt?callcenter=true');
});

test('a pathOverride link to a booking is brought to the step the link got back: the one that asks who they are', () => {
  const { urls } = replay(engine, visit('shrt', 'male', 'pathOverride=cal'), [known([])], {
    url: '/mip/calendly/shrt?pathOverride=cal',
  });
  expect(urls.at(-1)).toBe('/hormone-assessment/shrt?pathOverride=cal');
});

test('the results page keeps its own door: its note says there are no answers yet and links on', () => {
  const { snapshot, urls } = replay(engine, visit('shrt'), [known([])], { url: '/results/shrt' });
  expect(urls.at(-1)).toBe('/results/shrt');
  expect(gateOf(snapshot)).toBe('open');
  expect(arrivalOf(snapshot)).toBeNull();
});

test('a link inside the app to a later step is a door too: Forward to the booking before it is theirs', () => {
  const { urls } = replay(engine, visit('shrt'), [known([]), { type: 'step.goto', url: '/mip/calendly/shrt' }]);
  expect(urls).toEqual(['/hormone-assessment/shrt', '/hormone-assessment/shrt', '/hormone-assessment/shrt']);
});

test('the work of the steps walked in this visit counts: Next from the assessment opens the results and on', () => {
  const { snapshot } = replay(engine, visit('shrt'), [known([]), next, next]);
  expect(urlOf(snapshot)).toBe('/payment/shrt');
  expect(gateOf(snapshot)).toBe('open');
  expect(snapshot.context.produced).toEqual(['contact-known', 'assessment-answered', 'no-contraindication']);
});

test('a word of arrival stays on the step it was said on only', () => {
  const { snapshot } = replay(engine, visit('bhrt'), [known([]), next], { url: '/mip/form/bhrt' });
  expect(urlOf(snapshot)).toBe('/hormone-assessment/bhrt');
  expect(arrivalOf(snapshot)).toBeNull();
});

test('in the app, a step due facts waits for the journey, and a journey that could not be read brings no one anywhere', () => {
  const machine = createFunnelMachine(engine, visit('shrt'), { url: '/mip/form/shrt' }, { keepsDoors: true });
  let [snapshot] = initialTransition(machine);
  expect(gateOf(snapshot)).toBe('checking');
  expect(snapshot.can(next)).toBe(false);
  [snapshot] = transition(machine, snapshot, known([], { loadFailed: true }));
  expect(stepIndexOf(snapshot)).toBe(3);
  expect(gateOf(snapshot)).toBe('closed');
  expect(closedPageOf(snapshot)).toMatchObject({
    loadFailed: true,
    missing: ['contact-known', 'assessment-answered', 'no-contraindication', 'paid'],
  });
});

test('in the app, the first step of a funnel is due nothing and opens before the journey is read', () => {
  const machine = createFunnelMachine(engine, visit('shrt'), { url: '/hormone-assessment/shrt' }, { keepsDoors: true });
  const [snapshot] = initialTransition(machine);
  expect(gateOf(snapshot)).toBe('open');
});

test('without doors (simulation) a cold link walks on as before, until a journey says what is held', () => {
  const { urls } = replay(engine, visit('shrt'), [next], { url: '/mip/form/shrt' });
  expect(urls).toEqual(['/mip/form/shrt', '/mip/calendly/shrt']);
});
