import experiments from '../../config/experiments.json';
import funnels from '../../config/funnels.json';
import routes from '../../config/routes.json';

/**
 * The tag manager's data layer (SPEC §1), behind `track` in src/shared/services/analytics.ts, which
 * loads it when the page first reports something. Every entry it pushes to
 * `window.dataLayer` is built field by field from an allow-list: an event name from a fixed
 * list, the campaign code (only a code of config/funnels.json), the brand, the route's
 * variant (only one of config/routes.json), the step index, a coarse outcome from the
 * event's own list and the page's route pattern; for a split test's events (issue 29), only the
 * experiment and variant (of config/experiments.json), the code, the funnel version and the
 * step. Nothing a patient types can reach it: there is no field for it, and any
 * value outside the lists becomes null (or, for an unknown event, nothing is pushed).
 *
 * Nor does anything worked out from the answers (issue 38): whether they qualify, the scores and
 * their bands, a contraindication or its reason are health information, and a tag manager is no
 * place for them. No event's outcome is one (`assessment_complete` says only that the assessment
 * was finished), so two patients whose answers differ leave the same entries on the same steps.
 * The outcomes left are of the funnel's machinery: a payment's, a booking's, a service's fallback.
 */

/**
 * What each event's outcome may be; an empty list: the event has no outcome. Never an outcome of
 * the patient's answers (tests/shared/services/analytics.test.ts holds the list to that).
 */
export const ANALYTICS_OUTCOMES = {
  funnel_step_view: [],
  // That the assessment was finished, and nothing of what its answers say.
  assessment_complete: [],
  payment_result: ['approved', 'declined', 'error'],
  intake_complete: [],
  consult_booked: ['booked', 'skipped'],
  service_fallback: ['flags', 'bot_check', 'places', 'scheduling', 'video'],
  // A split test's: the server counted the patient as shown a variant, or as first reaching one of its steps.
  experiment_exposure: [],
  experiment_step: [],
} as const satisfies Record<string, readonly string[]>;

export type AnalyticsEvent = keyof typeof ANALYTICS_OUTCOMES;

/** The outcomes an event may carry (none for an event whose list is empty). */
export type AnalyticsOutcome<E extends AnalyticsEvent> = (typeof ANALYTICS_OUTCOMES)[E][number];

/** The events of a split test, which carry its fields and none of the page's. */
const EXPERIMENT_EVENTS: ReadonlySet<string> = new Set<AnalyticsEvent>(['experiment_exposure', 'experiment_step']);

/** What a split test's event says: which test, variant, code and steps (their version), and which step. */
export interface ExperimentDetail {
  experiment: string;
  variant: string;
  code: string;
  /** The variant's funnel version (src/engine/funnel-version.ts). */
  version: string;
  /** The step reached, counting from 0; null for an exposure. */
  step: number | null;
}

/**
 * One data-layer entry. Every field is always present (null when unknown): the tag
 * manager's data model merges entries, so a field left out would keep the previous event's
 * value.
 */
export interface AnalyticsEntry {
  event: AnalyticsEvent;
  funnel: string | null;
  brand: 'male' | 'female' | null;
  variant: string | null;
  step_index: number | null;
  outcome: string | null;
  /**
   * The page as its route pattern (`/f/payment/:pathCode`), never its address: a container
   * must read the page from here, not from the URL, whose query may hold a landing id.
   */
  page_path: string | null;
  /** A split test's id (config/experiments.json); null but on its events. */
  experiment: string | null;
  /** The split test's variant; null but on its events. */
  experiment_variant: string | null;
  /** The funnel version of the variant's steps; null but on a split test's events. */
  funnel_version: string | null;
}

/** Where the patient is, as the app shell tells it on each page. */
export interface AnalyticsPage {
  /** The page's campaign code; kept only when config/funnels.json has it. */
  funnel: string | null;
  brand: 'male' | 'female';
  /** The route's variant (config/routes.json), or null. */
  variant: string | null;
  /** The funnel step the page is, counting from 0, or null off the funnel. */
  stepIndex: number | null;
  /** The route's pattern in config/routes.json, or null. */
  route: string | null;
}

/** The most steps a funnel could have; a larger index is not a step. */
const MAX_STEP_INDEX = 50;

