import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  arrivalOf,
  createFunnelMachine,
  gateOf,
  OFF_LIST,
  placeOf,
  replacesEntry,
  SAVING,
  stepIndexOf,
  urlOf,
  type FunnelEntry,
  type HeardJourney,
} from '../../src/engine/funnel-machine.ts';
import type { Visit } from '../../src/engine/funnel-plan.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { loadEngine } from '../support/config.ts';

/**
 * A visit's lifecycle, as the machine runs it (issue 37 point 3): it reads the patient's journey
 * with its `loadJourney` actor, hears it, and decides where the address the patient opened
 * lands: a returning patient's campaign link goes on to their step, a move of their own stays,
 * a place the funnel changed under is mapped, a step they do not hold what it is due brings
 * them to where the work is. Machines alone: the app provides loadJourney as the journey store.
 */

const engine = loadEngine();
const shrt: Visit = { code: 'shrt', brand: 'male', query: '' };
const SHRT_STEPS = ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'];
const SHRT_FUNNEL = { version: stepsVersion(SHRT_STEPS), steps: SHRT_STEPS };
const ANSWERED = ['contact-known', 'assessment-answered', 'no-contraindication'];
const PAID = [...ANSWERED, 'paid'];

/** A journey saved on step `index` (its URL) of shrt's steps, holding `facts`. */
function savedOn(url: string, index: number, facts: readonly string[], funnel = SHRT_FUNNEL): HeardJourney {
  const step = { url, index };
  return { step, reached: step, saved: { step, reached: step, funnel }, facts };
}

/**
 * Starts the visit's machine on `entry` with a journey store that answers `journey` when
 * `release` is called (at once unless `held`), and the step save the app would do.
 */
