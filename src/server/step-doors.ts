import type { Access } from './access.ts';
import { statement, type Db } from './database.ts';
import { HttpProblem } from './problem.ts';
import { stored } from './handlers/support.ts';
import { journeyExperimentOf } from './experiments.ts';
import { contraindicationsOf } from './contraindications.ts';
import type { Answer, QuestionPage } from '../contract/api-types.ts';
import { CONTACT_QUESTIONS } from '../domain/contact-questions.ts';
import type { ScreenName, Site } from '../engine/config-types.ts';
import { variantQuery, variantsFor, type FunnelEngine, type FunnelPlan } from '../engine/funnel-plan.ts';
import { dueFacts, factsOfRoute, type FactName } from '../engine/step-facts.ts';

/**
 * Issue 37, points 4 and 5: the local server keeps a step's door with its own records. An order
 * (the payment step) or an intake (the intake step) is refused, with 409 and nothing stored, when
 * the facts that step is due on the patient's funnel (config/routes.json `requires`, and what every
 * step before it on config/funnels.json's path `produces`: `dueFacts`, the machine's own rule) do
 * not hold by the server's rows: the lead, its answers, its orders and appointments. The facts the
 * server proves are SERVER_FACTS; a fact it has no row for is left to the machine (docs/security.md).
 */

/** The reason of the 409 for a step whose due facts the server's records do not hold. */
export const STEP_NOT_ALLOWED_REASON = 'step-not-allowed';

/** The message of that 409. */
export const STEP_NOT_ALLOWED_MESSAGE = 'This step is not open yet';

/**
 * The facts the server proves from its own rows. `intake-done` is not among them: the intake saves
 * its pages as it goes, and no row says it was finished, so the machine alone keeps that door.
 */
export const SERVER_FACTS: readonly FactName[] = [
  'contact-known',
  'assessment-answered',
  'no-contraindication',
  'paid',
  'consult-booked',
];

/** The steps whose calls keep a door: the payment (an order) and the intake (its lead). */
export type DoorStep = 'payment' | 'intake';

const STEP_SCREENS: Readonly<Record<DoorStep, readonly ScreenName[]>> = {
  payment: ['payment', 'checkout'],
  intake: ['intake'],
};

/** The order kinds of a payment step, and the statuses of an order that was charged and stands. */
const PAID_ORDER = "kind IN ('order', 'non-linear') AND status IN ('approved', 'fulfilled')";

/** The contact questions' refs: `contact-known` proves them, not the assessment's answers. */
const CONTACT_REFS: ReadonlySet<string> = new Set(CONTACT_QUESTIONS.map((question) => question.ref));

/**
 * The steps the patient walks for a code: the plan their journey recorded (its `funnel.steps`),
 * when that is a plan config gives the code (its own steps with the session's split-test variant,
 * a query variant such as `callcenter=true`, or a pathOverride list): each is a link anyone may
 * open, so the server's door is the door of the link the patient took. Anything else (no
 * journey, a list config never gives) is the code's own funnel.
 */
export function journeyPlan(
  db: Db,
  engine: FunnelEngine,
  site: Site,
  code: string,
  sessionId: string | undefined,
): FunnelPlan | undefined {
  const journey =
    sessionId === undefined
      ? undefined
      : statement<[string, string], { state_json: string }>(
          db,
          'SELECT state_json FROM journeys WHERE journey_id = ? AND path_code = ?',
        ).get(sessionId, code);
  const kept = sessionId === undefined ? undefined : journeyExperimentOf(db, sessionId, code);
  const experiment = kept === undefined ? null : { experiment: kept.experiment, variant: kept.variant };
  const own = engine.planVisit({ code, brand: site, query: '', experiment });
  const recorded = journey === undefined ? undefined : (stored(journey.state_json) as JourneySteps).funnel?.steps;
  if (recorded === undefined) return own.ok ? own.plan : undefined;
  const same = (plan: FunnelPlan) =>
    plan.steps.length === recorded.length && plan.steps.every((step, index) => step === recorded[index]);
  for (const query of linkQueries(engine, site, code, recorded)) {
    const visit = engine.planVisit({ code, brand: site, query, experiment });
    if (visit.ok && same(visit.plan)) return visit.plan;
  }
  return own.ok ? own.plan : undefined;
}

interface JourneySteps {
  funnel?: { steps?: string[] };
}

/** The queries of the links config gives a code: none, each query variant, and the pathOverride of `steps`. */
function linkQueries(engine: FunnelEngine, site: Site, code: string, steps: readonly string[]): string[] {
  const funnel = engine.funnelFor(code, site)?.funnel;
  const variants = funnel === undefined ? [] : variantsFor(funnel, code).map(variantQuery);
  const { stepKeys } = engine.config;
  const keys = steps.map(
    (step) => Object.entries(stepKeys.keys).find(([, key]) => key.paths[site] === step)?.[0] ?? null,
  );
  const override = keys.every((key) => key !== null)
    ? [`${encodeURIComponent(stepKeys.queryParam)}=${keys.join(stepKeys.separator)}`]
    : [];
  return ['', ...variants, ...override];
}

