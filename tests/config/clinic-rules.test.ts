import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { validateConfigTexts } from '../../scripts/lib/config-validation.ts';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
import { configTexts, editConfig, loadConfig, must, problemsOf } from '../support/config.ts';

/**
 * What a product needs before a clinician prescribes it (issue 38 point 2, config/clinic-rules.json),
 * as compliance and product staff meet it: testosterone, a Schedule III controlled substance, needs
 * a live audio-video consult or an in-person visit while the DEA's telemedicine flexibilities last
 * (through 2026-12-31), and an in-person visit after. Validation proves every path of every code
 * selling it; a pathOverride link gets the visit back; `--on` shows what changes on a day.
 */

const errorsOn = (texts: Record<string, string>, day: string) =>
  validateConfigTexts(texts, { day }).problems.filter((problem) => problem.level === undefined);

test('the men’s HRT funnel without its booking is refused, naming the code, the rule and the path', () => {
  const texts = editConfig(configTexts(), 'funnels', (json) => {
    const funnel = must(json.funnels['hrt-assessment']);
    funnel.steps = funnel.steps.filter((step) => step !== '/mip/calendly');
  });
  const problems = problemsOf(texts);
  expect(problems).toContain(
    'config/funnels.json: /funnels/hrt-assessment/steps: codes "shrt", "ghrt", "mhrt" sell testosterone (config/clinic-rules.json /products/testosterone), which needs a live audio-video consult, or an in-person visit at a microclinic, before a clinician prescribes (rule "live-visit", through 2026-12-31), and its path /hormone-assessment → /results → /payment → /mip/form → /finish reaches no step producing "consult-booked" or "in-person-visit" ("consult-booked": the pages producing it: /mip/calendly; "in-person-visit": the pages producing it: /mip/hrt/finish): add such a step, or name what the clinic\'s staff do instead on a variant (byStaff)',
  );
  // Reported once per place in the files, naming every code it stops.
  expect(problems.filter((problem) => problem.includes('/funnels/hrt-assessment/steps:'))).toHaveLength(1);
});

test('the women’s and the ED funnels sell products with no such rule: their funnels need no booking', () => {
  const texts = editConfig(configTexts(), 'funnels', (json) => {
    const funnel = must(json.funnels['f-hrt-no-payment']);
    funnel.steps = funnel.steps.filter((step) => step !== '/f/appointment/consult' && step !== '/f/about-consult');
  });
  expect(problemsOf(texts)).toEqual([]);
});

test('the call-centre variant books the consult on the phone (byStaff); without saying so it is refused', () => {
  const texts = editConfig(configTexts(), 'funnels', (json) => {
    const variant = must(must(json.funnels['hrt-assessment']).variants?.[0]);
    delete variant.byStaff;
  });
  expect(problemsOf(texts)).toEqual([
    expect.stringMatching(
      /^config\/funnels\.json: \/funnels\/hrt-assessment\/variants\/0\/steps: code "shrt" sells testosterone .* its path \/payment → \/finish reaches no step producing "consult-booked" or "in-person-visit"/,
    ),
  ]);
});

test('a misspelt fact in a rule is refused on its pointer with a did-you-mean', () => {
  const texts = editConfig(configTexts(), 'clinicRules', (json) => {
    must(must(json.products['testosterone']).needs[0]).anyOf = ['consult-bokked', 'in-person-visit'];
  });
  expect(problemsOf(texts)).toContainEqual(
    expect.stringMatching(
      /^config\/clinic-rules\.json: \/products\/testosterone\/needs\/0\/anyOf\/0: unknown fact "consult-bokked"; did you mean "consult-booked"\?/,
    ),
  );
});

test('a rule that ends before it starts, and two products sold by the same funnels, are refused', () => {
  const texts = editConfig(configTexts(), 'clinicRules', (json) => {
    const testosterone = must(json.products['testosterone']);
    must(testosterone.needs[0]).from = '2027-06-01';
    must(json.products['ed']).sells = { site: 'male', treatment: 'hrt' };
  });
  const problems = problemsOf(texts);
  expect(problems).toContain(
    'config/clinic-rules.json: /products/testosterone/needs/0: the rule "live-visit" ends (2026-12-31) before it starts (2027-06-01)',
  );
  expect(problems).toContain(
    'config/clinic-rules.json: /products/ed/sells: products "testosterone" and "ed" are both sold by the men\'s site\'s hrt funnels: a funnel sells one product',
  );
});

