import {
  SITE_LABEL,
  type ClinicRulesFile,
  type ConfigSet,
  type ExperimentsFile,
  type Funnel,
  type FunnelsFile,
  type RouteConfig,
  type RoutesFile,
  type Site,
  type StepKeysFile,
} from './config-types.ts';
import { variantIds, variantSteps } from './experiments.ts';
import type { RouteTable } from './route-match.ts';
import {
  entryPageOf,
  FACT_NAMES,
  keptFactsOf,
  factsOfRoute,
  keptByFunnel,
  NO_FACTS,
  unmetAlong,
  withRequiredSteps,
  type StepFacts,
} from './step-facts.ts';
import { didYouMean } from './suggest.ts';
import { daysOf, orList, planLink, rulesOf, unmetRules, type ProductRule } from './product-rules.ts';

/**
 * The checks of issue 37 on what steps require and produce (src/engine/step-facts.ts): the
 * facts config names are the ones the code proves; each route names only those, and only on a
 * funnel page; and on every path a patient can walk (each code's own steps, each variant, each
 * split-test variant, each pathOverride key) every step's requirements are produced by a step
 * before it. Called by checkConfigRules with the parts that passed their schemas.
 */

type Report = (part: keyof ConfigSet, at: string, message: string) => void;

/** Escapes one JSON pointer token (RFC 6901). */
const token = (value: string | number) => String(value).replace(/~/g, '~0').replace(/\//g, '~1');
const at = (...tokens: (string | number)[]) => tokens.map((value) => `/${token(value)}`).join('');

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * The facts config names are the code's (FACT_NAMES), and each route's `requires` and `produces`
 * name declared facts, on funnel pages only, a step never requiring what it produces itself.
 * `routes` holds null for a route that failed its schema.
 */
export function checkFactNames(
  facts: RoutesFile['facts'] | undefined,
  routes: readonly (RouteConfig | null)[],
  report: Report,
): void {
  const declared = facts === undefined ? null : Object.keys(facts);
  if (declared !== null) {
    for (const name of declared) {
      if (!(FACT_NAMES as readonly string[]).includes(name))
        report(
          'routes',
          at('facts', name),
          `fact "${name}" has no proof in the code, which proves ${quoted(FACT_NAMES)} (src/domain/journey-facts.ts)${didYouMean(name, FACT_NAMES, true)}`,
        );
    }
    for (const [name, fact] of Object.entries(facts ?? {})) {
      (fact.keptBefore ?? []).forEach((before, item) => {
        const where = at('facts', name, 'keptBefore', item);
        if (!declared.includes(before))
          report(
            'routes',
            where,
            `unknown fact "${before}"${didYouMean(before, declared, true)}; the facts are ${quoted(declared)}`,
          );
        else if (before === name)
          report(
            'routes',
            where,
            `fact "${name}" is kept before itself: name the facts of the steps no link may reach without it`,
          );
      });
    }
    for (const name of FACT_NAMES) {
      if (!declared.includes(name))
        report(
          'routes',
          '/facts',
          `fact "${name}" is proved by the code but not declared here: add it with a description of what it means for the clinic`,
        );
    }
  }
  routes.forEach((route, index) => {
    if (route === null) return;
    if (route.door !== undefined && route.funnel !== true)
      report(
        'routes',
        at('routes', index, 'door'),
        `"door" is only for funnel pages: the funnel machine keeps it, and "${route.path}" is not one`,
      );
    for (const key of ['requires', 'produces'] as const) {
      const names = route[key];
      if (names === undefined) continue;
      if (route.funnel !== true) {
        report(
          'routes',
          at('routes', index, key),
          `"${key}" is only for funnel pages: the funnel machine keeps it, and "${route.path}" is not one`,
        );
        continue;
      }
      names.forEach((name, item) => {
        if (declared !== null && !declared.includes(name))
          report(
            'routes',
            at('routes', index, key, item),
            `unknown fact "${name}"${didYouMean(name, declared, true)}; the facts are ${quoted(declared)}`,
          );
      });
    }
    for (const [item, name] of (route.requires ?? []).entries()) {
      if (route.produces?.includes(name))
        report(
          'routes',
          at('routes', index, 'requires', item),
          `"${route.path}" requires "${name}" and produces it too: a step cannot need before it opens what it makes once done`,
        );
    }
  });
}

/** What the path checks read: every part that passed its schema. */
export interface FactPaths {
  /** The declared facts (config/routes.json `facts`). */
  facts: RoutesFile['facts'];
  funnels: FunnelsFile;
  stepKeys?: StepKeysFile | undefined;
  experiments?: ExperimentsFile | undefined;
  routes: RouteTable;
  routeList: readonly RouteConfig[];
  /** The products' rules (config/clinic-rules.json), when that file passed its schema. */
  clinicRules?: ClinicRulesFile | undefined;
  /** The day the rules are read on (YYYY-MM-DD): the rules in effect then are errors. */
  day: string;
}

/** How far ahead a rule that takes effect is warned of, in days. */
export const RULE_WARNING_DAYS = 60;

/** The day `days` after `day` (YYYY-MM-DD). */
function dayAfter(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whole days from `day` to `later`. */
function daysBetween(day: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
}

/**
 * The products' rules (config/clinic-rules.json) name declared facts, each rule's days run
 * forwards and its name is its product's once; two products are never sold by the same funnels;
 * a product no funnel sells is a warning (its rules prove nothing). The facts that are a live
 * visit (`encounterTypes.liveVisit`, src/engine/state-rules.ts) are declared ones too.
 */
export function checkProductRules(
  rules: ClinicRulesFile,
  facts: RoutesFile['facts'] | undefined,
  funnels: readonly Funnel[],
  report: Report,
  warn: Report,
): void {
  const declared = facts === undefined ? null : Object.keys(facts);
  const sellers = new Map<string, string>();
  for (const [name, product] of Object.entries(rules.products)) {
    const where = at('products', name);
    const sells = `${product.sells.site}:${product.sells.treatment}`;
    const other = sellers.get(sells);
    if (other !== undefined)
      report(
        'clinicRules',
        `${where}/sells`,
        `products "${other}" and "${name}" are both sold by the ${SITE_LABEL[product.sells.site]}'s ${product.sells.treatment} funnels: a funnel sells one product`,
      );
    sellers.set(sells, name);
    if (!funnels.some((funnel) => funnel.site === product.sells.site && funnel.treatment === product.sells.treatment))
      warn(
        'clinicRules',
        `${where}/sells`,
        `no funnel of the ${SITE_LABEL[product.sells.site]} sells ${product.sells.treatment}, so the rules of "${name}" prove nothing`,
      );
    const names = new Set<string>();
    product.needs.forEach((need, index) => {
      const here = `${where}/needs/${String(index)}`;
      if (names.has(need.name))
        report('clinicRules', `${here}/name`, `"${need.name}" names another rule of "${name}" already`);
      names.add(need.name);
      if (need.from !== undefined && need.until !== undefined && need.from > need.until)
        report('clinicRules', here, `the rule "${need.name}" ends (${need.until}) before it starts (${need.from})`);
      need.anyOf.forEach((fact, item) => {
        if (declared !== null && !declared.includes(fact))
          report(
            'clinicRules',
            `${here}/anyOf/${String(item)}`,
            `unknown fact "${fact}"${didYouMean(fact, declared, true)}; the facts are ${quoted(declared)}`,
          );
      });
    });
  }
  rules.encounterTypes.liveVisit.forEach((fact, item) => {
    if (declared !== null && !declared.includes(fact))
      report(
        'clinicRules',
        `/encounterTypes/liveVisit/${String(item)}`,
        `unknown fact "${fact}"${didYouMean(fact, declared, true)}; the facts are ${quoted(declared)}`,
      );
  });
}

/**
 * On every path a patient can walk, each step's requirements are produced by a step before
 * it: each code's own steps, its funnel's variants, the split tests' variants, and each
 * pathOverride key alone (with the steps the planner puts back: a key whose step needs a fact
 * that neither the code's funnel nor any key's page produces is refused). Each problem names
 * the step, the code and the missing fact, once per place in the files.
 */
export function checkFactPaths(paths: FactPaths, report: Report, warn: Report = report): void {
  const reported = new Set<string>();
  const once = (part: keyof ConfigSet, pointer: string, message: string) => {
    if (reported.has(`${part}${pointer}`)) return;
    reported.add(`${part}${pointer}`);
    report(part, pointer, message);
  };
  // A rule that takes effect soon is warned of once per place in the files, naming every code it stops.
  const coming = new Map<
    string,
    { part: keyof ConfigSet; pointer: string; head: string; tail: string; codes: string[] }
  >();
  const warnLater = (part: keyof ConfigSet, pointer: string, code: string, head: string, tail: string) => {
    const key = `${part}${pointer}${head}`;
    const entry = coming.get(key) ?? { part, pointer, head, tail, codes: [] };
    if (!entry.codes.includes(code)) entry.codes.push(code);
    coming.set(key, entry);
  };
  // The product rules read on the day (errors), and on each day a rule takes effect soon (warnings).
  const horizon = dayAfter(paths.day, RULE_WARNING_DAYS);
  const comingDays = [
    ...new Set(
      Object.values(paths.clinicRules?.products ?? {}).flatMap((product) =>
        product.needs.flatMap((need) =>
          need.from !== undefined && need.from > paths.day && need.from <= horizon ? [need.from] : [],
        ),
      ),
    ),
  ].sort();
  /** Each day's rules of a funnel: today's, reported as errors, then those taking effect soon, as warnings. */
  const ruleDays = (funnel: Funnel) => [
    { rules: rulesOf(paths.clinicRules, funnel, paths.day), soon: null },
    ...comingDays.map((day) => ({
      rules: rulesOf(paths.clinicRules, funnel, day).filter(({ need }) => need.from === day),
      soon: `from ${day} (in ${String(daysBetween(paths.day, day))} days), `,
    })),
  ];
  const ruleText = ({ product, need }: ProductRule, which = '') =>
    `${product} (config/clinic-rules.json /products/${product})${which} needs ${need.description} (rule "${need.name}", ${daysOf(need)})`;
  /** An unmet rule: today's an error naming the code and its path; one taking effect soon a warning, its codes gathered. */
  const unmetToday = new Map<
    string,
    { part: keyof ConfigSet; pointer: string; where: string; rule: ProductRule; tail: string; codes: string[] }
  >();
  const sayUnmet = (
    part: keyof ConfigSet,
    pointer: string,
    code: string,
    rule: ProductRule,
    soon: string | null,
    where: string,
    tail: string,
  ) => {
    if (soon !== null) warnLater(part, pointer, code, `${soon}${where}${ruleText(rule)}`, tail);
    else {
      // Today's: once per place in the files, naming every code it stops (the first code's path).
      const key = `${part}${pointer}${rule.product}${rule.need.name}`;
      const entry = unmetToday.get(key) ?? { part, pointer, where, rule, tail, codes: [] };
      if (!entry.codes.includes(code)) entry.codes.push(code);
      unmetToday.set(key, entry);
    }
  };
  // Only declared facts: a misspelt one is reported once, on the route, not on every path.
  const declared = new Set(Object.keys(paths.facts ?? {}));
  const factsOf = (code: string) => (step: string) => {
    const page = paths.routes.match(`${step}/${code}`);
    if (!page || page.route.path === '*') return NO_FACTS;
    const { requires, produces } = factsOfRoute(page.route);
    return {
      requires: requires.filter((fact) => declared.has(fact)),
      produces: produces.filter((fact) => declared.has(fact)),
    };
  };
  // Where a fact is produced: the funnel's own steps that do, else the site's pages, so the fix is plain.
  const producers = (fact: string, code: string, funnel: Funnel) => {
    const own = funnel.steps.filter((step) => factsOf(code)(step).produces.includes(fact));
    if (own.length > 0)
      return `in funnel order, ${[...new Set(own)].join(', ')} produce${own.length === 1 ? 's' : ''} it`;
    const pages = paths.routeList
      .filter((route) => (route.site === 'shared' || route.site === funnel.site) && route.produces?.includes(fact))
      .map((route) => route.path.replace(/\/:.*$/, ''));
    return pages.length === 0 ? 'no page produces it' : `the pages producing it: ${[...new Set(pages)].join(', ')}`;
  };
  const describe = (step: string, code: string, missing: readonly string[], funnel: Funnel) =>
    missing
      .map(
        (fact) =>
          `step "${step}" of code "${code}" requires "${fact}", which no step before it produces (${producers(fact, code, funnel)}): move the step after one that does, or add one before it`,
      )
      .join('; ');

  /**
   * Proves one path of a code: the entry page (if any), `steps`, then the finish when the steps
   * do not end there. `pointerOf` names the place of step `index` of `steps` in its file.
   */
  const provePath = (
    part: keyof ConfigSet,
    code: string,
    funnel: Funnel,
    steps: readonly string[],
    pointerOf: (index: number | 'finish' | 'steps') => string,
    byStaff: readonly string[] = [],
  ) => {
    const entry = entryPageOf(paths.routes, paths.routeList, code, funnel);
    const withFinish = steps[steps.length - 1] === funnel.finish ? steps : [...steps, funnel.finish];
    const path: StepFacts[] = [...(entry ? [factsOfRoute(entry)] : []), ...withFinish.map(factsOf(code))];
    const offset = entry ? 1 : 0;
    for (const { index, missing } of unmetAlong(path)) {
      const stepIndex = index - offset;
      const step = withFinish[stepIndex] ?? '';
      once(part, pointerOf(stepIndex < steps.length ? stepIndex : 'finish'), describe(step, code, missing, funnel));
    }
    // What the product needs before prescribing: some step of the path produces it (a step that
    // opens no page is reported already, and says nothing of what the path reaches).
    const opens = (step: string) => {
      const page = paths.routes.match(`${step}/${code}`);
      return page !== null && page.route.path !== '*';
    };
    if (!withFinish.every(opens)) return;
    for (const { rules, soon } of ruleDays(funnel)) {
      for (const rule of unmetRules(path, rules, byStaff)) {
        const facts = orList(rule.need.anyOf.map((fact) => `"${fact}"`));
        const fix = `(${rule.need.anyOf.map((fact) => `"${fact}": ${producers(fact, code, funnel)}`).join('; ')}): add such a step, or name what the clinic's staff do instead on a variant (byStaff)`;
        sayUnmet(
          part,
          pointerOf('steps'),
          code,
          rule,
          soon,
          '',
          soon === null
            ? `and its path ${withFinish.join(' → ')} reaches no step producing ${facts} ${fix}`
            : `a step producing ${facts}, which the path reaches on no code of it ${fix}`,
        );
      }
    }
  };

  const funnelOfCode = new Map<string, [string, Funnel]>();
  for (const [id, funnel] of Object.entries(paths.funnels.funnels)) {
    const base = at('funnels', id);
    for (const code of funnel.codes) {
      funnelOfCode.set(code, [id, funnel]);
      provePath('funnels', code, funnel, funnel.steps, (index) =>
        index === 'finish' ? `${base}/finish` : index === 'steps' ? `${base}/steps` : `${base}/steps/${index}`,
      );
    }
    funnel.variants?.forEach((variant, number) => {
      for (const code of variant.codes ?? funnel.codes)
        provePath(
          'funnels',
          code,
          funnel,
          variant.steps,
          (index) =>
            index === 'finish'
              ? `${base}/finish`
              : index === 'steps'
                ? `${base}/variants/${number}/steps`
                : `${base}/variants/${number}/steps/${index}`,
          variant.byStaff,
        );
    });
  }

  for (const [id, experiment] of Object.entries(paths.experiments?.experiments ?? {})) {
    for (const variantId of variantIds(experiment)) {
      const variant = Object.hasOwn(experiment.variants, variantId) ? experiment.variants[variantId] : undefined;
      const where = at('experiments', id, 'variants', variantId);
      for (const code of experiment.codes) {
        const owner = funnelOfCode.get(code);
        // A code with no funnel, or a change that cannot be made: the experiment checks report it.
        const steps = owner === undefined ? null : variantSteps(owner[1], variant);
        if (owner === undefined || steps === null) continue;
        provePath('experiments', code, owner[1], steps, (index) =>
          variant?.steps !== undefined && typeof index === 'number' ? `${where}/steps/${index}` : where,
        );
      }
    }
  }

  const stepKeys = paths.stepKeys;
  if (stepKeys !== undefined) {
    const kept = keptFactsOf(paths.facts);
    const keyPages: Record<Site, string[]> = { male: [], female: [] };
    for (const stepKey of Object.values(stepKeys.keys))
      for (const site of stepKey.sites) if (stepKey.paths[site] !== undefined) keyPages[site].push(stepKey.paths[site]);
    for (const [key, stepKey] of Object.entries(stepKeys.keys)) {
      for (const site of stepKey.sites) {
        const path = stepKey.paths[site];
        if (path === undefined) continue;
        for (const [code, [, funnel]] of funnelOfCode) {
          if (funnel.site !== site) continue;
          // As the planner does (src/engine/funnel-plan.ts): the key's page, with what it needs put back.
          const entry = entryPageOf(paths.routes, paths.routeList, code, funnel);
          const linkFacts = keptByFunnel(funnel.steps, kept, factsOf(code), entry ? factsOfRoute(entry) : NO_FACTS);
          const sources = [...funnel.steps, ...keyPages[site]];
          const { steps, unmet } = withRequiredSteps([path], sources, linkFacts);
          // What the product needs: the planner puts back a step that produces it; if none can be, it is refused.
          for (const { rules, soon } of ruleDays(funnel)) {
            for (const rule of planLink([path], sources, linkFacts, rules).unmetRules)
              sayUnmet(
                'stepKeys',
                at('keys', key, 'paths', site),
                code,
                rule,
                soon,
                `${stepKeys.queryParam}=${key} on the ${SITE_LABEL[site]}: `,
                `and neither the code's funnel nor any ${stepKeys.queryParam} key's page produces ${orList(rule.need.anyOf.map((fact) => `"${fact}"`))} to put back`,
              );
          }
          const [first] = unmet;
          if (first === undefined) continue;
          once(
            'stepKeys',
            at('keys', key, 'paths', site),
            `${stepKeys.queryParam}=${key} on the ${SITE_LABEL[site]}: ${describe(steps[first.index] ?? path, code, first.missing, funnel)}; neither the code's funnel nor any ${stepKeys.queryParam} key's page can be put back for it`,
          );
        }
      }
    }
  }
  for (const { part, pointer, where, rule, tail, codes } of unmetToday.values()) {
    const who = codes.length === 1 ? `code ${quoted(codes)} sells` : `codes ${quoted(codes)} sell`;
    once(part, pointer, `${where}${who} ${ruleText(rule, ', which')}, ${tail}`);
  }
  for (const { part, pointer, head, tail, codes } of coming.values())
    warn(
      part,
      pointer,
      `${head}: ${tail.replace('the path reaches on no code of it', `the path of ${codes.length === 1 ? 'code' : 'codes'} ${quoted(codes)} does not reach`).replace('and neither', `for ${codes.length === 1 ? 'code' : 'codes'} ${quoted(codes)}, neither`)}`,
    );
}
