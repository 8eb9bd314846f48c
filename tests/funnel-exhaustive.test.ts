import { expect, test } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { SITE_LABEL, type Site } from '../src/engine/config-types.ts';
import { createFunnelMachine, ERROR, stepIndexOf, urlOf, type FunnelEvent } from '../src/engine/funnel-machine.ts';
import { splitUrl } from '../src/engine/url.ts';
import { loadEngine } from './support/config.ts';

/**
 * Every code × variant × brand, enumerated from the machine itself with xstate/graph: every
 * reachable step opens a page of the brand's site, and every walk ends.
 */
const engine = loadEngine();
const { config } = engine;
const brands: Site[] = ['male', 'female'];

const visits = Object.values(config.funnels.funnels).flatMap((funnel) =>
  funnel.codes.flatMap((code) => {
    const queries = [
      { variant: 'base', query: '' },
      ...(funnel.variants ?? []).map((variant) => ({
        variant: variant.name,
        query: `${encodeURIComponent(variant.when.query)}=${encodeURIComponent(variant.when.equals)}`,
      })),
    ];
    return queries.flatMap(({ variant, query }) =>
      brands.map((brand) => ({ code, variant, brand, query, site: funnel.site })),
    );
  }),
);

const events: FunnelEvent[] = [{ type: 'step.next' }, { type: 'step.back' }];

test('there is a visit for every code, variant and brand', () => {
  const codes = Object.values(config.funnels.funnels).flatMap((funnel) => funnel.codes);
  expect(new Set(visits.map((visit) => visit.code))).toEqual(new Set(codes));
  expect(visits.filter((visit) => visit.variant === 'callcenter').map((visit) => visit.code)).toEqual([
    'shrt',
    'shrt',
    'fha1',
    'fha1',
  ]);
});

test.each(visits)('$code ($variant) on the $brand brand', ({ code, brand, query, site }) => {
  const machine = createFunnelMachine(engine, { code, brand, query });
  const paths = getShortestPaths(machine, { events });
  const reached = paths.map((path) => path.state);

  if (brand !== site) {
    // The brand selects the funnel table: the other brand's codes have no funnel here.
    expect(reached.map((snapshot) => snapshot.value)).toEqual([ERROR]);
    expect(urlOf(reached[0] ?? initialTransition(machine)[0])).toBe(query === '' ? '/error' : `/error?${query}`);
    return;
  }

  const steps = reached.filter((snapshot) => stepIndexOf(snapshot) !== null);
  const planLength = steps[0]?.context.plan?.steps.length ?? 0;
  expect(steps.length).toBe(planLength);
  for (const snapshot of steps) {
    const url = urlOf(snapshot);
    const page = engine.locate(splitUrl(url).pathname);
    expect(page, `${url} opens no page`).not.toBeNull();
    expect(page?.match.route.funnel, `${url} is not a funnel page`).toBe(true);
    expect([site, 'shared'], `${url} is not on the ${SITE_LABEL[site]}`).toContain(page?.match.route.site);
    expect(page?.code).toBe(code);
    expect(splitUrl(url).query).toBe(query);

    // Every walk ends: Next (or Back) from here stops within the length of the funnel.
    for (const press of events) {
      let current = snapshot;
      let moves = 0;
      while (current.can(press)) {
        [current] = transition(machine, current, press);
        moves += 1;
        expect(moves).toBeLessThanOrEqual(planLength);
      }
    }
  }
});
