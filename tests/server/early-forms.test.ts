import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databaseFile, openDatabase, type Db } from '../../src/server/database.ts';
import { startSession } from '../../src/server/session-lifetime.ts';
import { withEarlyForm } from '../../src/server/early-forms.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { seedDemoData } from '../../src/server/seed.ts';
import { sessionCookiePair } from '../../src/server/access.ts';
import { appServing, ASSESSMENT_ANSWERS, JANE_LANDING_ID, LINK_SECRET, TEST_TOKEN } from './test-server.ts';

/**
 * Issue 28, point 1: the assessment's page comes with its first page of questions in it,
 * rendered at request time from the questions the server serves, in place of the loading mark;
 * the styles it needs go in the head under the page's nonce. The build's renderer is stood in
 * for here by a module that writes what it was given (the real one: tests/app/prerender-hydration).
 */
const LOADING = '<div class="loading" role="status"><img src="/mark.svg" alt=""/></div>';
const shell = (slot: string) => `<!doctype html>
<html lang="en">
  <head><style nonce="CSP_NONCE_PLACEHOLDER">p{}</style></head>
  <body><div id="root"><main><h1>Hormone Assessment</h1>${slot}</main><footer><div>Footer</div></footer></div></body>
</html>`;

/** Writes what it renders from: the brand, the form, its pages and the page's questions' labels. */
const RENDERER = `
export function renderEarlyForm(site, form, page) {
  if (globalThis.__earlyFormRendererFails) throw new Error('the renderer broke');
  const labels = page.questions.map((question) => question.label).join(' | ');
  return {
    html: '<div><p>' + site + ' ' + form.formId + ' page 1 of ' + form.pageCount + '</p><form method="post"><div><label>' + labels + '</label></div></form></div>',
    css: '[data-early-style="0"]{--stack-gap:1rem !important}',
  };
}
export function renderEarlyBilling(site, request, product) {
  if (globalThis.__earlyBillingRendererFails) throw new Error('the billing renderer broke');
  return {
    html: '<form method="dialog" data-early-page="billing"><input autocomplete="cc-number"/><button type="submit">Pay ' + product.total + '</button></form>',
    css: '[data-early-style="b0"]{gap:1rem !important}',
  };
}
export function renderEarlyNote(site, pathname, code) {
  return {
    html: '<p data-early-note-of="no-answers">' + site + ' ' + pathname + ' ' + code + '</p>',
    css: '[data-early-style="n0"]{gap:1rem !important}',
  };
}
export function renderEarlySummary(site, request, product) {
  if (globalThis.__earlySummaryRendererFails) throw new Error('the summary renderer broke');
  return {
    html: '<div data-early-summary-of="' + request.id + '|' + request.category + '"><p>' + site + ' ' + product.name + ' ' + product.total + '</p></div>',
    css: '',
  };
}
`;

let dir: string;
let db: Db;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'funnel-early-forms-'));
  mkdirSync(path.join(dir, 'shells', 'male'), { recursive: true });
  mkdirSync(path.join(dir, 'shells', 'render'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), shell('plain page'));
  writeFileSync(
    path.join(dir, 'shells', 'male', '0.html'),
    shell(`<div data-early-form="MIP:1" class="slot">${LOADING}</div>`),
  );
  writeFileSync(
    path.join(dir, 'shells', 'male', '2.html'),
    shell(`<div data-early-summary="" class="slot"></div><div data-early-form="billing" class="slot">${LOADING}</div>`),
  );
  writeFileSync(
    path.join(dir, 'shells', 'male', '3.html'),
    shell(`<div data-early-note="" class="slot">${LOADING}</div>`),
  );
  // A page with a form, whose shell has no place for it (a screen not opening with its form).
  writeFileSync(path.join(dir, 'shells', 'male', '1.html'), shell(`<p>intake</p>${LOADING}`));
  writeFileSync(
    path.join(dir, 'shells', 'manifest.json'),
    JSON.stringify({
      male: {
        '/hormone-assessment/:pathCode': 'male/0.html',
        '/mip/form/:pathCode': 'male/1.html',
        '/payment/:pathCode': 'male/2.html',
        '/mip/checkout/:pathCode': 'male/2.html',
        '/results/:pathCode': 'male/3.html',
      },
    }),
  );
  writeFileSync(path.join(dir, 'shells', 'render', 'render-shell.mjs'), RENDERER);
  db = openDatabase(databaseFile(dir), MIGRATIONS);
  seedDemoData(db);
  app = appServing(db, dir, {
    logLevel: 'error',
    logStream: { write: (line: string) => logged.push(line) },
  });
  await app.ready();
});

