import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { replay as replayVisit } from '../../src/engine/simulate.ts';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  closedPageOf,
  createFunnelMachine,
  ERROR,
  gateOf,
  LEFT,
  OFF_LIST,
  placeOf,
  stepIndexOf,
  urlOf,
  type FunnelEvent,
  type FunnelSnapshot,
  type StepSaveInput,
  type StepWorkDone,
} from '../../src/engine/funnel-machine.ts';
import type { Visit } from '../../src/engine/funnel-plan.ts';
import { loadEngine } from '../support/config.ts';

const engine = loadEngine();
const microbh: Visit = { code: 'microbh', brand: 'male', query: 'utm_source=mail' };

/** The engine's replay (src/engine/simulate.ts) on this file's engine. */
function replay(visit: Visit, events: FunnelEvent[], entry?: { url: string; index?: number }) {
  return replayVisit(engine, visit, events, entry);
}

const next: FunnelEvent = { type: 'step.next' };
/** What a save records of shrt's own steps: the journey's place belongs to these (issue 26). */
const SHRT_STEPS = ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'];
const SHRT_FUNNEL = { version: stepsVersion(SHRT_STEPS), steps: SHRT_STEPS };
const back: FunnelEvent = { type: 'step.back' };

test('a new visit starts at the first step, with the query on every URL', () => {
  const { urls } = replay(microbh, [next, next]);
  expect(urls).toEqual([
    '/payment/microbh?utm_source=mail',
    '/mip/calendly/microbh?utm_source=mail',
    '/hormone-assessment/microbh?utm_source=mail',
  ]);
});

test('microbh: Next from the form reaches the second booking, and Next there finishes', () => {
  const { snapshot } = replay(microbh, [next, next, next, next]);
  expect(stepIndexOf(snapshot)).toBe(4);
  expect(snapshot.can(next)).toBe(true);
  expect(snapshot.can(back)).toBe(true);
  const { snapshot: end, urls } = replay(microbh, [next, next, next, next, next]);
  expect(urls.at(-1)).toBe('/finish/microbh?utm_source=mail');
  expect(end.can(next)).toBe(false);
});

test('microbh: the browser Back button from the assessment lands on the first booking', () => {
  const { snapshot } = replay(microbh, [
    next,
    next,
    { type: 'step.goto', url: '/mip/calendly/microbh?utm_source=mail' },
  ]);
  expect(stepIndexOf(snapshot)).toBe(1);
});

test('microbh: the browser Forward button from the form lands on the second booking', () => {
  const { snapshot } = replay(microbh, [next, next, next, { type: 'step.goto', url: '/mip/calendly/microbh' }]);
  expect(stepIndexOf(snapshot)).toBe(4);
});

test('microbh: the index recorded with a history entry wins over the nearest booking', () => {
  const { snapshot } = replay(microbh, [next, next, { type: 'step.goto', url: '/mip/calendly/microbh', index: 4 }]);
  expect(stepIndexOf(snapshot)).toBe(4);
});

test('microbh: a reload on the second booking resumes there when the history entry has its index', () => {
  const { snapshot } = replay(microbh, [], { url: '/mip/calendly/microbh', index: 4 });
  expect(stepIndexOf(snapshot)).toBe(4);
  expect(urlOf(snapshot)).toBe('/mip/calendly/microbh?utm_source=mail');
});

test('an index recorded for another page is ignored', () => {
  const { snapshot } = replay(microbh, [], { url: '/mip/form/microbh', index: 1 });
  expect(stepIndexOf(snapshot)).toBe(3);
});

test('a goto takes the query the browser now has', () => {
  const { urls } = replay(microbh, [{ type: 'step.goto', url: '/hormone-assessment/microbh?x=2' }, next]);
  expect(urls.slice(1)).toEqual(['/hormone-assessment/microbh?x=2', '/mip/form/microbh?x=2']);
});

test('a page of the code that is not a step is off the list, and Next goes to the first step', () => {
  const { snapshot, urls } = replay({ code: 'quiz', brand: 'male', query: '' }, [], { url: '/quiz' });
  expect(placeOf(snapshot)).toBe(OFF_LIST);
  expect(snapshot.can(back)).toBe(false);
  expect(urls).toEqual(['/quiz']);
  const after = replay({ code: 'quiz', brand: 'male', query: '' }, [next], { url: '/quiz' });
  expect(after.urls).toEqual(['/quiz', '/results/quiz']);
});