test('30 days before the in-person rule, validate warns naming every funnel and code it will stop; the config stays valid', () => {
  const { config, warnings } = validateConfigTexts(configTexts(), { day: '2026-12-02' });
  expect(config).not.toBeNull();
  const coming = warnings.filter((warning) => warning.message.startsWith('from 2027-01-01 (in 30 days)'));
  expect(coming.map((warning) => warning.pointer)).toEqual(
    expect.arrayContaining(['/funnels/hrt-assessment/steps', '/funnels/hrt-pay-first/steps', '/keys/pay/paths/male']),
  );
  const assessment = coming.find((warning) => warning.pointer === '/funnels/hrt-assessment/steps');
  expect(assessment?.message).toContain('which the path of codes "shrt", "ghrt", "mhrt" does not reach');
  // The microclinic funnel has the in-person visit: nothing to warn of.
  expect(coming.some((warning) => warning.pointer === '/funnels/microclinic/steps')).toBe(false);
  // 60 days ahead is the horizon: on 2026-11-01 nothing is said yet.
  expect(
    validateConfigTexts(configTexts(), { day: '2026-11-01' }).warnings.some((w) => w.message.startsWith('from 2027')),
  ).toBe(false);
});

test('on 2027-01-01 the funnels that book only a video consult are refused, and the microclinic is not', () => {
  const errors = errorsOn(configTexts(), '2027-01-01');
  const pointers = errors.map((error) => error.pointer);
  expect(pointers).toEqual(expect.arrayContaining(['/funnels/hrt-assessment/steps', '/funnels/hrt-no-payment/steps']));
  expect(pointers).not.toContain('/funnels/microclinic/steps');
  expect(errors.every((error) => error.message.includes('rule "in-person-visit", from 2027-01-01'))).toBe(true);
});

test('a pay link on a testosterone code gets the visit it needs back before its finish; on 2027 the in-person one', () => {
  const config = loadConfig();
  const on = (day: string) => createFunnelEngine(config, { day: () => day });
  const steps = (day: string, code: string) => {
    const plan = on(day).planVisit({ code, brand: 'male', query: 'pathOverride=pay' });
    return plan.ok ? plan.plan.steps : plan.problem;
  };
  expect(steps('2026-12-02', 'shrt')).toEqual(['/hormone-assessment', '/payment', '/mip/calendly', '/finish']);
  expect(steps('2026-12-02', 'microclinic')).toEqual(['/payment', '/mip/hrt/finish', '/finish']);
  expect(steps('2027-01-01', 'microclinic')).toEqual(['/payment', '/mip/hrt/finish', '/finish']);
  // ED sells no controlled substance: its pay link is the payment alone.
  expect(steps('2027-01-01', 'dailytada')).toEqual(['/payment', '/finish']);
});

test('npm run simulate -- --on 2027-01-01 shows the live-visit rule ended and the in-person one unmet on shrt', () => {
  const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
  const run = spawnSync(tsx, ['scripts/simulate.ts', '--on', '2027-01-01', '/hormone-assessment/shrt'], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const out = JSON.parse(run.stdout) as { on: string; urls: string[]; rules: unknown[] };
  expect(out.on).toBe('2027-01-01');
  expect(out.urls.at(-1)).toBe('/finish/shrt');
  expect(out.rules).toEqual([
    expect.objectContaining({ rule: 'live-visit', inEffect: false, metAt: '/mip/calendly/shrt' }),
    expect.objectContaining({ rule: 'in-person-visit', inEffect: true, metAt: null }),
  ]);
  const callCentre = spawnSync(tsx, ['scripts/simulate.ts', '--on', '2026-12-02', '/payment/shrt?callcenter=true'], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
  });
  expect(JSON.parse(callCentre.stdout)).toMatchObject({
    rules: [expect.objectContaining({ rule: 'live-visit', inEffect: true, metAt: 'byStaff' }), expect.anything()],
  });
  // Two runs of the script, each starting tsx: seconds on a busy two-core machine.
}, 60_000);
