import { expect, test } from 'vitest';
import { NO_OP_HREF, safeImageSrc, safeLinkHref } from '../../../src/shared/content/safe-url.ts';

const PAGE = 'https://peakmens.example/error';

test('relative links and anchors are kept as written', () => {
  for (const href of ['/treatment', 'treatment', './treatment', '../treatment', '?q=1', '#faq', '/a/b?x=1#y', '']) {
    expect(safeLinkHref(href)).toBe(href);
  }
});

test('http, https, mailto and tel links are kept, whatever the letter case', () => {
  for (const href of [
    'http://example.com',
    'https://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM',
    'mailto:care@peakmens.example',
    'MailTo:care@peakmens.example?subject=Hi',
    'tel:+18005550100',
    'TEL:+18005550100',
  ]) {
    expect(safeLinkHref(href)).toBe(href);
  }
});

test('a link that could run code, read files or embed a document goes nowhere', () => {
  for (const href of [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/1234',
    'ftp://example.com',
    'sms:+18005550100',
    'intent://scan#Intent;scheme=zxing;end',
    'x-unknown:thing',
    'C:\\Windows\\system32',
  ]) {
    expect(safeLinkHref(href), href).toBe(NO_OP_HREF);
  }
});

test('whitespace and control characters a browser strips cannot hide a javascript: link', () => {
  for (const href of [
    ' JaVaScRiPt:alert(1)',
    '\tjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u0001\u001fjavascript:alert(1)',
    'javascript\t:alert(1)',
    ' \n javascript:alert(1) ',
    // Browsers do not strip these, but judging them as javascript: costs nothing and leaves no doubt.
    '\u00a0javascript:alert(1)',
    'java\u200bscript:alert(1)',
    '\ufeffjavascript:alert(1)',
  ]) {
    expect(safeLinkHref(href), JSON.stringify(href)).toBe(NO_OP_HREF);
  }
});

test('a kept link is returned as the browser will read it', () => {
  expect(safeLinkHref('  https://example.com/a  ')).toBe('https://example.com/a');
  expect(safeLinkHref('ht\ntps://example.com/a')).toBe('https://example.com/a');
});

test('a percent-encoded or entity-encoded scheme is only a relative path, so it is kept and stays on the site', () => {
  // Browsers never decode a scheme: `%6Aavascript:` and `javascript&colon;` are file names,
  // resolved against the page like any other relative link.
  for (const href of [
    '%6Aavascript:alert(1)',
    'javascript&colon;alert(1)',
    '/javascript:alert(1)',
    '?next=javascript:x',
  ]) {
    expect(safeLinkHref(href)).toBe(href);
    expect(new URL(href, PAGE).protocol).toBe('https:');
  }
});

test('protocol-relative //host is kept, and can only be a web address on another site', () => {
  expect(safeLinkHref('//example.com/page')).toBe('//example.com/page');
  expect(new URL('//example.com/page', PAGE).protocol).toBe('https:');
});

test('every kept link resolves to a web, mail or phone address; every other scheme is refused', () => {
  // Generated: each scheme in mixed case, with what browsers strip (C0 controls and spaces at
  // the ends, tabs and newlines anywhere) spliced in at every position.
  const kept = ['http', 'https', 'mailto', 'tel'];
  const schemes = [...kept, 'javascript', 'data', 'vbscript', 'file', 'ws', 'about', 'chrome'];
  const ends = ['', ' ', '\u0000', '\u001f', '\t'];
  const inside = ['', '\t', '\n', '\r'];
  for (const scheme of schemes) {
    for (let at = 0; at <= scheme.length; at += 1) {
      for (const [index, splice] of inside.entries()) {
        const end = ends[(at + index) % ends.length] ?? '';
        const cased = scheme.replace(/./g, (char, position: number) =>
          (position + index) % 2 ? char.toUpperCase() : char,
        );
        const href = `${end}${cased.slice(0, at)}${splice}${cased.slice(at)}:payload${end}`;
        const result = safeLinkHref(href);
        if (kept.includes(scheme)) {
          expect(new URL(result, PAGE).protocol, JSON.stringify(href)).toBe(`${scheme}:`);
        } else {
          expect(result, JSON.stringify(href)).toBe(NO_OP_HREF);
        }
      }
    }
  }
});

test('images load only from relative, http or https sources', () => {
  expect(safeImageSrc('/images/a.png')).toBe('/images/a.png');
  expect(safeImageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
  expect(safeImageSrc('javascript:alert(1)')).toBeNull();
  expect(safeImageSrc('mailto:a@b.example')).toBeNull();
  expect(safeImageSrc('  ')).toBeNull();
});
