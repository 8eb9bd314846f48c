import { initialTransition, transition } from 'xstate';
import type { Site } from './config-types.ts';
import { createFunnelMachine, ERROR, stepIndexOf, urlOf, visitFromUrl } from './funnel-machine.ts';
import type { FunnelEngine } from './funnel-plan.ts';
import { joinUrl, normalizeUrl, splitUrl } from './url.ts';

/** A start URL the simulator cannot walk from; the message says why. */
export class SimulationError extends Error {
  override name = 'SimulationError';
}

export interface SimulateOptions {
  /** Press Back instead of Next. */
  back?: boolean;
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
  const machine = createFunnelMachine(engine, found.visit, {
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
  const press = { type: options.back ? 'step.back' : 'step.next' } as const;
  while (urls.length < maxEntries && snapshot.can(press)) {
    [snapshot] = transition(machine, snapshot, press);
    urls.push(urlOf(snapshot));
  }
  return urls;
}
