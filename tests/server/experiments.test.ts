import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import type { ExperimentsFile } from '../../src/engine/config-types.ts';
import { recordedFunnel } from '../../src/engine/funnel-version.ts';
import type { ExperimentAssignment } from '../../src/engine/funnel-plan.ts';
import {
  experimentSwitch,
  fixedSwitch,
  SPLIT_TEST_ENTRANTS_PER_HOUR,
  type ExperimentSwitch,
} from '../../src/server/experiments.ts';
import { configTexts, editConfig, engineOf } from '../support/config.ts';
import { leadJson, orderJson, returnLinkToken, startTestServer, type Browser, type TestServer } from './test-server.ts';
import { assignVariant } from '../../src/engine/experiment-assign.ts';

/**
 * Issue 29, points 2 and 3, on the server: a new journey on a code with a running split test is
 * given a variant on its first save, keeps it, and cannot choose it; what patients reach of
 * their variant is counted without anything that could lead back to them.
 */

const experiments = (running: boolean, flag?: string) =>
  editConfig(configTexts(), 'experiments', (json: ExperimentsFile) => {
    json.experiments = {
      'shrt-short': {
        description: 'Straight from the assessment to payment.',
        codes: ['shrt'],
        running,
        ...(flag === undefined ? {} : { flag }),
        variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remove: '/results' }] } },
      },
    };
  });
const engine = engineOf(experiments(true));

let server: TestServer | undefined;
afterEach(async () => {
  await server?.remove();
  server = undefined;
});

async function serve(options: { engine?: typeof engine; experimentSwitch?: ExperimentSwitch } = {}) {
  server = await startTestServer({ engine, ...options });
  return server;
}

/** The steps, and their version, a patient of `variant` walks from the shrt link. */
function funnelOf(variant: string | null, query = '') {
  const planned = engine.planVisit({
    code: 'shrt',
    brand: 'male',
    query,
    experiment: variant === null ? null : { experiment: 'shrt-short', variant },
  });
  if (!planned.ok) throw new Error(planned.problem.message);
  return recordedFunnel(planned.plan);
}

/**
 * A journey as the page saves it: on step `index` of `funnel`, with answers that must never be
 * counted, and the landing id of its lead once it has one.
 */
function stateOn(funnel: { version: string; steps: readonly string[] }, index: number, query = '', landingId?: string) {
  const url = `${funnel.steps[index] ?? ''}/shrt${query === '' ? '' : `?${query}`}`;
  return {
    version: 3,
    ...(landingId === undefined ? {} : { landingId }),
    landedAt: '2026-11-28T10:00:00.000Z',
    answers: { 'first-name': ['CANARY-Zebediah'], weight: ['177'] },
    pages: {},
    step: { url, index },
    reached: { url, index },
    funnel,
    completed: [],
    records: {},
  };
}

/**
 * What makes a patient's later steps true on the server, as the page makes it: their finished
 * assessment saved as their lead, and their consult paid (a step is counted only once the
 * server's rows say the journey could stand on it: issue 39 point 3).
 */
async function assessedAndPaid(browser: Browser, landingId: string): Promise<void> {
  const lead = await browser({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson(landingId), scores: '{"symptoms":14}', landingId },
  });
  expect(lead.status, lead.text).toBe(200);
  const billing = await browser({
    method: 'POST',
    url: '/api/mipH2/billingInfo/save',
    payload: {
      customer: JSON.stringify({
        firstName: 'Alex',
        lastName: 'Rivera',
        address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      }),
      landingId,
    },
  });
  expect(billing.status, billing.text).toBe(200);
  const { billingToken } = (billing.json as { data: { billingToken: string } }).data;
  const order = await browser({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': `order-${landingId}` },
    payload: { order: orderJson(landingId, billingToken) },
  });
  expect(order.status, order.text).toBe(201);
}

const LANDING_ID = 'U3BsaXR0ZXN0YWxleC5yaXZlcmFAZXhhbXBsZS5jb20yMDI2LTEyLTAzTUlQ';

interface Saved {
  revision: number;
  assignment?: ExperimentAssignment & { recorded: number | null };
}

