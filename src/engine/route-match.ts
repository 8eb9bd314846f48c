import type { RouteConfig } from './config-types.ts';

/** A route that matched a path, with its path parameters (decoded, as typed). */
export interface RouteMatch {
  route: RouteConfig;
  params: Readonly<Record<string, string>>;
}

interface Candidate {
  route: RouteConfig;
  segments: readonly string[];
  splat: boolean;
  score: number;
  order: number;
}

/** A route table compiled once for repeated matching. */
export interface RouteTable {
  readonly routes: readonly RouteConfig[];
  match(pathname: string): RouteMatch | null;
}

const PARAM = /^:([A-Za-z][A-Za-z0-9]*)(\?)?$/;

/**
 * Expands optional parameters into the concrete patterns they stand for, shortest last:
 * `/a/:b?` is `/a/:b` and `/a`. Optional parameters are only dropped from the end, which is
 * how every optional parameter in the route table is used.
 */
function explode(pattern: string): string[][] {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  const variants: string[][] = [];
  let end = segments.length;
  variants.push(segments.map((segment) => segment.replace(/\?$/, '')));
  while (end > 0 && PARAM.exec(segments[end - 1] ?? '')?.[2] === '?') {
    end -= 1;
    variants.push(segments.slice(0, end).map((segment) => segment.replace(/\?$/, '')));
  }
  return variants;
}

/** Ranks patterns the way React Router does, so the engine and the router pick the same page. */
function score(segments: readonly string[], splat: boolean): number {
  let total = segments.length + 1 + (splat ? -2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += segment.startsWith(':') ? 3 : 10;
  }
  return total;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Compiles the route table. Matching ignores case, as React Router does by default. */
export function compileRoutes(routes: readonly RouteConfig[]): RouteTable {
  const candidates: Candidate[] = [];
  routes.forEach((route, order) => {
    if (route.path === '*') {
      candidates.push({ route, segments: ['*'], splat: true, score: score(['*'], true), order });
      return;
    }
    for (const segments of explode(route.path)) {
      candidates.push({ route, segments, splat: false, score: score(segments, false), order });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);

  return {
    routes,
    match(pathname) {
      const parts = pathname.split('/').filter((part) => part !== '');
      for (const candidate of candidates) {
        const params = matchSegments(candidate, parts);
        if (params) return { route: candidate.route, params };
      }
      return null;
    },
  };
}

function matchSegments(candidate: Candidate, parts: readonly string[]): Record<string, string> | null {
  if (candidate.splat) return Object.create(null) as Record<string, string>;
  if (parts.length !== candidate.segments.length) return null;
  // No prototype, so a parameter named like an Object method is only ever a parameter.
  const params = Object.create(null) as Record<string, string>;
  for (let index = 0; index < parts.length; index += 1) {
    const segment = candidate.segments[index] ?? '';
    const part = parts[index] ?? '';
    if (segment.startsWith(':')) {
      params[segment.slice(1)] = decode(part);
    } else if (segment.toLowerCase() !== part.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The names of a pattern's parameters, such as `pathCode` in `/results/:pathCode`. */
export function patternParams(pattern: string): string[] {
  return pattern
    .split('/')
    .map((segment) => PARAM.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
}

/**
 * The campaign code a matched page carries, lowercased, or null when the page has none.
 * `/quiz` with no code is the code `quiz`, as its route's default says.
 */
export function campaignCodeOf(match: RouteMatch): string | null {
  const source = match.route.campaignCode;
  if (!source) return null;
  if (source.value !== undefined) return source.value;
  const value = source.param === undefined ? undefined : match.params[source.param];
  if (value !== undefined && value !== '') return value.toLowerCase();
  return source.default ?? null;
}

/**
 * Where a page outside any funnel goes once its form is sent (its route's `whenSent`, with
 * `:pathCode` filled with the page's campaign code), or null when the screen shows its own
 * confirmation instead: no `whenSent`, or a `:pathCode` and no code to fill it with. The code
 * is a path segment, so it is encoded as one.
 */
export function sentPath(route: RouteConfig, code: string | null): string | null {
  const { whenSent } = route;
  if (whenSent === undefined) return null;
  if (!whenSent.includes(':pathCode')) return whenSent;
  return code === null ? null : whenSent.replaceAll(':pathCode', encodeURIComponent(code));
}