const FUNNEL_CODES: ReadonlySet<string> = new Set(Object.values(funnels.funnels).flatMap((funnel) => funnel.codes));
const ROUTE_VARIANTS: ReadonlySet<string> = new Set(
  routes.routes.flatMap((route) => (route as { variant?: string }).variant ?? []),
);
const ROUTE_PATHS: ReadonlySet<string> = new Set(routes.routes.map((route) => route.path));
const BRANDS: ReadonlySet<'male' | 'female'> = new Set(['male', 'female'] as const);
/** Each split test's variant ids, by test. */
const EXPERIMENT_VARIANTS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(experiments.experiments as Record<string, { variants: Record<string, unknown> }>).map(
    ([id, experiment]) => [id, new Set(Object.keys(experiment.variants))],
  ),
);
/**
 * A funnel version is 8 hex digits worked out from the steps (src/engine/funnel-version.ts):
 * no text a patient types has that form, and listing every variant's version would bring the
 * planner into this module.
 */
const VERSION = /^[0-9a-f]{8}$/;

/** The value when it is text the list holds, else null. */
function listed<T extends string>(list: ReadonlySet<T>, value: unknown): T | null {
  return typeof value === 'string' && (list as ReadonlySet<string>).has(value) ? (value as T) : null;
}

/**
 * The data-layer entry for an event on a page, built field by field from the allow-list, or
 * null when the event is not one of the list. The server's tagging endpoint checks what it
 * receives with it too.
 */
export function analyticsEntry(
  event: unknown,
  context: { [K in keyof AnalyticsPage]?: unknown } | null,
  outcome: unknown,
  split?: { [K in keyof ExperimentDetail]?: unknown } | null,
): AnalyticsEntry | null {
  if (typeof event !== 'string' || !Object.hasOwn(ANALYTICS_OUTCOMES, event)) return null;
  const known = event as AnalyticsEvent;
  const stepOf = (step: unknown) =>
    Number.isInteger(step) && (step as number) >= 0 && (step as number) <= MAX_STEP_INDEX ? (step as number) : null;
  if (EXPERIMENT_EVENTS.has(known)) {
    // Only the split test's fields: the brand, the route and the page would say more than its count needs.
    const experiment = typeof split?.experiment === 'string' ? split.experiment : null;
    const variants = experiment === null ? undefined : EXPERIMENT_VARIANTS.get(experiment);
    return {
      event: known,
      funnel: listed(FUNNEL_CODES, split?.code),
      brand: null,
      variant: null,
      step_index: known === 'experiment_step' ? stepOf(split?.step) : null,
      outcome: null,
      page_path: null,
      experiment: variants === undefined ? null : experiment,
      experiment_variant: variants === undefined ? null : listed(variants, split?.variant),
      funnel_version: typeof split?.version === 'string' && VERSION.test(split.version) ? split.version : null,
    };
  }
  return {
    event: known,
    funnel: listed(FUNNEL_CODES, context?.funnel),
    brand: listed(BRANDS, context?.brand),
    variant: listed(ROUTE_VARIANTS, context?.variant),
    step_index: stepOf(context?.stepIndex),
    outcome: listed(new Set<string>(ANALYTICS_OUTCOMES[known]), outcome),
    page_path: listed(ROUTE_PATHS, context?.route),
    experiment: null,
    experiment_variant: null,
    funnel_version: null,
  };
}

/**
 * Pushes an event to `window.dataLayer` (made an array when there is none) with the page it
 * happened on. Never throws: a broken data layer must not stop a patient.
 */
export function pushToDataLayer(
  event: unknown,
  outcome: unknown,
  page: AnalyticsPage | null,
  split?: ExperimentDetail,
): void {
  try {
    const entry = analyticsEntry(event, page, outcome, split);
    if (entry === null) return;
    const holder = window as unknown as { dataLayer?: { push?: unknown } };
    holder.dataLayer ??= [];
    // The tag manager replaces `push` once it runs, so it is looked up on every call.
    const layer = holder.dataLayer;
    if (typeof layer.push === 'function') (layer.push as (entry: AnalyticsEntry) => void).call(layer, entry);
  } catch {
    // Analytics is never worth an error in front of a patient.
  }
}
