import { expect, test } from 'vitest';
import { validateConfigTexts } from '../../scripts/lib/config-validation.ts';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
import { simulate } from '../../src/engine/simulate.ts';
import { configTexts, editConfig, loadConfig, must } from '../support/config.ts';

/** Product staff add campaign codes by editing JSON; no TypeScript changes. */

function engineFor(texts: Record<string, string>) {
  const { config, problems } = validateConfigTexts(texts);
  expect(problems).toEqual([]);
  if (!config) throw new Error('config did not validate');
  return createFunnelEngine(config);
}

test('a new code added to an existing funnel walks that funnel', () => {
  const texts = editConfig(configTexts(), 'funnels', (json) => {
    must(json.funnels['hrt-assessment']).codes.push('springhrt');
  });
  const engine = engineFor(texts);
  expect(simulate(engine, '/hormone-assessment/springhrt?utm_campaign=spring')).toEqual([
    '/hormone-assessment/springhrt?utm_campaign=spring',
    '/results/springhrt?utm_campaign=spring',
    '/payment/springhrt?utm_campaign=spring',
    '/mip/form/springhrt?utm_campaign=spring',
    '/mip/calendly/springhrt?utm_campaign=spring',
    '/finish/springhrt?utm_campaign=spring',
  ]);
});

test('a new funnel with its own steps, a call-centre variant and a group', () => {
  let texts = editConfig(configTexts(), 'funnels', (json) => {
    json.funnels['f-summer'] = {
      description: 'Summer campaign: the assessment, then intake and booking.',
      site: 'female',
      treatment: 'hrt',
      codes: ['fsummer'],
      steps: ['/f/hormone-assessment', '/f/intake', '/f/appointment/consult'],
      finish: '/f/finish',
      variants: [
        { name: 'callcenter', when: { query: 'callcenter', equals: 'true' }, steps: ['/f/intake', '/f/finish'] },
      ],
    };
  });
  texts = editConfig(texts, 'codeGroups', (json) => {
    must(json.groups.hrt).codes.push('fsummer');
  });
  const engine = engineFor(texts);

  expect(simulate(engine, '/f/hormone-assessment/fsummer')).toEqual([
    '/f/hormone-assessment/fsummer',
    '/f/intake/fsummer',
    '/f/appointment/consult/fsummer',
    '/f/finish/fsummer',
  ]);
  expect(simulate(engine, '/f/intake/fsummer?callcenter=true')).toEqual([
    '/f/intake/fsummer?callcenter=true',
    '/f/finish/fsummer?callcenter=true',
  ]);
  expect(simulate(engine, '/f/appointment/consult/fsummer', { back: true })).toEqual([
    '/f/appointment/consult/fsummer',
    '/f/intake/fsummer',
    '/f/hormone-assessment/fsummer',
  ]);
  expect(simulate(engine, '/f/results/fsummer', { brand: 'male' })).toEqual([
    '/f/results/fsummer',
    '/error/404/fsummer',
  ]);
});

test('the project config does not know the code until it is added', () => {
  const engine = engineFor(configTexts());
  expect(simulate(engine, '/hormone-assessment/springhrt')).toEqual([
    '/hormone-assessment/springhrt',
    '/error/404/springhrt',
  ]);
});

test('a variant is chosen only by a query key funnels.json declares in variantQueries', () => {
  const config = loadConfig();
  const declared = createFunnelEngine(config);
  expect(simulate(declared, '/payment/shrt?callcenter=true')).toEqual([
    '/payment/shrt?callcenter=true',
    '/finish/shrt?callcenter=true',
  ]);
  // The same funnel with the key undeclared (validation reports it) walks the funnel's own steps.
  const undeclared = createFunnelEngine({ ...config, funnels: { ...config.funnels, variantQueries: {} } });
  expect(simulate(undeclared, '/payment/shrt?callcenter=true')).toEqual([
    '/payment/shrt?callcenter=true',
    '/mip/form/shrt?callcenter=true',
    '/mip/calendly/shrt?callcenter=true',
    '/finish/shrt?callcenter=true',
  ]);
});
