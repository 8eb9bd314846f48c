/**
 * Renders the funnel config for people: docs/funnels.md for product staff (tables and one
 * Mermaid diagram per funnel) and a plain-text table for the terminal. Pure functions of the
 * config, so the output is the same on every run and a test can tell when the file is stale.
 */
import {
  SITE_LABEL,
  type Funnel,
  type FunnelConfig,
  type FunnelVariant,
  type Site,
} from '../../src/engine/config-types.ts';
import { stepUrl, variantQuery, variantsFor } from '../../src/engine/funnel-plan.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { variantIds, variantSteps } from '../../src/engine/experiments.ts';

const ARROW = ' → ';

/** One campaign code with the funnel it follows, as a row of the code tables. */
interface CodeRow {
  code: string;
  funnelId: string;
  funnel: Funnel;
}

/** Every campaign code that has a funnel, sorted by site (men's site first) then code. */
function codeRows(config: FunnelConfig): CodeRow[] {
  const rows = Object.entries(config.funnels.funnels).flatMap(([funnelId, funnel]) =>
    funnel.codes.map((code) => ({ code, funnelId, funnel })),
  );
  return rows.sort((a, b) => compare(SITE_LABEL[a.funnel.site], SITE_LABEL[b.funnel.site]) || compare(a.code, b.code));
}

/** Compares by UTF-16 code units, so the order never depends on the machine's locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A step list as the URLs a patient with `code` visits: `/results/shrt → /payment/shrt`. */
function stepUrls(steps: readonly string[], code: string): string {
  return steps.map((_, index) => stepUrl({ steps, code, query: '' }, index)).join(ARROW);
}

/** A step list as walked: the funnel's finish page follows when the list does not already end there. */
function walked(steps: readonly string[], funnel: Funnel): readonly string[] {
  return steps[steps.length - 1] === funnel.finish ? steps : [...steps, funnel.finish];
}

/** A variant for a code: `callcenter (callcenter=true, version a4547b80): /payment/shrt → /finish/shrt`. */
function variantText(variant: FunnelVariant, funnel: Funnel, code: string): string {
  const steps = walked(variant.steps, funnel);
  return `${variant.name} (${variantQuery(variant)}, version ${stepsVersion(steps)}): ${stepUrls(steps, code)}`;
}

