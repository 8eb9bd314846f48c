import { pointerToken, type ConfigProblem } from '../../src/engine/config-rules.ts';
import type { Site } from '../../src/engine/config-types.ts';
import { createFunnelEngine, stepUrl, type FunnelEngine, type FunnelPlan } from '../../src/engine/funnel-plan.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { listPaths, type FunnelPath } from '../../src/engine/simulate.ts';
import { formatProblem, type ValidationResult } from './config-validation.ts';
import {
  differenceText,
  filterText,
  finishText,
  NO_EVENTS,
  percent,
  UNKNOWN_STEP,
  type ExperimentReach,
  type ReachReport,
} from './reach-report.ts';

/**
 * The staff page of `npm run dev` (/__funnels, scripts/lib/staff-page-plugin.ts): every campaign
 * code of both brands with its funnel, variants, pathOverride keys, version and validation
 * state, each funnel drawn, and every step a link that opens the app there for a demo patient
 * (scripts/demo-patient.ts). Plain HTML from the config as it is on disk now, made afresh on
 * each request, so an edit shows on the next reload. Never part of a build: the plugin serves
 * it from the dev server only.
 */

/** The path under which the dev server serves the page and its demo links. */
export const STAFF_PAGE_PATH = '/__funnels';

const SITES: readonly Site[] = ['male', 'female'];

