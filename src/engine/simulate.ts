import { initialTransition, transition } from 'xstate';
import type { Site } from './config-types.ts';
import {
  createFunnelMachine,
  ERROR,
  stepIndexOf,
  urlOf,
  visitFromUrl,
  type FunnelEntry,
  type FunnelEvent,
  type FunnelSnapshot,
} from './funnel-machine.ts';
import { experimentWaysOf, variantIds } from './experiments.ts';
import {
  funnelStartUrl,
  variantQuery,
  variantsFor,
  type ExperimentAssignment,
  type FunnelEngine,
  type Visit,
} from './funnel-plan.ts';
import { didYouMean } from './suggest.ts';
import { stepsVersion } from './funnel-version.ts';
import { joinUrl, normalizeUrl, splitUrl } from './url.ts';
import { factsOfRoute } from './step-facts.ts';
import { daysOf, inEffect } from './product-rules.ts';

/** A button a simulated patient presses. */
export type Press = 'next' | 'back';

/** Reads `next,next,back,next` (any case, spaces allowed) into presses; throws on anything else. */
export function parsePresses(text: string): Press[] {
  const presses = text.split(',').map((part) => part.trim().toLowerCase());
  const wrong = presses.find((press) => press !== 'next' && press !== 'back');
  if (wrong !== undefined || presses.length === 0) {
    throw new SimulationError(
      `--press takes next and back separated by commas, such as next,next,back; not "${wrong ?? text}"`,
    );
  }
  return presses as Press[];
}

/**
 * Replays events on a visit's machine without a browser (for tests and QA): the snapshot it
 * ends in, and the URL after the start and after each event.
 */
export function replay(
  engine: FunnelEngine,
  visit: Visit,
  events: readonly FunnelEvent[],
  entry?: FunnelEntry,
): { snapshot: FunnelSnapshot; urls: string[] } {
  const machine = createFunnelMachine(engine, visit, entry);
  let [snapshot] = initialTransition(machine);
  const urls = [urlOf(snapshot)];
  for (const event of events) {
    [snapshot] = transition(machine, snapshot, event);
    urls.push(urlOf(snapshot));
  }
  return { snapshot, urls };
}

/** A start URL the simulator cannot walk from; the message says why. */
export class SimulationError extends Error {
  override name = 'SimulationError';
}

