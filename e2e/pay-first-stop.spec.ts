import { expect, test, type Page } from './support/test.ts';
import { expectAccessible } from './support/axe.ts';
import { expectDesigned } from './support/design-contract.ts';
import { refundRequestsOf, recordsOf } from './support/database.ts';
import { continueAfterPaying, heading, newPatient, pay, takeAssessment, type Patient } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * Issue 37, point 5: a funnel that takes the payment before the assessment (bhrt, fbhrt) and
 * then finds a contraindication stops there, with the words the results page says before paying
 * (shrt), and says what happens to the money: a full refund of what was charged, to the card it
 * was charged to, and when. The refund is recorded for staff, once. Before the fix the patient
 * went straight on to the intake and the booking.
 */

const CANCER_REASON = 'A history of hormone-sensitive cancer needs an in-person specialist.';

/** '$99.00' as the page shows it: '$99'. */
function shown(total: string): string {
  return total.replace(/\.00$/, '');
}

async function expectStop(page: Page, total: string) {
  const main = page.getByRole('main');
  await expect(main.getByText("We can't offer treatment online yet")).toBeVisible({ timeout: 15_000 });
  await expect(main.getByText(CANCER_REASON)).toBeVisible();
  const refund = main.getByRole('region', { name: 'Your refund' });
  await expect(refund).toContainText(
    `We are refunding your payment of ${shown(total)} in full to the card ending in 4242.`,
  );
  await expect(refund).toContainText('within 5-10 business days');
  await expect(refund).toContainText(/Order reference: [0-9A-Z]{4}/);
  await expect(refund.getByRole('link', { name: /\d{3}/ })).toHaveAttribute('href', /^tel:/);
  // No way on to the intake or the booking.
  await expect(main.getByRole('button', { name: /Continue|Finish the assessment/ })).toHaveCount(0);
  await expect(main.getByRole('link', { name: /intake|book|consult/i })).toHaveCount(0);
}

async function payThenAnswerYes(page: Page, patient: Patient, site: string, payment: string, assessment: string) {
  await page.goto(`${site}${payment}`);
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL(`${site}${assessment}`);
  await takeAssessment(page, patient, { hormoneCancer: 'Yes' });
}

for (const funnel of [
  {
    name: "bhrt (men's)",
    site: MENS_SITE,
    payment: '/payment/bhrt',
    assessment: '/hormone-assessment/bhrt',
    intake: '/mip/form/bhrt',
  },
  {
    name: "fbhrt (women's)",
    site: WOMENS_SITE,
    payment: '/f/payment/fbhrt',
    assessment: '/f/hormone-assessment/fbhrt',
    intake: '/f/intake/fbhrt',
  },
]) {
  test(`${funnel.name}: paid, then yes to hormone-sensitive cancer: the stop with the refund, no way on, one refund request; a reload keeps it`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const patient = newPatient(`payfirst-${funnel.site === WOMENS_SITE ? 'women' : 'men'}`);
    await payThenAnswerYes(page, patient, funnel.site, funnel.payment, funnel.assessment);

    const { orders } = recordsOf(patient.email);
    expect(orders).toHaveLength(1);
    const order = orders[0];
    if (order === undefined) throw new Error('no order');
    await expectStop(page, order.total);
    // The assessment's own address (with the form's page number, which is no answer).
    expect(new URL(page.url()).pathname).toBe(funnel.assessment);
    await expect(heading(page)).toHaveText('Hormone Assessment');
    // Read by a screen reader and laid out as every screen is, at a phone's width and a wide one.
    await expectAccessible(page, `${funnel.name} stop`);
    await expectDesigned(page, `${funnel.name} stop`);
    // Nothing of the answers in the address or the title.
    expect(page.url()).not.toMatch(/cancer|yes/i);
    expect(await page.title()).not.toMatch(/cancer|refund/i);

    await expect.poll(() => refundRequestsOf(patient.email).length, { timeout: 10_000 }).toBe(1);
    expect(refundRequestsOf(patient.email)).toEqual([
      {
        orderId: order.id,
        landingId: expect.any(String) as unknown,
        amount: order.total,
        last4: '4242',
        reasons: ['hormone-cancer'],
        status: 'requested',
      },
    ]);

    // A reload keeps the stop and asks for nothing new.
    await page.reload();
    await expectStop(page, order.total);
    await expect(page.getByRole('heading', { name: 'Where should we send your results?' })).toHaveCount(0);
    expect(refundRequestsOf(patient.email)).toHaveLength(1);

    // The intake's link opened by hand leads nowhere past the stop: no intake questionnaire opens.
    await page.goto(`${funnel.site}${funnel.intake}`);
    await expect(page.getByText("We can't offer treatment online yet")).toBeVisible({ timeout: 15_000 });
    expect(refundRequestsOf(patient.email)).toHaveLength(1);
    expect(recordsOf(patient.email).orders).toHaveLength(1);
  });
}
