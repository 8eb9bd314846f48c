import { expect, test } from 'vitest';
import { validateConfigTexts } from '../../scripts/lib/config-validation.ts';
import { demoLink, renderStaffPage } from '../../scripts/lib/staff-page.ts';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
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
