import type { Site } from '../../src/engine/config-types.ts';
import { stepUrl, type FunnelEngine, type FunnelPlan } from '../../src/engine/funnel-plan.ts';
import {
  identityAt,
  indexOfIdentity,
  journeyRule,
  resumePlace,
  type ResumeReason,
} from '../../src/engine/funnel-resume.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { listPaths, wayOf } from '../../src/engine/simulate.ts';
import { splitUrl } from '../../src/engine/url.ts';

/**
 * What a funnel change does to the patients in it (`npm run funnels -- --diff <git-ref>`, issue
 * 26): for each code, variant and pathOverride key whose steps differ between two configs, the
 * steps added, removed and moved, both versions, and where a patient standing on each old step
 * lands under the rule of `resumePlace` (src/engine/funnel-resume.ts). With saved journeys
 * (`--data`), how many stand on each old step. Pure functions of the two engines and the counts.
 */

/** One way of walking a code: its own steps, a variant or a pathOverride key. */
export interface WayDiff {
  code: string;
  site: Site;
  /** `own steps`, `variant callcenter`, `pathOverride=cal`. */
  way: string;
  /** The way's query: '' for the own steps, `callcenter=true`, `pathOverride=cal`. */
  query: string;
  old: { version: string; steps: readonly string[] } | null;
  new: { version: string; steps: readonly string[] } | null;
  added: string[];
  removed: string[];
  moved: string[];
  /** For each old step, where a patient standing on it (every step before it done) lands. */
  landings: Landing[];
}

export interface Landing {
  /** The old step's index and path. */
  from: { index: number; path: string };
  /** The new step's index and path, or null when the way is gone from the new config. */
  to: { index: number; path: string } | null;
  reason: ResumeReason | 'way-gone';
}

interface Way {
  code: string;
  site: Site;
  way: string;
  query: string;
  plan: FunnelPlan;
}

function waysOf(engine: FunnelEngine): Map<string, Way> {
  const ways = new Map<string, Way>();
  for (const path of listPaths(engine)) {
    const planned = engine.planVisit({ code: path.code, brand: path.site, query: path.query });
    if (!planned.ok) continue;
    ways.set(`${path.site} ${path.code} ${path.query}`, {
      code: path.code,
      site: path.site,
      way: wayOf(path),
      query: path.query,
      plan: planned.plan,
    });
  }
  return ways;
}

/** Identities as text, `/mip/calendly` or `/mip/calendly (2nd)`, for the lists of added, removed and moved steps. */
function identityText(steps: readonly string[], index: number): string {
  const { path, occurrence } = identityAt(steps, index);
  return occurrence === 0
    ? path
    : `${path} (${String(occurrence + 1)}${occurrence === 1 ? 'nd' : occurrence === 2 ? 'rd' : 'th'})`;
}

function landingsOf(old: Way, samePlan: FunnelPlan | undefined, newEngine: FunnelEngine): Landing[] {
  const oldPlan = old.plan;
  // A way that is gone (a variant removed): the same link now plans whatever the new config
  // gives it, often the code's own steps; a code with no funnel left goes to the error page.
  const replanned = newEngine.planVisit({ code: old.code, brand: old.site, query: old.query });
  const newPlan = samePlan ?? (replanned.ok ? replanned.plan : undefined);
  if (newPlan === undefined) {
    return oldPlan.steps.map((path, index) => ({ from: { index, path }, to: null, reason: 'way-gone' as const }));
  }
  return oldPlan.steps.map((path, index) => {
    // A patient on this step has done every step before it (they moved on with Next).
    const done = new Set(oldPlan.steps.slice(0, index));
    const resumed = resumePlace({ steps: oldPlan.steps, at: index, reached: index }, newPlan.steps, {
      // Required as the app reads it (a form or a payment); done when it came before this step.
      isRequired: journeyRule(newEngine, newPlan.code, []).isRequired,
      isDone: (step) => done.has(step),
    });
    const to = resumed.at === null ? null : { index: resumed.at, path: newPlan.steps[resumed.at] ?? '' };
    return { from: { index, path }, to, reason: resumed.reason };
  });
}

