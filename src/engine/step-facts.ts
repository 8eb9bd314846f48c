import type { Funnel, RouteConfig } from './config-types.ts';
import type { RouteTable } from './route-match.ts';

/**
 * What each step requires and produces (issue 37). A route names, in config/routes.json, the
 * facts the patient's journey must hold before the step opens (`requires`) and the facts the
 * step makes true once the patient is done with it (`produces`); the file's `facts` says what
 * each means for the clinic. This module reasons about paths of steps with those names only:
 * which facts are held where, which requirement no earlier step produces, and the steps a
 * pathOverride list must get back so that it skips none. How a journey proves a fact is
 * src/domain/journey-facts.ts; validation (src/engine/config-rules.ts) proves every path.
 */

/**
 * The facts the code knows how to prove, one proof each (src/domain/journey-facts.ts); the
 * config's `facts` must name exactly these (npm run validate says which is missing or unknown).
 */
export const FACT_NAMES = [
  'contact-known',
  'assessment-answered',
  'no-contraindication',
  'paid',
  'intake-done',
  'consult-booked',
  'in-person-visit',
] as const;

export type FactName = (typeof FACT_NAMES)[number];

/** What one step requires before it opens and produces once done. */
export interface StepFacts {
  readonly requires: readonly string[];
  readonly produces: readonly string[];
}

/** Neither requires nor produces anything: a page outside the facts (about the consult, the finish). */
export const NO_FACTS: StepFacts = { requires: [], produces: [] };

/** A route's facts as config declares them. */
export function factsOfRoute(route: Pick<RouteConfig, 'requires' | 'produces'>): StepFacts {
  return { requires: route.requires ?? [], produces: route.produces ?? [] };
}

/** A step of a path whose requirements are not all produced by the steps before it. */
export interface UnmetRequirement {
  /** The step's index in the path. */
  index: number;
  /** The facts it requires that nothing before it produces, in the order the step names them. */
  missing: string[];
}

/**
 * The facts held on arriving at each step of a path: `held` (what the patient brought) and what
 * every step before it produces, in the order first produced. Index for index with `path`.
 */
export function heldAlong(path: readonly StepFacts[], held: Iterable<string> = []): string[][] {
  const sofar = [...new Set(held)];
  return path.map((step) => {
    const here = [...sofar];
    for (const fact of step.produces) if (!sofar.includes(fact)) sofar.push(fact);
    return here;
  });
}

/**
 * Every step of `path` that requires a fact no earlier step produces (nor `held`): the proof
 * `npm run validate` runs on each code's steps, variant and split-test variant. Empty when
 * every requirement is met.
 */
export function unmetAlong(path: readonly StepFacts[], held: Iterable<string> = []): UnmetRequirement[] {
  const along = heldAlong(path, held);
  return path.flatMap((step, index) => {
    const missing = step.requires.filter((fact) => !(along[index] ?? []).includes(fact));
    return missing.length === 0 ? [] : [{ index, missing }];
  });
}

/** A step list with the steps it needed put back, and what could still not be met. */
export interface RequiredSteps<Step> {
  steps: Step[];
  /** Indices into `steps` whose requirements no source step could produce. */
  unmet: UnmetRequirement[];
}

/**
 * `steps` with, before each step, the source steps that produce what it requires and nothing
 * earlier produced (each with what it requires in turn), taken in `sources` order: a
 * pathOverride list skips no step a later one needs (`?pathOverride=cal` books only after the
 * step that tells the clinic who the patient is). A step put back is not asked again where
 * the list had it later. What no source produces is returned in `unmet` (validation reports it).
 */
export function withRequiredSteps<Step>(
  steps: readonly Step[],
  sources: readonly Step[],
  factsOf: (step: Step) => StepFacts,
): RequiredSteps<Step> {
  const out: Step[] = [];
  const produced = new Set<string>();
  const unmet: UnmetRequirement[] = [];
  // Given steps already placed by being put back earlier: skipped when the list reaches them.
  const placedAhead: Step[] = [];
  const place = (step: Step) => {
    out.push(step);
    for (const fact of factsOf(step).produces) produced.add(fact);
  };
  // Puts back sources producing `needed`; returns what is still missing. `visiting` stops a cycle.
  const supply = (needed: readonly string[], visiting: Set<Step>, rest: readonly Step[]): string[] => {
    let missing = needed.filter((fact) => !produced.has(fact));
    for (const source of sources) {
      if (missing.length === 0) break;
      const facts = factsOf(source);
      if (visiting.has(source) || !facts.produces.some((fact) => missing.includes(fact))) continue;
      if (supply(facts.requires, new Set([...visiting, source]), rest).length > 0) continue;
      place(source);
      if (rest.includes(source)) placedAhead.push(source);
      missing = missing.filter((fact) => !produced.has(fact));
    }
    return missing;
  };
  steps.forEach((step, index) => {
    const ahead = placedAhead.indexOf(step);
    if (ahead !== -1) {
      placedAhead.splice(ahead, 1);
      return;
    }
    const missing = supply(factsOf(step).requires, new Set([step]), steps.slice(index + 1));
    if (missing.length > 0) unmet.push({ index: out.length, missing });
    place(step);
  });
  return { steps: out, unmet };
}

