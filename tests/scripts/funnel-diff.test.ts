import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';
import { countPlaces, diffFunnels, renderDiff } from '../../scripts/lib/funnel-diff.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { configTexts, editConfig, engineOf } from '../support/config.ts';

// npm run funnels -- --diff <git-ref> (issue 26, point 3): who a funnel change moves, before shipping.

const before = engineOf(configTexts());
// The example: /results removed from hrt-assessment; and a payment added to hrt-no-payment.
const after = engineOf(
  editConfig(configTexts(), 'funnels', (funnels) => {
    const assessment = funnels.funnels['hrt-assessment'];
    if (assessment) assessment.steps = assessment.steps.filter((step) => step !== '/results');
    const noPayment = funnels.funnels['hrt-no-payment'];
    if (noPayment) noPayment.steps = [noPayment.steps[0] ?? '', '/payment', ...noPayment.steps.slice(1)];
  }),
);

test('no change, no patient moves', () => {
  expect(diffFunnels(before, before)).toEqual([]);
  expect(renderDiff('HEAD', [], null)).toContain('no patient moves');
});

test('a removed step: each code of the funnel, both versions, and the patients on it go on to the next step', () => {
  const diffs = diffFunnels(before, after);
  const shrt = diffs.find((diff) => diff.code === 'shrt' && diff.way === 'own steps');
  expect(shrt?.removed).toEqual(['/results']);
  expect(shrt?.added).toEqual([]);
  expect(shrt?.old?.version).toBe(
    stepsVersion(['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish']),
  );
  expect(shrt?.new?.version).toBe(
    stepsVersion(['/hormone-assessment', '/payment', '/mip/form', '/mip/calendly', '/finish']),
  );
  expect(shrt?.landings[1]).toEqual({
    from: { index: 1, path: '/results' },
    to: { index: 1, path: '/payment' },
    reason: 'step-gone',
  });
  expect(shrt?.landings[2]).toEqual({
    from: { index: 2, path: '/payment' },
    to: { index: 1, path: '/payment' },
    reason: 'step-kept',
  });
  // Its call-centre variant and its pathOverride keys walk the same steps: not listed.
  expect(diffs.filter((diff) => diff.code === 'shrt').map((diff) => diff.way)).toEqual(['own steps']);
  expect(diffs.map((diff) => diff.code).sort()).toEqual(['cchrt', 'ghrt', 'mhrt', 'rhrt', 'shrt']);
});

test('a payment added before a patient’s place: they are taken to it first', () => {
  const cchrt = diffFunnels(before, after).find((diff) => diff.code === 'cchrt');
  expect(cchrt?.added).toEqual(['/payment']);
  expect(
    cchrt?.landings.map((landing) => `${landing.from.path} → ${landing.to?.path ?? ''} (${landing.reason})`),
  ).toEqual([
    '/hormone-assessment → /hormone-assessment (step-kept)',
    '/mip/form → /payment (required-first)',
    '/mip/calendly → /payment (required-first)',
    '/finish → /payment (required-first)',
  ]);
});

test('saved journeys are counted on the old step they stand on, by the way their link chose', () => {
  const diffs = diffFunnels(before, after);
  const counts = countPlaces(before, diffs, [
    { code: 'shrt', url: '/results/shrt', index: 1 },
    { code: 'shrt', url: '/results/shrt?page=2', index: 1 },
    // The call-centre variant did not change: not counted.
    { code: 'shrt', url: '/payment/shrt?callcenter=true', index: 0 },
    { code: 'cchrt', url: '/mip/form/cchrt', index: 1 },
    // A place that is not the step at that index (a stale save) is not counted.
    { code: 'shrt', url: '/payment/shrt', index: 1 },
  ]);
  expect(counts.get('male shrt #1')).toBe(2);
  expect(counts.get('male cchrt #1')).toBe(1);
  expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(3);
  const text = renderDiff('main', diffs, counts);
  expect(text).toContain('step 2 /results (2 saved journeys) → step 2 /payment, step gone');
  expect(text).toContain('step 2 /mip/form (1 saved journey) → step 2 /payment, a required step first');
});

test('a commit from before split tests is compared as one with none: its config/ had no experiments.json', () => {
  // 410e060 (2026-11-27) is the last commit before config/experiments.json (issue 29).
  const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
  const run = spawnSync(tsx, ['scripts/funnels.ts', '--diff', '410e060'], { cwd: ROOT_DIR, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  // Since then only pathOverride links changed: a key's step now gets back the steps it requires (issue 37).
  const changed = run.stdout.split('\n').filter((line) => / version \w+ → \w+$/.test(line));
  expect(changed.length).toBeGreaterThan(0);
  expect(changed.filter((line) => !line.includes(', pathOverride='))).toEqual([]);
  expect(run.stdout).toContain('now:    /mip/form → /mip/calendly → /finish');
}, 60_000);