beforeEach(() => {
  delete (globalThis as Record<string, unknown>).__earlyFormRendererFails;
});

afterAll(async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers: { host: 'localhost:4173', ...headers } });
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
  return { status: response.statusCode, body: response.body, nonce };
}

test('the assessment comes with its first page of questions where the loading mark was, its styles under the page’s nonce', async () => {
  const { status, body, nonce } = await open('/hormone-assessment/shrt');
  expect(status).toBe(200);
  expect(body).toContain(
    '<div data-early-form="MIP:1" class="slot"><div><p>male MIP page 1 of 4</p><form method="post">',
  );
  // The seeded first page's questions, as GET /memoForm/pageQuestions serves them.
  expect(body).toContain('What is your date of birth? | Which state do you live in? | What is your weight in pounds?');
  expect(body).not.toContain(LOADING);
  expect(body).toContain(`<style nonce="${nonce}">[data-early-style="0"]{--stack-gap:1rem !important}</style>`);
  expect(body.indexOf('data-early-style')).toBeLessThan(body.indexOf('</head>'));
  // The rest of the page is as it was.
  expect(body).toContain('</form></div></div></main><footer><div>Footer</div></footer>');
});

test('an address asking for a later page of the form gets the loading mark: the app shows that page', async () => {
  const { body } = await open('/hormone-assessment/shrt?page=3');
  expect(body).toContain(LOADING);
  expect(body).not.toContain('<form');
  expect((await open('/hormone-assessment/shrt?page=1')).body).toContain('<form method="post">');
});

test('a page whose screen has no place for the form is sent as it was built', async () => {
  const { body } = await open('/mip/form/dailytada');
  expect(body).toContain(`<p>intake</p>${LOADING}`);
  expect(body).not.toContain('<form');
});

test('questions changed in the database are in the next page sent', async () => {
  const row = db
    .prepare<[], { page_json: string }>("SELECT page_json FROM question_pages WHERE form_id = 'MIP' AND page_id = '1'")
    .get();
  if (row === undefined) throw new Error('The demo data has no first page of the assessment');
  const changed = row.page_json.replace('What is your weight in pounds?', 'How much do you weigh, in pounds?');
  db.prepare("UPDATE question_pages SET page_json = ? WHERE form_id = 'MIP' AND page_id = '1'").run(changed);
  try {
    expect((await open('/hormone-assessment/shrt')).body).toContain('How much do you weigh, in pounds?');
  } finally {
    db.prepare("UPDATE question_pages SET page_json = ? WHERE form_id = 'MIP' AND page_id = '1'").run(row.page_json);
  }
});

test('a form that cannot be rendered leaves the page as it was built, and the operator is told which', async () => {
  db.prepare("UPDATE question_pages SET page_json = ? WHERE form_id = 'MIP' AND page_id = '1'").run(
    JSON.stringify({ id: '1', formId: 'MIP', title: 'Changed', questions: [] }),
  );
  (globalThis as Record<string, unknown>).__earlyFormRendererFails = true;
  try {
    const { status, body } = await open('/hormone-assessment/shrt');
    expect(status).toBe(200);
    expect(body).toContain(LOADING);
    expect(logged.join('\n')).toContain('the first page of MIP:1 for /hormone-assessment/:pathCode (male)');
  } finally {
    seedDemoData(db);
  }
});

test('the slot’s end is found past the divs inside it, and a page with no slot is left alone', () => {
  const page = `<head></head><div data-early-form="MIP:1"><div><div>a</div></div><div>b</div></div><div>after</div>`;
  const early = { html: '<form>F</form>', css: '' };
  expect(withEarlyForm(page, 'MIP:1', early)).toBe(
    '<head></head><div data-early-form="MIP:1"><form>F</form></div><div>after</div>',
  );
  expect(withEarlyForm(page, 'MIP:2', early)).toBe(page);
});

