import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';
import { renderFunnelsMarkdown, renderFunnelsTable } from '../../scripts/lib/funnel-docs.ts';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { listPaths } from '../../src/engine/simulate.ts';
import { loadConfig } from '../support/config.ts';

const DOC_FILE = path.join(ROOT_DIR, 'docs', 'funnels.md');

/** What npm run funnels writes, from config/ as validateConfigDir() reads it. */
function generatedDoc(): string {
  return renderFunnelsMarkdown(loadConfig());
}

/** The Mermaid block under a funnel's heading. */
function diagramOf(markdown: string, funnelId: string): string {
  const section = markdown.split(`\n### ${funnelId}\n`)[1] ?? '';
  return /```mermaid\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

test('docs/funnels.md is what npm run funnels generates from config/', () => {
  expect(existsSync(DOC_FILE), 'docs/funnels.md is missing; run npm run funnels').toBe(true);
  const onDisk = readFileSync(DOC_FILE, 'utf8').replace(/\r\n/g, '\n');
  expect(onDisk, 'docs/funnels.md is stale; run npm run funnels').toBe(generatedDoc());
});

test("microbh's diagram has two distinct /mip/calendly nodes, joined by Next edges", () => {
  const diagram = diagramOf(generatedDoc(), 'microclinic-book-first');
  const calendlyNodes = [...diagram.matchAll(/^\s*(\w+)\["[^"]*\/mip\/calendly"\]$/gm)].map((match) => match[1]);

  expect(calendlyNodes).toEqual(['s1', 's4']);
  expect(diagram).toContain('s0 -->|Next| s1');
  expect(diagram).toContain('s3 -->|Next| s4');
});

test('the shrt row lists the callcenter variant with its condition and steps', () => {
  const row = generatedDoc()
    .split('\n')
    .find((line) => line.startsWith('| shrt |'));

  expect(row).toContain('| hrt-assessment |');
  expect(row).toContain(
    `callcenter (callcenter=true, version ${stepsVersion(['/payment', '/finish'])}): /payment/shrt → /finish/shrt`,
  );
});

test('each code carries the version of the steps the engine walks for it, the same in the doc, the terminal table and simulate --all', () => {
  const engine = createFunnelEngine(loadConfig());
  const planned = engine.planVisit({ code: 'shrt', brand: 'male', query: '' });
  if (!planned.ok) throw new Error(planned.problem.message);
  const version = stepsVersion(planned.plan.steps);
  const row = generatedDoc()
    .split('\n')
    .find((line) => line.startsWith('| shrt |'));
  expect(row).toContain(`| ${version} |`);
  expect(renderFunnelsTable(loadConfig())).toMatch(new RegExp(`^shrt +male +${version} `, 'm'));
  expect(
    listPaths(engine).find((path) => path.code === 'shrt' && path.variant === null && path.pathOverride === null)
      ?.version,
  ).toBe(version);
  // Funnels that walk the same steps share a version; another step list has another.
  const ghrt = engine.planVisit({ code: 'ghrt', brand: 'male', query: '' });
  const bhrt = engine.planVisit({ code: 'bhrt', brand: 'male', query: '' });
  expect(ghrt.ok && stepsVersion(ghrt.plan.steps)).toBe(version);
  expect(bhrt.ok && stepsVersion(bhrt.plan.steps)).not.toBe(version);
});

test('each split test is drawn with its variants beside the control, each with its weight and version', () => {
  const config = loadConfig();
  const markdown = renderFunnelsMarkdown({
    ...config,
    experiments: {
      experiments: {
        'ghrt-short': {
          description: 'Straight from the assessment to payment.',
          codes: ['ghrt'],
          running: false,
          variants: { control: { weight: 1 }, 'no-results': { weight: 2, change: [{ remove: '/results' }] } },
        },
      },
    },
  });
  const section = markdown.split('\n### ghrt-short\n')[1] ?? '';
  expect(section).toContain('Codes: `ghrt` (funnel `hrt-assessment`). Not running.');
  const own = ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'];
  const short = own.filter((step) => step !== '/results');
  expect(section).toContain(`| control | 1 | ${stepsVersion(own)} |`);
  expect(section).toContain(`| no-results | 2 | ${stepsVersion(short)} |`);
  const diagram = /```mermaid\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  expect(diagram).toContain('entry -->|"control (weight 1)"| x_control_0');
  expect(diagram).toContain('entry -->|"no-results (weight 2)"| x_no_results_0');
  expect(diagram).toContain('x_no_results_1["2. /payment"]');
  expect(diagram).toContain('x_control_1["2. /results"]');
});
