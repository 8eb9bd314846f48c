/**
 * The build writes this into the page (vite.config.ts `html.cspNonce`: a
 * `<meta property="csp-nonce">` and a nonce on its own tags); the server replaces it with a
 * fresh nonce in each response and names that nonce in the page's Content-Security-Policy.
 */
export const CSP_NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

/**
 * This page's nonce, for the `<style>` elements Mantine writes while the page runs (the
 * policy allows no other inline style). The browser hides the attribute once the page is
 * parsed; the element's `nonce` property keeps it. '' on a page without one (the dev server).
 */
export function pageStyleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce ?? '';
  return nonce === CSP_NONCE_PLACEHOLDER ? '' : nonce;
}
