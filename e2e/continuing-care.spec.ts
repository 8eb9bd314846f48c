import type { Browser, BrowserContext } from '@playwright/test';
import { ARRIVAL_MS, newCustomer } from './support/customer.ts';
import { makeLandingId } from '../src/domain/landing-id.ts';
import { FORM_IDS } from '../src/contract/form-ids.ts';
import { expectAccessible } from './support/axe.ts';
import { continuousOrderOf, customerOf, recordsOf } from './support/database.ts';
import { expectDesigned } from './support/design-contract.ts';
import { answerRefill, heading, newPatient } from './support/patient.ts';
import { newestNewLinkTo, withReturnLink } from './support/return-link.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Issue 23, point 2: a returning customer sends their refill (or restart) request from the
 * clinic's email on one device, then opens the same link on another device, or reloads. The
 * request shows as sent, with what was sent and when, and can be changed from either device;
 * the patient never reads a raw API error. A stranger without the customer's signed link can
 * neither read nor overwrite it.
 */

test.describe.configure({ timeout: 120_000 });

/** Two devices of one patient: each a browser with nothing of the other's. */
async function twoDevices(browser: Browser): Promise<[BrowserContext, BrowserContext]> {
  return [await browser.newContext(), await browser.newContext()];
}

/** The summary of a request on file: its heading, when it was sent, and what was sent. */
async function expectRequestOnFile(page: Page, headingText: string, sentAnswer: string) {
  await expect(page.getByRole('heading', { level: 2, name: headingText })).toBeVisible({ timeout: ARRIVAL_MS });
  await expect(page.getByText(/^Sent on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'What you sent' })).toContainText(sentAnswer);
}

/** No raw API error (a call's path, a status code) is shown anywhere on the page. */
async function expectNoRawError(page: Page) {
  await expect(page.getByText(/\/saveLead|\/update|: 409|: 404|landing id/)).toHaveCount(0);
}

test('a refill sent on a laptop shows as sent after a reload and on a phone, which can change it', async ({
  browser,
}) => {
  const patient = newPatient('refill');
  const customerId = await newCustomer(browser, MENS_SITE, patient);
  const link = withReturnLink(`${MENS_SITE}/mip/cont/chrt?ktCustomerId=${customerId}`, customerId);
  const [laptop, phone] = await twoDevices(browser);
  try {
    const first = await laptop.newPage();
    await first.goto(link);
    await expect(first.getByRole('radio', { name: 'Very well' })).toBeVisible({ timeout: ARRIVAL_MS });
    await answerRefill(first, { effectiveness: 'Very well' });
    await expectRequestOnFile(first, 'Your refill request is in', 'Very well');

    // A reload shows the request, not an empty form.
    await first.reload();
    await expectRequestOnFile(first, 'Your refill request is in', 'Very well');
    await expect(first.getByRole('button', { name: 'Send my answers' })).toHaveCount(0);

    // The same email link on the phone opened the laptop's session already: the phone asks for a
    // new link by email (issue 39 point 4), and with it the request is there, and can be changed.
    const second = await phone.newPage();
    await second.goto(link);
    await expect(
      second.getByRole('heading', { level: 1, name: 'This link was opened in another browser' }),
    ).toBeVisible();
    await second.getByRole('button', { name: 'Email me a new link' }).click();
    await expect(second.getByRole('status').filter({ hasText: 'We have emailed you a new link' })).toBeVisible();
    await expect.poll(() => newestNewLinkTo(patient.email.toLowerCase())).not.toBeNull();
    await second.goto(newestNewLinkTo(patient.email.toLowerCase()) ?? '');
    await expectRequestOnFile(second, 'Your refill request is in', 'Very well');
    await expectAccessible(second, 'a refill request on file');
    await expectDesigned(second, 'a refill request on file');
    await second.getByRole('button', { name: 'Change my answers' }).click();
    await expect(second.getByRole('radio', { name: 'Very well' })).toBeChecked();
    await second.getByRole('radio', { name: 'Somewhat' }).check();
    await second.getByRole('button', { name: 'Next' }).click();
    await expect(second.getByRole('checkbox', { name: /continue treatment/ })).toBeChecked();
    await second.getByRole('button', { name: 'Send my answers' }).click();
    await expectRequestOnFile(second, 'Your refill request is in', 'Somewhat');
    await expectNoRawError(second);

    // The laptop sees the change.
    await first.reload();
    await expectRequestOnFile(first, 'Your refill request is in', 'Somewhat');
  } finally {
    await laptop.close();
    await phone.close();
  }
  expect(continuousOrderOf(customerId, false)?.details).toMatchObject({ medicationEffectiveness: ['somewhat'] });
});

