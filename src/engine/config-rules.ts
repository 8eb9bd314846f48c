import {
  CONFIG_FILES,
  SITE_LABEL,
  type BrandsFile,
  type ClinicRulesFile,
  type CodeGroup,
  type Treatment,
  type CodeGroupsFile,
  type ConfigSet,
  type ExperimentsFile,
  type ExperimentVariant,
  type FlagsFile,
  CONTROL_VARIANT,
  type Funnel,
  type FunnelConfig,
  type ProductsFile,
  type FunnelsFile,
  type RouteConfig,
  type RoutesFile,
  type Site,
  type StepKeysFile,
  ENDING_SCREENS,
  SCREEN_NAMES,
  WHEN_SENT_SCREENS,
} from './config-types.ts';
import { campaignCodeOf, compileRoutes, patternParams, sentPath, type RouteTable } from './route-match.ts';
import { applyChanges, variantSteps, type ChangeProblem } from './experiments.ts';
import { didYouMean } from './suggest.ts';
import { checkFactNames, checkFactPaths, checkProductRules } from './fact-rules.ts';
import { compileRedirects, type RedirectTable } from './url.ts';

/**
 * One thing about the config: the file, a JSON pointer into it, and what is wrong. `level`:
 * absent for an error (the config is invalid), `warning` for something that works but is
 * likely a mistake (valid, printed), `skipped` for a check that could not run, and why.
 */
export interface ConfigProblem {
  file: string;
  pointer: string;
  message: string;
  level?: 'warning' | 'skipped';
}

/**
 * Tells whether a part of a file passed its schema, so rules only read what is well formed.
 * `pointer` '' asks about the whole file.
 */
export type IsClean = (part: keyof ConfigSet, pointer: string) => boolean;

/** Why a file cannot be read by the rules: "routes.json has schema errors (at /routes/3)". */
export type WhyUnclean = (part: keyof ConfigSet) => string;

/** Escapes one JSON pointer token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((token) => `/${pointerToken(token)}`).join('');
}

/** What the rules are read with: the day dated product rules are read on (YYYY-MM-DD; today by default). */
export interface RuleOptions {
  day?: string | undefined;
}

/** Today as YYYY-MM-DD, in the clinic's own days (UTC is close enough for rules dated by the day). */
function isoToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The rules a JSON Schema cannot express: every funnel step opens a funnel page of its site;
 * every funnel page is reached; codes are unique and in a group that fits their funnel; grouped
 * codes exist; variants read declared query keys; variant and pathOverride steps resolve on the
 * sites that allow them; redirect targets resolve and never loop. Each check runs on every
 * file and funnel that passed its schema; a check that cannot run says so (level `skipped`)
 * and why, so one run lists every problem.
 */