/**
 * Issue 28: a payment page comes with the order summary of the product it sells, the one the
 * payment screen asks GET /memoForm/getProductInfo for (by code, the link's mpid, the brand).
 */
test('a payment page comes with the summary of the product its code sells, from the products the server serves', async () => {
  // The call centre's shrt takes its payment first: its payment is due nothing.
  const { body } = await open('/payment/shrt?callcenter=true');
  expect(body).toContain('<div data-early-summary="" class="slot"><div data-early-summary-of="0|hrt"><p>male ');
  const product = await app.inject({
    method: 'GET',
    url: '/api/memoForm/getProductInfo?id=0&category=hrt&type=product',
    headers: { host: 'localhost:4173' },
  });
  const { name, total } = product.json<{ data: { name: string; total: string } }>().data;
  expect(body).toContain(`<p>male ${name} ${total}</p>`);
  // The billing form comes under it, in the loading mark's place, with the price on Pay.
  expect(body).toContain(
    `<div data-early-form="billing" class="slot"><form method="dialog" data-early-page="billing"><input autocomplete="cc-number"/><button type="submit">Pay ${total}</button></form></div>`,
  );
  expect(body).not.toContain(LOADING);
  // Both parts' rules are in the head, with the page's nonce.
  expect(body).toMatch(/<style nonce="[^"]+">\[data-early-style="b0"\]/);
  // An ED code sells its own product, on the ED checkout.
  expect((await open('/mip/checkout/dailytada')).body).toContain('data-early-summary-of="1690|hrt"');
});

test('a payment link that brings a lead or a prefill gets the summary, and the form the app fills in', async () => {
  for (const query of ['?landing_id=4711', '?prefill=eyJmaXJzdE5hbWUiOiJBIn0']) {
    const { body } = await open(`/payment/shrt${query}`);
    expect(body).toContain('data-early-summary-of="0|hrt"');
    expect(body).toContain(`<div data-early-form="billing" class="slot">${LOADING}</div>`);
  }
});

test('a billing form that cannot be rendered leaves its place as built, the summary above it, and says so in the log', async () => {
  (globalThis as Record<string, unknown>).__earlyBillingRendererFails = true;
  // A product renamed since: rendered afresh, not taken from what earlier tests rendered.
  db.prepare("UPDATE products SET name = 'Renamed consultation' WHERE external_id = '0' AND category = 'hrt'").run();
  try {
    const { status, body } = await open('/payment/shrt?callcenter=true');
    expect(status).toBe(200);
    expect(body).toContain('<p>male Renamed consultation ');
    expect(body).toContain(`<div data-early-form="billing" class="slot">${LOADING}</div>`);
    expect(logged.join('\n')).toContain('the billing form for product 0|hrt');
  } finally {
    delete (globalThis as Record<string, unknown>).__earlyBillingRendererFails;
    seedDemoData(db);
  }
});

test('a summary that cannot be rendered takes the billing form with it: no Pay without the order it pays for', async () => {
  (globalThis as Record<string, unknown>).__earlySummaryRendererFails = true;
  db.prepare("UPDATE products SET name = 'Summary breaks' WHERE external_id = '0' AND category = 'hrt'").run();
  try {
    const { status, body } = await open('/payment/shrt');
    expect(status).toBe(200);
    expect(body).toContain(
      `<div data-early-summary="" class="slot"></div><div data-early-form="billing" class="slot">${LOADING}</div>`,
    );
    expect(logged.join('\n')).toContain('the order summary of product 0|hrt');
  } finally {
    delete (globalThis as Record<string, unknown>).__earlySummaryRendererFails;
    seedDemoData(db);
  }
});

test('a product the server does not have leaves the payment page as it was built', async () => {
  db.prepare("DELETE FROM products WHERE external_id = '1690'").run();
  try {
    const { status, body } = await open('/mip/checkout/dailytada');
    expect(status).toBe(200);
    expect(body).toContain(
      `<div data-early-summary="" class="slot"></div><div data-early-form="billing" class="slot">${LOADING}</div>`,
    );
  } finally {
    seedDemoData(db);
  }
});

