import { expect, test } from 'vitest';
import { validateConfigTexts } from '../../scripts/lib/config-validation.ts';
import { buildReachReport } from '../../scripts/lib/reach-report.ts';
import { differenceInterval, wilsonInterval } from '../../scripts/lib/reach-stats.ts';
import { demoLink, renderStaffPage } from '../../scripts/lib/staff-page.ts';
import type { ExperimentsFile } from '../../src/engine/config-types.ts';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { configTexts, editConfig } from '../support/config.ts';

// The staff page of npm run dev (/__funnels) as HTML; e2e/staff-page.spec.ts opens it in Chromium
// and follows its links.

const origins = { male: 'http://localhost:4173', female: 'http://femme.localhost:4173' } as const;

test('a step link opens its step on the brand’s own host, with the step’s number', () => {
  const { config } = validateConfigTexts(configTexts());
  if (config === null) throw new Error('config/ is invalid');
  const engine = createFunnelEngine(config);
  const planned = engine.planVisit({ code: 'fha1', brand: 'female', query: 'callcenter=true' });
  if (!planned.ok) throw new Error(planned.problem.message);
  expect(demoLink(origins, planned.plan, 1)).toBe(
    'http://femme.localhost:4173/__funnels/open?url=%2Ff%2Ffinish%2Ffha1%3Fcallcenter%3Dtrue&step=2',
  );
});

test('a config with an error shows every problem, and no funnels drawn from a config that does not hold', () => {
  const texts = editConfig(configTexts(), 'funnels', (funnels) => {
    const shrt = funnels.funnels['hrt-assessment'];
    if (shrt) shrt.steps = [...shrt.steps, '/nosuch-step'];
  });
  const html = renderStaffPage({ result: validateConfigTexts({ ...texts, 'routes.json': '{ "routes": [' }), origins });
  expect(html).toContain('role="alert"');
  expect(html).toContain('config/routes.json');
  // The other file's checks are named as not run, as npm run validate says.
  expect(html).toMatch(/not checked: /);
  expect(html).not.toContain('<table');
  expect(html).not.toContain('/__funnels/open');
});

test('text from the config is shown as text, never as markup', () => {
  const texts = editConfig(configTexts(), 'funnels', (funnels) => {
    const funnel = funnels.funnels['hrt-assessment'];
    if (funnel) funnel.description = 'Men’s HRT <img src=x onerror=alert(1)>';
  });
  const html = renderStaffPage({ result: validateConfigTexts(texts), origins });
  expect(html).toContain('Men’s HRT &lt;img src=x onerror=alert(1)&gt;');
  expect(html).not.toContain('<img');
});

/** What a table cell shows, as a person reads it: its text without the markup. */
function cellTexts(html: string, caption: string): string[][] {
  const table = html.split(`<caption>${caption}</caption>`)[1]?.split('</table>')[0] ?? '';
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? '')
        .replace(/<\/li>/g, '; ')
        .replace(/<[^>]+>/g, '')
        .trim(),
    ),
  );
}

test('the split tests section: each variant’s patients per step, finish rate and difference to control', () => {
  const texts = editConfig(configTexts(), 'experiments', (json: ExperimentsFile) => {
    json.experiments = {
      'staff-short': {
        description: 'Straight from the assessment to payment.',
        codes: ['shrt'],
        running: true,
        variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remove: '/results' }] } },
      },
    };
  });
  const result = validateConfigTexts(texts);
  if (result.config === null) throw new Error('the config copy is invalid');
  const control = stepsVersion([
    '/hormone-assessment',
    '/results',
    '/payment',
    '/mip/form',
    '/mip/calendly',
    '/finish',
  ]);
  const variant = stepsVersion(['/hormone-assessment', '/payment', '/mip/form', '/mip/calendly', '/finish']);
  const cohort = { code: 'shrt', experiment: 'staff-short' };
  const reach = buildReachReport(
    [
      { ...cohort, variant: 'control', version: control, exposures: 20, reached: [20, 15, 10, 8, 6, 5] },
      { ...cohort, variant: 'no-results', version: variant, exposures: 20, reached: [20, 16, 14, 12, 10] },
      { ...cohort, variant: 'no-results', version: 'abcdef01', exposures: 2, reached: [2, 1] },
    ],
    createFunnelEngine(result.config),
  );
  const html = renderStaffPage({ result, origins, reach });
  expect(html).toContain('<h2 id="split-tests">Split tests</h2>');
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const points = (share: number) => `${share > 0 ? '+' : ''}${(share * 100).toFixed(1)}`;
  const controlRate = wilsonInterval(5, 20);
  const variantRate = wilsonInterval(10, 20);
  const difference = differenceInterval(10, 20, 5, 20);
  expect(cellTexts(html, 'shrt, split test staff-short')).toEqual([
    [
      'Variant',
      'Version',
      'Shown',
      'Reached each step (share of shown)',
      'Finished (95% CI)',
      'Difference to control (95% CI)',
    ],
    [
      'control',
      control,
      '20',
      '1. /hormone-assessment: 20 (100.0%); 2. /results: 15 (75.0%); 3. /payment: 10 (50.0%); 4. /mip/form: 8 (40.0%); 5. /mip/calendly: 6 (30.0%); 6. /finish: 5 (25.0%);',
      `5 of 20, 25.0% (95% CI ${percent(controlRate.low)} to ${percent(controlRate.high)})`,
      '—',
    ],
    [
      'no-results',
      variant,
      '20',
      '1. /hormone-assessment: 20 (100.0%); 2. /payment: 16 (80.0%); 3. /mip/form: 14 (70.0%); 4. /mip/calendly: 12 (60.0%); 5. /finish: 10 (50.0%);',
      `10 of 20, 50.0% (95% CI ${percent(variantRate.low)} to ${percent(variantRate.high)})`,
      `+25.0 points (95% CI ${points(difference.low)} to ${points(difference.high)})`,
    ],
    [
      'no-results',
      'abcdef01 (not current)',
      '2',
      '1. (unknown step): 2 (100.0%); 2. (unknown step): 1 (50.0%);',
      'version not in the current config: finish unknown',
      '—',
    ],
  ]);
});

test('the split tests section says “no data” without a database, or with no events in it', () => {
  const result = validateConfigTexts(configTexts());
  if (result.config === null) throw new Error('config/ is invalid');
  const missing = renderStaffPage({ result, origins, reach: null });
  expect(missing).toContain('<h2 id="split-tests">Split tests</h2>');
  expect(missing).toMatch(/No data: the dev API’s database .* is not there yet or could not be read/);
  const empty = renderStaffPage({ result, origins, reach: buildReachReport([], createFunnelEngine(result.config)) });
  expect(empty).toContain('No data: no split test events yet.');
});