test('the browser Back button to a page off the list keeps that page, and Next continues from the first step', () => {
  const { snapshot, urls } = replay(
    { code: 'quiz', brand: 'male', query: '' },
    [next, { type: 'step.goto', url: '/quiz' }, next],
    {
      url: '/results/quiz',
    },
  );
  expect(urls).toEqual(['/results/quiz', '/payment/quiz', '/quiz', '/results/quiz']);
  expect(stepIndexOf(snapshot)).toBe(0);
});

test('the browser going to another code ends the visit: the app starts a new one', () => {
  const { snapshot, urls } = replay(microbh, [next, { type: 'step.goto', url: '/results/fha1' }, next]);
  expect(placeOf(snapshot)).toBe(LEFT);
  expect(snapshot.status).toBe('done');
  expect(urls).toEqual([
    '/payment/microbh?utm_source=mail',
    '/mip/calendly/microbh?utm_source=mail',
    '/results/fha1',
    '/results/fha1',
  ]);
});

test('a query that changes the step list is another visit; one that does not is the same visit', () => {
  const shrt: Visit = { code: 'shrt', brand: 'male', query: '' };
  const callcenter = replay(shrt, [{ type: 'step.goto', url: '/payment/shrt?callcenter=true' }]);
  expect(placeOf(callcenter.snapshot)).toBe(LEFT);
  const tracking = replay(shrt, [{ type: 'step.goto', url: '/payment/shrt?utm_source=mail' }, next]);
  expect(tracking.urls).toEqual([
    '/hormone-assessment/shrt',
    '/payment/shrt?utm_source=mail',
    '/mip/form/shrt?utm_source=mail',
  ]);
});

test('a page the funnel does not drive ends the visit', () => {
  const { snapshot } = replay(microbh, [{ type: 'step.goto', url: '/restart-hrt/microbh' }]);
  expect(placeOf(snapshot)).toBe(LEFT);
  expect(urlOf(snapshot)).toBe('/restart-hrt/microbh');
});

test('an unknown code is an error state that leads to the error page with its reason, the code and the query', () => {
  const { snapshot } = replay({ code: 'nosuch', brand: 'male', query: 'landing_id=abc' }, []);
  expect(placeOf(snapshot)).toBe(ERROR);
  expect(snapshot.status).toBe('done');
  expect(urlOf(snapshot)).toBe('/error/404/nosuch?landing_id=abc');
  expect(snapshot.context.problem?.message).toBe('No funnel on the men\'s site for the campaign code "nosuch".');
});

test('an unknown pathOverride key names the key and the allowed ones', () => {
  const { snapshot } = replay({ code: 'shrt', brand: 'male', query: 'pathOverride=assess,later' }, []);
  expect(snapshot.context.problem).toEqual({
    kind: 'unknown-step-key',
    key: 'later',
    allowed: ['cal', 'intake', 'assess', 'end', 'res', 'pay'],
    message: 'Unknown pathOverride step key "later". Allowed: cal, intake, assess, end, res, pay.',
  });
  expect(urlOf(snapshot)).toBe('/error/400/shrt?pathOverride=assess,later');
});

test("precal is a women's key: on the men's site it names the men's keys", () => {
  const { snapshot } = replay({ code: 'shrt', brand: 'male', query: 'pathOverride=precal' }, []);
  expect(snapshot.context.problem?.message).toBe(
    'The pathOverride step key "precal" is not available on the men\'s site. Allowed: cal, intake, assess, end, res, pay.',
  );
});

test("precal works on the women's site", () => {
  const { urls } = replay({ code: 'fha1', brand: 'female', query: 'pathOverride=precal' }, [next]);
  expect(urls).toEqual(['/f/about-consult/fha1?pathOverride=precal', '/f/finish/fha1?pathOverride=precal']);
});

test('the machine runs as an actor, as the browser uses it', () => {
  const actor = createActor(createFunnelMachine(engine, { code: 'cchrt', brand: 'male', query: '' })).start();
  const seen = [urlOf(actor.getSnapshot())];
  actor.subscribe((snapshot: FunnelSnapshot) => seen.push(urlOf(snapshot)));
  actor.send(next);
  actor.send(next);
  actor.send(next); // the funnel's finish page
  actor.send(next); // the last step: Next stays put
  actor.send(back);
  expect(seen).toEqual([
    '/hormone-assessment/cchrt',
    '/mip/form/cchrt',
    '/mip/calendly/cchrt',
    '/finish/cchrt',
    '/finish/cchrt',
    '/mip/calendly/cchrt',
  ]);
  actor.stop();
});

