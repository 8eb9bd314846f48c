import { expect, test } from 'vitest';
import { MEMBER_SATISFACTION_PATH, VIDEO_VISIT_HOSTS } from '../../src/app/short-link-config.ts';
import { classifyShortLinkTarget, type ShortLinkContext } from '../../src/app/short-link-target.ts';

const VIDEO_HOST = VIDEO_VISIT_HOSTS[0] ?? 'video.peakhealth.example';

function context(overrides: Partial<ShortLinkContext> = {}): ShortLinkContext {
  return {
    origin: 'https://peakmens.example',
    currentSearch: '',
    memberSatisfactionPath: MEMBER_SATISFACTION_PATH,
    videoVisitHosts: VIDEO_VISIT_HOSTS,
    ...overrides,
  };
}

function kindOf(url: string, overrides: Partial<ShortLinkContext> = {}) {
  return classifyShortLinkTarget(url, context(overrides)).kind;
}

/** Why a URL was refused; throws when it was not, so the test fails there. */
function reasonFor(url: string): string {
  const target = classifyShortLinkTarget(url, context());
  if (target.kind !== 'refused') throw new Error(`${url} was not refused: ${JSON.stringify(target)}`);
  return target.reason;
}

test('a path of this site is opened in the app, carrying the current query', () => {
  expect(classifyShortLinkTarget('/assessment/ed', context({ currentSearch: '?utm_source=sms&mpid=7' }))).toEqual({
    kind: 'internal',
    to: '/assessment/ed?utm_source=sms&mpid=7',
  });
});

test("the link's own query comes first and wins over the current one; its hash is kept", () => {
  const target = classifyShortLinkTarget(
    '/payment?code=shrt&utm_source=email#plans',
    context({ currentSearch: 'utm_source=sms&mpid=7&utm_source=push' }),
  );
  expect(target).toEqual({ kind: 'internal', to: '/payment?code=shrt&utm_source=email&mpid=7#plans' });
});

test("repeated parameters in the link's query are all kept", () => {
  expect(classifyShortLinkTarget('/x?tag=a&tag=b', context({ currentSearch: '?tag=c&y=1' }))).toEqual({
    kind: 'internal',
    to: '/x?tag=a&tag=b&y=1',
  });
});

test('a path with no query and no current query has no question mark', () => {
  expect(classifyShortLinkTarget('/finish', context())).toEqual({ kind: 'internal', to: '/finish' });
});

test('a full URL on this same site is opened in the app', () => {
  expect(classifyShortLinkTarget('https://peakmens.example/results?x=1', context({ currentSearch: '?y=2' }))).toEqual({
    kind: 'internal',
    to: '/results?x=1&y=2',
  });
  expect(kindOf('HTTPS://PEAKMENS.EXAMPLE:443/results')).toBe('internal');
});

test('dot segments are resolved before the path is used', () => {
  expect(classifyShortLinkTarget('/a/../results', context())).toEqual({ kind: 'internal', to: '/results' });
});

test('the member-satisfaction survey gets a full page load, with the URL as given', () => {
  expect(classifyShortLinkTarget('/member-satisfaction?order=1', context({ currentSearch: '?x=1' }))).toEqual({
    kind: 'full',
    href: 'https://peakmens.example/member-satisfaction?order=1',
  });
  expect(kindOf('https://peakmens.example/member-satisfaction/thanks')).toBe('full');
  expect(kindOf('/Member-Satisfaction')).toBe('full');
});

test('a path that only starts with the same letters as member-satisfaction stays in the app', () => {
  expect(kindOf('/member-satisfaction-faq')).toBe('internal');
});

test('member-satisfaction on another site is refused', () => {
  expect(kindOf('https://evil.example/member-satisfaction')).toBe('refused');
});

test('a video visit gets a full page load over https', () => {
  expect(classifyShortLinkTarget(`https://${VIDEO_HOST}/room/abc?t=1`, context())).toEqual({
    kind: 'full',
    href: `https://${VIDEO_HOST}/room/abc?t=1`,
  });
  expect(kindOf(`https://${VIDEO_HOST.toUpperCase()}/room/abc`)).toBe('full');
});

test('a video visit over plain http, on another port or a look-alike host is refused', () => {
  expect(kindOf(`http://${VIDEO_HOST}/room/abc`)).toBe('refused');
  expect(kindOf(`https://${VIDEO_HOST}:8443/room/abc`)).toBe('refused');
  expect(kindOf(`https://${VIDEO_HOST}.evil.example/room`)).toBe('refused');
  expect(kindOf(`https://evil${VIDEO_HOST}/room`)).toBe('refused');
  expect(kindOf(`https://evil.example/${VIDEO_HOST}`)).toBe('refused');
  expect(kindOf(`https://evil.example/?next=${VIDEO_HOST}`)).toBe('refused');
});

