import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/main/scripts/lib/chromium.ts';
const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
for (const width of [375, 1280]) {
  const p = await b.newPage({ viewport: { width, height: 900 } });
  await p.goto('http://localhost:4310/__funnels');
  await p.screenshot({ path: `/tmp/staff-${width}.png` });
  await p.locator('section.funnel', { has: p.locator('#funnel-hrt-assessment') }).screenshot({ path: `/tmp/staff-funnel-${width}.png` });
  await p.close();
}
const p = await b.newPage({ viewport: { width: 390, height: 844 } });
await p.goto('http://localhost:4310/__funnels');
await p.locator('#code-fha1').getByRole('link', { name: '4. Intake' }).first().click();
await p.waitForTimeout(1500);
await p.screenshot({ path: '/tmp/staff-progress.png' });
await p.waitForURL(/\/f\/intake\/fha1$/, { timeout: 60000 });
await p.waitForTimeout(2500);
await p.screenshot({ path: '/tmp/staff-landed.png', fullPage: false });
console.log(p.url(), await p.locator('h1').first().innerText());
await b.close();
