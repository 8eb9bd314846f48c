import { expect, test, type Page } from './support/test.ts';
import { recordsOf } from './support/database.ts';
import {
  completeIntake,
  newPatient,
  pay,
  takeAssessment,
  type Patient,
  continueAfterPaying,
} from './support/patient.ts';
import {
  FAKE_ORIGINS,
  FAKES_ORIGIN,
  SERVICES_DATA_DIR,
  SERVICES_MENS_SITE,
  SERVICES_WOMENS_SITE,
} from './support/sites.ts';

/**
 * The production-like server: the same app with the production implementation of every
 * outside service, each at its fake (playwright.config.ts). First every service works and is
 * seen to be used; then each is blocked in turn, as an ad blocker or an outage would, and the
 * patient still finishes the women's funnel, which meets all six.
 */

type Service = keyof typeof FAKE_ORIGINS;

const SERVICE_NAMES: Readonly<Record<Service, string>> = {
  tagManager: 'tag manager',
  flags: 'feature-flag service',
  botCheck: 'bot check',
  places: 'places service',
  scheduling: 'scheduling service',
  media: 'video host',
};

/** Every request to the service's fake fails, as if the network refused it. */
async function block(page: Page, service: Service): Promise<void> {
  await page.route(`${FAKE_ORIGINS[service]}/**`, (route) => route.abort('blockedbyclient'));
}

/** The events the fake tagging server received from pages of this patient's funnel. */
async function taggedEvents(page: Page): Promise<{ container: string | null; entry: Record<string, unknown> }[]> {
  const response = await page.request.get(`${FAKES_ORIGIN}/tags-fake/events`);
  return (await response.json()) as { container: string | null; entry: Record<string, unknown> }[];
}

/** Pays, choosing the billing address from the places service's suggestions. */
async function payWithSuggestedAddress(page: Page, patient: Patient): Promise<void> {
  const form = page.getByRole('form', { name: 'Billing details' });
  const street = form.getByRole('combobox', { name: 'Street address' });
  await street.pressSequentially('200 Congress', { delay: 30 });
  // Chosen with the keyboard, as the combobox's options move while suggestions arrive.
  await expect(page.getByRole('option', { name: /200 Congress Ave/ })).toBeVisible();
  await street.press('ArrowDown');
  await street.press('Enter');
  await expect(form.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Austin');
  await expect(form.getByRole('textbox', { name: 'ZIP code', exact: true })).toHaveValue('78701');
  await pay(page, { ...patient, state: 'TX' });
  await continueAfterPaying(page);
}

/** Books the first time the scheduling service's embed offers. */
async function bookInEmbed(page: Page): Promise<void> {
  const embed = page.frameLocator('iframe[title="Book your consult"]');
  await embed.getByRole('button').first().click();
  await embed.getByRole('button', { name: 'Confirm' }).click();
}

async function finishWomensFunnel(page: Page, patient: Patient, blocked: Service | null): Promise<void> {
  await page.goto(`${SERVICES_WOMENS_SITE}/f/hormone-assessment/fha1`);
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(`${SERVICES_WOMENS_SITE}/f/results/fha1`);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  await expect(page).toHaveURL(`${SERVICES_WOMENS_SITE}/f/payment/fha1`);
  const verified = page.waitForResponse('**/api/memoForm/verifyRecaptcha', { timeout: 20_000 }).catch(() => null);
  // reCAPTCHA's notice is in the flow, in place of its badge, whether or not its script loads.
  await expect(page.getByText('This site is protected by reCAPTCHA and the Google Privacy Policy')).toBeVisible();
  if (blocked !== 'botCheck') {
    // The badge the (fake) script floats in the corner is there, and hidden.
    const badge = page.getByText('protected by reCAPTCHA', { exact: true });
    await expect(badge).toHaveCount(1);
    await expect(badge).toBeHidden();
  }
  if (blocked === 'places') {
    await pay(page, patient);
    await continueAfterPaying(page);
  } else {
    await payWithSuggestedAddress(page, patient);
  }
  await expect(page).toHaveURL(`${SERVICES_WOMENS_SITE}/f/intake/fha1`, { timeout: 20_000 });
  const verification = await verified;
  if (blocked === 'botCheck') {
    expect(verification, 'no token, so nothing to verify').toBeNull();
  } else {
    expect(await verification?.json()).toMatchObject({ data: { success: true, action: 'payment' } });
  }
  await completeIntake(page, patient);

  await expect(page).toHaveURL(`${SERVICES_WOMENS_SITE}/f/about-consult/fha1`);
  const video = page.locator('video');
  if (blocked === 'media') {
    // The words of the video, in its place.
    await expect(page.getByText('The video is not available right now. Here is what it says:')).toBeVisible();
    await expect(page.getByText('You meet a licensed clinician by video, for about thirty minutes.')).toBeVisible();
    await expect(video).toHaveCount(0);
  } else {
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc))
      .toContain(`${FAKE_ORIGINS.media}/media-cdn/`);
  }
  await page.getByRole('button', { name: 'Book my consult' }).click();

  await expect(page).toHaveURL(`${SERVICES_WOMENS_SITE}/f/appointment/consult/fha1`);
  if (blocked === 'scheduling') {
    await expect(page.getByText('The booking calendar is not loading.')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Continue without booking now' }).click();
  } else {
    await bookInEmbed(page);
  }
}