describe('a visit that saves its steps (the app: Next saves, then moves)', () => {
  const shrt: Visit = { code: 'shrt', brand: 'male', query: '' };

  /** The app's machine, with the step save (and the work actors) a test gives it. */
  function savingActor(
    saveStep: (input: StepSaveInput) => Promise<void>,
    saveLead: (lead: unknown) => Promise<unknown> = () => Promise.resolve(undefined),
    work: Partial<Record<'checkIdentity' | 'bookConsult', (input: unknown) => Promise<StepWorkDone>>> = {},
  ) {
    const machine = createFunnelMachine(engine, shrt, undefined, { saveSteps: true }).provide({
      actors: {
        saveStep: fromPromise<undefined, StepSaveInput>(({ input }) => saveStep(input).then(() => undefined)),
        saveLead: fromPromise<StepWorkDone, unknown>(async ({ input }) => ({ record: await saveLead(input) })),
        ...Object.fromEntries(
          Object.entries(work).map(([name, run]) => [
            name,
            fromPromise<StepWorkDone, unknown>(({ input }) => run(input)),
          ]),
        ),
      },
    });
    return createActor(machine).start();
  }

  test('Next with a lead saves the lead first, then the step with what the lead save returned', async () => {
    const order: string[] = [];
    const saves: StepSaveInput[] = [];
    let leadSaved: (record: string) => void = () => undefined;
    const actor = savingActor(
      (input) => {
        order.push('step');
        saves.push(input);
        return Promise.resolve();
      },
      (lead) => {
        order.push(`lead ${String(lead)}`);
        return new Promise((resolve) => {
          leadSaved = resolve;
        });
      },
    );
    actor.send({ type: 'step.next', work: { saveLead: 'Avery' } });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(order).toEqual(['lead Avery']);

    leadSaved("Avery's record");
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
    expect(order).toEqual(['lead Avery', 'step']);
    // Moved on, the machine keeps nothing of the lead (the patient's answers).
    expect(actor.getSnapshot().context).toMatchObject({ work: undefined, done: [] });
    expect(saves).toEqual([
      {
        to: { url: '/results/shrt', index: 1 },
        reached: { url: '/results/shrt', index: 1 },
        funnel: SHRT_FUNNEL,
        records: ["Avery's record"],
      },
    ]);
  });

  test('a lead that cannot be saved keeps the patient on the step, says why, and saves no step', async () => {
    const saves: StepSaveInput[] = [];
    let attempt = 0;
    const actor = savingActor(
      (input) => {
        saves.push(input);
        return Promise.resolve();
      },
      () => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(new Error('/saveLead: 503')) : Promise.resolve('record');
      },
    );
    actor.send({ type: 'step.next', work: { saveLead: 'Avery' } });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(stepIndexOf(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    expect(actor.getSnapshot().context.error?.message).toBe('/saveLead: 503');
    expect(saves).toEqual([]);

    // Pressed again, the lead is saved anew and this time the patient moves on.
    actor.send({ type: 'step.next', work: { saveLead: 'Avery' } });
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
    expect(saves).toEqual([
      {
        to: { url: '/results/shrt', index: 1 },
        reached: { url: '/results/shrt', index: 1 },
        funnel: SHRT_FUNNEL,
        records: ['record'],
      },
    ]);
  });

  test('a move runs its work in order (lead, identity check, booking) and then writes the journey once', async () => {
    const order: string[] = [];
    const saves: StepSaveInput[] = [];
    const actor = savingActor(
      (input) => {
        order.push('journey');
        saves.push(input);
        return Promise.resolve();
      },
      (lead) => {
        order.push(`lead ${String(lead)}`);
        return Promise.resolve('lead record');
      },
      {
        checkIdentity: (input) => {
          order.push(`identity ${String(input)}`);
          return Promise.resolve({ record: 'identity record' });
        },
        bookConsult: (input) => {
          order.push(`booking ${String(input)}`);
          return Promise.resolve({ record: 'booking record' });
        },
      },
    );
    // Named out of order: the machine runs them in STEP_WORK's order.
    actor.send({
      type: 'step.next',
      work: { bookConsult: 'Tuesday 9:00', saveLead: 'Avery', checkIdentity: 'licence' },
      record: 'screen record',
    });
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
    expect(order).toEqual(['lead Avery', 'identity licence', 'booking Tuesday 9:00', 'journey']);
    expect(saves).toHaveLength(1);
    expect(saves[0]?.records).toEqual(['lead record', 'identity record', 'booking record', 'screen record']);
  });

  test('work the move does not carry is not run', async () => {
    const ran: string[] = [];
    const actor = savingActor(
      () => Promise.resolve(),
      () => {
        ran.push('lead');
        return Promise.resolve('lead record');
      },
      {
        checkIdentity: () => {
          ran.push('identity');
          return Promise.resolve({});
        },
      },
    );
    actor.send({ type: 'step.next', work: { checkIdentity: 'licence' } });
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
    expect(ran).toEqual(['identity']);
  });

  test('work that says stay writes the journey at the step the patient is on, and keeps them there', async () => {
    const saves: StepSaveInput[] = [];
    const actor = savingActor(
      (input) => {
        saves.push(input);
        return Promise.resolve();
      },
      undefined,
      { checkIdentity: () => Promise.resolve({ record: 'under review', stay: true }) },
    );
    actor.send({ type: 'step.next', work: { checkIdentity: 'licence' } });
    await waitFor(actor, (snapshot) => saves.length === 1 && !snapshot.hasTag('saving'));
    expect(stepIndexOf(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(saves).toEqual([
      {
        to: { url: '/hormone-assessment/shrt', index: 0 },
        reached: { url: '/hormone-assessment/shrt', index: 0 },
        funnel: SHRT_FUNNEL,
        records: ['under review'],
      },
    ]);
    // Pressed again (the review passed), the patient moves on.
    actor.send(next);
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
  });

  test('work that fails keeps the patient on the step and writes nothing', async () => {
    const saves: StepSaveInput[] = [];
    const actor = savingActor(
      (input) => {
        saves.push(input);
        return Promise.resolve();
      },
      () => Promise.resolve('lead record'),
      { bookConsult: () => Promise.reject(new Error('That time is no longer free')) },
    );
    actor.send({ type: 'step.next', work: { saveLead: 'Avery', bookConsult: 'Tuesday 9:00' } });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(stepIndexOf(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().context.error?.message).toBe('That time is no longer free');
    expect(saves).toEqual([]);
  });

  test('Next saves the step it moves to, and moves once that is saved', async () => {
    const saves: StepSaveInput[] = [];
    let finish: () => void = () => undefined;
    const actor = savingActor((input) => {
      saves.push(input);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    actor.send(next);
    // Still on the assessment while it saves, and Next cannot be pressed twice.
    expect(stepIndexOf(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().can(next)).toBe(false);
    expect(saves).toEqual([
      {
        to: { url: '/results/shrt', index: 1 },
        reached: { url: '/results/shrt', index: 1 },
        funnel: SHRT_FUNNEL,
        records: [],
      },
    ]);

    finish();
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
    expect(urlOf(actor.getSnapshot())).toBe('/results/shrt');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('a save that fails keeps the patient on the step, says why, and Next can be pressed again', async () => {
    let attempt = 0;
    const actor = savingActor(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('Request Timeout')) : Promise.resolve();
    });
    actor.send(next);
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(stepIndexOf(actor.getSnapshot())).toBe(0);
    expect(urlOf(actor.getSnapshot())).toBe('/hormone-assessment/shrt');
    expect(actor.getSnapshot().context.error?.message).toBe('Request Timeout');
    expect(actor.getSnapshot().can(next)).toBe(true);

    actor.send(next);
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
  });

  test('Back while the save is under way stays with Back: the save no longer moves the patient', async () => {
    let finish: () => void = () => undefined;
    let saves = 0;
    const actor = savingActor(() => {
      saves += 1;
      // The first move saves at once; the second waits until the test lets it finish.
      return saves === 1
        ? Promise.resolve()
        : new Promise((resolve) => {
            finish = resolve;
          });
    });
    actor.send(next);
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
    actor.send(next);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send(back);
    expect(stepIndexOf(actor.getSnapshot())).toBe(0);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stepIndexOf(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().can(next)).toBe(true);
  });
});

describe('pages that need a journey (config/routes.json needs)', () => {
  const shrt: Visit = { code: 'shrt', brand: 'male', query: '' };
  const known = (saved: { step?: { url: string; index: number }; reached?: { url: string; index: number } } = {}) =>
    ({ type: 'journey.known', ...saved }) as const;
  const resume: FunnelEvent = { type: 'journey.resume' };

  test('a cold finish waits for the journey, then is closed, claims nothing and starts the funnel', () => {
    const cold = replay(shrt, [], { url: '/finish/shrt' });
    expect(stepIndexOf(cold.snapshot)).toBe(5);
    expect(gateOf(cold.snapshot)).toBe('checking');
    expect(cold.snapshot.can(next)).toBe(false);

    const { snapshot, urls } = replay(shrt, [known(), resume], { url: '/finish/shrt' });
    expect(urls).toEqual(['/finish/shrt', '/finish/shrt', '/hormone-assessment/shrt']);
    expect(gateOf(snapshot)).toBe('open');
    const closed = replay(shrt, [known()], { url: '/finish/shrt' }).snapshot;
    expect(gateOf(closed)).toBe('closed');
    expect(closedPageOf(closed)).toEqual({ need: 'steps-done', missing: [], fromStart: true, loadFailed: false });
  });

  test('a patient part of the way goes back to the step they were on', () => {
    const { snapshot, urls } = replay(
      shrt,
      [known({ step: { url: '/mip/form/shrt', index: 3 }, reached: { url: '/results/shrt', index: 1 } }), resume],
      { url: '/finish/shrt' },
    );
    expect(urls.at(-1)).toBe('/mip/form/shrt');
    expect(stepIndexOf(snapshot)).toBe(3);
  });

  // Issue 26: the journey records the steps its place belongs to; when the funnel has changed
  // since, the place is mapped by the step, not read by its index.
  test('a journey saved before two steps were swapped opens the same page at its new index', () => {
    const swapped = ['/hormone-assessment', '/payment', '/results', '/mip/form', '/mip/calendly', '/finish'];
    const place = { step: { url: '/results/shrt', index: 2 }, reached: { url: '/results/shrt', index: 2 } };
    const journey = {
      type: 'journey.known' as const,
      ...place,
      saved: { ...place, funnel: { version: stepsVersion(swapped), steps: swapped } },
      completed: ['MIP', 'payment'],
    };
    const { snapshot } = replay(shrt, [journey], { url: '/results/shrt' });
    expect(snapshot.context.progress).toMatchObject({ at: 1, moved: true });
    expect(gateOf(snapshot)).toBe('open');
    // Read by its index, the saved step (2) would be the payment page of today's funnel.
    expect(snapshot.context.progress.at).not.toBe(2);
  });

  test('a payment added before the patient’s place: they are placed on it, and pages past it are closed until they pay', () => {
    const withoutPayment = ['/hormone-assessment', '/results', '/mip/form', '/mip/calendly', '/finish'];
    const place = { step: { url: '/mip/calendly/shrt', index: 3 }, reached: { url: '/mip/calendly/shrt', index: 3 } };
    const journey = {
      type: 'journey.known' as const,
      ...place,
      saved: { ...place, funnel: { version: stepsVersion(withoutPayment), steps: withoutPayment } },
      completed: ['MIP', 'MIP-H2'],
    };
    const { snapshot } = replay(shrt, [journey], { url: '/mip/calendly/shrt' });
    expect(snapshot.context.progress).toMatchObject({ at: 2, reached: 1, moved: true });
    // Nothing past the payment counts as reached: a page past it (the finish) is not theirs,
    // and hearing the journey returns them to pay (returnsToMapped), with no press of theirs.
    const { snapshot: finish, urls } = replay(shrt, [journey], { url: '/finish/shrt' });
    expect(urls.at(-1)).toBe('/payment/shrt');
    expect(stepIndexOf(finish)).toBe(2);
    expect(closedPageOf(finish)).toBeNull();
    // Paid already: the same change asks nothing again, and the booking page opens.
    const paid = replay(shrt, [{ ...journey, completed: ['MIP', 'MIP-H2', 'payment'] }], { url: '/mip/calendly/shrt' });
    expect(paid.snapshot.context.progress).toMatchObject({ at: 4, moved: true });
    expect(gateOf(paid.snapshot)).toBe('open');
  });

  test('a journey saved on today’s steps, or before journeys recorded theirs, is read by its index as before', () => {
    const today = { version: stepsVersion(SHRT_STEPS), steps: SHRT_STEPS };
    for (const funnel of [today, undefined]) {
      const place = { step: { url: '/mip/form/shrt', index: 3 }, reached: { url: '/mip/form/shrt', index: 3 } };
      const { snapshot } = replay(shrt, [{ type: 'journey.known', ...place, saved: { ...place, funnel } }], {
        url: '/mip/form/shrt',
      });
      expect(snapshot.context.progress).toMatchObject({ at: 3, reached: 3, moved: false });
    }
  });

  test('the finish opens once the patient has moved on to it, and stays open after Back and Forward', () => {
    const { snapshot } = replay(shrt, [next, next, next, next, next]);
    expect(urlOf(snapshot)).toBe('/finish/shrt');
    expect(gateOf(snapshot)).toBe('open');
    const again = replay(shrt, [next, next, next, next, next, back, { type: 'step.goto', url: '/finish/shrt' }]);
    expect(gateOf(again.snapshot)).toBe('open');
  });

  test('the journey read says how far the patient got; a step of another plan counts for nothing', () => {
    const finished = known({ reached: { url: '/finish/shrt', index: 5 } });
    expect(gateOf(replay(shrt, [finished], { url: '/finish/shrt' }).snapshot)).toBe('open');
    // Another query with the same steps is the same plan.
    expect(gateOf(replay({ ...shrt, query: 'utm_source=mail' }, [finished], { url: '/finish/shrt' }).snapshot)).toBe(
      'open',
    );
    // The call-centre variant is another plan: its finish is step 1, not 5.
    const callcenter = { ...shrt, query: 'callcenter=true' };
    expect(gateOf(replay(callcenter, [finished], { url: '/finish/shrt?callcenter=true' }).snapshot)).toBe('closed');
  });

  test('a finish the journey says the patient was on opens again (a journey saved before reached was kept)', () => {
    const wasThere = known({ step: { url: '/finish/shrt', index: 5 } });
    expect(gateOf(replay(shrt, [wasThere], { url: '/finish/shrt' }).snapshot)).toBe('open');
    // Being on one step says nothing of the steps after it.
    const onBooking = known({ step: { url: '/mip/calendly/shrt', index: 4 } });
    expect(gateOf(replay(shrt, [onBooking], { url: '/finish/shrt' }).snapshot)).toBe('closed');
  });

  test('a thank-you page of the code opens only when its funnel is finished', () => {
    const thanks = { url: '/thank-you/shrt' };
    expect(gateOf(replay(shrt, [known({ reached: { url: '/mip/calendly/shrt', index: 4 } })], thanks).snapshot)).toBe(
      'closed',
    );
    expect(gateOf(replay(shrt, [known({ reached: { url: '/finish/shrt', index: 5 } })], thanks).snapshot)).toBe('open');
  });

  test('a booking page of a funnel without booking is closed at once, and goes on to the funnel’s start', () => {
    const groupc: Visit = { code: 'groupc', brand: 'male', query: '' };
    const { snapshot } = replay(groupc, [], { url: '/mip/calendly/groupc' });
    expect(placeOf(snapshot)).toBe(OFF_LIST);
    expect(gateOf(snapshot)).toBe('closed');
    expect(snapshot.can(next)).toBe(false);
    expect(replay(groupc, [known(), resume], { url: '/mip/calendly/groupc' }).urls.at(-1)).toBe('/mip/form/groupc');
    // On a funnel with booking, the same page is a step and opens.
    expect(gateOf(replay(shrt, [], { url: '/mip/calendly/shrt' }).snapshot)).toBe('open');
  });

  test('the first step needs nothing before it', () => {
    // An ED code: a testosterone code's finish-only link gets its consult back (config/clinic-rules.json).
    const finishOnly: Visit = { code: 'dailytada', brand: 'male', query: 'pathOverride=end' };
    expect(gateOf(replay(finishOnly, [], { url: '/finish/dailytada?pathOverride=end' }).snapshot)).toBe('open');
  });

  test('Next writes the furthest step reached, which Back does not lower', async () => {
    const saves: StepSaveInput[] = [];
    const machine = createFunnelMachine(engine, shrt, undefined, { saveSteps: true }).provide({
      actors: {
        saveStep: fromPromise<undefined, StepSaveInput>(({ input }) => {
          saves.push(input);
          return Promise.resolve(undefined);
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send(next);
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1);
    actor.send(next);
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 2);
    actor.send(back);
    actor.send(back);
    actor.send(next);
    await waitFor(actor, (snapshot) => stepIndexOf(snapshot) === 1 && !snapshot.hasTag('saving'));
    expect(saves.map((save) => [save.to.index, save.reached.index])).toEqual([
      [1, 1],
      [2, 2],
      [1, 2],
    ]);
    expect(saves.at(-1)?.reached.url).toBe('/payment/shrt');
  });
});
