/**
 * The pages a patient enters the funnel on, per brand, that issue 14's aim is measured on:
 * the assessment, results, payment and intake of each brand's main code. `npm run bench:web`
 * and e2e/first-load.spec.ts measure the same list.
 */
export const ENTRY_PATHS = {
  men: ['/hormone-assessment/shrt', '/results/shrt', '/payment/shrt', '/intake/shrt'],
  women: ['/f/hormone-assessment/fha1', '/f/results/fha1', '/f/payment/fha1', '/f/intake/fha1'],
} as const;

/** The entry pages as URLs on a server's two brand origins. */
export function entryPages(menOrigin: string, womenOrigin: string): string[] {
  return [
    ...ENTRY_PATHS.men.map((pathname) => `${menOrigin}${pathname}`),
    ...ENTRY_PATHS.women.map((pathname) => `${womenOrigin}${pathname}`),
  ];
}
