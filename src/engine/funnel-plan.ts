import {
  SITE_LABEL,
  type AfterFinish,
  type Funnel,
  type FunnelConfig,
  type FunnelVariant,
  type LinkProblemKind,
  type RouteConfig,
  type ScreenName,
  type Site,
} from './config-types.ts';
import { compileRoutes, campaignCodeOf, type RouteMatch, type RouteTable } from './route-match.ts';
import { compileRedirects, joinUrl, parseQuery, splitUrl, withoutQueryParam, type RedirectTable } from './url.ts';
import { variantSteps } from './experiments.ts';
import { planLink, rulesOf } from './product-rules.ts';
import { entryPageOf, keptFactsOf, factsOfRoute, keptByFunnel, NO_FACTS, type StepFacts } from './step-facts.ts';

/** Who is visiting: the campaign code from the path, the brand's site, and the raw query. */
export interface Visit {
  code: string;
  brand: Site;
  /** The raw query string without its `?`. */
  query: string;
  /**
   * The split test variant the patient was assigned (config/experiments.json), if any. It
   * gives the steps unless the link's pathOverride or a query variant does (those win: a
   * call-centre link is the call centre's, whatever the patient was assigned).
   */
  experiment?: ExperimentAssignment | null;
}

/** A patient's place in a split test: the experiment and the variant they were assigned. */
export interface ExperimentAssignment {
  readonly experiment: string;
  readonly variant: string;
}

/** The step list a visit walks, after the variant and any pathOverride have been applied. */
export interface FunnelPlan {
  code: string;
  site: Site;
  funnelId: string;
  /** `null` for the funnel's own steps, a variant's name, or `pathOverride`. */
  variant: string | null;
  /** Step paths in order; the same path may appear twice (microbh books twice). */
  steps: readonly string[];
  /** The page each step's URL opens, index for index. */
  pages: readonly RouteMatch[];
  query: string;
  /** What happens after the finish page: the funnel's (its variants and pathOverride lists share it). */
  afterFinish: AfterFinish;
  /** The split test variant whose steps these are (the control's included), or null when none gave them. */
  experiment: ExperimentAssignment | null;
}

export type FunnelProblem =
  | { kind: 'unknown-code'; code: string; site: Site; message: string }
  | { kind: 'unknown-step-key'; key: string; allowed: readonly string[]; message: string };

export type VisitPlan = { ok: true; plan: FunnelPlan } | { ok: false; problem: FunnelProblem; errorUrl: string };

/** A page the browser is on, as the funnel sees it. */
export interface PageLocation {
  match: RouteMatch;
  code: string | null;
}

/** Config compiled once for fast visits: route and redirect tables and a code index. */
export interface FunnelEngine {
  readonly config: FunnelConfig;
  readonly routes: RouteTable;
  readonly redirects: RedirectTable;
  /** Which funnel a code follows on a site, or undefined. */
  funnelFor(code: string, site: Site): { id: string; funnel: Funnel } | undefined;
  /** Works out the step list for a visit, or why there is none. */
  planVisit(visit: Visit): VisitPlan;
  /** The page a path opens, or null when it matches no route but the catch-all. */
  locate(pathname: string): PageLocation | null;
  /**
   * The URL as the funnel sees it: without the form page number (`?page=3`), which moves
   * within a step and is never carried to another one.
   */
  funnelUrl(url: string): string;
}

/** The variants of a funnel that apply to a code: those naming it, and those naming no codes. */
export function variantsFor(funnel: Funnel, code: string): FunnelVariant[] {
  return (funnel.variants ?? []).filter((variant) => variant.codes?.includes(code) ?? true);
}

/** The query piece that selects a variant, as it appears in a link: `callcenter=true`. */
export function variantQuery(variant: FunnelVariant): string {
  return `${encodeURIComponent(variant.when.query)}=${encodeURIComponent(variant.when.equals)}`;
}

/** The URL of a step: the step path, `/`, the code, and the visit's query. */
export function stepUrl(plan: Pick<FunnelPlan, 'steps' | 'code' | 'query'>, index: number): string {
  const step = plan.steps[index];
  if (step === undefined) throw new RangeError(`No step ${index} in a funnel of ${plan.steps.length} steps`);
  return joinUrl(`${step}/${plan.code}`, plan.query);
}

/**
 * Where a code's funnel starts on a site: its first step's URL, with no query (a link from
 * another funnel carries none of that funnel's). Null when the code has no funnel there.
 */
export function funnelStartUrl(engine: FunnelEngine, code: string, site: Site): string | null {
  const lower = code.toLowerCase();
  const steps = engine.funnelFor(lower, site)?.funnel.steps ?? [];
  return steps.length === 0 ? null : stepUrl({ steps, code: lower, query: '' }, 0);
}

/**
 * The screens of the steps still ahead of step `index` (its finish page included), in order;
 * off the list (`index` -1 or null) all of them, since Next goes to the first step. A screen
 * uses it to know whether a later step asks something it would otherwise have to ask.
 */
export function screensAfter(plan: Pick<FunnelPlan, 'pages'>, index: number | null): ScreenName[] {
  return plan.pages.slice((index ?? -1) + 1).map((page) => page.route.screen);
}