export function checkConfigRules(
  files: Partial<Record<keyof ConfigSet, unknown>>,
  isClean: IsClean,
  whyUnclean: WhyUnclean = (part) => `${CONFIG_FILES[part]} is not valid`,
  options: RuleOptions = {},
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const report = (part: keyof ConfigSet, at: string, message: string) =>
    problems.push({ file: CONFIG_FILES[part], pointer: at, message });
  const warn: Report = (part, at, message) =>
    problems.push({ file: CONFIG_FILES[part], pointer: at, message, level: 'warning' });
  const skip = (part: keyof ConfigSet, at: string, check: string, why: string) =>
    problems.push({
      file: CONFIG_FILES[part],
      pointer: at,
      message: `the ${check} did not run: ${why}`,
      level: 'skipped',
    });
  /** Whether every file a check reads passed its schema; if not, says the check did not run. */
  const ready = (check: string, into: keyof ConfigSet, parts: readonly (keyof ConfigSet)[]) => {
    const blocked = parts.filter((part) => !isClean(part, ''));
    if (blocked.length > 0) skip(into, '', check, blocked.map(whyUnclean).join('; '));
    return blocked.length === 0;
  };

  // Rules read only the parts that passed their schema: whole files for routes, step keys and
  // groups (everything in them refers to everything else), single funnels for funnels.
  const clean: Partial<FunnelConfig> = {};
  if (isClean('routes', '')) clean.routes = files.routes as RoutesFile;
  if (isClean('stepKeys', '')) clean.stepKeys = files.stepKeys as StepKeysFile;
  if (isClean('codeGroups', '')) clean.codeGroups = files.codeGroups as CodeGroupsFile;
  if (isClean('brands', '')) clean.brands = files.brands as BrandsFile;
  const funnelsFile = files.funnels as Partial<Record<keyof FunnelsFile, unknown>> | undefined;
  const funnels = funnelsFile?.funnels;
  /** Funnels with schema errors: the step checks skip them, and say so once each. */
  const brokenFunnels: string[] = [];
  /** Broken funnels whose site and codes are well formed: the code checks still read them. */
  const codeFunnels: [string, Funnel][] = [];
  /** Funnels whose codes cannot be read: checks that must know every code skip, and say so. */
  const unknownCodes: string[] = [];
  if (funnelsFile && isRecord(funnels)) {
    const usable = Object.entries(funnels).filter(([id, funnel]) => {
      const ok = isClean('funnels', pointer('funnels', id));
      if (!ok) brokenFunnels.push(id);
      if (ok || hasCodes(funnel, (at) => isClean('funnels', pointer('funnels', id, at))))
        codeFunnels.push([id, funnel as Funnel]);
      else unknownCodes.push(id);
      return ok;
    });
    clean.funnels = {
      unknownCodePath: funnelsFile.unknownCodePath as string,
      errorCodes: funnelsFile.errorCodes as FunnelsFile['errorCodes'],
      formPageParam: funnelsFile.formPageParam as string,
      variantQueries: (isClean('funnels', '/variantQueries')
        ? funnelsFile.variantQueries
        : undefined) as FunnelsFile['variantQueries'],
      funnels: Object.fromEntries(usable) as FunnelsFile['funnels'],
    };
  }
  for (const id of brokenFunnels)
    skip(
      'funnels',
      pointer('funnels', id),
      `funnel checks (steps, variants${unknownCodes.includes(id) ? ', codes, groups' : ''})`,
      `funnel "${id}" has schema errors`,
    );
  /** The config as the code checks read it: every funnel whose codes and site are well formed. */
  const byCode: Partial<FunnelConfig> = clean.funnels
    ? { ...clean, funnels: { ...clean.funnels, funnels: Object.fromEntries(codeFunnels) } }
    : clean;
  /** Whether every funnel's steps are read (`allFunnels`), and every funnel's codes (`allCodes`). */
  const allFunnels = clean.funnels !== undefined && brokenFunnels.length === 0;
  const allCodes = clean.funnels !== undefined && unknownCodes.length === 0;
  const funnelsWhy = (ids: readonly string[]) =>
    clean.funnels === undefined
      ? whyUnclean('funnels')
      : `${CONFIG_FILES.funnels} has schema errors in funnel${ids.length === 1 ? '' : 's'} ${ids.map((id) => `"${id}"`).join(', ')}`;
  /** Like `ready`, for checks that must see every funnel's steps, or (`codes`) every funnel's codes. */
  const everyFunnel = (check: string, into: keyof ConfigSet, codes = false) => {
    const ok = codes ? allCodes : allFunnels;
    if (!ok) skip(into, '', check, funnelsWhy(codes ? unknownCodes : brokenFunnels));
    return ok;
  };
  const table: Pages | null = clean.routes
    ? { routes: compileRoutes(clean.routes.routes), redirects: compileRedirects(clean.routes.redirects) }
    : null;

  const routesFile = files.routes as Partial<Record<keyof RoutesFile, unknown>> | undefined;
  if (clean.routes && table) {
    checkRoutes(clean.routes.routes, report);
    checkForms(clean.routes.forms, clean.routes.routes, report);
    checkRedirects(clean, table, report);
    checkSentPaths(clean.routes.routes, table, report);
  } else if (routesFile && Array.isArray(routesFile.routes)) {
    // The checks of one route at a time still run on every route that passed its schema.
    const entries = routesFile.routes.map((route: unknown, index) =>
      isRecord(route) && isClean('routes', pointer('routes', index)) ? (route as unknown as RouteConfig) : null,
    );
    checkRoutes(entries, report);
    if (isRecord(routesFile.forms) && isClean('routes', '/forms'))
      checkForms(routesFile.forms as unknown as RoutesFile['forms'], entries, report);
    skip('routes', '', 'route checks that read every route (redirects, whenSent)', whyUnclean('routes'));
  } else {
    skip('routes', '', 'route checks (paths, campaign codes, forms, redirects, whenSent)', whyUnclean('routes'));
  }
  // What the products need (issue 38): facts the routes declare, on products some funnel sells.
  if (isClean('clinicRules', '') && files.clinicRules !== undefined)
    checkProductRules(
      files.clinicRules as ClinicRulesFile,
      clean.routes?.facts,
      Object.values(clean.funnels?.funnels ?? {}),
      report,
      warn,
    );
  // What steps require and produce (issue 37): the names, then every path a patient can walk.
  if (clean.routes) checkFactNames(clean.routes.facts, clean.routes.routes, report);
  else if (routesFile && Array.isArray(routesFile.routes)) {
    const facts = isClean('routes', '/facts') ? (routesFile.facts as RoutesFile['facts'] | undefined) : undefined;
    checkFactNames(
      facts,
      routesFile.routes.map((route: unknown, index) =>
        isRecord(route) && isClean('routes', pointer('routes', index)) ? (route as unknown as RouteConfig) : null,
      ),
      report,
    );
  }
  if (
    clean.funnels &&
    ready("checks that each step's requirements are met", 'funnels', ['routes']) &&
    clean.routes &&
    table
  ) {
    if (!clean.stepKeys)
      skip('stepKeys', '', "checks that each pathOverride key's requirements are met", whyUnclean('stepKeys'));
    const experimentsClean = isClean('experiments', '');
    if (!experimentsClean)
      skip('experiments', '', "checks that each split-test variant's requirements are met", whyUnclean('experiments'));
    checkFactPaths(
      {
        facts: clean.routes.facts,
        funnels: clean.funnels,
        stepKeys: clean.stepKeys,
        experiments: experimentsClean ? (files.experiments as ExperimentsFile) : undefined,
        routes: table.routes,
        routeList: clean.routes.routes,
        clinicRules: isClean('clinicRules', '') ? (files.clinicRules as ClinicRulesFile) : undefined,
        day: options.day ?? isoToday(),
      },
      report,
      warn,
    );
  }
  if (clean.funnels) {
    if (ready('funnel step checks', 'funnels', ['routes']) && table) checkFunnelSteps(clean, table, isClean, report);
    checkCodes(byCode, report);
    if (isClean('funnels', '/variantQueries')) checkVariantQueries(clean.funnels, clean.stepKeys, report);
    else skip('funnels', '/variantQueries', 'variant query checks', 'variantQueries has schema errors');
  } else {
    skip('funnels', '', 'funnel checks (steps, codes, variants, groups, products)', whyUnclean('funnels'));
  }
  if (
    ready('funnel page reach check', 'routes', ['routes', 'stepKeys']) &&
    everyFunnel('funnel page reach check', 'routes') &&
    table
  )
    checkFunnelPagesReached(clean, table, report);
  if (ready('step key checks', 'stepKeys', ['stepKeys', 'routes']) && table)
    checkStepKeys(
      clean,
      codeFunnels.map(([, funnel]) => funnel),
      table,
      report,
    );
  if (ready('code group checks', 'codeGroups', ['codeGroups'])) {
    const known = allCodes || everyFunnel('checks that grouped codes have a funnel', 'codeGroups', true);
    checkGroups(byCode, known, report);
    if (clean.funnels) checkGroupFit(byCode, report, warn);
  }
  if (ready('brand checks', 'brands', ['brands']) && clean.brands) checkBrands(clean.brands, report);
  if (
    ready('experiment checks', 'experiments', ['experiments', 'routes', 'flags']) &&
    everyFunnel('experiment checks', 'experiments', true) &&
    clean.funnels &&
    table
  ) {
    // An experiment on a funnel with schema errors is not checked (its control is unknown); the others are.
    const broken = new Map(
      codeFunnels
        .filter(([id]) => brokenFunnels.includes(id))
        .flatMap(([id, funnel]) => funnel.codes.map((code) => [code, id])),
    );
    checkExperiments(files.experiments as ExperimentsFile, clean, table, files.flags as FlagsFile, broken, {
      report,
      warn,
      skip: (at, why) => {
        skip('experiments', at, 'experiment checks', why);
      },
    });
  }
  if (ready('product checks', 'products', ['products', 'routes']) && clean.funnels && table) {
    const known = allCodes || everyFunnel('checks that products name a code with a funnel', 'products', true);
    const codes = new Set(codeFunnels.flatMap(([, funnel]) => funnel.codes));
    checkProducts(files.products as ProductsFile, clean.funnels, codes, table, known, report);
  }
  return problems;
}

