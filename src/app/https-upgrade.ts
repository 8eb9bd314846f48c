/** Hosts served over plain http on a developer's machine: localhost, *.localhost and loopback. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]' || host === '::1'
  );
}

/** The https address to move a plain-http page to, or null when it stays (already https, or local). */
export function httpsUpgradeUrl(href: string): string | null {
  const url = new URL(href);
  if (url.protocol !== 'http:' || isLocalHost(url.hostname)) return null;
  url.protocol = 'https:';
  return url.href;
}
