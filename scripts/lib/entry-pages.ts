/**
 * The pages a patient enters the funnel on, per brand, that issue 14's aim is measured on:
 * the assessment, results, payment and intake of each brand's main code (the men's intake is
 * /mip/form, shared with the ED funnels: /intake/shrt is no page at all, and until
 * 2026-11-26 its not-found page was what got measured). Since issue 28 the men's intake is
 * measured where patients arrive on it, the ED intake (/mip/form/dailytada, the first step of
 * ed-checkout): /mip/form/shrt comes after payment, to a patient whose app is already loaded.
 * Since issue 37 a cold link to a step after the assessment is brought to the assessment, so the
 * payments are measured where patients arrive on them cold, the pay-first funnels' first steps
 * (/payment/bhrt, /f/payment/fbhrt: the same screen and product), and the women's intake, which
 * no women's funnel starts on, by a link straight to it (`?pathOverride=intake`).
 * `npm run bench:web`, e2e/first-load.spec.ts and e2e/prerender.spec.ts measure the same list.
 */
export const ENTRY_PATHS = {
  men: ['/hormone-assessment/shrt', '/results/shrt', '/payment/bhrt', '/mip/form/dailytada'],
  women: ['/f/hormone-assessment/fha1', '/f/results/fha1', '/f/payment/fbhrt', '/f/intake/fha1?pathOverride=intake'],
} as const;

/** The funnel step an entry page is: its budgets and expectations are per step. */
export function entryStep(pathname: string): 'hormone-assessment' | 'results' | 'payment' | 'intake' {
  if (pathname.includes('/hormone-assessment/')) return 'hormone-assessment';
  if (pathname.includes('/results/')) return 'results';
  if (pathname.includes('/payment/')) return 'payment';
  if (pathname.includes('/intake/') || pathname.includes('/mip/form/')) return 'intake';
  throw new Error(`${pathname} is no entry page`);
}

/** The entry pages as URLs on a server's two brand origins. */
export function entryPages(menOrigin: string, womenOrigin: string): string[] {
  return [
    ...ENTRY_PATHS.men.map((pathname) => `${menOrigin}${pathname}`),
    ...ENTRY_PATHS.women.map((pathname) => `${womenOrigin}${pathname}`),
  ];
}