/** Whether a funnel that failed its schema still has a well-formed site and codes (`isClean` of a key). */
function hasCodes(funnel: unknown, isClean: (key: string) => boolean): boolean {
  if (!isRecord(funnel) || !Array.isArray(funnel.codes) || typeof funnel.site !== 'string') return false;
  if (funnel.treatment !== undefined && !isClean('treatment')) return false;
  return isClean('codes') && isClean('site') && funnel.codes.every((code) => typeof code === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a URL opens: the routes, and the redirects that apply first. */
interface Pages {
  routes: RouteTable;
  redirects: RedirectTable;
}

type Report = (part: keyof ConfigSet, at: string, message: string) => void;

/** Every route's form is one the config names, so code that asks for "the intake's form" finds it. */
function checkForms(forms: RoutesFile['forms'], routes: readonly (RouteConfig | null)[], report: Report) {
  const named = new Set<string>([forms.assessment, forms.intake, forms.continuingCare]);
  routes.forEach((route, index) => {
    if (route?.form !== undefined && !named.has(route.form.formId))
      report(
        'routes',
        pointer('routes', index, 'form', 'formId'),
        `form "${route.form.formId}" is not one of "forms" (${[...named].join(', ')})${didYouMean(route.form.formId, named, true)}`,
      );
  });
}

/** `routes`: null in place of a route that failed its schema. */
function checkRoutes(routes: readonly (RouteConfig | null)[], report: Report) {
  const seen = new Map<string, number>();
  routes.forEach((route, index) => {
    if (route === null) return;
    const key = route.path.toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else
      report(
        'routes',
        pointer('routes', index, 'path'),
        `duplicate route "${route.path}"; the first is at /routes/${first}`,
      );

    const source = route.campaignCode;
    if (source) {
      const at = pointer('routes', index, 'campaignCode');
      if ((source.param === undefined) === (source.value === undefined)) {
        report('routes', at, 'give either "param" (the path parameter holding the code) or "value" (a fixed code)');
      } else if (source.param !== undefined && !patternParams(route.path).includes(source.param)) {
        report('routes', `${at}/param`, `"${source.param}" is not a parameter of "${route.path}"`);
      } else if (source.value !== undefined && source.default !== undefined) {
        report('routes', `${at}/default`, 'a fixed "value" has no default');
      }
    }
    if (route.funnel === true && !source) {
      report(
        'routes',
        pointer('routes', index, 'funnel'),
        'a funnel page needs "campaignCode" to know whose funnel it is on',
      );
    }
    if (route.needs !== undefined && route.funnel !== true) {
      report(
        'routes',
        pointer('routes', index, 'needs'),
        'only a funnel page can need a journey: the funnel machine checks it (set "funnel": true)',
      );
    }
  });
}

/**
 * A page's `whenSent` is on a screen that reads it, outside funnels, and opens a page of its
 * site once its code (the route's fixed or default code, else a sample) is filled in.
 */
function checkSentPaths(routes: readonly RouteConfig[], table: Pages, report: Report) {
  routes.forEach((route, index) => {
    const at = pointer('routes', index, 'whenSent');
    if (route.whenSent === undefined) return;
    if (!WHEN_SENT_SCREENS.includes(route.screen)) {
      report(
        'routes',
        at,
        `the ${route.screen} screen does not read "whenSent" (only: ${WHEN_SENT_SCREENS.join(', ')})`,
      );
      return;
    }
    if (route.funnel === true) {
      report('routes', at, 'a funnel page goes on to its funnel\'s next step; "whenSent" is for pages outside funnels');
      return;
    }
    if (route.whenSent.includes(':pathCode') && !route.campaignCode) {
      report('routes', at, 'the page needs "campaignCode" to fill :pathCode');
      return;
    }
    const code = route.campaignCode?.value ?? route.campaignCode?.default ?? 'code';
    const url = sentPath(route, code) ?? route.whenSent;
    const redirected = table.redirects.resolve(url);
    const page = table.routes.match(url);
    if (redirected !== null) report('routes', at, `${url} redirects to ${redirected}`);
    else if (!page || page.route.path === '*') report('routes', at, `"${route.whenSent}" leads to no page`);
    else if (page.route.site !== 'shared' && page.route.site !== route.site)
      report('routes', at, `"${route.whenSent}" is a page of the ${SITE_LABEL[page.route.site]} (${page.route.path})`);
  });
}

function checkRedirects(config: Partial<FunnelConfig>, table: Pages, report: Report) {
  const redirects = config.routes?.redirects ?? [];
  const from = new Map<string, { to: string; at: string }>();
  redirects.forEach((redirect, index) => {
    redirect.from.forEach((path, item) => {
      const at = pointer('redirects', index, 'from', item);
      const key = path.toLowerCase();
      const earlier = from.get(key);
      if (earlier) report('routes', at, `"${path}" already redirects at ${earlier.at}`);
      else from.set(key, { to: redirect.to, at });
    });
  });
  const pages = knownPagePaths(config);
  const loops = new Set<string>();
  redirects.forEach((redirect, index) => {
    const at = pointer('redirects', index, 'to');
    // Follow the chain of redirects from this one; meeting a path already in it is a loop.
    const chain = [redirect.from[0] ?? '', redirect.to];
    if (redirect.from.some((path) => path.toLowerCase() === redirect.to.toLowerCase())) {
      report('routes', at, `redirect loop: ${redirect.to} → ${redirect.to}`);
      return;
    }
    for (let next = from.get(redirect.to.toLowerCase()); next; next = from.get(next.to.toLowerCase())) {
      const target = next.to;
      if (chain.some((path) => path.toLowerCase() === target.toLowerCase())) {
        // Each redirect in a loop would find it; report it once.
        const members = [...chain.slice(chain.findIndex((path) => path.toLowerCase() === target.toLowerCase()))];
        const key = members
          .map((path) => path.toLowerCase())
          .sort()
          .join(' ');
        if (!loops.has(key)) report('routes', at, `redirect loop: ${[...chain, target].join(' → ')}`);
        loops.add(key);
        return;
      }
      chain.push(target);
    }
    const current = chain[chain.length - 1] ?? redirect.to;
    const page = table.routes.match(current);
    if (!page || page.route.path === '*') {
      report('routes', at, `"${redirect.to}" leads to no page${didYouMean(current, pages)}`);
    }
  });
}

/** Paths a step could be, for suggestions: every step written anywhere, and each page's fixed prefix. */
function knownStepPaths(config: Partial<FunnelConfig>): Set<string> {
  const known = new Set<string>();
  for (const funnel of Object.values(config.funnels?.funnels ?? {})) {
    funnel.steps.forEach((step) => known.add(step));
    funnel.variants?.forEach((variant) => {
      variant.steps.forEach((step) => known.add(step));
    });
  }
  for (const key of Object.values(config.stepKeys?.keys ?? {})) {
    Object.values(key.paths).forEach((path) => {
      known.add(path);
    });
  }
  for (const route of config.routes?.routes ?? []) {
    const param = route.campaignCode?.param;
    if (!route.funnel || param === undefined) continue;
    const prefix = route.path.split(`/:${param}`)[0] ?? '';
    if (prefix !== '' && !prefix.includes(':')) known.add(prefix);
  }
  return known;
}

/** Paths a link could go to, for suggestions: fixed routes and every redirect's ends. */
function knownPagePaths(config: Partial<FunnelConfig>): Set<string> {
  const known = new Set<string>();
  for (const route of config.routes?.routes ?? []) {
    if (!route.path.includes(':') && route.path !== '*') known.add(route.path);
  }
  for (const redirect of config.routes?.redirects ?? []) {
    known.add(redirect.to);
    redirect.from.forEach((path) => known.add(path));
  }
  return known;
}

/**
 * Why a step path with a code does not open a funnel page of `site`, or null when it does.
 * `shared` pages serve both sites. A redirect would take the patient elsewhere, so a step URL
 * that redirects is not a step.
 */
function stepProblem(table: Pages, step: string, code: string, site: Site): string | null {
  const url = `${step}/${code}`;
  const redirected = table.redirects.resolve(url);
  if (redirected !== null) return `${url} redirects to ${redirected}`;
  const page = table.routes.match(url);
  if (!page || page.route.path === '*') return `no page matches ${url}`;
  const { route } = page;
  if (route.site !== 'shared' && route.site !== site) {
    return `${url} is a page of the ${SITE_LABEL[route.site]} (${route.path}), not the ${SITE_LABEL[site]}`;
  }
  if (route.funnel !== true) return `${url} opens ${route.path}, which is not a funnel page`;
  const found = campaignCodeOf(page);
  if (found === null) return `${url} opens ${route.path}, which has no campaign code`;
  if (found !== code) return `${url} opens ${route.path}, which reads the code as "${found}", not "${code}"`;
  return null;
}

function checkFunnelSteps(config: Partial<FunnelConfig>, table: Pages, isClean: IsClean, report: Report) {
  const funnels = config.funnels;
  if (!funnels) return;
  const known = knownStepPaths(config);
  if (typeof funnels.unknownCodePath === 'string' && isClean('funnels', '/unknownCodePath')) {
    const page = table.routes.match(funnels.unknownCodePath);
    if (!page || page.route.path === '*') {
      report(
        'funnels',
        '/unknownCodePath',
        `"${funnels.unknownCodePath}" opens no page${didYouMean(funnels.unknownCodePath, knownPagePaths(config))}`,
      );
    } else if (isClean('funnels', '/errorCodes')) {
      // The error page reads the link's code from its path, as it does on every other page.
      for (const [kind, errorCode] of Object.entries(funnels.errorCodes)) {
        const url = `${funnels.unknownCodePath}/${errorCode}/sample-code`;
        const reached = table.routes.match(url);
        if (reached?.route !== page.route || campaignCodeOf(reached) !== 'sample-code')
          report(
            'funnels',
            pointer('errorCodes', kind),
            `${url} must open ${page.route.path} with "sample-code" as its campaign code`,
          );
      }
    }
  }
  // The first code's page for a step path, judged by `judge`; a step that opens no fitting page is left to checkSteps.
  const screenAt = (step: string, codes: readonly string[], judge: (route: RouteConfig) => string | null) => {
    const code = codes[0];
    if (code === undefined) return null;
    const page = table.routes.match(`${step}/${code}`);
    if (!page || page.route.path === '*') return `unknown finish "${step}": no page matches ${step}/${code}`;
    return judge(page.route);
  };
  for (const [id, funnel] of Object.entries(funnels.funnels)) {
    const base = pointer('funnels', id);
    const redirectedCodes = new Set<string>();
    const checkSteps = (steps: readonly string[], codes: readonly string[], at: string) => {
      steps.forEach((step, index) => {
        for (const code of codes) {
          const problem = stepProblem(table, step, code, funnel.site);
          if (problem === null) continue;
          if (problem.includes(' redirects to ')) {
            // The code, not the step, is at fault: a redirect already owns its URLs.
            if (!redirectedCodes.has(code)) {
              report(
                'funnels',
                `${base}/codes/${funnel.codes.indexOf(code)}`,
                `code "${code}" cannot be used: ${problem}`,
              );
            }
            redirectedCodes.add(code);
            continue;
          }
          const message = problem.startsWith('no page')
            ? `unknown step "${step}": ${problem}${didYouMean(step, known)}`
            : `step "${step}" does not fit funnel "${id}": ${problem}`;
          report('funnels', `${at}/${index}`, message);
          break;
        }
      });
    };
    // The finish is where every step list ends: a page of its site that ends the journey.
    const finishProblem = screenAt(funnel.finish, funnel.codes, (route) =>
      ENDING_SCREENS.includes(route.screen)
        ? null
        : `finish "${funnel.finish}" opens the ${route.screen} screen, which offers Continue: a patient who reaches the end of funnel "${id}" would press it and go nowhere. Use a page that ends the journey (${ENDING_SCREENS.join(', ')}), such as ${config.stepKeys?.finish[funnel.site] ?? '/finish'}`,
    );
    const finishFit = funnel.codes
      .map((code) => stepProblem(table, funnel.finish, code, funnel.site))
      .find((problem) => problem !== null);
    if (finishFit !== undefined) {
      report('funnels', `${base}/finish`, `finish "${funnel.finish}" does not fit funnel "${id}": ${finishFit}`);
    } else if (finishProblem !== null) report('funnels', `${base}/finish`, finishProblem);
    // An ending page in the middle of a list would leave the steps after it unreachable.
    const checkEnding = (steps: readonly string[], codes: readonly string[], at: string) => {
      steps.slice(0, -1).forEach((step, index) => {
        const problem = screenAt(step, codes, (route) =>
          ENDING_SCREENS.includes(route.screen)
            ? `step "${step}" ends the journey (the ${route.screen} screen offers no Continue), so the steps after it could never be reached`
            : null,
        );
        if (problem !== null && !problem.startsWith('unknown')) report('funnels', `${at}/${index}`, problem);
      });
    };
    checkSteps(funnel.steps, funnel.codes, `${base}/steps`);
    checkEnding(funnel.steps, funnel.codes, `${base}/steps`);
    const names = new Set<string>();
    funnel.variants?.forEach((variant, index) => {
      const at = `${base}/variants/${index}`;
      if (names.has(variant.name))
        report('funnels', `${at}/name`, `variant "${variant.name}" is declared twice in funnel "${id}"`);
      names.add(variant.name);
      variant.codes?.forEach((code, item) => {
        if (!funnel.codes.includes(code)) {
          report(
            'funnels',
            `${at}/codes/${item}`,
            `"${code}" is not a code of funnel "${id}"${didYouMean(code, funnel.codes, true)}`,
          );
        }
      });
      checkSteps(variant.steps, variant.codes ?? funnel.codes, `${at}/steps`);
      checkEnding(variant.steps, variant.codes ?? funnel.codes, `${at}/steps`);
    });
  }
}

/**
 * A variant's `when.query` is a key of `variantQueries`, the keys the funnel reads to choose a
 * variant: a misspelt key would be a variant no link selects. A declared key is neither the
 * pathOverride parameter (which always takes precedence) nor the form page parameter (ignored).
 */
function checkVariantQueries(funnels: FunnelsFile, stepKeys: StepKeysFile | undefined, report: Report) {
  const declared = Object.keys(funnels.variantQueries);
  for (const key of declared) {
    const at = pointer('variantQueries', key);
    if (stepKeys && key === stepKeys.queryParam)
      report('funnels', at, `"${key}" is the pathOverride parameter, which always takes precedence over variants`);
    if (key === funnels.formPageParam)
      report('funnels', at, `"${key}" is formPageParam, which numbers a form's pages and never selects a variant`);
  }
  for (const [id, funnel] of Object.entries(funnels.funnels)) {
    funnel.variants?.forEach((variant, index) => {
      const key = variant.when.query;
      if (Object.hasOwn(funnels.variantQueries, key)) return;
      report(
        'funnels',
        pointer('funnels', id, 'variants', index, 'when', 'query'),
        `the app reads no query key "${key}" to choose a variant, so a link with ?${key}=${variant.when.equals} would walk the funnel's own steps (variantQueries declares: ${declared.join(', ') || 'none'})${didYouMean(key, declared, true)}`,
      );
    });
  }
}

/**
 * Every route marked `"funnel": true` is reached: a step or finish of some funnel, variant or
 * pathOverride key, an ending page (a link may land there once the steps are done: the
 * thank-you page), or the entry page of its own fixed or default code's funnel (/quiz, whose
 * Next goes to the quiz funnel's first step). Any other funnel page is one the funnel machine
 * would drive but no funnel opens: most often a step left out of the funnel it was written for.
 */
function checkFunnelPagesReached(config: Partial<FunnelConfig>, table: Pages, report: Report) {
  const reached = new Set<string>();
  const visit = (step: string, code: string) => {
    const page = table.routes.match(`${step}/${code}`);
    if (page) reached.add(page.route.path);
  };
  const bySite: Record<Site, string[]> = { male: [], female: [] };
  for (const funnel of Object.values(config.funnels?.funnels ?? {})) {
    for (const code of funnel.codes) {
      bySite[funnel.site].push(code);
      for (const step of [...funnel.steps, funnel.finish]) visit(step, code);
    }
    for (const variant of funnel.variants ?? [])
      for (const code of variant.codes ?? funnel.codes) for (const step of variant.steps) visit(step, code);
  }
  const stepKeys = config.stepKeys;
  if (stepKeys) {
    for (const site of ['male', 'female'] as const) {
      const paths = [stepKeys.finish[site], ...Object.values(stepKeys.keys).map((key) => key.paths[site])];
      for (const code of bySite[site]) for (const path of paths) if (path !== undefined) visit(path, code);
    }
  }
  const siteOf = new Map<string, Site>();
  for (const site of ['male', 'female'] as const) for (const code of bySite[site]) siteOf.set(code, site);
  const isEntry = (route: RouteConfig) => {
    const own = route.campaignCode?.value ?? route.campaignCode?.default;
    const site = own === undefined ? undefined : siteOf.get(own);
    return site !== undefined && (route.site === 'shared' || route.site === site);
  };
  config.routes?.routes.forEach((route, index) => {
    if (route.funnel !== true || reached.has(route.path)) return;
    if (ENDING_SCREENS.includes(route.screen) || isEntry(route)) return;
    report(
      'routes',
      pointer('routes', index, 'funnel'),
      `"${route.path}" is a funnel page, but no funnel, variant or pathOverride key has a step on it, it ends no journey and it is no funnel's entry page (a fixed or default code); add it to a funnel's steps, or remove "funnel": true`,
    );
  });
}

/** A funnel's treatment; undefined for a funnel that failed its schema without one. */
const sells = (funnel: Funnel): Treatment | undefined => (funnel as Partial<Funnel>).treatment;

/** What being in a group changes for a code, in a few words: "the error page shows error404-HRT". */
function groupEffects(group: CodeGroup): string {
  const effects: string[] = [];
  if (group.treatment !== undefined) effects.push(`for ${group.treatment} funnels`);
  if (group.errorContentKey !== undefined) effects.push(`the error page shows ${group.errorContentKey}`);
  if (group.consultEventType !== undefined) effects.push(`books the ${group.consultEventType} consult`);
  for (const [from, to] of Object.entries(group.intakePageSwaps ?? {}))
    effects.push(`the intake asks page ${to} in place of page ${from}`);
  if (group.newPatientCode !== undefined)
    effects.push(`sends non-patients to a first visit on ${group.newPatientCode}`);
  return effects.length > 0 ? effects.join(', ') : 'no settings';
}

/**
 * Each funnel's code is in a group (a warning when not: the code gets every default, which is
 * right only by chance), and each group with a `treatment` holds only codes of funnels that
 * sell it (an HRT code in the ED group would book the ED consult: an error).
 */
function checkGroupFit(config: Partial<FunnelConfig>, report: Report, warn: Report) {
  const groups = config.codeGroups;
  if (!groups) return;
  const grouped = new Set(Object.values(groups.groups).flatMap((group) => group.codes));
  const funnelOf = new Map<string, { id: string; funnel: Funnel }>();
  for (const [id, funnel] of Object.entries(config.funnels?.funnels ?? {})) {
    funnel.codes.forEach((code, index) => {
      // A code in two funnels is reported as such; it is warned about once.
      if (funnelOf.has(code)) return;
      funnelOf.set(code, { id, funnel });
      if (grouped.has(code)) return;
      const choices = Object.entries(groups.groups).map(([name, group]) => `${name} (${groupEffects(group)})`);
      warn(
        'funnels',
        pointer('funnels', id, 'codes', index),
        `code "${code}" is in no group of ${CONFIG_FILES.codeGroups}, so it gets the defaults (the error page shows ${groups.defaultErrorContentKey}, the brand's consult, the route's intake pages)${sells(funnel) === undefined ? '' : `; its funnel sells ${funnel.treatment}`}. The groups: ${choices.join('; ')}`,
      );
    });
  }
  for (const [name, group] of Object.entries(groups.groups)) {
    if (group.treatment === undefined) continue;
    group.codes.forEach((code, index) => {
      const owner = funnelOf.get(code);
      // A funnel whose treatment failed its schema is not judged.
      if (owner === undefined || sells(owner.funnel) === undefined || owner.funnel.treatment === group.treatment)
        return;
      report(
        'codeGroups',
        pointer('groups', name, 'codes', index),
        `code "${code}" is in group "${name}", which is for ${group.treatment} funnels, but its funnel "${owner.id}" sells ${owner.funnel.treatment} (${groupEffects(group)})`,
      );
    });
  }
}

function checkCodes(config: Partial<FunnelConfig>, report: Report) {
  const owners = new Map<string, { id: string; at: string }>();
  for (const [id, funnel] of Object.entries(config.funnels?.funnels ?? {})) {
    funnel.codes.forEach((code, index) => {
      const at = pointer('funnels', id, 'codes', index);
      const owner = owners.get(code);
      if (owner) {
        report(
          'funnels',
          at,
          `code "${code}" is already used by funnel "${owner.id}" (${owner.at}); each code follows one funnel`,
        );
      } else {
        owners.set(code, { id, at });
      }
    });
  }
}

/** `codeFunnels`: every funnel whose codes and site are well formed, whatever else is wrong with it. */
function checkStepKeys(config: Partial<FunnelConfig>, codeFunnels: readonly Funnel[], table: Pages, report: Report) {
  const stepKeys = config.stepKeys;
  if (!stepKeys) return;
  const known = knownStepPaths(config);
  const codesOf = (site: Site) =>
    codeFunnels.filter((funnel) => funnel.site === site).flatMap((funnel) => funnel.codes);
  // A key works for every code of its site, so its path must resolve for each of them.
  const checkPath = (path: string, site: Site, at: string) => {
    for (const code of codesOf(site)) {
      const problem = stepProblem(table, path, code, site);
      // A code whose URLs redirect is reported once, on the code itself.
      if (problem === null || problem.includes(' redirects to ')) continue;
      const hint = problem.startsWith('no page') ? didYouMean(path, known) : '';
      report('stepKeys', at, `"${path}" does not resolve on the ${SITE_LABEL[site]}: ${problem}${hint}`);
      return;
    }
  };
  for (const site of ['male', 'female'] as const) checkPath(stepKeys.finish[site], site, pointer('finish', site));
  for (const [key, stepKey] of Object.entries(stepKeys.keys)) {
    for (const site of stepKey.sites) {
      const path = stepKey.paths[site];
      if (path === undefined) {
        report('stepKeys', pointer('keys', key, 'paths'), `no path for the ${SITE_LABEL[site]}, which "sites" allows`);
      } else {
        checkPath(path, site, pointer('keys', key, 'paths', site));
      }
    }
    for (const site of Object.keys(stepKey.paths) as Site[]) {
      if (!stepKey.sites.includes(site)) {
        report(
          'stepKeys',
          pointer('keys', key, 'paths', site),
          `"${key}" is not allowed on the ${SITE_LABEL[site]} (sites: ${stepKey.sites.join(', ')}); add the site to "sites" or remove this path`,
        );
      }
    }
  }
}

/** `funnelsClean`: whether every funnel passed its schema, so a missing code is really missing. */
function checkGroups(config: Partial<FunnelConfig>, funnelsClean: boolean, report: Report) {
  const groups = config.codeGroups;
  if (!groups) return;
  const funnelCodes = new Set<string>();
  for (const funnel of Object.values(config.funnels?.funnels ?? {}))
    funnel.codes.forEach((code) => funnelCodes.add(code));
  const groupOnly = new Set(Object.keys(groups.groupOnlyCodes));
  const grouped = new Set<string>();
  const everyCode = new Set([...funnelCodes, ...groupOnly]);

  for (const [name, group] of Object.entries(groups.groups)) {
    const seen = new Set<string>();
    group.codes.forEach((code, index) => {
      const at = pointer('groups', name, 'codes', index);
      if (seen.has(code)) report('codeGroups', at, `code "${code}" is listed twice in group "${name}"`);
      seen.add(code);
      grouped.add(code);
      if (funnelsClean && !everyCode.has(code)) {
        report(
          'codeGroups',
          at,
          `unknown code "${code}": no funnel has it and it is not in groupOnlyCodes${didYouMean(code, everyCode, true)}`,
        );
      }
    });
  }
  checkGroupSettings(groups, report);
  if (funnelsClean) checkNewPatientCodes(groups, Object.values(config.funnels?.funnels ?? {}), report);
  checkUnknownCodeScreens(groups, report);
  for (const code of groupOnly) {
    const at = pointer('groupOnlyCodes', code);
    if (funnelsClean && funnelCodes.has(code))
      report('codeGroups', at, `"${code}" has a funnel; list it in groups only`);
    if (!grouped.has(code)) report('codeGroups', at, `"${code}" is in no group; remove it or add it to one`);
  }
}

/** The screens a product is fetched on: a code's product is only read where its funnel pays. */
const PAYING_SCREENS: ReadonlySet<string> = new Set(['payment', 'checkout']);

/**
 * Each product names a funnel's code, on the site it is sold on, whose funnel has a payment
 * step: a product anywhere else would never be fetched, which is a mistake worth saying.
 */
function checkProducts(
  file: ProductsFile,
  funnels: FunnelsFile,
  codes: ReadonlySet<string>,
  table: Pages,
  funnelsClean: boolean,
  report: Report,
) {
  const funnelOf = new Map<string, FunnelsFile['funnels'][string]>();
  for (const funnel of Object.values(funnels.funnels)) for (const code of funnel.codes) funnelOf.set(code, funnel);
  for (const [code, product] of Object.entries(file.byCode)) {
    const at = pointer('byCode', code);
    const funnel = funnelOf.get(code);
    if (funnel === undefined) {
      // A code of a funnel whose steps failed their schema: its payment step cannot be judged.
      if (funnelsClean && !codes.has(code))
        report('products', at, `unknown code "${code}": no funnel has it${didYouMean(code, funnelOf.keys(), true)}`);
      continue;
    }
    if (product.site !== undefined && product.site !== funnel.site)
      report(
        'products',
        pointer('byCode', code, 'site'),
        `"${code}" is a code of the ${SITE_LABEL[funnel.site]}, not the ${SITE_LABEL[product.site]}`,
      );
    const stepLists = [funnel.steps, ...(funnel.variants ?? []).map((variant) => variant.steps)];
    const pays = stepLists.some((steps) =>
      steps.some((step) => PAYING_SCREENS.has(table.routes.match(`${step}/${code}`)?.route.screen ?? '')),
    );
    if (!pays)
      report('products', at, `"${code}"'s funnel has no payment or checkout step, so its product is never fetched`);
  }
}

/**
 * A renewal group's `newPatientCode` is where someone who is not a patient yet starts a first
 * visit: a code with a funnel, on the site of every code of the group (a link to the other
 * brand's funnel would open its fallback page), and not one of the group's own renewal codes.
 */
function checkNewPatientCodes(groups: CodeGroupsFile, funnels: readonly Funnel[], report: Report) {
  const siteOf = new Map<string, Site>();
  for (const funnel of funnels) for (const code of funnel.codes) siteOf.set(code, funnel.site);
  for (const [name, group] of Object.entries(groups.groups)) {
    const code = group.newPatientCode;
    if (code === undefined) continue;
    const at = pointer('groups', name, 'newPatientCode');
    const site = siteOf.get(code);
    if (site === undefined) {
      report(
        'codeGroups',
        at,
        `"${code}" has no funnel to start a first visit on${didYouMean(code, siteOf.keys(), true)}`,
      );
      continue;
    }
    if (group.codes.includes(code))
      report('codeGroups', at, `"${code}" is one of the group's own codes, not a first visit`);
    for (const member of group.codes) {
      const memberSite = siteOf.get(member);
      if (memberSite !== undefined && memberSite !== site)
        report(
          'codeGroups',
          at,
          `"${code}" is a code of the ${SITE_LABEL[site]}, but "${member}" of this group is on the ${SITE_LABEL[memberSite]}`,
        );
    }
  }
}

/** A code in two groups must not get two different values of one setting: which would win is not obvious. */
function checkGroupSettings(groups: CodeGroupsFile, report: Report) {
  const settings = ['errorContentKey', 'consultEventType', 'intakePageSwaps', 'newPatientCode'] as const;
  for (const setting of settings) {
    const given = new Map<string, { group: string; value: string }>();
    for (const [name, group] of Object.entries(groups.groups)) {
      if (group[setting] === undefined) continue;
      const value = JSON.stringify(group[setting]);
      for (const code of group.codes) {
        const earlier = given.get(code);
        if (earlier !== undefined && earlier.value !== value)
          report(
            'codeGroups',
            pointer('groups', name, setting),
            `"${code}" is also in group "${earlier.group}", which gives ${setting} another value; a code may get only one`,
          );
        else given.set(code, { group: name, value });
      }
    }
  }
}

/** Each screen an unknown code's link is judged by is a real screen, in one group that gives an errorContentKey. */
function checkUnknownCodeScreens(groups: CodeGroupsFile, report: Report) {
  const owner = new Map<string, string>();
  for (const [name, group] of Object.entries(groups.groups)) {
    (group.unknownCodeScreens ?? []).forEach((screen, index) => {
      const at = pointer('groups', name, 'unknownCodeScreens', index);
      if (!(SCREEN_NAMES as readonly string[]).includes(screen))
        report('codeGroups', at, `unknown screen "${screen}"${didYouMean(screen, SCREEN_NAMES, true)}`);
      const earlier = owner.get(screen);
      if (earlier !== undefined) report('codeGroups', at, `screen "${screen}" is also in group "${earlier}"`);
      owner.set(screen, name);
    });
    if (group.unknownCodeScreens !== undefined && group.errorContentKey === undefined)
      report(
        'codeGroups',
        pointer('groups', name, 'unknownCodeScreens'),
        `group "${name}" gives no errorContentKey for its unknownCodeScreens to use`,
      );
  }
}

function checkBrands(file: BrandsFile, report: Report) {
  const hostOwner = new Map<string, Site>();
  for (const site of ['male', 'female'] as const) {
    const brand = file.brands[site];
    if (brand.isMale !== (site === 'male')) {
      report(
        'brands',
        pointer('brands', site, 'isMale'),
        `the ${SITE_LABEL[site]}'s brand must have isMale ${String(site === 'male')}`,
      );
    }
    if (brand.isFemme !== (site === 'female')) {
      report(
        'brands',
        pointer('brands', site, 'isFemme'),
        `the ${SITE_LABEL[site]}'s brand must have isFemme ${String(site === 'female')}`,
      );
    }
    brand.hosts.forEach((host, index) => {
      const owner = hostOwner.get(host);
      if (owner !== undefined && owner !== site) {
        report(
          'brands',
          pointer('brands', site, 'hosts', index),
          `host "${host}" already selects the ${SITE_LABEL[owner]}`,
        );
      }
      hostOwner.set(host, site);
    });
  }
  if (file.brands.male.portalLink === file.brands.female.portalLink) {
    report('brands', pointer('brands', 'female', 'portalLink'), "the women's brand has its own portal domain");
  }
  file.hostPairs.forEach((pair, index) => {
    for (const site of ['male', 'female'] as const) {
      if (!file.brands[site].hosts.includes(pair[site])) {
        report(
          'brands',
          pointer('hostPairs', index, site),
          `host "${pair[site]}" is not one of the ${SITE_LABEL[site]}'s hosts`,
        );
      }
    }
  });
}

/** What a change that could not be made did wrong, in words (applyChanges says which and where). */
function changeProblemText(failed: { problem: ChangeProblem; step: string }, control: readonly string[]): string {
  switch (failed.problem) {
    case 'missing':
      return `"${failed.step}" is not one of the steps here (${control.join(', ')})`;
    case 'twice':
      return `"${failed.step}" is in the steps twice, so a change cannot say which: give the variant's whole "steps" instead`;
    case 'same':
      return `a swap names two different steps, not "${failed.step}" twice`;
    case 'form':
      return 'a change is one of {"remove": step}, {"insert": step, "before": step}, {"insert": step, "after": step} or {"swap": [step, step]}';
    case 'where':
      return 'an insert says where: either "before" or "after" a step';
    case 'anchor':
      return `"${failed.step}" goes with "insert" only`;
  }
}

/**
 * A split test (config/experiments.json) applies to codes of one funnel, whose steps are its
 * control; each other variant's steps (its list, or the control's with its changes made) are
 * steps of that funnel's site, differ from the control's, start on its first step and end
 * nowhere before the finish;
 * the weights give someone a variant; a code is in one running experiment at a time; a flag
 * that switches an experiment off is a flag of flags.json.
 */
function checkExperiments(
  file: ExperimentsFile,
  config: Partial<FunnelConfig>,
  table: Pages,
  flags: FlagsFile,
  brokenFunnelOf: ReadonlyMap<string, string>,
  { report, warn, skip }: { report: Report; warn: Report; skip: (at: string, why: string) => void },
) {
  const funnels = config.funnels?.funnels ?? {};
  const funnelOf = new Map<string, [string, Funnel]>();
  for (const [id, funnel] of Object.entries(funnels)) for (const code of funnel.codes) funnelOf.set(code, [id, funnel]);
  const known = knownStepPaths(config);
  const running = new Map<string, string>();
  for (const [id, experiment] of Object.entries(file.experiments)) {
    const base = pointer('experiments', id);
    const broken = experiment.codes.map((code) => brokenFunnelOf.get(code)).find((funnel) => funnel !== undefined);
    if (broken !== undefined) {
      skip(base, `funnel "${broken}" has schema errors`);
      continue;
    }
    // The funnel of the experiment's codes: its steps are the control.
    let owner: [string, Funnel] | null = null;
    for (const [index, code] of experiment.codes.entries()) {
      const at = `${base}/codes/${String(index)}`;
      const found = funnelOf.get(code);
      if (found === undefined) {
        report('experiments', at, `"${code}" is no funnel's campaign code${didYouMean(code, funnelOf.keys(), true)}`);
        continue;
      }
      if (owner !== null && owner[0] !== found[0]) {
        report(
          'experiments',
          at,
          `"${code}" follows funnel "${found[0]}", the codes before it "${owner[0]}": an experiment's codes follow one funnel, whose steps are its control`,
        );
        continue;
      }
      owner = found;
      if (!experiment.running) continue;
      const other = running.get(code);
      if (other !== undefined)
        report(
          'experiments',
          at,
          `code "${code}" is already in running experiment "${other}": a patient takes part in one split test at a time, so stop one ("running": false)`,
        );
      else running.set(code, id);
    }

    const weights = Object.values(experiment.variants).reduce((sum, variant) => sum + variant.weight, 0);
    if (weights === 0)
      report('experiments', `${base}/variants`, 'the weights add up to 0: no patient could be given a variant');

    if (experiment.flag !== undefined) {
      const flag = flags.flags[experiment.flag];
      if (flag === undefined)
        report(
          'experiments',
          `${base}/flag`,
          `"${experiment.flag}" is not a flag of flags.json${didYouMean(experiment.flag, Object.keys(flags.flags), true)}`,
        );
      else if (!flag.default && experiment.running)
        warn(
          'experiments',
          `${base}/flag`,
          `flag "${experiment.flag}" is off by default, so the experiment assigns no one unless the flag service turns it on`,
        );
    }

    if (owner === null) continue;
    const [funnelId, funnel] = owner;
    const codes = experiment.codes.filter((code) => funnelOf.get(code)?.[0] === funnelId);
    /** The problem of a step for the experiment's codes, as a funnel's step is judged. */
    const stepMessage = (step: string): string | null => {
      for (const code of codes) {
        const problem = stepProblem(table, step, code, funnel.site);
        if (problem === null) continue;
        return problem.startsWith('no page')
          ? `unknown step "${step}": ${problem}${didYouMean(step, known)}`
          : `step "${step}" does not fit funnel "${funnelId}": ${problem}`;
      }
      return null;
    };
    /** Whether a step ends the journey (its page offers no Continue): only the finish may. */
    const ends = (step: string) => {
      const page = codes[0] === undefined ? null : table.routes.match(`${step}/${codes[0]}`);
      return page !== null && ENDING_SCREENS.includes(page.route.screen) ? page.route.screen : null;
    };
    for (const [variantId, variant] of Object.entries(experiment.variants)) {
      if (variantId === CONTROL_VARIANT) continue;
      const at = `${base}/variants/${pointerToken(variantId)}`;
      const { steps, change } = variant as ExperimentVariant;
      if ((steps === undefined) === (change === undefined)) {
        report(
          'experiments',
          at,
          steps === undefined
            ? 'give the variant\'s "steps" (its whole step list) or a "change" to the control\'s steps'
            : 'give either "steps" (the whole step list) or "change" (changes to the control\'s steps), not both',
        );
        continue;
      }
      let bad = false;
      for (const [index, step] of (steps ?? []).entries()) {
        const problem = stepMessage(step);
        if (problem === null) continue;
        report('experiments', `${at}/steps/${String(index)}`, problem);
        bad = true;
      }
      for (const [index, item] of (change ?? []).entries()) {
        const problem = item.insert === undefined ? null : stepMessage(item.insert);
        if (problem === null) continue;
        report('experiments', `${at}/change/${String(index)}/insert`, problem);
        bad = true;
      }
      if (change !== undefined) {
        const changed = applyChanges(funnel.steps, change);
        if (!changed.ok) {
          const key = changed.key === '' ? '' : `/${changed.key}`;
          report(
            'experiments',
            `${at}/change/${String(changed.index)}${key}`,
            changeProblemText(changed, funnel.steps),
          );
          continue;
        }
      }
      const compiled = variantSteps(funnel, variant);
      if (bad || compiled === null) continue;
      // A step the variant brings that ends the journey before its last (the control's own
      // steps are the funnel's to answer for).
      const brought = steps ?? (change ?? []).map((item) => item.insert);
      compiled.slice(0, -1).forEach((step) => {
        const screen = ends(step);
        const index = brought.indexOf(step);
        if (screen === null || index === -1) return;
        report(
          'experiments',
          steps === undefined ? `${at}/change/${String(index)}/insert` : `${at}/steps/${String(index)}`,
          `step "${step}" ends the journey (the ${screen} screen offers no Continue), so the steps after it could never be reached`,
        );
      });
      // The campaign link's page (and the first page of questions the HTML brings with it,
      // issue 28) is shown before the server has said which variant the patient is in.
      if (compiled[0] !== funnel.steps[0])
        report(
          'experiments',
          steps === undefined ? `${at}/change` : `${at}/steps/0`,
          `the variant starts on "${String(compiled[0])}", the control on "${String(funnel.steps[0])}": every variant starts on the control's first step, the page the campaign link opens before the patient's variant is known`,
        );
      if (compiled.join('\n') === funnel.steps.join('\n'))
        report(
          'experiments',
          at,
          `variant "${variantId}" walks the control's steps (${funnel.steps.join(', ')}): it would test nothing`,
        );
    }
  }
}
