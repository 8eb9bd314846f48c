import { expectAccessible } from './support/axe.ts';
import { startLimitedServer } from './support/limited-server.ts';
import { withReturnLink } from './support/return-link.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 23, point 7: a return link opened when the server's limit on link checks is used up
 * (docs/limits.md: 20 a minute per address, shared with the other identity checks). The suite's
 * server runs without limits, so this test starts one with them on.
 */
test('a link opened while its limit is used up says when to try again, shows no endless spinner, and opens after the wait', async ({
  page,
}) => {
  // The limit's window is a minute: the test waits it out, as the patient would.
  test.setTimeout(150_000);
  const server = await startLimitedServer();
  try {
    // Someone at the same address (a guesser, a busy household) has used up this minute's checks.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await fetch(`${server.api}/session/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'guess.guess' }),
      });
    }
    await page.goto(withReturnLink(`${server.mensSite}/post-clinic/100235`, '100235'));

    await expect(page.getByRole('heading', { level: 1, name: 'Please wait a moment' })).toBeVisible();
    await expect(page.getByText(/You can try again in \d+ seconds?\./)).toBeVisible();
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeDisabled();
    // One explanation, and nothing that looks like it is still working on it.
    await expect(page.getByText(/Check your connection/)).toHaveCount(0);
    await expect(page.getByText(/could not find/)).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'the page of a link opened too often');

    // When the wait is over the same page opens the visit: no need to find the email again.
    await expect(page.getByText('You can try again now.')).toBeVisible({ timeout: 65_000 });
    await tryAgain.click();
    await expect(page.getByRole('heading', { name: 'Your prescriptions' })).toBeVisible();
    expect(await page.evaluate(() => window.location.href)).not.toContain('access=');
  } finally {
    await server.stop();
  }
});