/** Saves a journey; `from` is the patient's address (one address brings only so many into a test). */
async function save(browser: Browser, state: unknown, baseRevision?: number, from?: string): Promise<Saved> {
  const reply = await browser({
    method: 'PUT',
    url: '/api/journey',
    ...(from === undefined ? {} : { remoteAddress: from }),
    payload: { pathCode: 'shrt', state, ...(baseRevision === undefined ? {} : { baseRevision }) },
  });
  expect(reply.status, reply.text).toBe(200);
  return (reply.json as { data: Saved }).data;
}

async function load(browser: Browser): Promise<Saved | null> {
  return ((await browser({ method: 'GET', url: '/api/journey?pathCode=shrt' })).json as { data: Saved | null }).data;
}

/** The split test counts kept, one line per variant, version, step (-1: shown) and day's patients. */
function counts(db: TestServer['db']) {
  return db
    .prepare('SELECT variant, funnel_version, step, patients FROM experiment_counts ORDER BY variant, step')
    .all() as { variant: string; funnel_version: string; step: number; patients: number }[];
}

test('a new patient is given a variant on their first save, by weight, and keeps it on every later load and save', async () => {
  const { browser } = await serve();
  const seen = new Map<string, number>();
  for (let patient = 0; patient < 40; patient += 1) {
    const own = browser();
    // Forty patients at home, each behind an address of their own.
    const first = await save(own, stateOn(funnelOf(null), 0), undefined, `198.51.100.${String(patient + 1)}`);
    const variant = first.assignment?.variant ?? 'none';
    seen.set(variant, (seen.get(variant) ?? 0) + 1);
    expect(first.assignment?.experiment).toBe('shrt-short');
    expect((await load(own))?.assignment?.variant).toBe(variant);
    expect((await save(own, stateOn(funnelOf(variant), 0), first.revision)).assignment?.variant).toBe(variant);
  }
  // 1:1 over 40 patients: both variants (all on one side is a chance of 2 in a trillion).
  expect([...seen.keys()].sort()).toEqual(['control', 'no-results']);
});

test('starting over lands the patient in the variant they had: the assignment is the session’s, not the save’s', async () => {
  const { call } = await serve();
  const first = await save(call, stateOn(funnelOf(null), 0));
  await call({ method: 'DELETE', url: '/api/journey?pathCode=shrt' });
  expect(await load(call)).toBeNull();
  const again = await save(call, stateOn(funnelOf(null), 0));
  expect(again.assignment?.variant).toBe(first.assignment?.variant);
});

test('the browser cannot choose its variant: an assignment sent with the journey, or inside its state, is refused', async () => {
  const { call } = await serve();
  for (const payload of [
    { pathCode: 'shrt', state: stateOn(funnelOf(null), 0), assignment: { experiment: 'shrt-short', variant: 'x' } },
    { pathCode: 'shrt', state: { ...stateOn(funnelOf(null), 0), assignment: { experiment: 'shrt-short' } } },
  ]) {
    const reply = await call({ method: 'PUT', url: '/api/journey', payload });
    expect(reply.status).toBe(400);
  }
});

test('no split test running on the code, or its flag off: new patients walk the funnel’s own steps, unassigned; those assigned keep theirs', async () => {
  const stopped = await startTestServer({ engine: engineOf(experiments(false)) });
  expect((await save(stopped.call, stateOn(funnelOf(null), 0))).assignment).toBeUndefined();
  await stopped.remove();

  let flagOn = true;
  const flagged: ExperimentSwitch = { ...fixedSwitch({}), isOn: (flag) => flag === undefined || flagOn };
  const { call, browser } = await serve({
    engine: engineOf(experiments(true, 'consultVideo')),
    experimentSwitch: flagged,
  });
  const before = await save(call, stateOn(funnelOf(null), 0));
  expect(before.assignment?.experiment).toBe('shrt-short');
  flagOn = false;
  expect((await save(browser(), stateOn(funnelOf(null), 0))).assignment).toBeUndefined();
  expect((await load(call))?.assignment?.variant).toBe(before.assignment?.variant);
});