/** Every way whose steps differ between the old and the new config, in the new config's order. */
export function diffFunnels(oldEngine: FunnelEngine, newEngine: FunnelEngine): WayDiff[] {
  const before = waysOf(oldEngine);
  const after = waysOf(newEngine);
  const keys = [...after.keys(), ...[...before.keys()].filter((key) => !after.has(key))];
  const diffs: WayDiff[] = [];
  for (const key of keys) {
    const old = before.get(key);
    const now = after.get(key);
    const oldSteps = old?.plan.steps ?? [];
    const newSteps = now?.plan.steps ?? [];
    if (old !== undefined && now !== undefined && stepsVersion(oldSteps) === stepsVersion(newSteps)) continue;
    const any = (now ?? old) as Way;
    const added = newSteps.flatMap((_, index) =>
      indexOfIdentity(oldSteps, identityAt(newSteps, index)) === -1 ? [identityText(newSteps, index)] : [],
    );
    const removed = oldSteps.flatMap((_, index) =>
      indexOfIdentity(newSteps, identityAt(oldSteps, index)) === -1 ? [identityText(oldSteps, index)] : [],
    );
    // Moved: kept steps whose order relative to the other kept steps changed.
    const keptOld = oldSteps.flatMap((_, index) =>
      indexOfIdentity(newSteps, identityAt(oldSteps, index)) === -1 ? [] : [identityText(oldSteps, index)],
    );
    const keptNew = newSteps.flatMap((_, index) =>
      indexOfIdentity(oldSteps, identityAt(newSteps, index)) === -1 ? [] : [identityText(newSteps, index)],
    );
    const moved = keptNew.filter((step, index) => keptOld[index] !== step);
    diffs.push({
      code: any.code,
      site: any.site,
      way: any.way,
      query: any.query,
      old: old === undefined ? null : { version: stepsVersion(oldSteps), steps: oldSteps },
      new: now === undefined ? null : { version: stepsVersion(newSteps), steps: newSteps },
      added,
      removed,
      moved,
      landings: old === undefined ? [] : landingsOf(old, now?.plan, newEngine),
    });
  }
  return diffs;
}

/** A saved journey's place: its code and its step's URL and index (from the database). */
export interface SavedJourneyPlace {
  code: string;
  url: string;
  index: number;
}

/**
 * How many saved journeys stand on each old step of each changed way: a journey counts for a
 * way when its step's URL plans the same steps under the old config (the same code and a query
 * that chooses the same way). Keyed `site code query#index`.
 */
export function countPlaces(
  oldEngine: FunnelEngine,
  diffs: readonly WayDiff[],
  places: readonly SavedJourneyPlace[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const place of places) {
    const { pathname, query } = splitUrl(oldEngine.funnelUrl(place.url));
    for (const diff of diffs) {
      if (diff.code !== place.code || diff.old === null) continue;
      const located = oldEngine.locate(pathname);
      if (located?.code !== place.code) continue;
      const planned = oldEngine.planVisit({ code: place.code, brand: diff.site, query });
      if (!planned.ok || stepsVersion(planned.plan.steps) !== diff.old.version) continue;
      if (stepUrl(planned.plan, place.index).split('?')[0] !== pathname) continue;
      const key = `${diff.site} ${diff.code} ${diff.query}#${String(place.index)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      break;
    }
  }
  return counts;
}

const REASON_TEXT: Readonly<Record<Landing['reason'], string>> = {
  'same-steps': 'stays',
  'step-kept': 'same step',
  'step-gone': 'step gone: the next step that still exists',
  'required-first': 'a required step first',
  'no-place': 'no place',
  'way-gone': 'the code has no funnel on this site now: its links go to the error page',
};

/** The diff as text for the terminal; `counts` adds the journeys standing on each old step. */
export function renderDiff(ref: string, diffs: readonly WayDiff[], counts: Map<string, number> | null): string {
  if (diffs.length === 0) return `No code walks other steps than at ${ref}: no patient moves.`;
  const lines = [`${String(diffs.length)} way${diffs.length === 1 ? '' : 's'} of walking a code changed since ${ref}:`];
  for (const diff of diffs) {
    lines.push(
      '',
      `${diff.code} (${diff.site}, ${diff.way}${diff.query === '' ? '' : `, ?${diff.query}`}): version ${diff.old?.version ?? 'none'} → ${diff.new?.version ?? 'none'}`,
      `  before: ${diff.old?.steps.join(' → ') ?? '(no such way)'}`,
      `  now:    ${diff.new?.steps.join(' → ') ?? '(no such way)'}`,
    );
    if (diff.added.length > 0) lines.push(`  added:   ${diff.added.join(', ')}`);
    if (diff.removed.length > 0) lines.push(`  removed: ${diff.removed.join(', ')}`);
    if (diff.moved.length > 0) lines.push(`  moved:   ${diff.moved.join(', ')}`);
    if (diff.landings.length > 0) lines.push('  a patient standing on');
    for (const landing of diff.landings) {
      const count = counts?.get(`${diff.site} ${diff.code} ${diff.query}#${String(landing.from.index)}`) ?? 0;
      const who = counts === null ? '' : ` (${String(count)} saved journey${count === 1 ? '' : 's'})`;
      const to = landing.to === null ? '' : `step ${String(landing.to.index + 1)} ${landing.to.path}, `;
      lines.push(
        `    step ${String(landing.from.index + 1)} ${landing.from.path}${who} → ${to}${REASON_TEXT[landing.reason]}`,
      );
    }
  }
  return lines.join('\n');
}