/**
 * True when a page the browser is on is the page of a step: the same route, and the same
 * value for every parameter the step's URL sets (`/f/appointment/consult/fha1/2` is still the
 * `/f/appointment/consult` step).
 */
export function isSamePage(step: RouteMatch, page: RouteMatch): boolean {
  if (step.route !== page.route) return false;
  return Object.entries(step.params).every(([name, value]) => page.params[name]?.toLowerCase() === value.toLowerCase());
}

/**
 * Where a code's patient opens a screen, as config says: the step of the code's funnel that
 * shows it; else the site's page for that screen whose campaign code defaults to this code
 * (`/quiz` is the quiz's assessment); else the site's page for that screen taking the code as
 * its parameter. Null when the site has no such page. The results page links a patient with
 * no answers yet to their assessment this way.
 */
export function screenUrlFor(engine: FunnelEngine, screen: ScreenName, code: string, site: Site): string | null {
  const lower = code.toLowerCase();
  for (const step of engine.funnelFor(lower, site)?.funnel.steps ?? []) {
    if (engine.locate(`${step}/${lower}`)?.match.route.screen === screen) return `${step}/${lower}`;
  }
  const pages = engine.config.routes.routes.filter(
    (route) => route.screen === screen && (route.site === site || route.site === 'shared'),
  );
  const byDefault = pages.find((route) => route.campaignCode?.default === lower);
  if (byDefault !== undefined) return byDefault.path.replace(/\/:[^/]*\?$/, '');
  const param = (route: RouteConfig) => route.campaignCode?.param;
  const generic = pages.find(
    (route) =>
      route.variant === undefined && param(route) !== undefined && route.path.endsWith(`/:${param(route) ?? ''}`),
  );
  return generic === undefined ? null : generic.path.replace(`:${param(generic) ?? ''}`, encodeURIComponent(lower));
}

/** Compiles validated config. Call once; visits reuse the result. */
export interface EngineOptions {
  /**
   * The day the products' dated rules are read on (YYYY-MM-DD; config/clinic-rules.json): today
   * (UTC) unless a test or `npm run simulate -- --on` says another.
   */
  day?: () => string;
}