test('another site is refused', () => {
  expect(classifyShortLinkTarget('https://evil.example/login', context())).toEqual({
    kind: 'refused',
    reason: 'The link points to another site.',
  });
  expect(kindOf('http://peakmens.example/results')).toBe('refused');
  expect(kindOf('https://peakmens.example.evil.example/results')).toBe('refused');
  expect(kindOf('https://peakmens.example:8443/results')).toBe('refused');
});

test('javascript:, data: and other schemes are refused', () => {
  for (const url of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://peakmens.example/x',
    'mailto:a@b.example',
    'blob:https://peakmens.example/1',
  ]) {
    expect(kindOf(url), url).toBe('refused');
  }
});

test('protocol-relative and backslash URLs are refused', () => {
  for (const url of [
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    'https:\\\\evil.example',
    'https://peakmens.example\\@evil.example',
    '/results\\x',
  ]) {
    expect(kindOf(url), url).toBe('refused');
  }
  expect(reasonFor('//evil.example')).toMatch(/protocol-relative/);
  expect(reasonFor('/\\evil.example')).toMatch(/backslash/);
});

test('a path that resolves to two leading slashes is refused, since a router would read it as another host', () => {
  for (const url of [
    '/.//evil.example',
    '/a/..//evil.example',
    'https:peakmens.example//evil.example',
    'https://peakmens.example//evil.example',
  ]) {
    expect(reasonFor(url), url).toMatch(/protocol-relative/);
  }
});

test('a URL with a user name or password is refused, even an empty one', () => {
  for (const url of [
    'https://a@b.example',
    'http://user:pass@host.example',
    'https://peakmens.example@evil.example/',
    'https://user@peakmens.example/results',
    'https://@peakmens.example/results',
    'https://:@peakmens.example/results',
    'https:@peakmens.example/results',
    'https:/user@peakmens.example/results',
    `https://x@${VIDEO_HOST}/room`,
  ]) {
    expect(kindOf(url), url).toBe('refused');
  }
});

test('an @ in the path or query is not mistaken for credentials', () => {
  expect(kindOf('/contact?email=a@b.example')).toBe('internal');
  expect(kindOf('https://peakmens.example/a@b')).toBe('internal');
});

test('whitespace and control characters hiding a scheme or a host are refused', () => {
  for (const url of [
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    '/ /evil.example',
    '/results ',
    'https://peakmens.example/\u200b',
    '\ufeff/results',
    '/\u00a0/evil.example',
  ]) {
    expect(kindOf(url), JSON.stringify(url)).toBe('refused');
  }
});

test('a relative path without a leading slash, an empty link or a broken URL is refused', () => {
  for (const url of ['', 'results', './results', '../results', '?x=1', '#top', 'https://', 'http://[::1']) {
    expect(kindOf(url), url).toBe('refused');
  }
});

test('refusal reasons never repeat the address, which may hold personal data', () => {
  const url = 'https://evil.example/?email=patient@example.com';
  const target = classifyShortLinkTarget(url, context());
  expect(target.kind).toBe('refused');
  expect(JSON.stringify(target)).not.toContain('patient@example.com');
  expect(JSON.stringify(target)).not.toContain('evil.example');
});

test('whatever comes back, an in-app target is a same-site path and a full load is same-site or a video host over https', () => {
  // Generated: prefixes an attacker might try, joined with hosts and paths.
  const prefixes = [
    '',
    '/',
    '//',
    '///',
    '/\\',
    'https:',
    'https:/',
    'https://',
    'http://',
    'javascript:',
    'data:',
    ' ',
    '\t',
  ];
  const hosts = ['peakmens.example', 'evil.example', VIDEO_HOST, 'a@evil.example', 'peakmens.example@evil.example'];
  const paths = ['', '/', '/results', '/member-satisfaction', '/\\evil.example', '//evil.example', '?x=//evil.example'];
  for (const prefix of prefixes) {
    for (const host of hosts) {
      for (const path of paths) {
        const url = `${prefix}${host}${path}`;
        const target = classifyShortLinkTarget(url, context({ currentSearch: '?utm=1' }));
        if (target.kind === 'internal') {
          expect(target.to, url).toMatch(/^\/(?![/\\])/);
          expect(new URL(target.to, 'https://peakmens.example').origin, url).toBe('https://peakmens.example');
        } else if (target.kind === 'full') {
          const { origin, protocol, hostname, username } = new URL(target.href);
          expect(origin === 'https://peakmens.example' || (protocol === 'https:' && hostname === VIDEO_HOST), url).toBe(
            true,
          );
          expect(username, url).toBe('');
        }
      }
    }
  }
});
