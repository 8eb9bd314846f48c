import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { holdTheApp, watchProblems } from './support/early-page.ts';
import { heading, newPatient, takeAssessment } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 28: results opened by someone with no answers (a cold link, a bookmark on a new device)
 * say so in the page the server sends, with the way to the assessment, before the app's script
 * has arrived; the app then says the same in the same place. A patient who has answers never
 * sees that note, not even for a moment: the server sends it only to a browser that would have
 * brought its session and brings none, or one whose journey has no lead.
 */

const PAGES = [
  { site: MENS_SITE, path: '/results/shrt', assessment: '/hormone-assessment/shrt' },
  { site: WOMENS_SITE, path: '/f/results/fha1', assessment: '/f/hormone-assessment/fha1' },
] as const;

const NO_ANSWERS = "We don't have your assessment answers yet. It takes about 5 minutes.";

function note(page: Page) {
  return page.getByText(NO_ANSWERS);
}

/** A patient who took the men's assessment and sees their results. */
async function patientWithResults(page: Page, tag: string) {
  const patient = newPatient(tag);
  await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
  await takeAssessment(page, patient);
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  return patient;
}

/** The app has drawn the page: the note is the results screen's own, no longer the one the page came with. */
async function appTookOverTheNote(page: Page) {
  await expect(page.locator('[data-early-note]')).toHaveCount(0, { timeout: 15_000 });
}

for (const { site, path, assessment } of PAGES) {
  test(`${path}: a visitor with no answers is told so, and can start the assessment, with no script at all`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site}${path}`);
    await expect(heading(page)).toHaveText('Your Results');
    await expect(note(page)).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Take the assessment' }).click();
    await expect(page).toHaveURL(`${site}${assessment}`);
    await expect(heading(page)).toHaveText(/^Hormone (Assessment|Quiz)$/);
    await context.close();
  });

  test(`${path}: the app says the same where the page said it, and its button takes the visitor to the assessment`, async ({
    page,
  }) => {
    const problems = watchProblems(page);
    const { release } = await holdTheApp(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site}${path}`, { waitUntil: 'commit' });
    await expect(note(page)).toBeVisible();
    // The page's is a link (it works with no script); the app's goes Back in the funnel.
    const button = page.getByRole('main').locator(':is(a, button):has-text("Take the assessment")');
    await expect(button).toBeVisible();
    const noteBefore = await note(page).boundingBox();
    const buttonBefore = await button.boundingBox();
    await expectAccessible(page, `${path} as sent to a visitor with no answers, before the app`);
    // A keyboard user on the page's link as the app arrives stays on the button there.
    await page.keyboard.press('Tab');
    for (let tab = 0; tab < 10 && !(await button.evaluate((element) => element === document.activeElement)); tab += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(button).toBeFocused();
    release();

    await appTookOverTheNote(page);
    await expect(button).toBeFocused();
    await expect(note(page)).toBeVisible();
    expect(await note(page).boundingBox()).toEqual(noteBefore);
    expect(await button.boundingBox()).toEqual(buttonBefore);
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await button.click();
    await expect(page).toHaveURL(`${site}${assessment}`);
    await expect(heading(page)).toHaveText(/^Hormone (Assessment|Quiz)$/);
    expect(problems).toEqual([]);
  });
}

test('a visitor who only looked at the assessment is told there are no answers, in the page as sent', async ({
  page,
}) => {
  // The assessment's page starts a journey (and a session) on arrival, with no lead in it.
  await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
  await expect(page.getByLabel('What is your date of birth?')).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).length).toBeGreaterThan(0);
  const { release } = await holdTheApp(page);
  await page.goto(`${MENS_SITE}/results/shrt`, { waitUntil: 'commit' });
  await expect(note(page)).toBeVisible();
  release();
  await appTookOverTheNote(page);
  await expect(note(page)).toBeVisible();
});

test('a patient with answers who reopens their results never sees the note: the page waits for their results', async ({
  page,
}) => {
  const patient = await patientWithResults(page, 'early-note-results');

  // Reopened from the address bar (a bookmark), on a slow line: the page comes before the app.
  const seen = watchForTheNote(page);
  const { release } = await holdTheApp(page);
  await page.goto(`${MENS_SITE}/results/shrt`, { waitUntil: 'commit' });
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(note(page)).toHaveCount(0);
  release();
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  expect(await seen()).toBe(false);
});

test('a patient with answers who follows a link to their results from another site (an email) never sees the note', async ({
  page,
}) => {
  const patient = await patientWithResults(page, 'early-note-email');

  // A page of another site with a link to the results: the browser keeps the session cookie
  // (SameSite=Strict) back from that navigation, so the server cannot tell the patient has one.
  await page.route('https://mail.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><a href="${MENS_SITE}/results/shrt">See your results</a>`,
    }),
  );
  await page.goto('https://mail.example/');
  const seen = watchForTheNote(page);
  const { release } = await holdTheApp(page);
  await page.getByRole('link', { name: 'See your results' }).click();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(note(page)).toHaveCount(0);
  release();
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  expect(await seen()).toBe(false);
});

/**
 * Whether any page sent from now on came with the note (the app shows it only from the page it
 * came with, or once the journey says there are no answers): a note shown for a moment counts.
 */
function watchForTheNote(page: Page): () => Promise<boolean> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') bodies.push(response.text().catch(() => ''));
  });
  return async () => (await Promise.all(bodies)).some((body) => body.includes('data-early-note-of'));
}