/** What a step of a plan is due, of the facts the server proves; null when the plan has no such step. */
export function serverDueFacts(plan: FunnelPlan, step: DoorStep): FactName[] | null {
  const index = plan.pages.findIndex((page) => STEP_SCREENS[step].includes(page.route.screen));
  if (index === -1) return null;
  const due = dueFacts(
    plan.pages.map((page) => factsOfRoute(page.route)),
    index,
  );
  return SERVER_FACTS.filter((fact) => due.includes(fact));
}

/**
 * The landing ids of one journey: the lead's own, and any lead granted to this very session with
 * the same campaign code (a journey is what a session keeps per code). The second-payment rule
 * (paidInJourney, src/server/handlers/orders.ts) and the steps' doors read the journey so.
 */
export function journeyLandingIds(db: Db, access: Access, landingId: string, code: string): string[] {
  const sameCode = statement<[string, string], { one: number }>(
    db,
    'SELECT 1 AS one FROM leads WHERE landing_id = ? AND path_code = ? COLLATE NOCASE',
  );
  return [
    landingId,
    ...access.grantedIds('lead').filter((id) => id !== landingId && sameCode.get(id, code) !== undefined),
  ];
}

/**
 * Whether stored answers answer a form's pages: every required question of them (as the server
 * serves them, GET /memoForm/pageQuestions), contact questions aside, has a value. The assessment
 * saves its lead on its last page with every page's answers; a payment made first saves only the
 * contact details under the same form id, so the form id alone proves nothing.
 */
function answersForm(
  db: Db,
  form: { formId: string; pageIds: readonly string[] },
  answers: readonly Answer[],
): boolean {
  const given = new Set(answers.filter((answer) => answer.value.some((value) => value !== '')).map((a) => a.ref));
  const page = statement<[string, string], { page_json: string }>(
    db,
    'SELECT page_json FROM question_pages WHERE form_id = ? AND page_id = ?',
  );
  const required = form.pageIds.flatMap((pageId) => {
    const row = page.get(form.formId, pageId);
    const questions = row === undefined ? [] : (stored(row.page_json) as QuestionPage).questions;
    return questions.filter((question) => question.required).map((question) => question.ref ?? question.id);
  });
  const asked = required.filter((ref) => !CONTACT_REFS.has(ref));
  return asked.length > 0 && asked.every((ref) => given.has(ref));
}

/**
 * The facts of SERVER_FACTS a lead holds by the server's rows, for a plan of its code: its own
 * contact details and answers, and the orders and appointments of the journey's landing ids.
 */
function serverFacts(db: Db, landingId: string, journeyIds: readonly string[], plan: FunnelPlan): FactName[] {
  const lead = statement<[string], { lead_json: string; answers_json: string }>(
    db,
    'SELECT lead_json, answers_json FROM leads WHERE landing_id = ?',
  ).get(landingId);
  if (lead === undefined) return [];
  const held: FactName[] = [];
  const contact = stored(lead.lead_json) as { email?: unknown; phone?: unknown };
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (filled(contact.email) && filled(contact.phone)) held.push('contact-known');
  const answers = stored(lead.answers_json) as Answer[];
  const assessment = plan.pages.find((page) => page.route.produces?.includes('assessment-answered'))?.route.form;
  if (assessment !== undefined && answersForm(db, assessment, answers)) {
    held.push('assessment-answered');
    if (contraindicationsOf(answers).length === 0) held.push('no-contraindication');
  }
  const ids = JSON.stringify(journeyIds);
  const inJourney = 'landing_id IN (SELECT value FROM json_each(?))';
  if (
    statement<[string], { one: number }>(db, `SELECT 1 AS one FROM orders WHERE ${PAID_ORDER} AND ${inJourney}`).get(
      ids,
    )
  ) {
    held.push('paid');
  }
  if (
    statement<[string], { one: number }>(
      db,
      `SELECT 1 AS one FROM appointments WHERE status <> 'cancelled' AND ${inJourney}`,
    ).get(ids)
  ) {
    held.push('consult-booked');
  }
  return held;
}

/**
 * How far a journey truly got along a plan, by the server's rows (issue 39 point 3): the
 * furthest step up to `claimed` such that neither it nor any step before it is due a fact of
 * SERVER_FACTS the journey's lead does not hold. A split test counts a step only so far: a
 * script saving journeys that say they stand on the last step, with no lead, payment or booking
 * behind them, adds to the counts of the steps due nothing only. `lead`: the journey's lead, when
 * the session owns it, and the landing ids of its journey.
 */