/** For each fact a link may not skip, the facts of the steps it is kept before (RoutesFile `facts` `keptBefore`). */
export type KeptFacts = ReadonlyMap<string, readonly string[]>;

/** The facts config keeps before others on every link (`keptBefore`), by fact. */
export function keptFactsOf(
  facts: Readonly<Record<string, { keptBefore?: readonly string[] }>> | undefined,
): KeptFacts {
  return new Map(
    Object.entries(facts ?? {}).flatMap(([name, fact]) =>
      fact.keptBefore === undefined || fact.keptBefore.length === 0 ? [] : [[name, fact.keptBefore] as const],
    ),
  );
}

/**
 * `factsOf` with what a code's own funnel keeps on every link of the code (facts config gives
 * `keptBefore`): a step producing one of a kept fact's `keptBefore` facts is also due that fact
 * when `funnel` (the code's steps, after its entry page's `entry` facts) produces it before the
 * step, or anywhere, for a step the funnel does not have. A pathOverride list gets those steps
 * back (withRequiredSteps): `?pathOverride=pay` on a code that assesses before paying asks the
 * assessment first; on one that pays first it pays first.
 */
export function keptByFunnel<Step>(
  funnel: readonly Step[],
  kept: KeptFacts,
  factsOf: (step: Step) => StepFacts,
  entry: StepFacts = NO_FACTS,
): (step: Step) => StepFacts {
  if (kept.size === 0) return factsOf;
  return (step) => {
    const own = factsOf(step);
    const guarded = [...kept].filter(([, before]) => before.some((fact) => own.produces.includes(fact)));
    if (guarded.length === 0) return own;
    const index = funnel.indexOf(step);
    const before = index === -1 ? funnel : funnel.slice(0, index);
    const produced = new Set([...entry.produces, ...before.flatMap((earlier) => factsOf(earlier).produces)]);
    const extra = guarded
      .map(([fact]) => fact)
      .filter((fact) => produced.has(fact) && !own.requires.includes(fact) && !own.produces.includes(fact));
    return extra.length === 0 ? own : { requires: [...own.requires, ...extra], produces: own.produces };
  };
}

/**
 * The page a code's patient starts on before its first step, when there is one: a funnel page
 * whose campaign code is fixed to the code (`/quiz`, the quiz funnel's assessment) and that no
 * step opens. Its Next goes to the first step, so what it produces is held there.
 */
export function entryPageOf(
  routes: RouteTable,
  routeList: readonly RouteConfig[],
  code: string,
  funnel: Funnel,
): RouteConfig | undefined {
  const stepRoutes = new Set([...funnel.steps, funnel.finish].map((step) => routes.match(`${step}/${code}`)?.route));
  return routeList.find(
    (route) =>
      route.funnel === true &&
      (route.campaignCode?.value ?? route.campaignCode?.default) === code &&
      (route.site === 'shared' || route.site === funnel.site) &&
      !stepRoutes.has(route),
  );
}

/**
 * What a patient must hold to stand on step `index` of a path: what the step requires, and
 * every fact a step before it produces (the work the steps after it build on): a cold link to
 * the intake of a funnel that pays first is not the intake's until the payment is made. In the
 * order first named.
 */
export function dueFacts(path: readonly StepFacts[], index: number): string[] {
  const due: string[] = [];
  const add = (fact: string) => {
    if (!due.includes(fact)) due.push(fact);
  };
  path.slice(0, Math.max(0, index)).forEach((step) => {
    step.produces.forEach(add);
  });
  path[index]?.requires.forEach(add);
  return due;
}

/**
 * Where a patient who holds `held` lands when they arrive at step `index`: that step when
 * they hold all it is due, else the furthest step before it whose due facts they hold, the
 * first step at the least. Due facts only grow along a path, so that is the step whose work
 * gives them the first fact they lack.
 */
export function landingIndex(path: readonly StepFacts[], index: number, held: readonly string[]): number {
  for (let at = Math.min(index, path.length - 1); at > 0; at -= 1) {
    if (dueFacts(path, at).every((fact) => held.includes(fact))) return at;
  }
  return 0;
}