/** Text safe in Markdown prose: on one line, with no raw HTML. */
function prose(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** Text safe inside a Markdown table cell: prose with no pipes. */
function cell(text: string): string {
  return prose(text).replace(/\|/g, '\\|');
}

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

/** Text safe inside a quoted Mermaid label. */
function mermaidText(text: string): string {
  return text.replace(/"/g, '#quot;').replace(/\r?\n/g, ' ');
}

/** A Mermaid node id from a name: letters, digits and `_` only. */
function mermaidId(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '_');
}

/** A chain of steps from the entry node: its node id prefix, its steps, the label of its entry edge. */
interface Chain {
  prefix: string;
  steps: readonly string[];
  condition: string | null;
}

/**
 * Chains of steps as one Mermaid flowchart. Nodes are step indexes, not paths, so a path
 * visited twice (microbh books twice) is two nodes; each chain starts from the entry node.
 */
function flowchart(chains: readonly Chain[]): string[] {
  const lines = ['```mermaid', 'flowchart LR', '  entry(("start"))'];
  for (const { prefix, steps, condition } of chains) {
    steps.forEach((step, index) => {
      lines.push(`  ${prefix}${index}["${mermaidText(`${index + 1}. ${step}`)}"]`);
    });
    if (steps.length === 0) continue;
    lines.push(condition === null ? `  entry --> ${prefix}0` : `  entry -->|"${mermaidText(condition)}"| ${prefix}0`);
    for (let index = 1; index < steps.length; index += 1) {
      lines.push(`  ${prefix}${index - 1} -->|Next| ${prefix}${index}`);
    }
  }
  lines.push('```');
  return lines;
}

/**
 * One funnel as a Mermaid flowchart: the funnel's own steps and each variant are separate
 * chains from the entry node; a variant's entry edge carries its query condition.
 */
function funnelDiagram(funnel: Funnel): string[] {
  const chains: Chain[] = [{ prefix: 's', steps: walked(funnel.steps, funnel), condition: null }];
  const used = new Set<string>();
  funnel.variants?.forEach((variant, variantIndex) => {
    let prefix = `v_${mermaidId(variant.name)}_`;
    if (used.has(prefix)) prefix = `v${variantIndex}_${mermaidId(variant.name)}_`;
    used.add(prefix);
    const forCodes = variant.codes === undefined ? '' : ` (${variant.codes.join(', ')})`;
    chains.push({ prefix, steps: walked(variant.steps, funnel), condition: `${variantQuery(variant)}${forCodes}` });
  });
  return flowchart(chains);
}

/**
 * The split tests of config/experiments.json: each with its codes, whether it runs, and each
 * variant (the control first) with its weight, version and steps, drawn side by side.
 */
function experimentsSection(config: FunnelConfig): string[] {
  const lines = [
    '## Split tests',
    '',
    'Declared in `config/experiments.json`. The server gives a new patient of a code in a running',
    'experiment one variant, once, by weight, and keeps it (README: "Running a split test"). A',
    'call-centre or pathOverride link walks its own steps whatever the variant. Each variant has its',
    'own version; `npm run report` counts how far the patients of each got.',
    '',
  ];
  const experiments = Object.entries(config.experiments.experiments);
  if (experiments.length === 0) return [...lines, 'No split tests are declared.', ''];
  for (const [id, experiment] of experiments) {
    const funnelEntry = Object.entries(config.funnels.funnels).find(([, funnel]) =>
      experiment.codes.some((code) => funnel.codes.includes(code)),
    );
    lines.push(`### ${id}`, '', prose(experiment.description), '');
    lines.push(
      `Codes: ${experiment.codes.map((code) => `\`${code}\``).join(', ')}${funnelEntry === undefined ? '' : ` (funnel \`${funnelEntry[0]}\`)`}. ${experiment.running ? 'Running' : 'Not running'}${experiment.flag === undefined ? '' : `; switched off by flag \`${experiment.flag}\``}.`,
      '',
    );
    if (funnelEntry === undefined) continue;
    const [, funnel] = funnelEntry;
    const variants = variantIds(experiment).map((variantId) => {
      const variant = experiment.variants[variantId];
      const steps = walked(variantSteps(funnel, variant) ?? funnel.steps, funnel);
      return { variantId, weight: variant?.weight ?? 0, steps };
    });
    const code = experiment.codes[0] ?? '';
    lines.push(
      ...table(
        ['Variant', 'Weight', 'Version', 'Steps'],
        variants.map(({ variantId, weight, steps }) => [
          variantId,
          String(weight),
          stepsVersion(steps),
          stepUrls(steps, code),
        ]),
      ),
      '',
      ...flowchart(
        variants.map(({ variantId, weight, steps }) => ({
          prefix: `x_${mermaidId(variantId)}_`,
          steps,
          condition: `${variantId} (weight ${String(weight)})`,
        })),
      ),
      '',
    );
  }
  return lines;
}

/** The content of docs/funnels.md. */
export function renderFunnelsMarkdown(config: FunnelConfig): string {
  const { stepKeys, codeGroups } = config;
  const sites: Site[] = ['male', 'female'];
  const lines: string[] = [
    '# Funnels',
    '',
    '<!-- Generated by scripts/funnels.ts from config/*.json. Do not edit; regenerate with `npm run funnels`. -->',
    '',
    'This file is generated from the files in `config/`. Do not edit it: change the config, then',
    'regenerate it with `npm run funnels`.',
    '',
    'A patient follows the funnel of the campaign code in the URL, one step after another',
    '(Next moves to the following step, Back to the one before). A code with no funnel on its site',
    `goes to the error page \`${config.funnels.unknownCodePath}/${config.funnels.errorCodes['unknown-code']}/{code}\`, a pathOverride naming a`,
    `step key the site lacks to \`${config.funnels.unknownCodePath}/${config.funnels.errorCodes['unknown-step-key']}/{code}\`, each keeping the query.`,
    '',
    '## Campaign codes',
    '',
    'Each code with its funnel, site and steps. A variant replaces the steps when the link has its',
    'query parameter, such as `?callcenter=true`. The version is a short hash of the steps as the',
    'engine walks them (finish page included): it changes when a step is added, removed or moved,',
    'and not when the JSON is only reformatted.',
    '',
    ...table(
      ['Code', 'Funnel', 'Site', 'Version', 'Steps', 'Variants'],
      codeRows(config).map(({ code, funnelId, funnel }) => [
        code,
        funnelId,
        SITE_LABEL[funnel.site],
        stepsVersion(walked(funnel.steps, funnel)),
        stepUrls(walked(funnel.steps, funnel), code),
        variantsFor(funnel, code)
          .map((variant) => variantText(variant, funnel, code))
          .join('; '),
      ]),
    ),
    '',
    `## ${stepKeys.queryParam} step keys`,
    '',
    `\`?${stepKeys.queryParam}=\` lists step keys separated by \`${stepKeys.separator}\`; the patient walks`,
    `those steps instead of the funnel's, then finishes (\`${stepKeys.finish.male}\` on the men's site,`,
    `\`${stepKeys.finish.female}\` on the women's site). It takes precedence over variants. A key with`,
    'no path for a site cannot be used there. The versions are those of a link naming that one key',
    "(the key's path, then the finish page).",
    '',
    ...table(
      ['Key', "Men's path", "Women's path", 'Versions', 'Description'],
      Object.entries(stepKeys.keys).map(([key, stepKey]) => [
        key,
        ...sites.map((site) => (stepKey.sites.includes(site) ? (stepKey.paths[site] ?? '—') : '—')),
        sites
          .filter((site) => stepKey.sites.includes(site) && stepKey.paths[site] !== undefined)
          .map((site) => {
            const path = stepKey.paths[site] ?? '';
            const steps = path === stepKeys.finish[site] ? [path] : [path, stepKeys.finish[site]];
            return `${SITE_LABEL[site]} ${stepsVersion(steps)}`;
          })
          .join(', '),
        stepKey.description ?? '',
      ]),
    ),
    '',
    '## Code groups',
    '',
    ...table(
      ['Group', 'Codes', 'Description'],
      Object.entries(codeGroups.groups).map(([name, group]) => [name, group.codes.join(', '), group.description ?? '']),
    ),
    '',
  ];
  const groupOnly = Object.entries(codeGroups.groupOnlyCodes);
  if (groupOnly.length > 0) {
    lines.push('Codes that are in groups but have no funnel:', '', ...table(['Code', 'Note'], groupOnly), '');
  }

  lines.push(
    '## Funnel diagrams',
    '',
    'Each box is a step, numbered in order; a path visited twice is two boxes. From `start`, the',
    "unlabelled arrow leads to the funnel's own steps and each labelled arrow to a variant's steps,",
    'taken when the link has that query condition.',
  );
  for (const [funnelId, funnel] of Object.entries(config.funnels.funnels)) {
    lines.push('', `### ${funnelId}`, '');
    if (funnel.description !== undefined) lines.push(prose(funnel.description), '');
    lines.push(
      `Site: ${SITE_LABEL[funnel.site]}. Codes: ${funnel.codes.map((code) => `\`${code}\``).join(', ')}. Version: \`${stepsVersion(walked(funnel.steps, funnel))}\`.`,
      '',
    );
    for (const variant of funnel.variants ?? []) {
      const about = variant.description === undefined ? '' : `: ${prose(variant.description)}`;
      const forCodes =
        variant.codes === undefined ? '' : ` for ${variant.codes.map((code) => `\`${code}\``).join(', ')}`;
      lines.push(
        `- Variant \`${variant.name}\`${forCodes} when \`${variantQuery(variant)}\`, version \`${stepsVersion(walked(variant.steps, funnel))}\`${about}`,
      );
    }
    if (funnel.variants !== undefined && funnel.variants.length > 0) lines.push('');
    lines.push(...funnelDiagram(funnel));
  }
  lines.push('', ...experimentsSection(config));
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** Pads every column but the last to its widest cell. */
function alignColumns(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((text, index) => {
      widths[index] = Math.max(widths[index] ?? 0, text.length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((text, index) => (index === row.length - 1 ? text : text.padEnd(widths[index] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The campaign codes as an aligned plain-text table for the terminal: code, site, version, steps, variants. */
export function renderFunnelsTable(config: FunnelConfig): string {
  const rows = codeRows(config).map(({ code, funnel }) => [
    code,
    funnel.site,
    stepsVersion(walked(funnel.steps, funnel)),
    stepUrls(walked(funnel.steps, funnel), code),
    variantsFor(funnel, code)
      .map((variant) => variantText(variant, funnel, code))
      .join('; '),
  ]);
  return alignColumns([['CODE', 'SITE', 'VERSION', 'STEPS', 'VARIANTS'], ...rows]);
}
