import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import {
  book,
  chooseEarliestTime,
  completeIntake,
  continueAfterPaying,
  heading,
  newPatient,
  pay,
  takeAssessment,
} from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { reachBooking } from './support/reach.ts';

/**
 * Booking a consult on the local scheduler as a patient (issue 12, point 9): a compact day
 * picker with the times beside it (below it on a phone), no times on the clinic's holidays,
 * a confirmed page in the patient's time zone with an "Add to calendar" file, and microbh's
 * follow-up offered a week or more after the first consult, with both consults shown.
 */

interface ClinicCalendar {
  bookingWindowDays: number;
  followUp: { minDaysAfterFirst: number; windowDays: number };
  holidays: { date: string; name: string }[];
}

const CALENDAR = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../config/clinic-calendar.json'), 'utf8'),
) as ClinicCalendar;
const PHONE = { width: 375, height: 667 };
const DAY_MS = 24 * 3600 * 1000;

// A whole microbh funnel is a minute's work on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

function dayGroup(page: Page) {
  return page.getByRole('radiogroup', { name: 'Choose a day' });
}

function timeGroup(page: Page) {
  return page.getByRole('radiogroup', { name: /^Choose a time on/ });
}

/** The days offered, as `YYYY-MM-DD` in the patient's zone. */
async function offeredDays(page: Page): Promise<string[]> {
  await expect(dayGroup(page).getByRole('radio').first()).toBeAttached({ timeout: 10_000 });
  return dayGroup(page)
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
}

/** Days between two `YYYY-MM-DD` days. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Where the patient is once the booking is made: on the booking page, shown booked, or on the
 * funnel's finish page when the funnel ends with one (it confirms the booking too).
 */
async function afterBooking(page: Page): Promise<'booking page' | 'finish page'> {
  await expect
    .poll(() => heading(page).textContent(), { timeout: 10_000 })
    .toMatch(/^(Your consults? (is|are) booked|All Set)$/);
  return (await heading(page).textContent()) === 'All Set' ? 'finish page' : 'booking page';
}

/**
 * Starts noting every main heading the page shows, with its path, however briefly (a
 * confirmation replaced after 90 ms is never seen by a poll); the function returns them.
 */
