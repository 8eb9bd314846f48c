import { expect, type Page } from '@playwright/test';
import { newPatient, type Patient } from './patient.ts';

const SESSION_COOKIE = 'funnel_journey';

/**
 * Gives the browser a patient the clinic can reach, as the assessment's contact page (or a
 * pay-first form, or the ED intake) would before a booking step: a lead with their name, email
 * and phone, saved under the browser's own session on `site`. The server books a consult only
 * for such a session (issue 37); a test about booking itself that opens a booking link directly
 * calls this first, so it books as a real patient does rather than as a cold link. Returns the
 * lead's landing id.
 *
 * Sent to the server's own address (Node, unlike Chromium, may not resolve *.localhost), with
 * the session cookie the browser holds for `site`, and the cookie it answers put back there.
 */
export async function saveContactDetails(page: Page, site: string, patient: Patient = newPatient('booking')) {
  const { hostname, port } = new URL(site);
  const day = new Date().toISOString().slice(0, 10);
  const landingId = Buffer.from(`${patient.lastName}${patient.email}${day}MIP`).toString('base64url');
  const held = (await page.context().cookies(site)).find((cookie) => cookie.name === SESSION_COOKIE);
  const saved = await page.request.post(`http://127.0.0.1:${port}/api/memoForm/saveLead`, {
    headers: held === undefined ? {} : { cookie: `${SESSION_COOKIE}=${held.value}` },
    data: {
      lead: JSON.stringify({
        landing_id: landingId,
        formId: 'MIP',
        firstName: patient.firstName,
        lastName: patient.lastName,
        email: patient.email,
        phone: patient.phone,
        answers: [],
      }),
      landingId,
    },
  });
  expect(saved.status(), 'the lead is saved').toBe(200);
  const session = saved
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value)
    .find((value) => value.startsWith(`${SESSION_COOKIE}=`) && !/;\s*Max-Age=0\b/i.test(value));
  const value = session?.split(';', 1)[0]?.slice(SESSION_COOKIE.length + 1);
  if (value !== undefined) {
    await page
      .context()
      .addCookies([{ name: SESSION_COOKIE, value, domain: hostname, path: '/', httpOnly: true, sameSite: 'Strict' }]);
  }
  return landingId;
}