test('each step of the variant is counted once per patient, from the first page on, with no id and nothing the patient typed', async () => {
  const { call, db } = await serve();
  const first = await save(call, stateOn(funnelOf(null), 0));
  const variant = first.assignment?.variant ?? '';
  const own = funnelOf(variant);
  // The first save is on the campaign link's page, every variant's first step, while the page
  // still walks the control's steps: the patient is counted as shown their own variant there.
  expect(first.assignment?.recorded).toBe(0);
  await assessedAndPaid(call, LANDING_ID);
  let revision = first.revision;
  for (const index of [0, 1, 1, 3]) {
    const saved = await save(call, stateOn(own, index, '', LANDING_ID), revision);
    revision = saved.revision;
    expect(saved.assignment?.recorded).toBe(index);
  }
  expect(counts(db)).toEqual(
    [-1, 0, 1, 2, 3].map((step) => ({ variant, funnel_version: own.version, step, patients: 1 })),
  );
  const columns = (db.prepare('PRAGMA table_info(experiment_counts)').all() as { name: string }[]).map(
    (column) => column.name,
  );
  // No id of any kind, not even a row's: nothing to line up with the journeys' saves.
  expect(columns).toEqual(['code', 'experiment', 'variant', 'funnel_version', 'step', 'recorded_on', 'patients']);
  const everything = JSON.stringify(db.prepare('SELECT * FROM experiment_counts').all());
  expect(everything).not.toContain('CANARY');
  expect(everything).not.toContain(call.cookie()?.split('=')[1]?.split('.')[0] ?? 'no cookie');
  expect(everything).toMatch(/"recorded_on":"\d{4}-\d\d-\d\d"/);
});

test('a second patient on the same steps adds one to each count; starting over counts no one again', async () => {
  const { call, browser, db } = await serve();
  const first = await save(call, stateOn(funnelOf(null), 0));
  const variant = first.assignment?.variant ?? '';
  const own = funnelOf(variant);
  await assessedAndPaid(call, LANDING_ID);
  await save(call, stateOn(own, 2, '', LANDING_ID), first.revision);
  for (let round = 0; round < 5; round += 1) {
    await call({ method: 'DELETE', url: '/api/journey?pathCode=shrt' });
    const again = await save(call, stateOn(own, 3, '', LANDING_ID));
    expect(again.assignment).toEqual({ experiment: 'shrt-short', variant, recorded: 3 });
  }
  // Another patient given the same variant.
  let other = browser();
  while ((await save(other, stateOn(funnelOf(null), 0))).assignment?.variant !== variant) other = browser();
  const rows = counts(db).filter((row) => row.funnel_version === own.version);
  expect(rows.map(({ step, patients }) => [step, patients])).toEqual([
    [-1, 2],
    [0, 2],
    [1, 1],
    [2, 1],
    [3, 1],
  ]);
});

test('a script’s journeys that say they stand on the last step add to the first page’s count only, whoever’s landing id they name', async () => {
  const { call, browser, db } = await serve();
  // A real patient, assessed and paid, whose landing id the script puts in its journeys.
  const first = await save(call, stateOn(funnelOf(null), 0));
  const variant = first.assignment?.variant ?? '';
  await assessedAndPaid(call, LANDING_ID);
  await save(call, stateOn(funnelOf(variant), 3, '', LANDING_ID), first.revision);
  const before = counts(db);

  for (let fake = 0; fake < 12; fake += 1) {
    const script = browser();
    const opened = await save(script, stateOn(funnelOf(null), 0));
    const steps = funnelOf(opened.assignment?.variant ?? '');
    const last = steps.steps.length - 1;
    const finished = await save(
      script,
      stateOn(steps, last, '', fake % 2 === 0 ? LANDING_ID : undefined),
      opened.revision,
    );
    expect(finished.assignment?.recorded).toBe(0);
  }
  // Twelve more were shown their variant and stood on its first page; no later step gained one.
  const gained = counts(db).map((row) => {
    const earlier = before.find(
      (old) => old.variant === row.variant && old.funnel_version === row.funnel_version && old.step === row.step,
    );
    return { variant: row.variant, step: row.step, patients: row.patients - (earlier?.patients ?? 0) };
  });
  expect(gained.filter((row) => row.step > 0 && row.patients > 0)).toEqual([]);
  expect(gained.filter((row) => row.step <= 0).reduce((sum, row) => sum + row.patients, 0)).toBe(24);
});