export interface StaffPageInput {
  result: ValidationResult;
  /** Each brand's origin on this dev server: http://localhost:4173, http://femme.localhost:4173. */
  origins: Readonly<Record<Site, string>>;
  /**
   * The reach report of split tests (`npm run report`) from the dev API's database; null or
   * absent when there is none to read (no database yet, or it could not be read).
   */
  reach?: ReachReport | null;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The link that opens step `index` (from 0) of a plan for a demo patient, on the plan's brand. */
export function demoLink(
  origins: StaffPageInput['origins'],
  plan: Pick<FunnelPlan, 'site' | 'steps' | 'code' | 'query'>,
  index: number,
): string {
  const query = new URLSearchParams({ url: stepUrl(plan, index), step: String(index + 1) });
  return `${origins[plan.site]}${STAFF_PAGE_PATH}/open?${query.toString()}`;
}

/** The problems (errors and warnings) that concern a code: at its funnel's entry, or naming it. */
function problemsOf(code: string, funnelId: string, problems: readonly ConfigProblem[]): ConfigProblem[] {
  const entry = `/funnels/${pointerToken(funnelId)}`;
  return problems.filter(
    (problem) =>
      (problem.file === 'funnels.json' && (problem.pointer === entry || problem.pointer.startsWith(`${entry}/`))) ||
      problem.message.includes(`"${code}"`),
  );
}

/** One way to walk a code: its own steps, a variant or a pathOverride key, as the engine plans it. */
interface Way {
  kind: 'own' | 'variant' | 'pathOverride';
  label: string;
  plan: FunnelPlan;
}

function waysOf(engine: FunnelEngine, paths: readonly FunnelPath[]): Way[] {
  return paths.flatMap((path): Way[] => {
    const { query } = path;
    const planned = engine.planVisit({ code: path.code, brand: path.site, query });
    if (!planned.ok) return [];
    if (path.variant !== null)
      return [{ kind: 'variant', label: `variant ${path.variant} (?${query})`, plan: planned.plan }];
    if (path.pathOverride !== null) return [{ kind: 'pathOverride', label: `?${query}`, plan: planned.plan }];
    return [{ kind: 'own', label: 'own steps', plan: planned.plan }];
  });
}

const BOX = { width: 172, height: 52, gap: 28, lane: 76, left: 120, top: 14 };

/** A funnel drawn as boxes and arrows: a lane for its own steps and one for each variant. */
function diagram(title: string, ways: readonly Way[], origins: StaffPageInput['origins']): string {
  const longest = Math.max(...ways.map((way) => way.plan.steps.length));
  const width = BOX.left + longest * (BOX.width + BOX.gap);
  const height = BOX.top * 2 + ways.length * BOX.lane - (BOX.lane - BOX.height);
  const lanes = ways.map((way, lane) => {
    const y = BOX.top + lane * BOX.lane;
    const boxes = way.plan.steps.map((step, index) => {
      const x = BOX.left + index * (BOX.width + BOX.gap);
      const page = way.plan.pages[index];
      const arrow =
        index === 0
          ? ''
          : `<line x1="${String(x - BOX.gap + 2)}" y1="${String(y + BOX.height / 2)}" x2="${String(x - 4)}" y2="${String(y + BOX.height / 2)}" class="arrow" marker-end="url(#head)"/>`;
      return `${arrow}<a href="${escapeHtml(demoLink(origins, way.plan, index))}"><title>Open step ${String(index + 1)}, ${escapeHtml(step)}, for a demo patient</title><rect x="${String(x)}" y="${String(y)}" width="${String(BOX.width)}" height="${String(BOX.height)}" rx="8"/><text x="${String(x + 10)}" y="${String(y + 21)}" class="title">${String(index + 1)}. ${escapeHtml(page?.route.title ?? step)}</text><text x="${String(x + 10)}" y="${String(y + 40)}" class="path">${escapeHtml(step)}</text></a>`;
    });
    const laneLabel = way.kind === 'own' ? 'own steps' : `?${way.plan.query}`;
    return `<text x="0" y="${String(y + BOX.height / 2 + 5)}" class="lane">${escapeHtml(laneLabel)}</text>${boxes.join('')}`;
  });
  return `<div class="diagram"><svg role="img" aria-label="${escapeHtml(title)}" width="${String(width)}" height="${String(height)}" viewBox="0 0 ${String(width)} ${String(height)}"><defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>${lanes.join('')}</svg></div>`;
}

function problemList(problems: readonly ConfigProblem[], className: string): string {
  if (problems.length === 0) return '';
  return `<ul class="${className}">${problems.map((problem) => `<li>${escapeHtml(formatProblem(problem))}</li>`).join('')}</ul>`;
}

/** A code's validation state: ok, or its warnings and errors. */
function validationCell(found: readonly ConfigProblem[]): string {
  if (found.length === 0) return '<span class="ok">valid</span>';
  const errors = found.filter((problem) => problem.level !== 'warning').length;
  const warnings = found.length - errors;
  const words = [
    errors > 0 ? `${String(errors)} error${errors === 1 ? '' : 's'}` : '',
    warnings > 0 ? `${String(warnings)} warning${warnings === 1 ? '' : 's'}` : '',
  ]
    .filter((word) => word !== '')
    .join(', ');
  return `<details><summary class="${errors > 0 ? 'bad' : 'warn'}">${words}</summary>${problemList(found, 'problems')}</details>`;
}

/** The step links of one way of a code, in order. */
function stepLinks(way: Way, origins: StaffPageInput['origins']): string {
  const items = way.plan.steps.map(
    (step, index) =>
      `<li><a href="${escapeHtml(demoLink(origins, way.plan, index))}">${String(index + 1)}. ${escapeHtml(way.plan.pages[index]?.route.title ?? step)}</a> <code>${escapeHtml(stepUrl(way.plan, index))}</code></li>`,
  );
  return `<ol class="steps" aria-label="${escapeHtml(`${way.plan.code}, ${way.label}`)}">${items.join('')}</ol>`;
}

function siteSection(
  engine: FunnelEngine,
  site: Site,
  input: StaffPageInput,
  problems: readonly ConfigProblem[],
): string {
  const brand = engine.config.brands.brands[site];
  const paths = listPaths(engine).filter((path) => path.site === site);
  const { keys, queryParam } = engine.config.stepKeys;
  const siteKeys = Object.entries(keys)
    .filter(([, key]) => key.sites.includes(site))
    .map(([name]) => name);
  const funnelIds = [...new Set(paths.map((path) => path.funnel))];
  const rows: string[] = [];
  const funnels: string[] = [];
  for (const funnelId of funnelIds) {
    const funnel = engine.config.funnels.funnels[funnelId];
    if (funnel === undefined) continue;
    const codes = [...new Set(paths.filter((path) => path.funnel === funnelId).map((path) => path.code))];
    const cards: string[] = [];
    for (const code of codes) {
      const ways = waysOf(
        engine,
        paths.filter((path) => path.code === code),
      );
      const own = ways.filter((way) => way.kind !== 'pathOverride');
      const overrides = ways.filter((way) => way.kind === 'pathOverride');
      const found = problemsOf(code, funnelId, problems);
      const variants = own.filter((way) => way.kind === 'variant');
      const versions = own.map(
        (way) =>
          `<li>${escapeHtml(way.kind === 'own' ? 'own' : (way.plan.variant ?? ''))}: <code>${stepsVersion(way.plan.steps)}</code></li>`,
      );
      rows.push(
        `<tr id="row-${escapeHtml(code)}"><th scope="row"><a href="#code-${escapeHtml(code)}">${escapeHtml(code)}</a></th><td>${escapeHtml(funnelId)}</td><td>${variants.length === 0 ? '—' : variants.map((way) => escapeHtml(way.label.replace(/^variant /, ''))).join('<br>')}</td><td>${siteKeys.map((key) => `<code>${escapeHtml(key)}</code>`).join(' ')}</td><td><ul class="versions">${versions.join('')}</ul></td><td>${validationCell(found)}</td></tr>`,
      );
      cards.push(
        `<article class="code" id="code-${escapeHtml(code)}"><h4>${escapeHtml(code)}</h4>${own.map((way) => `<h5>${escapeHtml(way.label)} <span class="version">version <code>${stepsVersion(way.plan.steps)}</code></span></h5>${stepLinks(way, input.origins)}`).join('')}<details><summary>${escapeHtml(queryParam)} keys (${String(overrides.length)})</summary>${overrides.map((way) => `<h5>${escapeHtml(way.label)} <span class="version">version <code>${stepsVersion(way.plan.steps)}</code></span></h5>${stepLinks(way, input.origins)}`).join('')}</details></article>`,
      );
    }
    const first = codes[0];
    const diagramWays =
      first === undefined
        ? []
        : waysOf(
            engine,
            paths.filter((path) => path.code === first && path.pathOverride === null),
          );
    funnels.push(
      `<section class="funnel" aria-labelledby="funnel-${escapeHtml(funnelId)}"><h3 id="funnel-${escapeHtml(funnelId)}">${escapeHtml(funnelId)}</h3><p>${escapeHtml(funnel.description ?? '')} Codes: ${codes.map((code) => `<a href="#code-${escapeHtml(code)}">${escapeHtml(code)}</a>`).join(', ')}. Sells ${escapeHtml(funnel.treatment)}; after the finish page: ${escapeHtml(funnel.afterFinish ?? 'consult')}.</p>${diagramWays.length === 0 ? '' : diagram(`Diagram of ${funnelId}, drawn for ${first ?? ''}`, diagramWays, input.origins)}${cards.join('')}</section>`,
    );
  }
  const host = input.origins[site];
  return `<section class="site" aria-labelledby="site-${site}"><h2 id="site-${site}">${escapeHtml(brand.brandName)} <small>${escapeHtml(host)}</small></h2><div class="table-wrap"><table><caption>Campaign codes of ${escapeHtml(brand.brandName)}</caption><thead><tr><th scope="col">Code</th><th scope="col">Funnel</th><th scope="col">Variants</th><th scope="col">${escapeHtml(queryParam)} keys</th><th scope="col">Version</th><th scope="col">Validation</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>${funnels.join('')}</section>`;
}

/** One experiment on one code: a row per cohort (variant and version) with the same figures as `npm run report`. */
function reachTable(entry: ExperimentReach): string {
  const rows = entry.variants.map((cohort) => {
    const steps = cohort.steps.map(
      (step) =>
        `<li>${String(step.index + 1)}. ${step.path === null ? UNKNOWN_STEP : `<code>${escapeHtml(step.path)}</code>`}: ${String(step.patients)}${step.share === null ? '' : ` (${percent(step.share)})`}</li>`,
    );
    // Where a note says why there is no rate, the note is the cell.
    const finish = cohort.finish !== null ? escapeHtml(finishText(cohort.finish)) : cohort.note === null ? '—' : '';
    const difference = cohort.versusControl === null ? '—' : escapeHtml(differenceText(cohort.versusControl));
    const note = cohort.note === null ? '' : `<p class="note">${escapeHtml(cohort.note)}</p>`;
    return `<tr><th scope="row">${escapeHtml(cohort.variant)}</th><td><code>${escapeHtml(cohort.version)}</code>${cohort.current ? '' : ' (not current)'}</td><td>${String(cohort.exposures)}</td><td><ol class="reach">${steps.join('')}</ol></td><td>${finish}${note}</td><td>${difference}</td></tr>`;
  });
  const caption = `${entry.code}, split test ${entry.experiment}`;
  return `<div class="table-wrap"><table><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">Variant</th><th scope="col">Version</th><th scope="col">Shown</th><th scope="col">Reached each step (share of shown)</th><th scope="col">Finished (95% CI)</th><th scope="col">Difference to control (95% CI)</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** The split tests' reach, or "no data" when there is no database to read or no event in it. */
function reachSection(reach: ReachReport | null | undefined): string {
  const heading = '<h2 id="split-tests">Split tests</h2>';
  if (reach == null) {
    return `<section class="split-tests" aria-labelledby="split-tests">${heading}<p>No data: the dev API’s database (under <code>DATA_DIR</code>, <code>./data</code> by default) is not there yet or could not be read.</p></section>`;
  }
  const lead = `<p class="lead">Patients of each variant of each running split test, from the dev API’s database (${escapeHtml(filterText(reach))}); steps are named from config/ as it is now. The same figures as <code>npm run report</code>.</p>`;
  const body =
    reach.experiments.length === 0
      ? `<p>No data: ${escapeHtml(NO_EVENTS.toLowerCase())}.</p>`
      : reach.experiments.map(reachTable).join('');
  return `<section class="split-tests" aria-labelledby="split-tests">${heading}${lead}${body}</section>`;
}

const STYLE = `
:root { font-family: system-ui, sans-serif; color: #1f2a37; background: #f6f7f9; }
body { margin: 0 auto; max-width: 1200px; padding: 16px; }
h1 { margin: 0 0 4px; } h2 { margin-top: 40px; border-bottom: 2px solid #1f2a37; } h2 small { font-weight: 400; font-size: 0.6em; color: #4b5563; }
.lead { color: #4b5563; margin-top: 0; }
.banner { padding: 12px 16px; border-radius: 8px; margin: 16px 0; }
.banner.valid { background: #e7f6ec; } .banner.invalid { background: #fde8e8; } .banner.warned { background: #fff7e0; }
.banner ul { margin: 8px 0 0; padding-left: 20px; } .banner li { font-family: ui-monospace, monospace; font-size: 13px; overflow-wrap: anywhere; }
.table-wrap, .diagram { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; background: #fff; font-size: 14px; }
caption { text-align: left; font-weight: 600; padding: 8px 0; }
th, td { border: 1px solid #d1d5db; padding: 6px 8px; text-align: left; vertical-align: top; }
ul.versions { list-style: none; margin: 0; padding: 0; }
.ok { color: #166534; } .warn { color: #92400e; } .bad { color: #b91c1c; font-weight: 600; }
ul.problems { margin: 4px 0; padding-left: 16px; font-size: 12px; max-width: 420px; }
.funnel { background: #fff; border: 1px solid #d1d5db; border-radius: 8px; padding: 12px 16px; margin: 20px 0; }
.funnel h3 { margin: 0 0 4px; font-family: ui-monospace, monospace; }
.diagram svg rect { fill: #eef4fb; stroke: #0b4f8a; } .diagram a:hover rect, .diagram a:focus rect { fill: #d6e6f7; }
.diagram .title { font-size: 12px; font-weight: 600; fill: #1f2a37; } .diagram .path { font-size: 11px; fill: #4b5563; font-family: ui-monospace, monospace; }
.diagram .lane { font-size: 12px; fill: #4b5563; } .diagram .arrow { stroke: #1f2a37; stroke-width: 1.5; }
.code { border-top: 1px solid #e5e7eb; padding-top: 4px; } .code h4 { margin: 8px 0 0; font-family: ui-monospace, monospace; }
.code h5 { margin: 8px 0 2px; font-size: 13px; } .version { font-weight: 400; color: #4b5563; }
ol.steps { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding-left: 0; list-style: none; font-size: 14px; }
ol.steps a { font-weight: 600; } ol.steps code { font-size: 12px; color: #4b5563; }
ol.reach { margin: 0; padding-left: 0; list-style: none; } .note { margin: 4px 0 0; color: #92400e; font-size: 13px; }
a { color: #0b4f8a; } a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

/** The whole page. With an invalid config it lists the errors instead of the funnels. */
export function renderStaffPage(input: StaffPageInput): string {
  const { result } = input;
  const all = [...result.problems, ...result.warnings];
  let banner: string;
  let body = '';
  if (result.config === null) {
    banner = `<div class="banner invalid" role="alert"><strong>The config has ${String(result.problems.length)} problem${result.problems.length === 1 ? '' : 's'}</strong>: the funnels are drawn again once they are fixed (npm run validate says the same).${problemList(all, 'all-problems')}</div>`;
  } else {
    const engine = createFunnelEngine(result.config);
    banner =
      result.warnings.length === 0
        ? '<div class="banner valid" role="status"><strong>The config is valid.</strong></div>'
        : `<div class="banner warned" role="status"><strong>The config is valid, with ${String(result.warnings.length)} warning${result.warnings.length === 1 ? '' : 's'}</strong>:${problemList(result.warnings, 'all-problems')}</div>`;
    body = `${SITES.map((site) => siteSection(engine, site, input, all)).join('')}${reachSection(input.reach)}`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Funnels (dev)</title><style>${STYLE}</style></head>
<body><main><h1>Funnels</h1><p class="lead">Every campaign code of both brands, from config/ as it is now (reload after an edit). A step link opens the app at that step as a new demo patient who has done every step before it: this browser becomes that patient. Served by <code>npm run dev</code> only; a production build has no such page.</p>${result.config === null ? '' : `<nav aria-label="Brands"><a href="#site-male">Men’s site</a> · <a href="#site-female">Women’s site</a> · <a href="#split-tests">Split tests</a></nav>`}${banner}${body}</main></body></html>`;
}
