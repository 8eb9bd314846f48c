import { expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import { screensAfter, variantQuery, type FunnelPlan } from '../../../src/engine/funnel-plan.ts';
import { SCREENS_ASKING_MARKETING } from '../../../src/domain/contact-questions.ts';
import { paymentOffersMarketing } from '../../../src/features/payment/payment-journey.ts';
import { PAYMENT_RECORDS } from '../../../src/shared/journey/paid-order.ts';
import { loadConfig, loadEngine } from '../../support/config.ts';
import { journeyState } from '../../support/journey.ts';

/**
 * Which form asks the optional marketing choice (TCPA, issue 12 point 7), worked out from the
 * funnel config as the app does: every funnel asks it once, and the payment form asks it only
 * where it makes the lead and no later form asks it.
 */

const engine = loadEngine();
const NEW_JOURNEY: JourneyState = journeyState({}, '2025-03-01T12:00:00.000Z');

function planOf(code: string, site: 'male' | 'female', query: string): FunnelPlan {
  const planned = engine.planVisit({ code, brand: site, query });
  if (!planned.ok) throw new Error(planned.problem.message);
  return planned.plan;
}

const asksMarketing = (screen: string) => (SCREENS_ASKING_MARKETING as readonly string[]).includes(screen);

/** Whether the payment form offers the choice in a plan: at a payment step no asking form comes before (it makes the lead). */
function paymentOffers(plan: FunnelPlan): boolean {
  const screens = screensAfter(plan, -1);
  return screens.some((screen, index) => {
    if (screen !== 'payment' && screen !== 'checkout') return false;
    if (screens.slice(0, index).some(asksMarketing)) return false;
    return paymentOffersMarketing(NEW_JOURNEY, '', screensAfter(plan, index));
  });
}

/** Every code's own plan and each of its variants', as `code?query`. */
function everyPlan(): { name: string; plan: FunnelPlan }[] {
  return Object.values(loadConfig().funnels.funnels).flatMap((funnel) =>
    funnel.codes.flatMap((code) => [
      { name: code, plan: planOf(code, funnel.site, '') },
      ...(funnel.variants ?? [])
        .filter((variant) => variant.codes?.includes(code) ?? true)
        .map((variant) => ({
          name: `${code}?${variantQuery(variant)}`,
          plan: planOf(code, funnel.site, variantQuery(variant)),
        })),
    ]),
  );
}

test('the payment form asks the marketing choice only in the call-centre variants, whose payment makes the lead and is followed by no form', () => {
  const offering = everyPlan()
    .filter(({ plan }) => paymentOffers(plan))
    .map(({ name }) => name);
  expect(offering.sort()).toEqual(['fha1?callcenter=true', 'shrt?callcenter=true']);
});

test('every funnel asks the marketing choice: by the assessment, the intake, or the payment form', () => {
  const silent = everyPlan()
    .filter(({ plan }) => !paymentOffers(plan) && !screensAfter(plan, -1).some(asksMarketing))
    .map(({ name }) => name);
  expect(silent).toEqual([]);
});

test('a pathOverride list with payment and no form after it is asked at payment too, with no variant named', () => {
  // An ED code's pay link is the payment alone (shrt's gets its assessment back, which asks).
  const plan = planOf('dailytada', 'male', 'pathOverride=pay');
  expect(paymentOffers(plan)).toBe(true);
  expect(paymentOffers(planOf('dailytada', 'male', 'pathOverride=pay,intake'))).toBe(false);
  expect(paymentOffers(planOf('shrt', 'male', 'pathOverride=pay'))).toBe(false);
});

test('the steps after one, and all of them off the list', () => {
  const plan = planOf('shrt', 'male', 'callcenter=true');
  expect(screensAfter(plan, 0)).toEqual(['finish']);
  expect(screensAfter(plan, null)).toEqual(['payment', 'finish']);
  expect(screensAfter(plan, 1)).toEqual([]);
});

test('the payment form does not ask when a lead exists already, unless it made it with the choice on it', () => {
  const withLead: JourneyState = { ...NEW_JOURNEY, landingId: 'UXVpbm4yMDI1LTAzLTAxTUlQ' };
  expect(paymentOffersMarketing(NEW_JOURNEY, '', ['finish'])).toBe(true);
  // The assessment or intake made the lead and asked.
  expect(paymentOffersMarketing(withLead, '', ['finish'])).toBe(false);
  // The link brought the lead.
  expect(paymentOffersMarketing(NEW_JOURNEY, 'UXVpbm4yMDI1LTAzLTAxTUlQ', ['finish'])).toBe(false);
  // This form made it before a declined card: the box stays.
  const madeHere = { ...withLead, records: { [PAYMENT_RECORDS.marketingAsked]: 'yes' } };
  expect(paymentOffersMarketing(madeHere, '', ['finish'])).toBe(true);
  // No funnel known (before it starts): not asked.
  expect(paymentOffersMarketing(NEW_JOURNEY, '', null)).toBe(false);
});
