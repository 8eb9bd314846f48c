/**
 * Markdown an attacker could slip into the content service (issue 13, point 6), rendered as
 * the app renders every server text (RichText): no script, no raw HTML, no event handler, no
 * javascript:, data: or vbscript: address on a link or image, however the markdown spells it.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { RichText } from '../../src/shared/content/rich-text.tsx';
import { renderWithProviders } from '../support/render.tsx';

afterEach(cleanup);

/** The elements markdown itself makes (no GFM tables here); anything else came from raw HTML. */
const MARKDOWN_ELEMENTS: ReadonlySet<string> = new Set([
  'div',
  'p',
  'a',
  'img',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'blockquote',
  'hr',
  'br',
]);

/** Attributes that hold an address a browser would load or follow. */
const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'];

/** The scheme a browser reads from an address: controls and spaces dropped, as browsers do (and more). */
function schemeOf(address: string): string | null {
  const squeezed = Array.from(address)
    .filter((char) => char.charCodeAt(0) > 0x20 && !/\s|[\u007f-\u009f\u200b-\u200f\u2060\ufeff]/u.test(char))
    .join('');
  return /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase() ?? null;
}

const SAFE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);

/** The rich text's own element (the providers around it render their own style element). */
function renderRichText(markdown: string): Element {
  const { container } = renderWithProviders(<RichText markdown={markdown} />);
  const root = container.querySelector('[data-mode]');
  if (root === null) throw new Error('RichText rendered nothing');
  return root;
}

function expectInert(markdown: string): void {
  const root = renderRichText(markdown);
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    const tag = element.tagName.toLowerCase();
    expect(MARKDOWN_ELEMENTS.has(tag), `<${tag}> from ${JSON.stringify(markdown)}`).toBe(true);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      expect(name.startsWith('on'), `${name} on <${tag}>`).toBe(false);
      expect(name, `<${tag}>`).not.toBe('style');
      if (URL_ATTRIBUTES.includes(name)) {
        const scheme = schemeOf(attribute.value);
        expect(scheme === null || SAFE_SCHEMES.has(scheme), `${name}="${attribute.value}" on <${tag}>`).toBe(true);
      }
    }
  }
  expect(root.querySelector('script, iframe, object, embed, svg, math, style, form, base, meta')).toBeNull();
}

/** Each vector, as the content service could send it. */
const CORPUS: readonly string[] = [
  // Raw HTML: dropped, not even shown as text.
  '<script>alert(1)</script>',
  'Hello <script>alert(1)</script> world',
  '<img src=x onerror=alert(1)>',
  '<img\nsrc=x\nonerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<div onclick="alert(1)">x</div>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<!-- --><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '[<img src=x onerror=alert(1)>](https://peakmens.example)',
  // Links and images with addresses that would run script or carry a document.
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](<javascript:alert(1)>)',
  '[click](javascript://%0Aalert(1))',
  '[click](java&#9;script:alert(1))',
  '[click](jav&#x09;ascript:alert(1))',
  '[click](java&#10;script:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](javascript&colon;alert(1))',
  '[click](&#x20;javascript:alert(1))',
  '[click](\u200bjavascript:alert(1))',
  '[click](%6Aavascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '[click](file:///etc/passwd)',
  '[click][ref]\n\n[ref]: javascript:alert(1)',
  '[click][ref]\n\n[ref]: <data:text/html,x> "title"',
  '<javascript:alert(1)>',
  '<data:text/html,x>',
  '<vbscript:msgbox(1)>',
  '***[click](javascript:alert(1))***',
  '> [quoted](vbscript:x)',
  '- [listed](javascript:alert(1))',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '![x](x "onerror=alert(1)")',
  '[![x](javascript:alert(1))](javascript:alert(2))',
  '[click](https://peakmens.example" onmouseover="alert(1))',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
];

test('the corpus holds at least 30 vectors', () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  expect(new Set(CORPUS).size).toBe(CORPUS.length);
});

test.each(CORPUS.map((markdown) => [JSON.stringify(markdown), markdown]))('%s renders inert', (_name, markdown) => {
  expectInert(markdown);
});

test('raw HTML is not even shown as text, while code keeps its text as text', () => {
  const root = renderRichText('Hi <b onclick="x()">there</b>\n\n`<i>code</i>`');
  expect(root.textContent).toBe('Hi there\n<i>code</i>');
  expect(root.querySelector('b, i')).toBeNull();
});

test('a refused link keeps its words and goes nowhere; a safe one still works', () => {
  const root = renderRichText(
    '[bad](javascript:alert(1)) [good](https://peakmens.example/team) [call](tel:+18005550100)',
  );
  const links = Array.from(root.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]);
  expect(links).toEqual([
    ['bad', '#'],
    ['good', 'https://peakmens.example/team'],
    ['call', 'tel:+18005550100'],
  ]);
});
