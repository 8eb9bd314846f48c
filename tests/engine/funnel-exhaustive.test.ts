import { expect, test } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { SITE_LABEL, type Site } from '../../src/engine/config-types.ts';
import {
  createFunnelMachine,
  ERROR,
  LEFT,
  OFF_LIST,
  placeOf,
  stepIndexOf,
  urlOf,
  type FunnelEvent,
  type FunnelSnapshot,
} from '../../src/engine/funnel-machine.ts';
import { stepUrl, variantQuery, variantsFor, type FunnelEngine } from '../../src/engine/funnel-plan.ts';
import type { ExperimentsFile } from '../../src/engine/config-types.ts';
import { experimentWaysOf } from '../../src/engine/experiments.ts';
import { joinUrl, splitUrl } from '../../src/engine/url.ts';
import { configTexts, editConfig, engineOf, loadEngine } from '../support/config.ts';

/**
 * Every code × variant × brand, enumerated from the machine itself with xstate/graph: every
 * reachable step opens a page of the brand's site without a redirect, and every walk ends.
 */
const projectEngine = loadEngine();
const brands: Site[] = ['male', 'female'];

/**
 * The project's config, and the same with a split test on two codes of hrt-assessment (the
 * project ships none running): its variants are walked as every other way is.
 */
const withExperiment = (() => {
  const texts = editConfig(configTexts(), 'experiments', (json: ExperimentsFile) => {
    json.experiments = {
      'sample-split': {
        description: 'A sample split test, for the path tests.',
        codes: ['shrt', 'ghrt'],
        running: true,
        variants: {
          control: { weight: 1 },
          'no-results': { weight: 1, change: [{ remove: '/results' }] },
          'book-first': { weight: 1, change: [{ swap: ['/results', '/mip/calendly'] }] },
        },
      },
    };
  });
  return engineOf(texts);
})();

function visitsOf(engine: FunnelEngine) {
  return Object.values(engine.config.funnels.funnels).flatMap((funnel) =>
    funnel.codes.flatMap((code) =>
      [
        { variant: 'base', query: '', experiment: null },
        ...variantsFor(funnel, code).map((v) => ({ variant: v.name, query: variantQuery(v), experiment: null })),
        // Each variant of each split test of the code, the control included.
        ...experimentWaysOf(engine.config.experiments, code).map((experiment) => ({
          variant: `${experiment.experiment}/${experiment.variant}`,
          query: '',
          experiment,
        })),
      ].flatMap(({ variant, query, experiment }) =>
        brands.map((brand) => ({ engine, code, variant, brand, query, experiment, site: funnel.site })),
      ),
    ),
  );
}

const visits = [...visitsOf(projectEngine), ...visitsOf(withExperiment).filter((visit) => visit.experiment !== null)];

/** A funnel page of the code that is not one of its steps, if the site has one. */
function offListPage(snapshot: FunnelSnapshot): string | undefined {
  const plan = snapshot.context.plan;
  if (!plan) return undefined;
  const { stepKeys } = projectEngine.config;
  const candidates = [stepKeys.finish[plan.site], ...Object.values(stepKeys.keys).map((key) => key.paths[plan.site])];
  const path = candidates.find((candidate) => candidate !== undefined && !plan.steps.includes(candidate));
  return path === undefined ? undefined : joinUrl(`${path}/${plan.code}`, snapshot.context.query);
}

/**
 * The events a patient can cause on a step: Next, Back, and the browser landing on any step's
 * URL, on a page of the code that is not a step, or on a page of another visit.
 */
function eventsFor(snapshot: FunnelSnapshot): FunnelEvent[] {
  const plan = snapshot.context.plan;
  if (!plan) return [];
  const offList = offListPage(snapshot);
  return [
    { type: 'step.next' },
    { type: 'step.back' },
    ...plan.steps.map((_, index) => ({ type: 'step.goto' as const, url: stepUrl(plan, index), index })),
    ...(offList === undefined ? [] : [{ type: 'step.goto' as const, url: offList }]),
    { type: 'step.goto', url: `/restart-hrt/${plan.code}` },
  ];
}

test.each(visits)(
  '$code ($variant) on the $brand brand',
  ({ engine, code, brand, query, experiment, site }) => {
    const machine = createFunnelMachine(engine, { code, brand, query, experiment });
    const reached = getShortestPaths(machine, { events: eventsFor }).map((path) => path.state);

    if (brand !== site) {
      // The brand selects the funnel table: the other brand's codes have no funnel here.
      expect(reached.map(placeOf)).toEqual([ERROR]);
      expect(urlOf(reached[0] ?? initialTransition(machine)[0])).toBe(
        `/error/404/${code}${query === '' ? '' : `?${query}`}`,
      );
      return;
    }

    const planLength = reached[0]?.context.plan?.steps.length ?? 0;
    const steps = reached.filter((snapshot) => stepIndexOf(snapshot) !== null);
    expect(new Set(steps.map(stepIndexOf)).size).toBe(planLength);
    const values = reached.map(placeOf);
    expect(values.includes(OFF_LIST)).toBe(reached[0] !== undefined && offListPage(reached[0]) !== undefined);
    expect(values).toContain(LEFT);

    for (const snapshot of steps) {
      const url = urlOf(snapshot);
      const { pathname } = splitUrl(url);
      expect(engine.redirects.resolve(pathname), `${url} redirects`).toBeNull();
      const page = engine.locate(pathname);
      expect(page, `${url} opens no page`).not.toBeNull();
      expect(page?.match.route.funnel, `${url} is not a funnel page`).toBe(true);
      expect([site, 'shared'], `${url} is not on the ${SITE_LABEL[site]}`).toContain(page?.match.route.site);
      expect(page?.code).toBe(code);
      expect(splitUrl(url).query).toBe(query);

      // Every walk ends: Next (or Back) from here stops within the length of the funnel.
      for (const press of [{ type: 'step.next' }, { type: 'step.back' }] as const) {
        let current = snapshot;
        let moves = 0;
        while (current.can(press)) {
          [current] = transition(machine, current, press);
          moves += 1;
          expect(moves).toBeLessThanOrEqual(planLength);
        }
      }
    }
    // Every shortest path of the biggest funnels takes seconds: more than the default on a loaded two-core machine.
  },
  20_000,
);