export interface SimulateOptions {
  /** Press Back instead of Next. */
  back?: boolean;
  /**
   * The presses to make, in order (a mixed walk): the result is then the start URL and the URL
   * after each press, one for one, the same URL again where a press had nowhere to go (Back on
   * the first step, Next on the finish page). Without it, Next (or Back) until there is no further step.
   */
  presses?: readonly Press[];
  /** The brand; by default the site of the start page (women's for /f/..., else men's). */
  brand?: Site;
  /** The most URLs in the result, the start included. */
  maxEntries?: number;
  /**
   * Which step the start URL is, counting from 1 as the page's badge does, for a page the
   * funnel visits twice (microbh's second booking is step 5). A browser knows this from the
   * history entry; a bare URL does not, and is its first occurrence.
   */
  step?: number;
  /**
   * Walk as a patient assigned this split test variant (config/experiments.json) would. The
   * experiment must apply to the start URL's code; a call-centre or pathOverride link still
   * wins over it, as it does for patients.
   */
  experiment?: ExperimentAssignment;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * Walks a funnel as a patient pressing Next (or Back) would, without a browser: the start URL
 * (path and query), then each URL reached, until there is no further step. A code with no
 * funnel gives the start and the error page, with the query kept.
 */
export function simulate(engine: FunnelEngine, startUrl: string, options: SimulateOptions = {}): string[] {
  const maxEntries = options.maxEntries ?? 50;
  const given = splitUrl(startUrl.trim().replace(ABSOLUTE, ''));
  if (!given.pathname.startsWith('/')) {
    throw new SimulationError(
      `Start URL "${startUrl}" is not a path: give one such as /hormone-assessment/shrt?callcenter=true or a full http(s) URL.`,
    );
  }
  const start = joinUrl(given.pathname, given.query);
  const normalized = normalizeUrl(start, engine.redirects);
  const found = visitFromUrl(engine, normalized.url, options.brand);
  if (!found || found.page.match.route.funnel !== true) {
    const page = engine.locate(normalized.pathname);
    const what = page ? `opens the ${page.match.route.screen} screen (${page.match.route.path})` : 'matches no page';
    throw new SimulationError(`Start URL "${start}" is not a funnel page: it ${what}.`);
  }

  const entryIndex = options.step === undefined ? undefined : options.step - 1;
  if (options.experiment !== undefined) checkAssignment(engine, found.visit.code, options.experiment);
  const visit = options.experiment === undefined ? found.visit : { ...found.visit, experiment: options.experiment };
  const machine = createFunnelMachine(engine, visit, {
    url: normalized.url,
    ...(entryIndex === undefined ? {} : { index: entryIndex }),
  });
  let [snapshot] = initialTransition(machine);
  const urls = [start];
  if (snapshot.value === ERROR) {
    urls.push(urlOf(snapshot));
    return urls;
  }
  if (entryIndex !== undefined && stepIndexOf(snapshot) !== entryIndex) {
    const steps = snapshot.context.plan?.steps ?? [];
    const actual = steps[entryIndex];
    throw new SimulationError(
      actual === undefined
        ? `--step ${String(options.step)}: the ${found.visit.code} funnel has ${steps.length} steps.`
        : `--step ${String(options.step)}: step ${String(options.step)} of the ${found.visit.code} funnel is ${actual}, not the start URL's page.`,
    );
  }
  if (options.presses !== undefined) {
    for (const press of options.presses) {
      const event = { type: press === 'back' ? 'step.back' : 'step.next' } as const;
      if (snapshot.can(event)) [snapshot] = transition(machine, snapshot, event);
      urls.push(urlOf(snapshot));
    }
    return urls;
  }
  const press = { type: options.back ? 'step.back' : 'step.next' } as const;
  while (urls.length < maxEntries && snapshot.can(press)) {
    [snapshot] = transition(machine, snapshot, press);
    urls.push(urlOf(snapshot));
  }
  return urls;
}

/** Throws, saying what to give instead, when `assignment` names no experiment of `code` or no variant of it. */
function checkAssignment(engine: FunnelEngine, code: string, assignment: ExperimentAssignment): void {
  const { experiments } = engine.config.experiments;
  const experiment = Object.hasOwn(experiments, assignment.experiment) ? experiments[assignment.experiment] : undefined;
  if (experiment === undefined) {
    const ids = Object.keys(experiments);
    throw new SimulationError(
      `--experiment "${assignment.experiment}" is not in config/experiments.json${didYouMean(assignment.experiment, ids, true)}${ids.length === 0 ? ' (it has no experiments)' : ''}`,
    );
  }
  if (!experiment.codes.includes(code))
    throw new SimulationError(
      `experiment "${assignment.experiment}" is for ${experiment.codes.join(', ')}, not the start URL's code "${code}"`,
    );
  if (!Object.hasOwn(experiment.variants, assignment.variant)) {
    const ids = variantIds(experiment);
    throw new SimulationError(
      `--variant "${assignment.variant}" is not a variant of "${assignment.experiment}" (its variants: ${ids.join(', ')})${didYouMean(assignment.variant, ids, true)}`,
    );
  }
}

/**
 * A URL of a walk with its step's facts (src/engine/step-facts.ts): what the page requires and
 * produces, the facts the walk holds on arriving (produced by every page it left with Next), and
 * what it requires that the walk does not hold (a cold link to a later step lacks it).
 */
export interface WalkFacts {
  url: string;
  requires: string[];
  produces: string[];
  held: string[];
  missing: string[];
}

/**
 * The facts along a walk: `urls` as simulate gives them, and the press that left each but the
 * last (`next` for a plain walk). A page left with Next has produced its facts; Back undoes nothing.
 */
export function factsOfWalk(engine: FunnelEngine, urls: readonly string[], presses: readonly Press[]): WalkFacts[] {
  const held: string[] = [];
  return urls.map((url, index) => {
    const route = engine.locate(splitUrl(url).pathname)?.match.route;
    const { requires, produces } = route?.funnel === true ? factsOfRoute(route) : { requires: [], produces: [] };
    const here = {
      url,
      requires: [...requires],
      produces: [...produces],
      held: [...held],
      missing: requires.filter((fact) => !held.includes(fact)),
    };
    if (presses[index] === 'next') for (const fact of produces) if (!held.includes(fact)) held.push(fact);
    return here;
  });
}

/** One path of the listing: a code on a site, with a variant or a pathOverride key (or neither). */
export interface FunnelPath {
  code: string;
  site: Site;
  funnel: string;
  /** The variant's name, or null for the funnel's own steps. */
  variant: string | null;
  /** The pathOverride value (one step key), or null. */
  pathOverride: string | null;
  /** The split test variant walked (the control included), or null. */
  experiment: ExperimentAssignment | null;
  /** The link's query that chooses this way: '' for the own steps, `callcenter=true`, `pathOverride=cal`. */
  query: string;
  /** The version of the steps this path walks (`stepsVersion`), or null where the link plans no visit. */
  version: string | null;
  /** The campaign link: the first step's URL with the variant's or pathOverride's query. */
  start: string;
  /** The start, then each URL Next reaches until there is no further step. */
  next: string[];
  /** From the last of `next`, each URL Back reaches until there is no further step. */
  back: string[];
  /** The facts at each URL of `next`, index for index: what each step requires, produces and finds held. */
  facts: WalkFacts[];
}

/** Which way a path walks, in words: `own steps`, `variant callcenter`, `pathOverride=cal`, `experiment x/control`. */
export function wayOf(
  path: Pick<FunnelPath, 'variant' | 'pathOverride'> & { experiment?: ExperimentAssignment | null },
): string {
  if (path.experiment != null) return `experiment ${path.experiment.experiment}/${path.experiment.variant}`;
  if (path.variant !== null) return `variant ${path.variant}`;
  return path.pathOverride === null ? 'own steps' : `pathOverride=${path.pathOverride}`;
}

/**
 * Every path of the config, for generating tests: each code of each funnel, on its site, with
 * its own steps, each variant that applies to it, and each pathOverride key of its site, with
 * the URLs Next reaches from the campaign link and those Back reaches from the end.
 */
export function listPaths(engine: FunnelEngine): FunnelPath[] {
  const { funnels } = engine.config.funnels;
  const { keys, queryParam } = engine.config.stepKeys;
  const paths: FunnelPath[] = [];
  for (const [funnelId, funnel] of Object.entries(funnels)) {
    for (const code of funnel.codes) {
      const first = funnelStartUrl(engine, code, funnel.site);
      if (first === null) continue;
      const ways: {
        variant: string | null;
        pathOverride: string | null;
        query: string;
        experiment: ExperimentAssignment | null;
      }[] = [
        { variant: null, pathOverride: null, query: '', experiment: null },
        ...variantsFor(funnel, code).map((variant) => ({
          variant: variant.name,
          pathOverride: null,
          query: variantQuery(variant),
          experiment: null,
        })),
        ...Object.entries(keys)
          .filter(([, key]) => key.sites.includes(funnel.site))
          .map(([name]) => ({
            variant: null,
            pathOverride: name,
            query: `${queryParam}=${encodeURIComponent(name)}`,
            experiment: null,
          })),
        // Each variant of each split test of the code, the control included (its own steps).
        ...experimentWaysOf(engine.config.experiments, code).map((experiment) => ({
          variant: null,
          pathOverride: null,
          query: '',
          experiment,
        })),
      ];
      for (const way of ways) {
        const start = joinUrl(splitUrl(first).pathname, way.query);
        // A pathOverride list starts at its own first step, not the funnel's.
        const planned = engine.planVisit({ code, brand: funnel.site, query: way.query, experiment: way.experiment });
        const entry = planned.ok ? joinUrl(`${planned.plan.steps[0] ?? ''}/${code}`, way.query) : start;
        const assigned = way.experiment === null ? {} : { experiment: way.experiment };
        const next = simulate(engine, entry, { brand: funnel.site, ...assigned });
        const last = next.at(-1) ?? entry;
        const back = planned.ok
          ? simulate(engine, last, { brand: funnel.site, back: true, step: planned.plan.steps.length, ...assigned })
          : [last];
        paths.push({
          code,
          site: funnel.site,
          funnel: funnelId,
          variant: way.variant,
          pathOverride: way.pathOverride,
          experiment: way.experiment,
          query: way.query,
          version: planned.ok ? stepsVersion(planned.plan.steps) : null,
          start: entry,
          next,
          back,
          facts: factsOfWalk(
            engine,
            next,
            next.map(() => 'next'),
          ),
        });
      }
    }
  }
  return paths;
}

/** A product rule as one walk meets it on a day (`npm run simulate -- --on`). */
export interface WalkRule {
  product: string;
  rule: string;
  /** What it needs, in the config's words. */
  needs: string;
  /** The days it is in effect: `through 2026-12-31`, `from 2027-01-01`, `always`. */
  days: string;
  /** Whether it is in effect on the day asked. */
  inEffect: boolean;
  /** The first URL of the walk whose step produces one of the rule's facts, or null. */
  metAt: string | null;
}

/**
 * Every rule of the product a walk's code sells (config/clinic-rules.json), whether it is in
 * effect on `day` and where the walk meets it: so QA and compliance see what changes when a
 * dated rule ends (`npm run --silent simulate -- --on 2027-01-01 /hormone-assessment/shrt`).
 * `site` is the walk's site. What a variant's staff do off the funnel (`byStaff`) meets a rule too.
 */
export function rulesOfWalk(engine: FunnelEngine, urls: readonly string[], day: string, site: Site): WalkRule[] {
  const [first] = urls;
  const start = splitUrl(first ?? '');
  const code = first === undefined ? null : (engine.locate(start.pathname)?.code ?? null);
  const funnel = code === null ? undefined : engine.funnelFor(code, site)?.funnel;
  if (code === null || funnel === undefined) return [];
  const planned = engine.planVisit({ code, brand: site, query: start.query });
  const variant = planned.ok
    ? funnel.variants?.find((candidate) => candidate.name === planned.plan.variant)
    : undefined;
  const byStaff = variant?.byStaff ?? [];
  const produced = factsOfWalk(
    engine,
    urls,
    urls.map(() => 'next'),
  );
  return Object.entries(engine.config.clinicRules.products).flatMap(([product, rules]) =>
    rules.sells.site === funnel.site && rules.sells.treatment === funnel.treatment
      ? rules.needs.map((need) => ({
          product,
          rule: need.name,
          needs: need.description,
          days: daysOf(need),
          inEffect: inEffect(need, day),
          metAt: need.anyOf.some((fact) => byStaff.includes(fact))
            ? 'byStaff'
            : (produced.find((step) => step.produces.some((fact) => need.anyOf.includes(fact)))?.url ?? null),
        }))
      : [],
  );
}