test('one address brings twenty new patients into the split test an hour; the next walks the funnel’s own steps, counted nowhere', async () => {
  const { browser, db } = await serve();
  for (let patient = 0; patient < SPLIT_TEST_ENTRANTS_PER_HOUR; patient += 1) {
    const first = await save(browser(), stateOn(funnelOf(null), 0), undefined, '203.0.113.9');
    expect(first.assignment?.experiment).toBe('shrt-short');
  }
  const shown = () => counts(db).reduce((sum, row) => sum + (row.step === -1 ? row.patients : 0), 0);
  expect(shown()).toBe(SPLIT_TEST_ENTRANTS_PER_HOUR);
  // New sessions from the same address draw no variant, however many: nothing to steer, nothing counted.
  for (let tries = 0; tries < 5; tries += 1) {
    const next = await save(browser(), stateOn(funnelOf(null), 0), undefined, '203.0.113.9');
    expect(next.assignment).toBeUndefined();
  }
  expect(shown()).toBe(SPLIT_TEST_ENTRANTS_PER_HOUR);
  // Another address still enters.
  expect((await save(browser(), stateOn(funnelOf(null), 0), undefined, '203.0.113.10')).assignment?.experiment).toBe(
    'shrt-short',
  );
});

test('the same patient in a second session is counted once: from when their email is known, the second journey counts nothing', async () => {
  const { call, browser, db } = await serve();
  const first = await save(call, stateOn(funnelOf(null), 0));
  const own = funnelOf(first.assignment?.variant ?? '');
  await assessedAndPaid(call, LANDING_ID);
  await save(call, stateOn(own, 2, '', LANDING_ID), first.revision);

  // The same patient on another device: a new session, drawn anew (nothing tells it apart yet),
  // its first page counted. Then their lead, with the same email: the test knows them.
  const again = browser();
  const second = await save(again, stateOn(funnelOf(null), 0));
  const secondLanding = `${LANDING_ID}c2Vjb25k`;
  const lead = await again({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson(secondLanding, { email: 'Alex.Rivera@example.com' }), landingId: secondLanding },
  });
  expect(lead.status, lead.text).toBe(200);
  const known = counts(db);
  // Its results and payment pages add nothing, to its variant or the first's.
  const theirs = funnelOf(second.assignment?.variant ?? '');
  let revision = second.revision;
  for (const index of [1, 2])
    revision = (await save(again, stateOn(theirs, index, '', secondLanding), revision)).revision;
  expect(counts(db)).toEqual(known);
  // The key is the email's HMAC: no email in the table.
  const rows = JSON.stringify(db.prepare('SELECT * FROM journey_experiments').all());
  expect(rows.toLowerCase()).not.toContain('alex');
  expect(db.prepare('SELECT count(DISTINCT patient_key) AS n FROM journey_experiments').get()).toEqual({ n: 1 });
});