test('the women’s refill form: sent on one device, it shows as sent on another', async ({ browser }) => {
  const patient = newPatient('f-refill', { state: 'FL' });
  const customerId = await newCustomer(browser, WOMENS_SITE, patient);
  const link = withReturnLink(`${WOMENS_SITE}/f/cont/fha1?ktCustomerId=${customerId}`, customerId);
  const [laptop, phone] = await twoDevices(browser);
  try {
    const first = await laptop.newPage();
    await first.goto(link);
    await expect(first.getByRole('radio', { name: 'Not well' })).toBeVisible({ timeout: ARRIVAL_MS });
    await answerRefill(first, { effectiveness: 'Not well' });
    await expect(first).toHaveURL(`${WOMENS_SITE}/f/conf/fha1/refill`);

    // The phone opens the link of another of the clinic's messages (each link opens in one browser).
    const second = await phone.newPage();
    await second.goto(withReturnLink(`${WOMENS_SITE}/f/cont/fha1?ktCustomerId=${customerId}`, customerId));
    await expectRequestOnFile(second, 'Your refill request is in', 'Not well');
    await expect(second.getByRole('button', { name: 'Change my answers' })).toBeVisible();
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test('a restart request shows as sent after a reload and on another device', async ({ browser }) => {
  const patient = newPatient('restart');
  const customerId = await newCustomer(browser, MENS_SITE, patient);
  const link = withReturnLink(`${MENS_SITE}/restart-hrt?ktCustomerId=${customerId}`, customerId);
  const [laptop, phone] = await twoDevices(browser);
  try {
    const first = await laptop.newPage();
    await first.goto(link);
    await expect(heading(first)).toHaveText('Restart Hormone Therapy');
    await expect(first.getByRole('radio', { name: 'The cost' })).toBeVisible({ timeout: ARRIVAL_MS });
    await first.getByRole('radio', { name: 'The cost' }).check();
    await first.getByRole('radio', { name: '1 to 3 months' }).check();
    await first.getByRole('checkbox', { name: 'Poor sleep' }).check();
    await first.getByRole('button', { name: 'Next' }).click();
    await first.getByRole('radio', { name: 'Somewhat' }).check();
    await first.getByRole('checkbox', { name: 'None of these' }).check();
    await first.getByRole('button', { name: 'Ask to restart' }).click();
    await expectRequestOnFile(first, 'Your request to restart treatment is in', 'The cost');
    await first.reload();
    await expectRequestOnFile(first, 'Your request to restart treatment is in', 'The cost');

    const second = await phone.newPage();
    await second.goto(withReturnLink(`${MENS_SITE}/restart-hrt?ktCustomerId=${customerId}`, customerId));
    await expectRequestOnFile(second, 'Your request to restart treatment is in', 'Poor sleep');
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test('a stranger without the customer’s link can neither read nor overwrite their refill', async ({ browser }) => {
  const patient = newPatient('refill-victim');
  const customerId = await newCustomer(browser, MENS_SITE, patient);
  const firstLead = customerOf(patient.email)?.landingId ?? '';
  // The refill's landing id is built from the name, the email and the day (SPEC §3): anyone who
  // knows them can build it. The stranger saves a lead under it before the patient does.
  const refillId = makeLandingId({
    lastName: patient.lastName,
    email: patient.email,
    landedAt: new Date().toISOString(),
    formId: FORM_IDS.continuingCare,
  });
  const strangerContext = await browser.newContext();
  const patientContext = await browser.newContext();
  try {
    const stranger = await strangerContext.newPage();
    await stranger.goto(`${MENS_SITE}/mip/cont/chrt?ktCustomerId=${customerId}`);
    await expect(stranger.getByRole('alert', { name: 'This link is incomplete' })).toBeVisible({ timeout: ARRIVAL_MS });
    const squat = await stranger.request.post(`${MENS_SITE}/api/memoForm/saveLead`, {
      data: {
        lead: JSON.stringify({
          landing_id: refillId,
          firstName: 'Mallory',
          lastName: patient.lastName,
          email: patient.email,
          phone: '2125550100',
          answers: [],
        }),
        landingId: firstLead,
      },
    });
    expect(squat.status()).toBe(200);

    // The patient sends their refill all the same, and is told nothing about other browsers.
    const own = await patientContext.newPage();
    await own.goto(withReturnLink(`${MENS_SITE}/mip/cont/chrt?ktCustomerId=${customerId}`, customerId));
    await expect(own.getByRole('radio', { name: 'Very well' })).toBeVisible({ timeout: ARRIVAL_MS });
    await answerRefill(own, { effectiveness: 'Very well' });
    await expectRequestOnFile(own, 'Your refill request is in', 'Very well');
    await expectNoRawError(own);

    // The stranger, with the link but not its token, or with another customer's token in it, sees nothing.
    for (const url of [
      `${MENS_SITE}/mip/cont/chrt?ktCustomerId=${customerId}`,
      withReturnLink(`${MENS_SITE}/mip/cont/chrt?ktCustomerId=${customerId}`, '100235'),
    ]) {
      await stranger.goto(url);
      await expect(stranger.getByRole('alert', { name: 'This link is incomplete' })).toBeVisible({
        timeout: ARRIVAL_MS,
      });
      await expect(stranger.getByText('Very well')).toHaveCount(0);
      await expect(stranger.getByRole('button', { name: /Send my answers|Change my answers/ })).toHaveCount(0);
    }

    // Nor by calling the API with the stranger's own session.
    const api = stranger.request;
    const order = `${MENS_SITE}/api/memoForm/getKtOrderContinuous?ktCustomerId=${customerId}&isRestart=false`;
    expect((await api.get(order)).status()).toBe(404);
    const overwrite = await api.post(
      `${MENS_SITE}/api/memoForm/updateKtOrderContinuous?ktCustomerId=${customerId}&medicationEffectiveness=not-well&isRestart=false`,
      { data: { medicationEffectiveness: ['not-well'] } },
    );
    expect(overwrite.status()).toBe(404);
    const refillLeads = recordsOf(patient.email).leads.filter(
      (lead) => lead.formId === FORM_IDS.continuingCare && lead.landingId !== refillId,
    );
    expect(refillLeads).toHaveLength(1);
    const patientsRefill = refillLeads[0]?.landingId ?? '';
    expect(
      (await api.get(`${MENS_SITE}/api/memoForm/getLead?landing_id=${encodeURIComponent(patientsRefill)}`)).status(),
    ).toBe(404);
    const overwriteLead = await api.post(`${MENS_SITE}/api/memoForm/saveLead`, {
      data: {
        lead: JSON.stringify({
          landing_id: patientsRefill,
          firstName: 'Mallory',
          lastName: patient.lastName,
          email: patient.email,
          phone: '2125550100',
          answers: [],
        }),
        landingId: patientsRefill,
      },
    });
    expect(overwriteLead.status()).toBe(409);
  } finally {
    await strangerContext.close();
    await patientContext.close();
  }
  // What the patient sent is what the clinic has.
  expect(continuousOrderOf(customerId, false)?.details).toMatchObject({ medicationEffectiveness: ['very-well'] });
  const sent = recordsOf(patient.email).leads.find(
    (lead) => lead.formId === FORM_IDS.continuingCare && lead.landingId !== refillId,
  );
  expect(sent?.answers.find((answer) => answer.ref === 'medicationEffectiveness')?.value).toEqual(['very-well']);
});