function startVisit(
  entry: FunnelEntry,
  journey: HeardJourney | null | Error,
  { held = false, visit = shrt }: { held?: boolean; visit?: Visit } = {},
) {
  let release: () => void = () => undefined;
  const gate = held
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();
  let reads = 0;
  const machine = createFunnelMachine(engine, visit, entry, {
    saveSteps: true,
    keepsDoors: true,
    loadsJourney: true,
  }).provide({
    actors: {
      loadJourney: fromPromise<HeardJourney | null>(async () => {
        reads += 1;
        await gate;
        if (journey instanceof Error) throw journey;
        return journey;
      }),
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    release: () => {
      release();
    },
    reads: () => reads,
  };
}

const heard = (actor: ReturnType<typeof startVisit>['actor']) =>
  waitFor(actor, (now) => now.context.progress.known, { timeout: 1000 });

test('a returning patient’s campaign link goes on to the step they were on', async () => {
  const { actor, reads } = startVisit(
    { url: '/hormone-assessment/shrt', byLink: true },
    savedOn('/mip/form/shrt', 3, PAID),
  );
  const now = await heard(actor);
  expect(urlOf(now)).toBe('/mip/form/shrt');
  expect(gateOf(now)).toBe('open');
  // Read once per visit, however the visit moves.
  expect(reads()).toBe(1);
});

test('the campaign link reached by Back (no link) stays where the patient put themselves', async () => {
  const { actor } = startVisit({ url: '/hormone-assessment/shrt', byLink: false }, savedOn('/mip/form/shrt', 3, PAID));
  expect(stepIndexOf(await heard(actor))).toBe(0);
});

test('a move of the browser before the journey came is the patient’s own: no return after it', async () => {
  const { actor, release } = startVisit(
    { url: '/hormone-assessment/shrt', byLink: true },
    savedOn('/mip/form/shrt', 3, PAID),
    { held: true },
  );
  // Forward to the results, then Back to the first page, while the journey is on its way.
  actor.send({ type: 'step.goto', url: '/results/shrt', index: 1 });
  actor.send({ type: 'step.goto', url: '/hormone-assessment/shrt', index: 0 });
  expect(actor.getSnapshot().context.byLink).toBe(false);
  release();
  expect(stepIndexOf(await heard(actor))).toBe(0);
});

test('Next pressed before the journey came wins over the return', async () => {
  const { actor, release } = startVisit(
    { url: '/hormone-assessment/shrt', byLink: true },
    savedOn('/mip/form/shrt', 3, PAID),
    { held: true },
  );
  actor.send({ type: 'step.next' });
  expect(actor.getSnapshot().hasTag(SAVING)).toBe(true);
  release();
  const now = await waitFor(actor, (snapshot) => snapshot.context.progress.known && !snapshot.hasTag(SAVING), {
    timeout: 1000,
  });
  expect(stepIndexOf(now)).toBe(1);
});

test('a journey saved on another query’s steps (a call-centre link) is another visit: no return', async () => {
  const { actor } = startVisit(
    { url: '/hormone-assessment/shrt', byLink: true },
    savedOn('/mip/form/shrt?callcenter=true', 3, PAID),
  );
  expect(stepIndexOf(await heard(actor))).toBe(0);
});

test('a journey saved on the first step, or a new patient, stays on the first step', async () => {
  for (const journey of [savedOn('/hormone-assessment/shrt', 0, []), {}]) {
    const { actor } = startVisit({ url: '/hormone-assessment/shrt', byLink: true }, journey);
    expect(stepIndexOf(await heard(actor))).toBe(0);
  }
});

test('a saved step the patient no longer holds what it is due returns them where the work is, saying why', async () => {
  // Saved on the booking, but the journey proves no payment (refunded, or a second device).
  const { actor } = startVisit(
    { url: '/hormone-assessment/shrt', byLink: true },
    savedOn('/mip/calendly/shrt', 4, ANSWERED),
  );
  const now = await heard(actor);
  expect(urlOf(now)).toBe('/payment/shrt');
  expect(arrivalOf(now)).toMatchObject({ at: 2, from: 4, here: ['paid'] });
});

test('a cold link to the booking, nobody known, lands on the assessment and the opened address is replaced', async () => {
  const { actor } = startVisit({ url: '/mip/calendly/shrt', byLink: true }, {});
  const now = await heard(actor);
  expect(urlOf(now)).toBe('/hormone-assessment/shrt');
  expect(arrivalOf(now)?.own).toEqual(['contact-known']);
  expect(replacesEntry(now, 4)).toBe(true);
});

test('the funnel changed since the journey was saved: the campaign link goes on to the mapped step', async () => {
  // Saved on the intake (index 2) of a funnel without results; today's intake is index 3.
  const before = ['/hormone-assessment', '/payment', '/mip/form', '/mip/calendly', '/finish'];
  const journey = savedOn('/mip/form/shrt', 2, PAID, { version: stepsVersion(before), steps: before });
  const { actor } = startVisit(
    { url: '/hormone-assessment/shrt', byLink: true },
    { ...journey, completed: ['MIP', 'payment'] },
  );
  const now = await heard(actor);
  expect(now.context.progress).toMatchObject({ moved: true, at: 3 });
  expect(urlOf(now)).toBe('/mip/form/shrt');
});

test('the funnel changed: a page past the mapped place (a payment added before it) returns them to it', async () => {
  const before = ['/hormone-assessment', '/results', '/mip/form', '/mip/calendly', '/finish'];
  const journey = savedOn('/mip/calendly/shrt', 3, ANSWERED, { version: stepsVersion(before), steps: before });
  const { actor } = startVisit({ url: '/finish/shrt', byLink: false }, { ...journey, completed: ['MIP', 'MIP-H2'] });
  const now = await heard(actor);
  expect(urlOf(now)).toBe('/payment/shrt');
});

test('the funnel changed and the patient’s own page is gone from it: they go to the mapped step, replacing its address', async () => {
  // A funnel that had the results' other page as a step: saved there, it is off today's list.
  const before = ['/hormone-assessment', '/quiz', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'];
  const journey = savedOn('/quiz/shrt', 1, ANSWERED, { version: stepsVersion(before), steps: before });
  const { actor } = startVisit({ url: '/quiz/shrt', byLink: true }, { ...journey, completed: ['MIP'] });
  const start = actor.getSnapshot();
  expect(placeOf(start)).toBe(OFF_LIST);
  const now = await heard(actor);
  expect(placeOf(now)).toBe('step');
  expect(now.context.progress.moved).toBe(true);
  expect(stepIndexOf(now)).toBe(now.context.progress.at);
  expect(replacesEntry(now, null)).toBe(true);
});

test('a journey handed to another machine (the patient’s split test variant) is not heard by this one', async () => {
  const { actor } = startVisit({ url: '/mip/calendly/shrt', byLink: true }, null);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const now = actor.getSnapshot();
  expect(now.context.progress.known).toBe(false);
  // Still checking: no decision on a journey it never heard.
  expect(gateOf(now)).toBe('checking');
  expect(stepIndexOf(now)).toBe(4);
});

test('a journey that cannot be read leaves a page that is due facts closed, saying so, and moves nobody', async () => {
  const { actor } = startVisit({ url: '/mip/calendly/shrt', byLink: true }, new Error('offline'));
  const now = await heard(actor);
  expect(now.context.progress.loadFailed).toBe(true);
  expect(stepIndexOf(now)).toBe(4);
  expect(arrivalOf(now)).toBeNull();
  expect(gateOf(now)).toBe('closed');
});
