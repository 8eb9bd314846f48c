import { withReturnLink } from './support/return-link.ts';
import { expect, test, type Browser, type Page, type TestInfo } from './support/test.ts';
import { CanaryRecorder, expectNoLeaks, possibleLandingIds, type Canary } from './support/canary.ts';
import path from 'node:path';
import Database from 'better-sqlite3';
import { recordsOf } from './support/database.ts';
import {
  answerRefill,
  book,
  completeIntakeTyping,
  heading,
  pay,
  takeAssessment,
  type IntakeTyping,
  type Patient,
  continueAfterPaying,
} from './support/patient.ts';
import { E2E_DATA_DIR, MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * The canary test. A patient with distinctive made-up details types them into every field of
 * whole journeys; none may appear in a URL the page requests or navigates to, a page title,
 * a console message, the analytics data layer, or browser storage (local and session storage,
 * cookies, IndexedDB, Cache Storage, history state), as typed, URL-encoded or base64-encoded,
 * and neither may the landing id made of them. Only request bodies to the clinic's own /api
 * carry them. Nor may what is worked out from them (issue 38): the analytics data layer and the
 * tag manager's requests name no verdict, score or band (HEALTH_OUTCOME), and a patient whose
 * answers rule treatment out leaves them exactly as one whose answers do not.
 */

let runs = 0;

/** A patient whose every detail is a canary; the email is unique so the database rows are this test's. */
function canaryPatient(tag: string, state: string, zip: string): Patient {
  runs += 1;
  return {
    firstName: 'Zyxcanaryfirst',
    lastName: 'Qwcanarylast',
    email: `zz.canary.mail.${tag}${String(Date.now())}${String(runs)}@example.com`,
    phone: '2125550199',
    birthdate: '03/17/1977',
    state,
    weight: '182',
    medications: 'Canarymedicine 42mg',
    address: { line1: '77 Canarylane', city: 'Canaryburg', zip },
  };
}

const TYPING: IntakeTyping = {
  allergies: 'Canaryallergy penicillin',
  addressLine2: 'Canarysuite 9',
  idNumber: 'CANARYID77',
  ssn: '123450987',
};

/** Every value typed, in the spellings it may take once the app formats it. */
function canariesOf(patient: Patient): Canary[] {
  return [
    { what: 'first name', spellings: [patient.firstName] },
    { what: 'last name', spellings: [patient.lastName] },
    { what: 'email', spellings: [patient.email, 'zz.canary.mail'] },
    { what: 'phone', spellings: [patient.phone, '(212) 555-0199', '212-555-0199'] },
    { what: 'birthdate', spellings: [patient.birthdate, '1977-03-17'] },
    { what: 'medications', spellings: [patient.medications, 'Canarymedicine'] },
    { what: 'street address', spellings: [patient.address.line1, 'Canarylane'] },
    { what: 'address line 2', spellings: [TYPING.addressLine2, 'Canarysuite'] },
    { what: 'city', spellings: [patient.address.city] },
    { what: 'allergies', spellings: [TYPING.allergies, 'Canaryallergy'] },
    { what: 'ID number', spellings: [TYPING.idNumber] },
    { what: 'SSN', spellings: [TYPING.ssn, '123-45-0987'] },
    { what: 'card number', spellings: ['4242424242424242', '4242 4242 4242 4242'] },
  ];
}

/** Pays with the canary's details, the billing address's second line included. */
async function payAsCanary(page: Page, patient: Patient) {
  await page
    .getByRole('form', { name: 'Billing details' })
    .getByRole('textbox', { name: /^Apartment, suite or unit/ })
    .fill(TYPING.addressLine2);
  await pay(page, patient);
  await continueAfterPaying(page);
}

/**
 * Waits for the local tag manager (3000 ms after the page's load event) to have started, so
 * the data layer's events have gone through it to the local tagging endpoint by the end.
 */
async function tagManagerStarted(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __localTagsStarted?: boolean }).__localTagsStarted), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** What the local tagging endpoint kept for a funnel code (src/server/tags.ts), as JSON text. */
function keptTagEvents(funnel: string): string {
  const db = new Database(path.resolve(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return JSON.stringify(db.prepare('SELECT * FROM tag_events WHERE funnel = ?').all(funnel));
  } finally {
    db.close();
  }
}

/**
 * The end of every journey: the typed values did reach the clinic (so the test typed
 * something), the data layer is kept for the record, and nothing leaked anywhere else.
 */
async function expectNothingLeaked(
  recorder: CanaryRecorder,
  patient: Patient,
  testInfo: TestInfo,
  orders: number,
  funnel: string,
) {
  const records = recordsOf(patient.email);
  expect(records.leads).toHaveLength(1);
  expect(records.orders).toHaveLength(orders);
  expect(JSON.stringify(records.leads)).toContain(patient.address.line1);
  await testInfo.attach('window.dataLayer', {
    body: recorder.dataLayer ?? 'window.dataLayer does not exist on these pages',
    contentType: 'text/plain',
  });
  // The funnel was reported (so the checks below looked at real events), through the tag manager.
  expect(recorder.dataLayer).toContain(`"event":"funnel_step_view","funnel":"${funnel}"`);
  expect(recorder.dataLayer).toContain('"event":"gtm.js"');
  await expect.poll(() => keptTagEvents(funnel)).toContain('"event":"funnel_step_view"');
  const kept = keptTagEvents(funnel).toLowerCase();
  for (const canary of canariesOf(patient)) {
    for (const spelling of canary.spellings) expect(kept, canary.what).not.toContain(spelling.toLowerCase());
  }
  const landingIds = [
    ...records.leads.map((lead) => lead.landingId),
    ...possibleLandingIds(patient.lastName, patient.email),
  ];
  await expectNoLeaks(recorder, canariesOf(patient), landingIds);
}

/** What the tag manager heard on a walk: the data layer's entries and the events sent to the collector. */
interface Heard {
  /** window.dataLayer's entries in order, the tag manager's own start entries left out (when it starts is timing). */
  entries: unknown[];
  /** How many start entries the tag manager pushed. */
  starts: number;
  /** The events sent to the collector, as sent. */
  sent: unknown[];
}

/**
 * Takes the men's assessment in a browser of its own and reads what the tag manager heard by the
 * results. The start entry's `gtm.start` (a clock time) is the one field that differs from walk
 * to walk by design, so the start entries are counted, not compared.
 */
async function heardOnAssessment(
  browser: Browser,
  testInfo: TestInfo,
  hormoneCancer: 'Yes' | 'No',
): Promise<{ heard: Heard; recorder: CanaryRecorder }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const patient = canaryPatient(`derived${hormoneCancer}`, 'TX', '78701');
    const recorder = await CanaryRecorder.start(page, [MENS_SITE, WOMENS_SITE]);
    await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
    await recorder.checkpoint(`answering the assessment, hormone-sensitive cancer: ${hormoneCancer}`);
    await takeAssessment(page, patient, { hormoneCancer });
    await expect(page).toHaveURL(`${MENS_SITE}/results/shrt`);
    await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
    // The walks differ where the patient sees it: one may go on, the other is told why not.
    if (hormoneCancer === 'Yes') {
      await expect(page.getByRole('alert', { name: "We can't offer treatment online yet" })).toBeVisible();
    } else {
      await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeVisible();
    }
    await tagManagerStarted(page);
    await recorder.checkpoint('on the results');
    const layer = JSON.parse(recorder.dataLayer ?? '[]') as { event?: unknown }[];
    const entries = layer.filter((entry) => entry.event !== 'gtm.js');
    // Every entry of the app's reached the collector.
    await expect.poll(() => recorder.tagRequests.length).toBe(entries.length);
    await testInfo.attach(`window.dataLayer, hormone-sensitive cancer: ${hormoneCancer}`, {
      body: recorder.dataLayer ?? '',
      contentType: 'text/plain',
    });
    return {
      heard: {
        entries,
        starts: layer.length - entries.length,
        sent: recorder.tagRequests.map((body) => JSON.parse(body) as unknown),
      },
      recorder,
    };
  } finally {
    await context.close();
  }
}

