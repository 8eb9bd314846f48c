/**
 * Debian's Chromium, which the browser tests and benchmarks use (Playwright's own browser
 * downloads are never used here), and the flags that keep it off the network it cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
