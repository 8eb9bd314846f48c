/**
 * npm run --silent demo-patient -- <step URL> [--step N]
 *
 * Makes a demo patient who stands on a funnel step with every earlier step done: a headless
 * Chromium opens the funnel's campaign link on the running `npm run dev` server (the URL's
 * origin) and walks the steps before it as a patient would (e2e/support/walk.ts), so the
 * lead, the order, the intake and any booking are real records of the local API. Prints, as
 * JSON, the step's URL and the browser's cookies (the patient's session), which the staff
 * page (/__funnels, scripts/lib/staff-page-plugin.ts) hands to the person who asked. `--step`
 * (from 1) names the step when the URL is on the list twice (microbh books twice). Progress
 * goes to stderr; exit 1 with the reason when a step does not lead on, 2 on a wrong argument.
 */
import { chromium } from '@playwright/test';
import { funnelConfig, funnelEngine as engine } from '../src/contract/funnel-config.ts';
import type { Site } from '../src/engine/config-types.ts';
import { stepUrl } from '../src/engine/funnel-plan.ts';
import { splitUrl } from '../src/engine/url.ts';
import { newPatient } from '../e2e/support/patient.ts';
import { walkTo } from '../e2e/support/walk.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';

/** What the staff page reads from stdout. */
export interface DemoPatient {
  /** The step's URL (path and query) on the origin walked. */
  url: string;
  cookies: { name: string; value: string; path: string; expires: number; httpOnly: boolean; sameSite: string }[];
}

function usage(message: string): never {
  // The reason last: the staff page shows the walk's last line.
  console.error(
    'usage: npm run --silent demo-patient -- <step URL, e.g. http://localhost:4173/payment/shrt> [--step N]',
  );
  console.error(message);
  process.exit(2);
}

const args = process.argv.slice(2);
const stepFlag = args.indexOf('--step');
const stepNumber = stepFlag === -1 ? null : Number(args[stepFlag + 1]);
const [target] = args.filter((_, at) => stepFlag === -1 || (at !== stepFlag && at !== stepFlag + 1));
if (target === undefined) usage('No step URL given.');
if (stepNumber !== null && !(Number.isInteger(stepNumber) && stepNumber >= 1))
  usage('--step takes a step number from 1.');

let url: URL;
try {
  url = new URL(target);
} catch {
  usage(`Not a URL: ${target}`);
}
const { brands, defaultBrand } = funnelConfig.brands;
const site = (Object.entries(brands).find(([, brand]) => brand.hosts.includes(url.hostname))?.[0] ??
  defaultBrand) as Site;
const located = engine.locate(url.pathname);
if (located?.code == null) usage(`${url.pathname} is not a page of a campaign code.`);
const planned = engine.planVisit({ code: located.code, brand: site, query: url.search.replace(/^\?/, '') });
if (!planned.ok) usage(planned.problem.message);
const { plan } = planned;
const wanted = splitUrl(engine.funnelUrl(`${url.pathname}${url.search}`));
const candidates = plan.steps
  .map((_, index) => index)
  .filter((index) => {
    const step = splitUrl(stepUrl(plan, index));
    return step.pathname === wanted.pathname && step.query === wanted.query;
  });
const index = stepNumber === null ? candidates[0] : stepNumber - 1;
if (index === undefined || !candidates.includes(index)) {
  usage(
    `${url.pathname}${url.search} is not ${stepNumber === null ? 'a step' : `step ${String(stepNumber)}`} of ${plan.code}'s funnel on this site.`,
  );
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  // A phone's viewport: the screens the walk presses are the ones patients mostly see.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The dev server compiles each module on first use and sends the app as hundreds of files:
  // on a busy machine the first page's load has taken longer than Playwright's 30 s.
  context.setDefaultNavigationTimeout(120_000);
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const patient = newPatient('demo', { firstName: 'Dana', lastName: 'Demo' });
  await walkTo(page, {
    origin: url.origin,
    plan,
    index,
    patient,
    onStep: (step, at) => {
      console.error(`step ${String(step)} of ${String(index + 1)}: ${at}`);
    },
  });
  // Every cookie of the host: the session's is on /api only, which the origin's own URL would not match.
  const cookies = (await context.cookies())
    .filter((cookie) => cookie.domain.replace(/^\./, '') === url.hostname)
    .map(({ name, value, path, expires, httpOnly, sameSite }) => ({
      name,
      value,
      path,
      expires,
      httpOnly,
      sameSite,
    }));
  const result: DemoPatient = { url: stepUrl(plan, index), cookies };
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await browser.close();
}