export function createFunnelEngine(config: FunnelConfig, options: EngineOptions = {}): FunnelEngine {
  const dayOf = options.day ?? (() => new Date().toISOString().slice(0, 10));
  const routes = compileRoutes(config.routes.routes);
  const redirects = compileRedirects(config.routes.redirects);
  const codeIndex = new Map<string, { id: string; funnel: Funnel }>();
  for (const [id, funnel] of Object.entries(config.funnels.funnels)) {
    for (const code of funnel.codes) {
      const key = `${funnel.site}:${code}`;
      if (!codeIndex.has(key)) codeIndex.set(key, { id, funnel });
    }
  }
  const keysBySite: Record<Site, string[]> = { male: [], female: [] };
  for (const [key, stepKey] of Object.entries(config.stepKeys.keys)) {
    for (const site of stepKey.sites) keysBySite[site].push(key);
  }

  // Every key's page on a site, in the file's order: where a pathOverride list gets back a step it needs.
  const overrideSources: Record<Site, string[]> = { male: [], female: [] };
  for (const stepKey of Object.values(config.stepKeys.keys)) {
    for (const site of stepKey.sites) {
      const path = stepKey.paths[site];
      if (path !== undefined) overrideSources[site].push(path);
    }
  }
  // What a step of a code requires and produces; a step that opens no page has no facts (validation reports it).
  const factsOfStep = (step: string, code: string): StepFacts => {
    const page = routes.match(`${step}/${code}`);
    return page ? factsOfRoute(page.route) : NO_FACTS;
  };
  const keptOnLinks = keptFactsOf(config.routes.facts);
  // What a step is due on any link of a code: its own facts and the clearances its funnel keeps.
  const factsOnLinksOf = (code: string, funnel: Funnel) => {
    const entry = entryPageOf(routes, config.routes.routes, code, funnel);
    return keptByFunnel(
      funnel.steps,
      keptOnLinks,
      (step: string) => factsOfStep(step, code),
      entry ? factsOfRoute(entry) : NO_FACTS,
    );
  };

  const locate = (pathname: string): PageLocation | null => {
    const match = routes.match(pathname);
    if (!match || match.route.path === '*') return null;
    return { match, code: campaignCodeOf(match) };
  };

  const funnelFor = (code: string, site: Site) => codeIndex.get(`${site}:${code}`);

  // The error page keeps what went wrong and for which code in its path, and the link's query.
  const errorUrlFor = (kind: LinkProblemKind, visit: Visit) =>
    joinUrl(
      `${config.funnels.unknownCodePath}/${config.funnels.errorCodes[kind]}/${encodeURIComponent(visit.code)}`,
      visit.query,
    );

  /**
   * The steps of a split test's variant for a code of funnel `funnelId`, or null when the
   * assignment names no experiment of that code, or no variant of it (an experiment removed
   * from the config since: the patient walks the funnel's own steps).
   */
  const variantStepsCache = new Map<string, readonly string[] | null>();
  const experimentSteps = (funnelId: string, code: string, assignment: ExperimentAssignment) => {
    const key = `${funnelId}\n${code}\n${assignment.experiment}\n${assignment.variant}`;
    const cached = variantStepsCache.get(key);
    if (cached !== undefined) return cached;
    const experiments = config.experiments.experiments;
    const found = Object.hasOwn(experiments, assignment.experiment) ? experiments[assignment.experiment] : undefined;
    const funnel = config.funnels.funnels[funnelId];
    const steps =
      found === undefined ||
      funnel === undefined ||
      !found.codes.includes(code) ||
      !Object.hasOwn(found.variants, assignment.variant)
        ? null
        : variantSteps(funnel, found.variants[assignment.variant]);
    variantStepsCache.set(key, steps);
    return steps;
  };

  const planVisit = (visit: Visit): VisitPlan => {
    const found = funnelFor(visit.code, visit.brand);
    if (!found) {
      return {
        ok: false,
        errorUrl: errorUrlFor('unknown-code', visit),
        problem: {
          kind: 'unknown-code',
          code: visit.code,
          site: visit.brand,
          message: `No funnel on the ${SITE_LABEL[visit.brand]} for the campaign code "${visit.code}".`,
        },
      };
    }
    const query = parseQuery(visit.query);
    const { stepKeys } = config;
    const override = query.get(stepKeys.queryParam);
    let steps: readonly string[] = found.funnel.steps;
    let variant: string | null = null;
    let experiment: ExperimentAssignment | null = null;

    const overrideKeys = (override ?? '')
      .split(stepKeys.separator)
      .map((key) => key.trim().toLowerCase())
      .filter((key) => key !== '');
    if (overrideKeys.length > 0) {
      const allowed = keysBySite[visit.brand];
      const overrideSteps: string[] = [];
      for (const key of overrideKeys) {
        const path = Object.hasOwn(stepKeys.keys, key) ? stepKeys.keys[key]?.paths[visit.brand] : undefined;
        if (path === undefined) {
          const reason = Object.hasOwn(stepKeys.keys, key)
            ? `The ${stepKeys.queryParam} step key "${key}" is not available on the ${SITE_LABEL[visit.brand]}.`
            : `Unknown ${stepKeys.queryParam} step key "${key}".`;
          return {
            ok: false,
            errorUrl: errorUrlFor('unknown-step-key', visit),
            problem: { kind: 'unknown-step-key', key, allowed, message: `${reason} Allowed: ${allowed.join(', ')}.` },
          };
        }
        overrideSteps.push(path);
      }
      // A link skips no step a later one needs, nor a clearance the code's funnel asks before it:
      // the code's own steps (then the other keys' pages) that produce what a step requires come
      // back before it (src/engine/step-facts.ts).
      const sources = [...found.funnel.steps, ...overrideSources[visit.brand]];
      const linkFacts = factsOnLinksOf(visit.code, found.funnel);
      const finish = stepKeys.finish[visit.brand];
      // Nor what the product needs before prescribing (config/clinic-rules.json): a testosterone
      // link that books no consult gets the booking back before its finish (src/engine/product-rules.ts).
      const rules = rulesOf(config.clinicRules, found.funnel, dayOf());
      // When the list runs out the patient finishes.
      steps = [...planLink(overrideSteps, sources, linkFacts, rules, finish).steps, finish];
      variant = stepKeys.queryParam;
    } else {
      // Only the declared query keys choose a variant (validation reports any other).
      const chosen = variantsFor(found.funnel, visit.code).find(
        (candidate) =>
          Object.hasOwn(config.funnels.variantQueries, candidate.when.query) &&
          query.get(candidate.when.query) === candidate.when.equals,
      );
      if (chosen) {
        steps = chosen.steps;
        variant = chosen.name;
      } else if (visit.experiment != null) {
        const assigned = experimentSteps(found.id, visit.code, visit.experiment);
        if (assigned !== null) {
          steps = assigned;
          experiment = visit.experiment;
        }
      }
      // When the steps run out the patient finishes, as with pathOverride's list (SPEC §2).
      if (steps[steps.length - 1] !== found.funnel.finish) steps = [...steps, found.funnel.finish];
    }

    const pages = steps.map((step) => {
      const page = routes.match(`${step}/${visit.code}`);
      // Validation guarantees every step and step key opens a funnel page.
      if (!page) throw new Error(`Step ${step} of funnel ${found.id} matches no route; run npm run validate`);
      return page;
    });
    return {
      ok: true,
      plan: {
        code: visit.code,
        site: visit.brand,
        funnelId: found.id,
        variant,
        steps,
        pages,
        query: visit.query,
        afterFinish: found.funnel.afterFinish ?? 'consult',
        experiment,
      },
    };
  };

  const funnelUrl = (url: string): string => {
    const { pathname, query } = splitUrl(url);
    return joinUrl(pathname, withoutQueryParam(query, config.funnels.formPageParam));
  };

  return { config, routes, redirects, funnelFor, planVisit, locate, funnelUrl };
}