test.describe('with every outside service in production form', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a women’s patient finishes, and each service is used', async ({ page }) => {
    const patient = newPatient('services-all');
    // Events from before this test (other tests share the fake) do not count for it.
    const before = (await taggedEvents(page)).length;
    await finishWomensFunnel(page, patient, null);
    await expect(page.getByText(/booked/i).first()).toBeVisible();

    const records = recordsOf(patient.email, SERVICES_DATA_DIR);
    expect(records.leads).toHaveLength(1);
    expect(records.orders).toHaveLength(1);
    // The tagging script sends each event as it is pushed; the last may still be on its way.
    expect(await page.evaluate(() => (window as { __fakeTagManagerLoaded?: string }).__fakeTagManagerLoaded)).toBe(
      'GTM-FEMME01',
    );
    await expect
      .poll(async () => (await taggedEvents(page)).slice(before).map((event) => event.entry.event))
      .toEqual(expect.arrayContaining(['funnel_step_view', 'assessment_complete', 'payment_result', 'consult_booked']));
    const events = await taggedEvents(page);
    const ours = events.filter((event) => event.entry.funnel === 'fha1');
    expect(ours.every((event) => event.container === 'GTM-FEMME01')).toBe(true);
    expect(ours.every((event) => typeof event.entry.page_path === 'string')).toBe(true);
    // Nothing the patient typed reached the tag manager, in any event it received.
    const sent = JSON.stringify(events).toLowerCase();
    for (const typed of [patient.firstName, patient.lastName, patient.email, patient.phone, 'congress', 'austin']) {
      expect(sent).not.toContain(typed.toLowerCase());
    }
  });

  for (const service of Object.keys(FAKE_ORIGINS) as Service[]) {
    test(`with the ${SERVICE_NAMES[service]} blocked, a women’s patient still finishes`, async ({ page }) => {
      await block(page, service);
      const patient = newPatient(`services-no-${service}`);
      await finishWomensFunnel(page, patient, service);
      const records = recordsOf(patient.email, SERVICES_DATA_DIR);
      expect(records.leads).toHaveLength(1);
      expect(records.orders).toHaveLength(1);
    });
  }

  test('with the places service blocked, a men’s microclinic patient chooses a city from the list', async ({
    page,
  }) => {
    await block(page, 'places');
    const patient = newPatient('services-microclinic');
    await page.goto(`${SERVICES_MENS_SITE}/payment/microclinic`);
    await pay(page, patient);
    await continueAfterPaying(page);
    await expect(page).toHaveURL(`${SERVICES_MENS_SITE}/mip/hrt/finish/microclinic`, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Enter my city or ZIP code' }).click();
    await page.getByRole('textbox', { name: 'City or ZIP code' }).fill('Austin');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(
      page.getByText('We cannot look up places just now. Choose the city nearest to you instead.'),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Your city' }).selectOption({ label: 'Austin, TX 78701' });
    await page.getByRole('button', { name: 'Find microclinics' }).click();
    await expect(page.getByRole('radiogroup', { name: 'Microclinics near you' })).toBeVisible();
  });
});
