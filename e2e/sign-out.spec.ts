import { expect, test } from './support/test.ts';
import { heading, newPatient, takeAssessment } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * Issue 39, point 2: "Not you? Sign out" where a patient's name shows. On a shared computer the
 * next person must not go on with someone else's answers: the session ends on the server (its
 * cookie, copied or kept, opens nothing more), the page starts afresh at the campaign's
 * assessment, and Back shows nothing of the patient.
 */
for (const [site, start, results] of [
  ['men’s', `${MENS_SITE}/hormone-assessment/shrt`, /\/results\/shrt/],
  ['women’s', `${WOMENS_SITE}/f/hormone-assessment/fha1`, /\/f\/results\/fha1/],
] as const) {
  test(`a patient on the ${site} results signs out: the next person at the computer sees nothing of theirs`, async ({
    page,
    context,
  }) => {
    const patient = newPatient(`sign-out-${site === 'men’s' ? 'm' : 'f'}`);
    await page.goto(start);
    await takeAssessment(page, patient);
    await expect(page).toHaveURL(results);
    await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
    const before = (await context.cookies()).find((cookie) => cookie.name === 'funnel_journey');
    expect(before).toBeDefined();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(heading(page)).toHaveText(/^Hormone (Assessment|Quiz)$/, { timeout: 15_000 });
    await expect(page).toHaveURL(start);
    // The old cookie is gone (a new visitor's page may start a session of its own: another one).
    const after = (await context.cookies()).find((cookie) => cookie.name === 'funnel_journey');
    expect(after?.value).not.toBe(before?.value);
    // The first question is unanswered: nothing of the patient came back.
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

    // Back, to wherever the browser goes (the last question, restored or loaded again): nothing of theirs.
    await page.goBack();
    await expect(heading(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(patient.firstName)).toHaveCount(0);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await page.goto(start.replace('hormone-assessment', 'results'));
    await expect(page.getByText(/We don.t have your assessment answers yet/)).toBeVisible({ timeout: 15_000 });

    // The old cookie, put back by hand (or kept by someone who copied it), opens nothing.
    if (before !== undefined) await context.addCookies([before]);
    await page.reload();
    await expect(page.getByText(/We don.t have your assessment answers yet/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(patient.firstName)).toHaveCount(0);
  });
}

test('signing out offline says so, and the patient stays signed in where they were', async ({ page, context }) => {
  const patient = newPatient('sign-out-offline');
  await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
  await takeAssessment(page, patient);
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /couldn.t sign you out/ })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(false);
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
});