test('the loading mark’s image, no longer on the page once a part took its place, is not preloaded for nothing', () => {
  const page =
    '<head><link rel="preload" as="image" href="/mark.svg"/><link rel="preload" as="image" href="/logo.svg"/></head>' +
    '<img src="/logo.svg"/><div data-early-form="MIP:1"><img src="/mark.svg"/></div>';
  expect(withEarlyForm(page, 'MIP:1', { html: '<form>F</form>', css: '' })).toBe(
    '<head><link rel="preload" as="image" href="/logo.svg"/></head><img src="/logo.svg"/><div data-early-form="MIP:1"><form>F</form></div>',
  );
});

/**
 * Issue 28: results for a visitor who cannot have answers (no session) come with the note that
 * there are none, so the page says what it has to say before the app arrives. Anyone who may be
 * a patient with answers gets the loading mark: the app asks for their results with the session.
 */
const OWN_NAVIGATION = { 'sec-fetch-site': 'none' };
const NOTE =
  '<div data-early-note="" class="slot"><p data-early-note-of="no-answers">male /results/shrt shrt</p></div>';

test('results opened with no session come with the note that there are no answers yet, for the link’s code', async () => {
  const { body, nonce } = await open('/results/shrt', OWN_NAVIGATION);
  expect(body).toContain(NOTE);
  expect(body).toContain(`<style nonce="${nonce}">[data-early-style="n0"]`);
  // From a page of this very site too: the browser sends its cookies there.
  expect((await open('/results/shrt', { 'sec-fetch-site': 'same-origin' })).body).toContain(NOTE);
  const response = await app.inject({ method: 'GET', url: '/results/shrt', headers: { host: 'localhost:4173' } });
  expect(String(response.headers.vary)).toMatch(/cookie/);
});

/** A browser's session cookie, as the server signs it, for a session id of its own. */
function sessionOf(id: string): string {
  const sessionId = id.padEnd(43, 'x');
  // As the server keeps a session it issued (src/server/session-lifetime.ts).
  startSession(db, sessionId, new Date());
  return sessionCookiePair(LINK_SECRET, sessionId, false);
}