test('the tag manager hears the same of a patient whose answers rule treatment out as of one whose do not', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const qualifies = await heardOnAssessment(browser, testInfo, 'No');
  const ruledOut = await heardOnAssessment(browser, testInfo, 'Yes');

  // The walks were reported (the assessment's pages, its end and the results), through the collector.
  expect(qualifies.heard.entries).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ event: 'funnel_step_view', funnel: 'shrt', brand: 'male' }),
      expect.objectContaining({ event: 'assessment_complete', funnel: 'shrt', brand: 'male', outcome: null }),
    ]),
  );
  expect(qualifies.heard.starts).toBe(1);
  expect(qualifies.heard.sent.length).toBeGreaterThan(0);
  // A contraindication changes nothing the tag manager hears: the same entries, in the same order, sent the same.
  expect(ruledOut.heard).toEqual(qualifies.heard);
  // Nor does it hear a verdict, a score or a band on either walk.
  for (const { recorder } of [qualifies, ruledOut]) {
    expect(recorder.healthOutcomes(), 'what the answers say, heard by analytics').toEqual([]);
  }
});

test('men’s shrt funnel, a KY patient (photo ID and SSN): no typed value leaves the clinic API', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const patient = canaryPatient('shrt', 'KY', '40601');
  const recorder = await CanaryRecorder.start(page, [MENS_SITE, WOMENS_SITE]);

  await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
  await expect(heading(page)).toHaveText('Hormone Assessment');
  await recorder.checkpoint('answering the assessment');
  await takeAssessment(page, patient, { reloadCheck: true });

  await expect(page).toHaveURL(`${MENS_SITE}/results/shrt`);
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  await recorder.checkpoint('reloading the results');
  await page.reload();
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  await recorder.checkpoint('leaving the results');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  await expect(page).toHaveURL(`${MENS_SITE}/payment/shrt`);
  await expect(heading(page)).toHaveText('Complete Your Order');
  await recorder.checkpoint('paying');
  await payAsCanary(page, patient);

  await expect(page).toHaveURL(`${MENS_SITE}/mip/form/shrt`);
  await recorder.checkpoint('opening the intake');
  await completeIntakeTyping(page, patient, TYPING, (title) => recorder.checkpoint(`on the intake page "${title}"`));

  await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/shrt`);
  await expect(heading(page)).toHaveText('Book Your Consult');
  await recorder.checkpoint('booking the consult');
  await book(page);
  await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
  await recorder.checkpoint('reloading the booked consult');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
  await tagManagerStarted(page);
  await recorder.checkpoint('at the end');

  await expectNothingLeaked(recorder, patient, testInfo, 1, 'shrt');
});

test('women’s fha1 funnel, an IL patient (photo ID): no typed value leaves the clinic API', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const patient = canaryPatient('fha1', 'IL', '60601');
  const recorder = await CanaryRecorder.start(page, [MENS_SITE, WOMENS_SITE]);

  await page.goto(`${WOMENS_SITE}/f/hormone-assessment/fha1`);
  await expect(heading(page)).toHaveText('Hormone Assessment');
  await recorder.checkpoint('answering the assessment');
  await takeAssessment(page, patient);

  await expect(page).toHaveURL(`${WOMENS_SITE}/f/results/fha1`);
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  await recorder.checkpoint('leaving the results');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  await expect(page).toHaveURL(`${WOMENS_SITE}/f/payment/fha1`);
  await expect(heading(page)).toHaveText('Complete Your Order');
  await recorder.checkpoint('paying');
  await payAsCanary(page, patient);

  await expect(page).toHaveURL(`${WOMENS_SITE}/f/intake/fha1`);
  await recorder.checkpoint('opening the intake');
  await completeIntakeTyping(page, patient, TYPING, (title) => recorder.checkpoint(`on the intake page "${title}"`));

  await expect(page).toHaveURL(`${WOMENS_SITE}/f/about-consult/fha1`);
  await expect(heading(page)).toHaveText('About Your Consult');
  await recorder.checkpoint('on the consult video page');
  await page.getByRole('button', { name: 'Choose my consult time' }).click();

  await expect(page).toHaveURL(`${WOMENS_SITE}/f/appointment/consult/fha1`);
  await expect(heading(page)).toHaveText('Book Your Consult');
  await recorder.checkpoint('booking the consult');
  await book(page);
  await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
  await tagManagerStarted(page);
  await recorder.checkpoint('at the end');

  await expectNothingLeaked(recorder, patient, testInfo, 1, 'fha1');
});

test('men’s dailytada ED funnel, intake first (contact details typed there), then checkout: nothing leaks', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const patient = canaryPatient('dailytada', 'NC', '27601');
  const recorder = await CanaryRecorder.start(page, [MENS_SITE, WOMENS_SITE]);

  await page.goto(`${MENS_SITE}/mip/form/dailytada`);
  await expect(heading(page)).toHaveText('Intake');
  await recorder.checkpoint('opening the intake');
  await completeIntakeTyping(page, patient, TYPING, (title) => recorder.checkpoint(`on the intake page "${title}"`));

  await expect(page).toHaveURL(`${MENS_SITE}/mip/checkout/dailytada`);
  await expect(heading(page)).toHaveText('Complete Your Order');
  await recorder.checkpoint('checking out');
  await payAsCanary(page, patient);
  // Paid, acknowledged, and on to the funnel's finish page.
  await expect(page).toHaveURL(`${MENS_SITE}/finish/dailytada`);
  await expect(page.getByText(/^Order reference /)).toBeVisible();
  await recorder.checkpoint('reloading after payment');
  await page.reload();
  await expect(page.getByText(/^Order reference /)).toBeVisible();
  await tagManagerStarted(page);
  await recorder.checkpoint('at the end');

  await expectNothingLeaked(recorder, patient, testInfo, 1, 'dailytada');
});

test('a returning men’s patient: continuing-care notes, a restart of therapy and a new card: nothing leaks', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const patient = canaryPatient('returning', 'CA', '90001');
  const notes = 'Canarynote feeling steady';
  const recorder = await CanaryRecorder.start(page, [MENS_SITE, WOMENS_SITE]);

  await page.goto(withReturnLink(`${MENS_SITE}/mip/cont/chrt?ktCustomerId=100235`, '100235'));
  await expect(heading(page)).toHaveText('Continuing Care');
  await recorder.checkpoint('answering the continuing-care form');
  await answerRefill(page, { effectiveness: 'Very well', notes });
  await expect(page.getByRole('heading', { name: 'Your refill request is in' })).toBeVisible();

  await recorder.checkpoint('restarting therapy');
  await page.goto(withReturnLink(`${MENS_SITE}/restart-hrt?ktCustomerId=100235`, '100235'));
  await expect(heading(page)).toHaveText('Restart Hormone Therapy');
  await page.getByRole('radio', { name: 'The cost' }).check();
  await page.getByRole('radio', { name: '1 to 3 months' }).check();
  await page.getByRole('checkbox', { name: 'Poor sleep' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Somewhat' }).check();
  await page.getByRole('checkbox', { name: 'None of these' }).check();
  await page.getByLabel(/Anything else your provider should know/).fill(notes);
  await page.getByRole('button', { name: 'Ask to restart' }).click();
  await expect(page.getByRole('heading', { name: 'Your request to restart treatment is in' })).toBeVisible();

  await recorder.checkpoint('updating the card');
  await page.goto(withReturnLink(`${MENS_SITE}/commerce-info-update?ktCustomerId=100235`, '100235'));
  await expect(heading(page)).toHaveText('Update Your Details');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(patient.firstName);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(patient.lastName);
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry date' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  // The card update's street field suggests addresses, as the payment's does; a typed one is taken as it is.
  const street = page.getByLabel(/^Street address/);
  await street.fill(patient.address.line1);
  await street.press('Escape');
  await page.getByRole('textbox', { name: /^Apartment, suite or unit/ }).fill(TYPING.addressLine2);
  await page.getByRole('textbox', { name: 'City', exact: true }).fill(patient.address.city);
  await page.getByRole('combobox', { name: /^State/ }).selectOption(patient.state);
  await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill(patient.address.zip);
  await page.getByRole('button', { name: 'Save payment details' }).click();
  await expect(page.getByText('Your payment details are updated')).toBeVisible();
  await recorder.checkpoint('at the end');

  // The notes reached the clinic: the demo customer's lead (src/server/seed.ts) holds them.
  expect(JSON.stringify(recordsOf('john.smith@example.com').leads)).toContain(notes);
  await expectNoLeaks(recorder, [...canariesOf(patient), { what: 'care notes', spellings: [notes, 'Canarynote'] }], []);
});
