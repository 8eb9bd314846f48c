import type { ClinicRulesFile, Funnel, FunnelConfig, FunnelVariant, ProductRules } from './config-types.ts';
import type { FunnelPlan } from './funnel-plan.ts';

/**
 * Where the clinic treats and how (config/clinic-rules.json, issue 38 point 1). A product is
 * served in the states it lists (`servedStates`); a state whose encounter types lack
 * `asynchronous` (the server's GET /memoForm/stateEncounterTypes/{state}, config's
 * `encounterTypes` the local default) lets a clinician prescribe only after a live visit, so an
 * order the clinician would otherwise review in writing waits for one. What counts as that
 * visit is config's too (`encounterTypes.liveVisit`: the facts of config/routes.json a booked
 * consult or a microclinic visit produce). The payment and checkout screens and the server's
 * order door (src/server/state-doors.ts) read these rules; none of them keeps its own list.
 */

/** The encounter type a clinician may prescribe after without a live visit: the written review. */
export const ASYNCHRONOUS = 'asynchronous';

/** The product a funnel sells, by its site and treatment; undefined when clinic-rules names none. */
export function productOfFunnel(
  rules: ClinicRulesFile | undefined,
  funnel: Pick<Funnel, 'site' | 'treatment'>,
): { id: string; product: ProductRules } | undefined {
  const found = Object.entries(rules?.products ?? {}).find(
    ([, product]) => product.sells.site === funnel.site && product.sells.treatment === funnel.treatment,
  );
  return found === undefined ? undefined : { id: found[0], product: found[1] };
}

/** Whether a product is served in a state (a postal code, upper case). A product config does not know is served nowhere. */
export function servesState(product: Pick<ProductRules, 'servedStates'> | undefined, state: string): boolean {
  return product?.servedStates.includes(state.toUpperCase()) ?? false;
}

/** Whether a state's encounter types ask a live visit before a clinician prescribes (no written review). */
export function asksLiveVisit(encounterTypes: readonly string[]): boolean {
  return !encounterTypes.includes(ASYNCHRONOUS);
}

/** A state's encounter types as config has them (the local default; the server's call is the source at run time). */
export function configEncounterTypes(rules: ClinicRulesFile, state: string): readonly string[] {
  const byState = rules.encounterTypes.byState;
  const code = state.toUpperCase();
  return Object.hasOwn(byState, code) ? (byState[code] ?? rules.encounterTypes.default) : rules.encounterTypes.default;
}

/**
 * Whether an order placed at step `orderIndex` of a plan needs a live visit booked before it, in
 * a state that asks one: no later step of the plan produces a live visit (an HRT funnel's payment
 * buys the consult the patient books next, which the clinician prescribes after), nor do the
 * variant's staff do it (`byStaff`: the call centre books the consult on the phone). An ED
 * checkout, whose order a clinician would review in writing, does.
 */
export function orderNeedsVisitFirst(
  rules: ClinicRulesFile,
  plan: Pick<FunnelPlan, 'pages'>,
  orderIndex: number,
  variant?: Pick<FunnelVariant, 'byStaff'> | null,
): boolean {
  const live = rules.encounterTypes.liveVisit;
  if (variant?.byStaff?.some((fact) => live.includes(fact)) === true) return false;
  return !plan.pages
    .slice(orderIndex + 1)
    .some((page) => (page.route.produces ?? []).some((fact) => live.includes(fact)));
}

/**
 * Whether the live visit of step `index` of a plan is taken care of after it: a later step is one,
 * or the plan's variant's staff make it (see orderNeedsVisitFirst). The plan's variant is looked
 * up by name in its funnel.
 */
export function liveVisitAfter(
  config: Pick<FunnelConfig, 'clinicRules' | 'funnels'>,
  plan: Pick<FunnelPlan, 'pages' | 'funnelId' | 'variant'>,
  index: number,
): boolean {
  const variant = config.funnels.funnels[plan.funnelId]?.variants?.find((known) => known.name === plan.variant);
  return !orderNeedsVisitFirst(config.clinicRules, plan, index, variant ?? null);
}