test('a patient back by a return link in a new session is given the variant they had, not a new draw, and not counted again', async () => {
  const { call, browser, db } = await serve();
  const first = await save(call, stateOn(funnelOf(null), 0));
  const variant = first.assignment?.variant ?? '';
  await assessedAndPaid(call, LANDING_ID);
  const { kt_customer_id: customer } = db
    .prepare<[string], { kt_customer_id: string }>('SELECT kt_customer_id FROM orders WHERE landing_id = ?')
    .get(LANDING_ID) ?? { kt_customer_id: '' };
  const known = counts(db);
  const test = engine.config.experiments.experiments['shrt-short'];
  if (test === undefined) throw new Error('the split test of the config copy');
  // New sessions until one whose own draw would be the other variant: it is given theirs.
  let redrawn = 0;
  for (let round = 0; round < 40 && redrawn < 2; round += 1) {
    const back = browser();
    const claim = await back({
      method: 'POST',
      url: '/api/session/claim',
      payload: { token: returnLinkToken(customer) },
    });
    expect(claim.status, claim.text).toBe(200);
    const saved = await save(back, stateOn(funnelOf(null), 0));
    expect(saved.assignment?.variant).toBe(variant);
    // The session's id, as its journey is kept under it (the cookie's value before its signature).
    const session = decodeURIComponent(back.cookie()?.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(db.prepare('SELECT repeat FROM journey_experiments WHERE journey_id = ?').get(session)).toEqual({
      repeat: 1,
    });
    if (assignVariant('shrt-short', test, session) !== variant) redrawn += 1;
  }
  expect(redrawn, 'sessions whose own draw was the other variant').toBe(2);
  expect(counts(db)).toEqual(known);
});

test('a patient who came by a call-centre link walks the call centre’s steps and is not counted in the split test', async () => {
  const { call, db } = await serve();
  const callCentre = funnelOf(null, 'callcenter=true');
  const first = await save(call, stateOn(callCentre, 0, 'callcenter=true'));
  expect(first.assignment?.experiment).toBe('shrt-short');
  await save(call, stateOn(callCentre, 1, 'callcenter=true'), first.revision);
  expect(counts(db)).toEqual([]);
  expect((await load(call))?.assignment?.recorded).toBeNull();
});

test('a split test switched by the flag service assigns no one until the service has answered, then follows it', async () => {
  let answer: unknown = null;
  const flags = createServer((_request, response) => {
    response.writeHead(answer === null ? 503 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => flags.listen(0, '127.0.0.1', resolve));
  const { port } = flags.address() as AddressInfo;
  const fallbacks: string[] = [];
  const flagSwitch = experimentSwitch(
    { provider: 'configcat', configUrl: `http://127.0.0.1:${String(port)}/config_v6.json` },
    { onFallback: () => fallbacks.push('fallback') },
  );
  try {
    await flagSwitch.refresh();
    // Down since the server started: the flag's default (on) is not taken for an answer.
    expect(flagSwitch.isOn('consultVideo')).toBe(false);
    expect(flagSwitch.isOn(undefined)).toBe(true);
    expect(fallbacks.length).toBeGreaterThan(0);
    answer = { f: { consultVideo: { t: 0, v: { b: true } } } };
    await flagSwitch.refresh();
    expect(flagSwitch.isOn('consultVideo')).toBe(true);
    answer = { f: { consultVideo: { t: 0, v: { b: false } } } };
    await flagSwitch.refresh();
    expect(flagSwitch.isOn('consultVideo')).toBe(false);
    // Down again: the last answer stands.
    answer = null;
    await flagSwitch.refresh();
    expect(flagSwitch.isOn('consultVideo')).toBe(false);
    expect(flagSwitch.isOn('notAFlag')).toBe(false);
  } finally {
    flagSwitch.stop();
    flags.close();
  }
});

test('a place the variant does not have at that index is not counted; a test stopped since counts no one', async () => {
  const running = await serve();
  const first = await save(running.call, stateOn(funnelOf(null), 0));
  const variant = first.assignment?.variant ?? '';
  const own = funnelOf(variant);
  // The other variant's second step, as a page that walked the other steps first would carry it.
  const elsewhere = variant === 'control' ? '/payment/shrt' : '/results/shrt';
  const carried = await save(
    running.call,
    { ...stateOn(own, 0), reached: { url: elsewhere, index: 1 } },
    first.revision,
  );
  expect(carried.assignment?.recorded).toBe(0);
  const before = counts(running.db);
  expect(before.map(({ step }) => step)).toEqual([-1, 0]);

  const cookie = running.call.cookie();
  await running.close();
  server = await startTestServer({
    dataDir: running.dataDir,
    engine: engineOf(experiments(false)),
    ...(cookie === undefined ? {} : { sessionCookie: cookie }),
  });
  const stopped = await save(server.call, stateOn(own, 2), carried.revision);
  // The variant is still the journey's; nothing more is counted in a test that has stopped.
  expect(stopped.assignment?.variant).toBe(variant);
  expect(counts(server.db)).toEqual(before);
});