async function watchHeadings(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const note = () => {
      const [title] = document.getElementsByTagName('h1');
      const entry = `${window.location.pathname} ${title?.textContent ?? ''}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { seenHeadings: seen });
  });
  return () => page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
}

/** Presses "Add to calendar" and reads the file it downloads. */
async function downloadCalendar(page: Page): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

/** The UTC instants of the file's events, in order. */
function eventStarts(ics: string): number[] {
  return [...ics.matchAll(/^DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\r$/gm)].map((match) =>
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5])),
  );
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, timezoneId: 'America/Chicago' });

  test('about the consult: the heading and the way on are on the first screen, and the button says what it does', async ({
    page,
  }) => {
    for (const viewport of [PHONE, { width: 320, height: 568 }]) {
      await page.setViewportSize(viewport);
      if (viewport === PHONE) {
        // About the consult after the assessment, then the booking (the consult needs to know who to book: issue 37).
        await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1', keys: 'assess,precal,cal' });
        await expect(page).toHaveURL(`${WOMENS_SITE}/f/about-consult/fha1?pathOverride=assess,precal,cal`);
      }
      await expect(heading(page)).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Choose my consult time' })).toBeInViewport({ ratio: 1 });
    }
    await page.getByRole('button', { name: 'Choose my consult time' }).click();
    await expect(page).toHaveURL(`${WOMENS_SITE}/f/appointment/consult/fha1?pathOverride=assess,precal,cal`);
    await expect(heading(page)).toHaveText('Book Your Consult');
  });

  test('booked with the finish next: no confirmation flashes by, the finish page confirms it with the consult as a card', async ({
    page,
  }) => {
    // pathOverride=cal: the assessment the booking needs (issue 37), the booking, then the finish.
    await reachBooking(page, { origin: MENS_SITE, brand: 'male', code: 'shrt' });
    await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/shrt?pathOverride=cal`);
    const headings = await watchHeadings(page);
    await book(page);
    await expect(page).toHaveURL(`${MENS_SITE}/finish/shrt?pathOverride=cal`);
    await expect(heading(page)).toHaveText('All Set');
    await expect(page.getByText('Your consult is booked.', { exact: true })).toBeVisible();
    const card = page.getByRole('region', { name: 'Your consult' });
    await expect(card).toContainText(/^.*[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(card).toContainText(/\d{1,2}:\d{2} [AP]M to \d{1,2}:\d{2} [AP]M Central (Standard|Daylight) Time/);
    await expect(card).toContainText('Video consult with a licensed clinician');
    const { name, text } = await downloadCalendar(page);
    expect(name).toBe('consult.ics');
    expect(text).toContain("\r\nSUMMARY:Consult with Peak Men's Health\r\n");
    // The booking page never showed a confirmation the finish page then took away.
    expect(await headings()).not.toContain(`/mip/calendly/shrt Your consult is booked`);
  });

  test('booked with another step next: the confirmation stays until the patient goes on', async ({ page }) => {
    // pathOverride=cal,cal: a consult, then a follow-up, then the finish (as microbh books twice).
    await reachBooking(page, { origin: MENS_SITE, brand: 'male', code: 'shrt', keys: 'cal,cal' });
    await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/shrt?pathOverride=cal,cal`);
    await book(page);
    await expect(heading(page)).toHaveText('Your consult is booked');
    const confirmation = page.getByRole('status').filter({ hasText: /Your consult is booked for/ });
    await expect(confirmation).toBeFocused();
    // Still there a moment later: the patient reads it at their pace.
    await page.waitForTimeout(1_500);
    await expect(heading(page)).toHaveText('Your consult is booked');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText(/^Your first consult is on /)).toBeVisible();
  });

  test('the days are a compact picker, and the first day’s times show without scrolling', async ({ page }) => {
    await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
    const days = await offeredDays(page);
    expect(days.length, 'about three weeks of open days are offered').toBeGreaterThanOrEqual(10);
    // The first open day is chosen, so its times are already there.
    await expect(dayGroup(page).getByRole('radio').first()).toBeChecked();
    const dayBox = await dayGroup(page).boundingBox();
    expect(dayBox?.height ?? Infinity, 'the day picker is a few rows, not a page of radios').toBeLessThan(300);
    await expect(page.getByText(/^Times are in your time zone: Central (Standard|Daylight) Time\.$/)).toBeVisible();
    // A first time is on screen as the page opens, and every cell is a thumb's size.
    const firstTime = timeGroup(page).locator('label').first();
    await expect(firstTime).toBeInViewport();
    const timeBox = await firstTime.boundingBox();
    expect(timeBox?.height ?? 0).toBeGreaterThanOrEqual(44);
    // The keyboard moves between days with the arrow keys, and the times follow the day.
    await dayGroup(page).getByRole('radio').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(dayGroup(page).getByRole('radio').nth(1)).toBeChecked();
    const second = await dayGroup(page).getByRole('radio').nth(1).getAttribute('aria-label');
    await expect(timeGroup(page)).toHaveAccessibleName(`Choose a time on ${second ?? ''}`);
  });

  test('booked: the heading says so, the time is in the patient’s zone, and Add to calendar gives the consult', async ({
    page,
  }) => {
    await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
    await expect(heading(page)).toHaveText('Book Your Consult');
    await book(page);
    const zoned =
      /[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}\d{1,2}:\d{2} [AP]M to \d{1,2}:\d{2} [AP]M Central (Standard|Daylight) Time/;
    const confirmation = page.getByRole('status').filter({ hasText: /Your consult is booked for/ });
    if ((await afterBooking(page)) === 'finish page') {
      // The finish page confirms it as a card, in the patient's zone, with the same file; the
      // booking page, visited again, shows it booked.
      await expect(page.getByRole('region', { name: 'Your consult' })).toContainText(zoned);
      expect((await downloadCalendar(page)).text).toContain('\r\nSUMMARY:Consult with Peak Femme\r\n');
      await page.goBack();
    } else {
      // Booked where the patient pressed Book: the confirmation is read out and in view.
      await expect(confirmation).toBeFocused();
    }

    await expect(heading(page)).toHaveText('Your consult is booked');
    await expect(confirmation).toBeInViewport();
    const sentence = await confirmation.getByText(/^Your consult is booked for/).textContent();
    expect(sentence).toMatch(
      /^Your consult is booked for [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M Central (Standard|Daylight) Time\.$/,
    );

    const { name, text } = await downloadCalendar(page);
    expect(name).toBe('consult.ics');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('\r\nSUMMARY:Consult with Peak Femme\r\n');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    // The file's time is the one the page shows, in the patient's zone.
    const [start] = eventStarts(text);
    const shown = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(start ?? 0));
    expect(sentence).toContain(` at ${shown} `);
    // Nothing in it says what the consult is for.
    expect(text).not.toMatch(/hormone|hrt|menopause|testosterone|\bED\b/i);
  });
});

test.describe('in the clinic’s time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('no times are offered on a clinic holiday', async ({ page }) => {
    await reachBooking(page, { origin: MENS_SITE, brand: 'male', code: 'shrt' });
    const days = await offeredDays(page);
    const [first = '', last = ''] = [days[0], days.at(-1)];
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    // Holidays from today to the last day offered that fall on a weekday (the demo clinic's open days).
    const closed = CALENDAR.holidays.filter((holiday) => {
      const weekday = new Date(`${holiday.date}T12:00:00Z`).getUTCDay();
      return holiday.date >= today && holiday.date <= last && weekday !== 0 && weekday !== 6;
    });
    test.skip(closed.length === 0, `no clinic holiday falls on a weekday between ${first} and ${last}`);
    for (const holiday of closed)
      expect(days, `${holiday.name} (${holiday.date}) is offered`).not.toContain(holiday.date);
  });
});

test('at 1280 px the times sit beside the days', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await reachBooking(page, { origin: MENS_SITE, brand: 'male', code: 'shrt' });
  await offeredDays(page);
  const days = await dayGroup(page).boundingBox();
  const times = await timeGroup(page).boundingBox();
  expect(days && times, 'both groups are shown').toBeTruthy();
  if (!days || !times) return;
  expect(times.x).toBeGreaterThanOrEqual(days.x + days.width);
  expect(Math.abs(times.y - days.y)).toBeLessThan(8);
});

test.describe('microbh', () => {
  test.use({ viewport: PHONE, timezoneId: 'America/Denver' });

  test('the follow-up is offered a week or more after the first consult, and both show when booked', async ({
    page,
  }) => {
    const patient = newPatient('booking-microbh');
    await page.goto(`${MENS_SITE}/payment/microbh`);
    await pay(page, patient);
    await continueAfterPaying(page);
    await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/microbh`);
    await chooseEarliestTime(page);
    const firstStart = await timeGroup(page)
      .getByRole('radio', { checked: true })
      .evaluate((radio) => (radio as HTMLInputElement).value);
    const firstDay = (await dayGroup(page).getByRole('radio', { checked: true }).getAttribute('value')) ?? '';
    await page.getByRole('button', { name: 'Book my consult' }).click();
    // The assessment comes next: the confirmation stays until the patient goes on.
    await expect(heading(page)).toHaveText('Your consult is booked');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/microbh`);
    await takeAssessment(page, patient);
    await expect(page).toHaveURL(`${MENS_SITE}/mip/form/microbh`);
    await completeIntake(page, patient);

    await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/microbh`);
    await expect(page.getByText(/^Your first consult is on .* Mountain (Standard|Daylight) Time\./)).toBeVisible();
    const days = await offeredDays(page);
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      expect(daysBetween(firstDay, day), `${day} is a week or more after ${firstDay}`).toBeGreaterThanOrEqual(
        CALENDAR.followUp.minDaysAfterFirst,
      );
    }
    const earliest = await timeGroup(page)
      .getByRole('radio')
      .first()
      .evaluate((radio) => (radio as HTMLInputElement).value);
    expect(Date.parse(earliest) - Date.parse(firstStart)).toBeGreaterThan(6 * DAY_MS);

    await book(page);
    if ((await afterBooking(page)) === 'finish page') {
      await expect(page).toHaveURL(`${MENS_SITE}/finish/microbh`);
      // The finish page has a card for each consult, and its file holds both.
      const cards = page.getByRole('region', { name: 'Your consults' });
      await expect(cards).toContainText(/Your consult[A-Z][a-z]+day, .* Mountain (Standard|Daylight) Time/);
      await expect(cards).toContainText(/Your follow-up consult[A-Z][a-z]+day, .* Mountain (Standard|Daylight) Time/);
      await expect(page.getByText(/^Join your video consult on .*, then your follow-up consult on /)).toBeVisible();
      expect(eventStarts((await downloadCalendar(page)).text)).toHaveLength(2);
      await page.goBack();
    }
    await expect(heading(page)).toHaveText('Your consults are booked');
    const confirmation = page.getByRole('status').filter({ hasText: /Your follow-up consult is booked for/ });
    await expect(confirmation).toContainText(/Your first consult is booked for .* Mountain (Standard|Daylight) Time\./);
    await expect(confirmation).toContainText(
      /Your follow-up consult is booked for .* Mountain (Standard|Daylight) Time\./,
    );

    const { name, text } = await downloadCalendar(page);
    expect(name).toBe('consults.ics');
    const starts = eventStarts(text);
    expect(starts).toHaveLength(2);
    expect(starts[0]).toBe(Date.parse(firstStart));
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBeGreaterThan(6 * DAY_MS);
    expect(text.match(/SUMMARY:Consult with Peak Men's Health/g)).toHaveLength(2);
  });
});