export function furthestHeldStep(
  db: Db,
  plan: FunnelPlan,
  claimed: number,
  lead: { landingId: string; journeyIds: readonly string[] } | undefined,
): number {
  const facts = plan.pages.map((page) => factsOfRoute(page.route));
  let held: readonly string[] | undefined;
  for (let index = 0; index <= claimed && index < plan.pages.length; index += 1) {
    const stepDue: readonly string[] = dueFacts(facts, index);
    const due = SERVER_FACTS.filter((fact) => stepDue.includes(fact));
    if (due.length === 0) continue;
    const leadHolds = (held ??= lead === undefined ? [] : serverFacts(db, lead.landingId, lead.journeyIds, plan));
    if (!due.every((fact) => leadHolds.includes(fact))) return index - 1;
  }
  return claimed;
}

/**
 * Refuses (409, `reason` step-not-allowed, the facts `missing`) a call of a step whose due facts
 * the lead's journey does not hold by the server's rows. Staff pass, as on the booking's door: the
 * call centre takes a payment on the phone. A lead of no code, a code with no funnel on this site
 * or a funnel without this step keep no door here. Call it after the ownership check and before
 * anything is written.
 */
export function refuseClosedStep(
  context: { db: Db; access: Access; engine: FunnelEngine; site: Site },
  step: DoorStep,
  landingId: string,
  pathCode: string | null,
): void {
  const { db, access, engine, site } = context;
  if (access.staff || pathCode === null || pathCode === '') return;
  const code = pathCode.toLowerCase();
  // The code's own site: a women's code called on the men's host keeps its door.
  const other: Site = site === 'male' ? 'female' : 'male';
  const codeSite = engine.funnelFor(code, site) === undefined && engine.funnelFor(code, other) ? other : site;
  const plan = journeyPlan(db, engine, codeSite, code, access.existingSessionId());
  const due = plan === undefined ? null : serverDueFacts(plan, step);
  if (plan === undefined || due === null || due.length === 0) return;
  const held = serverFacts(db, landingId, journeyLandingIds(db, access, landingId, code), plan);
  const missing = due.filter((fact) => !held.includes(fact));
  if (missing.length === 0) return;
  throw new HttpProblem(
    409,
    STEP_NOT_ALLOWED_MESSAGE,
    step === 'payment'
      ? 'This funnel takes its payment only after the steps before it, so nothing was charged.'
      : 'This funnel asks for the intake only after the steps before it, so nothing was saved.',
    { reason: STEP_NOT_ALLOWED_REASON, missing },
  );
}

/** The campaign code a lead was saved under, or null. */
export function pathCodeOfLead(db: Db, landingId: string): string | null {
  return (
    statement<[string], { path_code: string | null }>(db, 'SELECT path_code FROM leads WHERE landing_id = ?').get(
      landingId,
    )?.path_code ?? null
  );
}

/**
 * Whether a funnel page's step is open to the session a page request carries, by the server's
 * rows: its due facts (SERVER_FACTS of them) on the plan the address gives, held by the lead of
 * the session's journey for the code. A step due nothing is open to anyone (a pay-first
 * payment); a page outside the code's plan, or a code with no funnel, is left open (the app
 * answers those). A visitor with no session, or whose journey has no lead yet (`landingId`, the
 * journey's as GET /journey reads it), holds nothing: one indexed read of the journey decides
 * it, more only for a patient who has a lead. The lead decides only whether a form with nothing
 * of anyone's in it is painted early, so the journey's landing id is taken as it is. The
 * server puts a payment page's billing form in the page only where this holds (src/server/pages.ts).
 */
export function pageStepOpen(
  db: Db,
  engine: FunnelEngine,
  page: { site: Site; code: string; query: string; routePath: string },
  visitor: { sessionId: string | undefined; landingId: () => string | undefined },
): boolean {
  const { sessionId } = visitor;
  const { site, code, query, routePath } = page;
  const kept = sessionId === undefined ? undefined : journeyExperimentOf(db, sessionId, code);
  const experiment = kept === undefined ? null : { experiment: kept.experiment, variant: kept.variant };
  const visit = engine.planVisit({ code, brand: site, query, experiment });
  if (!visit.ok) return true;
  const { plan } = visit;
  const index = plan.pages.findIndex((step) => step.route.path === routePath);
  if (index === -1) return true;
  const due = dueFacts(
    plan.pages.map((step) => factsOfRoute(step.route)),
    index,
  ).filter((fact): fact is FactName => SERVER_FACTS.some((known) => known === fact));
  if (due.length === 0) return true;
  const landingId = sessionId === undefined ? undefined : visitor.landingId();
  if (landingId === undefined) return false;
  const held = serverFacts(db, landingId, [landingId], plan);
  return due.every((fact) => held.includes(fact));
}
