/**
 * Short-link targets an attacker would store (issue 13, point 6): whatever the target, the app
 * must never leave this origin (except for the video-visit host over https), never run script,
 * and never follow a short link to a short link, which would look itself up for ever.
 */
import { expect, test } from 'vitest';
import { MEMBER_SATISFACTION_PATH, VIDEO_VISIT_HOSTS } from '../../src/app/short-link-config.ts';
import { classifyShortLinkTarget, type ShortLinkTarget } from '../../src/app/short-link-target.ts';

const ORIGIN = 'https://peakmens.example';
const VIDEO_HOST = VIDEO_VISIT_HOSTS[0] ?? 'video.peakhealth.example';

function classify(url: string): ShortLinkTarget {
  return classifyShortLinkTarget(url, {
    origin: ORIGIN,
    currentSearch: '?utm_source=sms',
    memberSatisfactionPath: MEMBER_SATISFACTION_PATH,
    videoVisitHosts: VIDEO_VISIT_HOSTS,
  });
}

/** The first path segment as the router matches it: percent-decoded, any case. */
function routerSegment(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

/** What a target may do: stay on this origin (never the short-link page), or open the video visit over https. */
function expectHarmless(url: string, target: ShortLinkTarget): void {
  if (target.kind === 'refused') return;
  if (target.kind === 'internal') {
    // The router gets a path: one slash, then no slash or backslash that a browser could read as a host.
    expect(target.to, url).toMatch(/^\/(?![/\\])/);
    const resolved = new URL(target.to, ORIGIN);
    expect(resolved.origin, url).toBe(ORIGIN);
    expect(routerSegment(resolved.pathname), url).not.toBe('s');
    return;
  }
  const href = new URL(target.href);
  const sameOrigin = href.origin === ORIGIN;
  const videoVisit = href.protocol === 'https:' && VIDEO_VISIT_HOSTS.includes(href.hostname) && href.port === '';
  expect(sameOrigin || videoVisit, url).toBe(true);
  expect(target.href, url).toBe(href.href);
}

/** Targets that must be refused outright: other schemes, other hosts, tricks, loops. */
const REFUSED: readonly string[] = [
  // Script and other schemes, however they are spelled.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  'javascript:alert(1)//https://peakmens.example/',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u200bjavascript:alert(1)',
  'javascript\u0000:alert(1)',
  'javascript&colon;alert(1)',
  'javascript%3Aalert(1)',
  'javascript://%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://peakmens.example/0b5c6a3e',
  'ws://peakmens.example/socket',
  'mailto:care@peakmens.example',
  // Another site, directly or by a trick a browser or router would repair.
  'https://evil.example/phish',
  'http://evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/.//evil.example',
  'https://peakmens.example//evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https://peakmens.example@evil.example/',
  'https://user:pass@peakmens.example/results',
  'https://@peakmens.example/results',
  'https://peakmens.example%2F@evil.example/',
  'https://evil.example\\@peakmens.example/',
  'https://peakmens.example.evil.example/',
  'https://ｅｖｉｌ.example/',
  'https://peakmens.example:8443/results',
  'http://peakmens.example/results',
  '%2F%2Fevil.example',
  '/results\u2028//evil.example',
  '/results /evil',
  // The video visit only over https on its own host and port.
  `http://${VIDEO_HOST}/room/demo`,
  `https://${VIDEO_HOST}:8443/room/demo`,
  `https://${VIDEO_HOST}.evil.example/room`,
  `https://evil.example/${VIDEO_HOST}`,
  // A short link to a short link, however the path is spelled (it would loop).
  '/s/demo-results',
  '/S/demo-results',
  '/%73/demo-results',
  '/%53/demo-results',
  '/s/',
  '/s',
  '/s?x=1',
  '/./s/demo-results',
  '/%2e/s/demo-results',
  '/%2E%2E/s/demo-results',
  '/a/../s/demo-results',
  'https://peakmens.example/%73/demo-results',
  'HTTPS://PEAKMENS.EXAMPLE/S/x',
];

/** Odd targets that may open, but only as a path of this site. */
const SAME_ORIGIN: readonly string[] = [
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/s%2Fdemo-results',
  '/%2573/demo-results',
  '/results?next=javascript:alert(1)',
  '/results#javascript:alert(1)',
  '/javascript:alert(1)',
  '/results?next=//evil.example',
  '/member-satisfaction/../results',
];

test('the corpus holds at least 30 hostile targets', () => {
  expect(REFUSED.length + SAME_ORIGIN.length).toBeGreaterThanOrEqual(30);
  expect(new Set(REFUSED).size).toBe(REFUSED.length);
});

test.each(REFUSED.map((url) => [JSON.stringify(url), url]))('%s is refused', (_name, url) => {
  const target = classify(url);
  expect(target.kind, JSON.stringify(target)).toBe('refused');
  // The reason says why without repeating the address.
  if (target.kind === 'refused') expect(target.reason).not.toContain(url);
});

test.each(SAME_ORIGIN.map((url) => [JSON.stringify(url), url]))('%s stays on this site', (_name, url) => {
  const target = classify(url);
  expect(target.kind).toBe('internal');
  expectHarmless(url, target);
});

test('whatever comes out of the corpus is harmless', () => {
  for (const url of [...REFUSED, ...SAME_ORIGIN]) expectHarmless(url, classify(url));
});

test('the safe targets still work: a page of this site, the survey, the video visit', () => {
  expect(classify('/results/shrt?utm_source=email')).toEqual({
    kind: 'internal',
    to: '/results/shrt?utm_source=email',
  });
  expect(classify('/s-and-p/terms').kind).toBe('internal');
  expect(classify('/search').kind).toBe('internal');
  expect(classify(`${MEMBER_SATISFACTION_PATH}?survey=1`).kind).toBe('full');
  expect(classify(`https://${VIDEO_HOST}/room/demo`)).toEqual({
    kind: 'full',
    href: `https://${VIDEO_HOST}/room/demo`,
  });
});