/** Saves a journey for a code, as the app does (PUT /journey), with a lead or without, in a session or starting one. */
async function saveJourney(cookie: string | null, pathCode: string, landingId: string | null) {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/journey',
    headers: {
      host: 'localhost:4173',
      authorization: `Bearer ${TEST_TOKEN}`,
      ...(cookie === null ? {} : { cookie }),
    },
    payload: {
      pathCode,
      state: {
        version: 2,
        landedAt: '2026-11-28T09:00:00.000Z',
        answers: {},
        pages: {},
        completed: [],
        records: {},
        ...(landingId === null ? {} : { landingId }),
      },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved;
}

test('a session whose journey has no lead yet (the patient only looked at the assessment) gets the note too', async () => {
  const cookie = sessionOf('looked-only');
  await saveJourney(cookie, 'shrt', null);
  expect((await open('/results/shrt', { ...OWN_NAVIGATION, cookie })).body).toContain(NOTE);
});

test('results of a patient with answers, or where the browser may have kept them back, wait for the app', async () => {
  const cookie = sessionOf('has-answers');
  await saveJourney(cookie, 'shrt', JANE_LANDING_ID);
  const asked: { url: string; headers: Record<string, string> }[] = [
    // A returning patient's browser, with their session, whose journey has their lead.
    { url: '/results/shrt', headers: { ...OWN_NAVIGATION, cookie } },
    // A link in an email: the browser keeps a SameSite=Strict cookie back on a navigation from another site.
    { url: '/results/shrt', headers: { 'sec-fetch-site': 'cross-site' } },
    // From another host of the site (the other brand's): said to be same-site, but not sure to carry it.
    { url: '/results/shrt', headers: { 'sec-fetch-site': 'same-site' } },
    // A browser that does not say where the navigation came from.
    { url: '/results/shrt', headers: {} },
    // A link with the patient's lead, or a return link that opens their records.
    { url: '/results/shrt?landing_id=4711', headers: OWN_NAVIGATION },
    { url: '/results/shrt?access=some-token', headers: OWN_NAVIGATION },
    // A code no funnel has: the app shows its error page, not the note.
    { url: '/results/nosuchcode', headers: OWN_NAVIGATION },
  ];
  for (const { url, headers } of asked) {
    const { body } = await open(url, headers);
    expect(body, url).toContain(`<div data-early-note="" class="slot">${LOADING}</div>`);
    expect(body, url).not.toContain('data-early-note-of');
  }
  // A cookie that is not one this server signed opens nothing: the app, too, would find no answers.
  const forged = `funnel_journey=${'a'.repeat(43)}.forged`;
  expect((await open('/results/shrt', { ...OWN_NAVIGATION, cookie: forged })).body).toContain(NOTE);
});

test('over http, a new session cookie comes with the end of the one on /api, which the API would be sent first', async () => {
  const saved = await saveJourney(null, 'shrt', null);
  const cookies = saved.headers['set-cookie'];
  expect(Array.isArray(cookies) ? cookies : [cookies]).toEqual([
    expect.stringMatching(/^funnel_journey=[^;]+; Max-Age=2592000; Path=\/; /),
    'funnel_journey=; Max-Age=0; Path=/api; HttpOnly; SameSite=Strict',
  ]);
});

/**
 * Issue 37: the billing form goes only to a visitor whose journey holds what the payment is due
 * by the server's records (src/server/step-doors.ts), as the order's door reads them: a cold link
 * to shrt's payment (assessment first) gets the summary and the loading mark, and the app moves
 * the visitor to the assessment; a patient whose lead answers the assessment gets the form.
 */
const BILLING_WAITS = `<div data-early-form="billing" class="slot">${LOADING}</div>`;

test('a cold visitor of an assessment funnel’s payment gets the summary, and no billing form', async () => {
  for (const headers of [{}, OWN_NAVIGATION, { ...OWN_NAVIGATION, cookie: sessionOf('cold-payment') }]) {
    const { body } = await open('/payment/shrt', headers);
    expect(body).toContain('data-early-summary-of="0|hrt"');
    expect(body).toContain(BILLING_WAITS);
    expect(body).not.toContain('data-early-page="billing"');
  }
});

/** A lead of this test's own (the demo data has Jane's). */
const EARLY_PAY_LANDING_ID = 'RWFybHl8ZWFybHkucGF5QGV4YW1wbGUuY29tfDIwMjYtMTEtMjh8TUlQ';

test('the payment’s billing form goes to a session whose lead answers the assessment, not to one whose lead does not', async () => {
  const lead = (answers: readonly object[]) =>
    JSON.stringify({
      landing_id: EARLY_PAY_LANDING_ID,
      formId: 'MIP',
      pathCode: 'shrt',
      answers,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@example.com',
      phone: '2025550143',
    });
  const saved = await app.inject({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    headers: { host: 'localhost:4173' },
    payload: { lead: lead([]), landingId: EARLY_PAY_LANDING_ID },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const cookie = (String(saved.headers['set-cookie']).split(';', 1)[0] ?? '').trim();
  await saveJourney(cookie, 'shrt', EARLY_PAY_LANDING_ID);
  // A lead of contact details only (a payment's, or one typed by hand) answers no assessment.
  expect((await open('/payment/shrt', { ...OWN_NAVIGATION, cookie })).body).toContain(BILLING_WAITS);
  const answered = await app.inject({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    headers: { host: 'localhost:4173', cookie },
    payload: { lead: lead(ASSESSMENT_ANSWERS), landingId: EARLY_PAY_LANDING_ID },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const { body } = await open('/payment/shrt', { ...OWN_NAVIGATION, cookie });
  expect(body).toContain('<form method="dialog" data-early-page="billing">');
  // A navigation from another site comes without the cookie: the form waits for the app.
  expect((await open('/payment/shrt', { 'sec-fetch-site': 'cross-site', cookie })).body).toContain(BILLING_WAITS);
});
