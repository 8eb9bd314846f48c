import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JSHandle } from '@playwright/test';
import { expect, type Page } from './test.ts';

/**
 * The design contract (docs/design.md), checked in the real browser on whatever page is open:
 * buttons look like buttons and are readable, one primary action in the page's content, tap
 * targets a thumb can hit on a phone, no sideways scrolling, no text cut off by its box, and a
 * visible focus indicator on everything Tab reaches, phone numbers that never break across
 * lines, and one page heading, said once. Each problem is one line,
 * `[rule] element: detail`, with the element named so that it can be found on the screen.
 *
 * Thresholds, and why:
 * - a button's fill must stand out from what is behind it by 1.5:1 (a pale tint is enough to
 *   read as a shape; the bug this guards against, a Mantine button reset to a transparent
 *   background, scores 1:1), or its border by 3:1 (WCAG 1.4.11, non-text contrast);
 * - a button's text 4.5:1 on its own fill (WCAG 1.4.3); an icon-only button's colour 3:1
 *   (WCAG 1.4.11: the icon is a graphic, not text);
 * - the primary action's fill equals the brand's primary colour within 6 of 255 per channel
 *   (rounding in colour-mix and the browser's colour spaces; the nearest other shade of the
 *   theme is much further), and any other fill of 3:1 or more counts as a competing solid fill;
 * - tap targets at least 44 × 44 CSS px below 640 px (WCAG 2.5.5; docs/design.md), after
 *   rounding to whole pixels, as the message shows them;
 * - overflow and clipping: more than 1 px, so subpixel layout is never a problem;
 * - a phone number (as a patient reads it: (888) 555-0142, 888-555-0142) and every call link
 *   (`tel:`) sit in text that does not wrap (white-space nowrap) or, as plain text, carry no
 *   break opportunity (a no-break space, a word joiner after the hyphen: unbreakablePhone);
 * - one rendered h1, whose words no other heading and no text in the page's header repeat
 *   (a "Secure Checkout" badge over a "Secure Checkout" heading);
 * - a focus ring: an outline at least 2 px wide (WCAG 2.4.13's minimum area) or a box-shadow,
 *   present when focused and absent when not (Chromium's own 1 px `auto` ring does not count:
 *   docs/design.md asks for the brand's ring on every control).
 *
 * Not checked: what is not rendered (display none, visibility hidden, zero size, under
 * aria-hidden, inside a closed details), what is hidden on purpose for screen readers (1 px or
 * clipped to nothing), and disabled controls, which are not targets or actions.
 */

/** The widths every screen is checked at: the smallest phone, a common phone, a laptop. */
export const DESIGN_WIDTHS = [320, 375, 1280] as const;

export interface LayoutOptions {
  /** The brand's primary colour as hex (#0b4f8a): the one filled action in `main` has it. */
  primaryColor: string;
}

/** What the page-side code offers; built fresh in the page by `designToolkit` for each check. */
interface DesignToolkit {
  layout: (options: LayoutOptions) => string[];
  headings: () => string[];
  focusProbe: () => FocusProbe;
}

/** One keyboard walk: `start` before the first Tab, `step` after each, `end` to put things back. */
interface FocusProbe {
  start: () => void;
  step: () => { done: boolean; problem: string | null };
  end: () => void;
}

/**
 * Everything that runs in the page. Playwright sends a function's source text to the browser,
 * so this function refers to nothing outside itself but the browser's own globals.
 */
function designToolkit(): DesignToolkit {
  interface Rgba {
    r: number;
    g: number;
    b: number;
    a: number;
  }
  const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
  const ACTIONS = 'button, [role="button"], input[type="submit"], input[type="button"], a';
  const INTERACTIVE =
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"]), summary';
  const FOCUSABLE =
    'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])';
  const OPTION_ROOT = '.mantine-Radio-root, .mantine-Checkbox-root, [data-option]';
  const CONTEXT =
    'header, nav, main, footer, aside, form, fieldset, dialog, [role="dialog"], [role="radiogroup"], [role="group"]';

  // Computed styles are live objects; derived colours are cached for one check only, since
  // the page changes between checks (focus, resizing).
  let styles = new Map<Element, CSSStyleDeclaration>();
  let surfaces = new Map<Element, Rgba>();
  const colors = new Map<string, Rgba>();
  let canvas: CanvasRenderingContext2D | null = null;

  function fresh(): void {
    styles = new Map();
    surfaces = new Map();
  }

  function style(element: Element): CSSStyleDeclaration {
    let computed = styles.get(element);
    if (computed === undefined) {
      computed = getComputedStyle(element);
      styles.set(element, computed);
    }
    return computed;
  }

  function parentOf(element: Element): Element | null {
    if (element.parentElement !== null) return element.parentElement;
    const root = element.getRootNode();
    return root instanceof ShadowRoot ? root.host : null;
  }

  /** Any CSS colour as 8-bit sRGB: rgb() directly, anything else (color-mix, oklch...) painted on a canvas. */
  function parseColor(value: string): Rgba {
    const cached = colors.get(value);
    if (cached !== undefined) return cached;
    let color: Rgba = { r: 0, g: 0, b: 0, a: 0 };
    const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
    if (match !== null) {
      const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] === '%' ? 100 : 1);
      color = { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a: alpha };
    } else {
      canvas ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      if (canvas !== null) {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = 'rgba(0, 0, 0, 0)';
        canvas.fillStyle = value;
        canvas.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
        color = { r, g, b, a: a / 255 };
      }
    }
    colors.set(value, color);
    return color;
  }

  /** `top` painted over an opaque `bottom`. */
  function composite(top: Rgba, bottom: Rgba): Rgba {
    const { a } = top;
    return {
      r: top.r * a + bottom.r * (1 - a),
      g: top.g * a + bottom.g * (1 - a),
      b: top.b * a + bottom.b * (1 - a),
      a: 1,
    };
  }

  function luminance(color: Rgba): number {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
  }

  /** WCAG's contrast ratio of two opaque colours. */
  function contrast(one: Rgba, other: Rgba): number {
    const [light, dark] = [luminance(one), luminance(other)].sort((x, y) => y - x);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  }

  function ratio(value: number): string {
    return `${value.toFixed(2)}:1`;
  }

  function hex(color: Rgba): string {
    if (color.a === 0) return 'transparent';
    const digits = [color.r, color.g, color.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
    return color.a < 1 ? `#${digits} at ${String(Math.round(color.a * 100))}%` : `#${digits}`;
  }

  /** What the element paints its content on: its own background over its ancestors', white at the root. */
  function surface(element: Element): Rgba {
    let color = surfaces.get(element);
    if (color === undefined) {
      color = composite(parseColor(style(element).backgroundColor), behind(element));
      surfaces.set(element, color);
    }
    return color;
  }

  /** What shows behind the element: its ancestors' backgrounds composited, white at the root. */
  function behind(element: Element): Rgba {
    const parent = parentOf(element);
    return parent === null ? WHITE : surface(parent);
  }

  function isDisabled(element: Element): boolean {
    return (
      element.matches(':disabled') ||
      element.getAttribute('aria-disabled') === 'true' ||
      element.hasAttribute('data-disabled')
    );
  }

  /** Shown at all: not display:none or visibility:hidden, not empty, not aria-hidden, not in a closed details. */
  function isRendered(element: Element): boolean {
    if (!element.checkVisibility({ checkVisibilityCSS: true })) return false;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    if (element.closest('[aria-hidden="true"]') !== null) return false;
    for (let details = element.parentElement?.closest('details:not([open])'); details;) {
      if (details.querySelector(':scope > summary')?.contains(element) !== true) return false;
      details = details.parentElement?.closest('details:not([open])');
    }
    return true;
  }

  /** Hidden on purpose but there for screen readers: 1 px or less, or clipped to nothing (itself or an ancestor). */
  function isVisuallyHidden(element: Element): boolean {
    for (let node: Element | null = element; node !== null && node !== document.body; node = parentOf(node)) {
      const computed = style(node);
      if (/^rect\(0(px)?,?\s*0(px)?,?\s*0(px)?,?\s*0(px)?\)$/.test(computed.getPropertyValue('clip'))) return true;
      if (computed.clipPath === 'inset(50%)') return true;
      const rect = node.getBoundingClientRect();
      if ((rect.width <= 1 || rect.height <= 1) && (node === element || computed.overflow !== 'visible')) return true;
    }
    return false;
  }

  function clean(text: string, max = 40): string {
    // A required field's asterisk is not part of what a person reads as its name.
    const collapsed = text
      .slice(0, 400)
      .replace(/\s+/g, ' ')
      .replace(/\s*\*$/, '')
      .trim();
    return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
  }

  /** A short name a person would search the screen for: its label, text, or alternative. */
  function nameOf(element: Element, max = 40): string {
    const label = element.getAttribute('aria-label');
    if (label !== null && label.trim() !== '') return clean(label, max);
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy !== null) {
      const text = labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      if (text.trim() !== '') return clean(text, max);
    }
    if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type)) {
      return clean(element.value, max);
    }
    if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement
    ) {
      const text = element.labels?.[0]?.textContent ?? '';
      if (text.trim() !== '') return clean(text, max);
      return clean(element.getAttribute('placeholder') ?? element.getAttribute('name') ?? '', max);
    }
    const text = clean(element.textContent, max);
    if (text !== '') return text;
    const alt = element.querySelector('img[alt], svg title, [aria-label]');
    const alternative = alt?.getAttribute('alt') ?? alt?.getAttribute('aria-label') ?? alt?.textContent ?? '';
    if (alternative.trim() !== '') return clean(alternative, max);
    return clean(element.getAttribute('title') ?? '', max);
  }

  /** `tag[type][role]#id`, or with a meaningful class for an element that has neither a name nor an id. */
  function head(element: Element, name: string): string {
    let text = element.tagName.toLowerCase();
    if (element instanceof HTMLInputElement) text += `[type=${element.type}]`;
    const role = element.getAttribute('role');
    if (role !== null) text += `[role=${role}]`;
    // Generated ids (Mantine's, React's) change from one render to the next: useless to search for.
    if (/^[A-Za-z][\w-]*$/.test(element.id) && !element.id.startsWith('mantine-')) return `${text}#${element.id}`;
    if (name === '' || !element.matches(INTERACTIVE)) {
      const meaningful = [...element.classList].find(
        (name) => !/^m_[0-9a-f]+$/.test(name) && !/^mantine-(focus|active)/.test(name),
      );
      if (meaningful !== undefined) text += `.${meaningful}`;
    }
    return text;
  }

  /** `button "Next" (main > form)`: what it is, its name, and the two nearest landmarks or groups around it. */
  function describe(element: Element, withContext = true): string {
    const name = nameOf(element);
    let text = head(element, name) + (name === '' ? '' : ` "${name}"`);
    if (!withContext) return text;
    const context: string[] = [];
    for (let node = parentOf(element); node !== null && context.length < 2; node = parentOf(node)) {
      if (!node.matches(CONTEXT)) continue;
      const label = node.matches('fieldset')
        ? clean(node.querySelector(':scope > legend')?.textContent ?? '', 30)
        : node.matches('[role], dialog')
          ? nameOf(node, 30)
          : '';
      const what = node.getAttribute('role') ?? node.tagName.toLowerCase();
      context.unshift(label === '' ? what : `${what} "${label}"`);
    }
    if (context.length > 0) text += ` (${context.join(' > ')})`;
    return text;
  }

  function hasBorder(computed: CSSStyleDeclaration): boolean {
    return (['Top', 'Right', 'Bottom', 'Left'] as const).some(
      (side) =>
        parseFloat(computed[`border${side}Width`]) >= 1 &&
        !['none', 'hidden'].includes(computed[`border${side}Style`]) &&
        parseColor(computed[`border${side}Color`]).a > 0,
    );
  }

  /** A link that presents itself as a button: Mantine's Button or a variant, or its own fill or border. */
  function isButtonStyledLink(link: Element): boolean {
    if (link.matches('.mantine-Button-root, [data-variant]')) return true;
    const computed = style(link);
    return parseColor(computed.backgroundColor).a > 0 || hasBorder(computed);
  }

  /** The best contrast of the element's border sides against what is behind it, or null with no border. */
  function borderContrast(element: Element): { ratio: number; color: Rgba; width: string } | null {
    const computed = style(element);
    const fill = surface(element);
    const below = behind(element);
    let best: { ratio: number; color: Rgba; width: string } | null = null;
    for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
      const width = computed[`border${side}Width`];
      if (parseFloat(width) < 1 || ['none', 'hidden'].includes(computed[`border${side}Style`])) continue;
      // The border is painted over the element's own background.
      const color = composite(parseColor(computed[`border${side}Color`]), fill);
      const value = contrast(color, below);
      if (best === null || value > best.ratio) best = { ratio: value, color, width };
    }
    return best;
  }

  function isUnderlined(element: Element): boolean {
    if (style(element).textDecorationLine.includes('underline')) return true;
    for (const child of element.querySelectorAll('*')) {
      if (style(child).textDecorationLine.includes('underline')) return true;
    }
    return false;
  }

  /** The lowest contrast of the element's visible text (or, with none, its icon colour) on its own background. */
  interface TextContrast {
    ratio: number;
    fg: Rgba;
    bg: Rgba;
    isText: boolean;
  }

  function measureText(holder: Element, isText: boolean): TextContrast {
    const bg = surface(holder);
    const fg = composite(parseColor(style(holder).color), bg);
    return { ratio: contrast(fg, bg), fg, bg, isText };
  }

  /** The lowest contrast of the element's visible text (or, with none, its icon colour) on its own background. */
  function textContrast(element: Element): TextContrast {
    if (element instanceof HTMLInputElement) return measureText(element, element.value.trim() !== '');
    let worst: TextContrast | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const holder = node.parentElement;
      if ((node.textContent ?? '').trim() === '' || holder === null) continue;
      if (!isRendered(holder) || isVisuallyHidden(holder)) continue;
      const measured = measureText(holder, true);
      if (worst === null || measured.ratio < worst.ratio) worst = measured;
    }
    return worst ?? measureText(element, false);
  }

  function parseHex(value: string): Rgba {
    const digits = value.replace('#', '');
    const full = digits.length === 3 ? digits.replace(/./g, (digit) => digit + digit) : digits;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }

  /** A link inside a sentence (WCAG 2.5.8's inline exception): its nearest block has text outside it. */
  function isInlineLink(link: Element): boolean {
    let block = parentOf(link);
    while (block !== null && block !== document.body && /^(inline|contents)/.test(style(block).display)) {
      block = parentOf(block);
    }
    if (block === null) return false;
    return clean(block.textContent, Infinity).length > clean(link.textContent, Infinity).length;
  }

  /** The boxes that choose a radio or checkbox with it: its labels and its Mantine option row. */
  function optionBoxes(input: HTMLInputElement): Element[] {
    const boxes: Element[] = [...(input.labels ?? [])];
    const wrapping = input.closest('label');
    if (wrapping !== null) boxes.push(wrapping);
    const root = input.closest(OPTION_ROOT);
    if (root !== null) boxes.push(root);
    return [...new Set(boxes)];
  }

  function buttonRules(actions: Element[], problems: string[]): void {
    for (const element of actions) {
      const computed = style(element);
      const below = behind(element);
      const fill = parseColor(computed.backgroundColor);
      const fillRatio = contrast(composite(fill, below), below);
      const border = borderContrast(element);
      // A gradient or image fill cannot be measured here: taken as a visible fill.
      const visible =
        fillRatio >= 1.5 || computed.backgroundImage !== 'none' || (border?.ratio ?? 0) >= 3 || isUnderlined(element);
      if (!visible) {
        const borderText =
          border === null
            ? 'no border'
            : `a ${border.width} border ${hex(border.color)} of ${ratio(border.ratio)} (needs 3:1)`;
        problems.push(
          `[button-visible] ${describe(element)}: looks like plain text: its background ${hex(fill)} is ${ratio(fillRatio)} against ${hex(below)} behind it (needs 1.5:1), ${borderText}, no underline`,
        );
      }
      const text = textContrast(element);
      const needed = text.isText ? 4.5 : 3;
      if (text.ratio < needed) {
        problems.push(
          `[button-contrast] ${describe(element)}: ${text.isText ? 'text' : 'icon'} ${hex(text.fg)} on ${hex(text.bg)} is ${ratio(text.ratio)} (needs ${String(needed)}:1)`,
        );
      }
    }
  }

  function primaryActionRule(actions: Element[], primaryColor: string, problems: string[]): void {
    const main = document.querySelector('main');
    if (main === null) return;
    const inMain = actions.filter((element) => main.contains(element));
    if (inMain.length === 0) return;
    const primary = parseHex(primaryColor);
    const isPrimary = (element: Element) => {
      const fill = parseColor(style(element).backgroundColor);
      return (
        fill.a >= 0.95 &&
        Math.abs(fill.r - primary.r) <= 6 &&
        Math.abs(fill.g - primary.g) <= 6 &&
        Math.abs(fill.b - primary.b) <= 6
      );
    };
    const primaries = inMain.filter(isPrimary);
    if (primaries.length !== 1) {
      const listed = (primaries.length === 0 ? inMain : primaries)
        .slice(0, 6)
        .map((element) => describe(element, false));
      const more = (primaries.length === 0 ? inMain : primaries).length > listed.length ? ', …' : '';
      problems.push(
        primaries.length === 0
          ? `[primary-action] main: no action is filled with the primary colour ${primaryColor} (actions: ${listed.join(', ')}${more})`
          : `[primary-action] main: ${String(primaries.length)} actions are filled with the primary colour ${primaryColor}, not 1: ${listed.join(', ')}${more}`,
      );
    }
    for (const element of inMain) {
      if (isPrimary(element)) continue;
      const below = behind(element);
      const fill = composite(parseColor(style(element).backgroundColor), below);
      const value = contrast(fill, below);
      if (value >= 3) {
        problems.push(
          `[primary-action] ${describe(element)}: a solid fill ${hex(fill)} (${ratio(value)} against ${hex(below)}) competes with the primary action`,
        );
      }
    }
  }

  function tapTargetRule(problems: string[]): void {
    for (const element of document.querySelectorAll(INTERACTIVE)) {
      if (!isRendered(element) || isDisabled(element) || isVisuallyHidden(element)) continue;
      if (element.tagName === 'A' && isInlineLink(element)) continue;
      const rect = element.getBoundingClientRect();
      let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
      let withLabel = false;
      if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
        for (const box of optionBoxes(element)) {
          const other = box.getBoundingClientRect();
          [left, top, right, bottom] = [
            Math.min(left, other.left),
            Math.min(top, other.top),
            Math.max(right, other.right),
            Math.max(bottom, other.bottom),
          ];
          withLabel = true;
        }
      }
      const [width, height] = [Math.round(right - left), Math.round(bottom - top)];
      if (width < 44 || height < 44) {
        problems.push(
          `[tap-target] ${describe(element)}: ${String(width)}×${String(height)} px${withLabel ? ' with its label' : ''}, under 44×44 px`,
        );
      }
    }
  }

  function overflowRule(problems: string[]): void {
    const viewport = window.innerWidth;
    const contentWidth = document.documentElement.scrollWidth;
    if (contentWidth <= viewport + 1) return;
    // Content inside a box that clips or scrolls sideways, or fixed to the viewport, cannot widen the page.
    const contained = new Map<Element, boolean>();
    const isContained = (element: Element): boolean => {
      const parent = parentOf(element);
      if (parent === null || parent === document.body || parent === document.documentElement) return false;
      let value = contained.get(parent);
      if (value === undefined) {
        const computed = style(parent);
        value = computed.overflowX !== 'visible' || computed.position === 'fixed' || isContained(parent);
        contained.set(parent, value);
      }
      return value;
    };
    const offenders = new Set<Element>();
    const widths = new Map<Element, DOMRect>();
    for (const element of document.body.querySelectorAll('*')) {
      if (style(element).position === 'fixed' || isContained(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.right <= viewport + 1 || rect.width === 0 || !isRendered(element)) continue;
      offenders.add(element);
      widths.set(element, rect);
    }
    // The outermost offenders: their descendants pass the edge only because they do.
    const outermost = [...offenders]
      .filter((element) => {
        const parent = parentOf(element);
        return parent === null || !offenders.has(parent);
      })
      .sort((one, other) => (widths.get(other)?.width ?? 0) - (widths.get(one)?.width ?? 0))
      .slice(0, 3);
    if (outermost.length === 0) {
      problems.push(
        `[overflow] document: ${String(contentWidth)} px of content in a ${String(viewport)} px viewport scrolls sideways`,
      );
    }
    for (const element of outermost) {
      const rect = widths.get(element);
      if (rect === undefined) continue;
      problems.push(
        `[overflow] ${describe(element)}: ${String(Math.round(rect.width))} px wide, its right edge at ${String(Math.round(rect.right))} px passes the ${String(viewport)} px viewport (the page scrolls sideways to ${String(contentWidth)} px)`,
      );
    }
  }

  /** Whether text inside the element is laid out past its padding box on an axis it clips. */
  function cutsText(element: Element, clipsX: boolean, clipsY: boolean): boolean {
    const rect = element.getBoundingClientRect();
    const left = rect.left + element.clientLeft;
    const top = rect.top + element.clientTop;
    const right = left + element.clientWidth;
    const bottom = top + element.clientHeight;
    const range = document.createRange();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let count = 0;
    for (let node = walker.nextNode(); node !== null && count < 500; node = walker.nextNode()) {
      if ((node.textContent ?? '').trim() === '') continue;
      count += 1;
      // Text inside a nearer box that clips is that box's business (it is checked itself).
      let clippedNearer = false;
      for (let holder = node.parentElement; holder !== null && holder !== element; holder = holder.parentElement) {
        if (style(holder).overflowX !== 'visible' || style(holder).overflowY !== 'visible') clippedNearer = true;
      }
      if (clippedNearer) continue;
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (box.width === 0) continue;
        if (clipsX && (box.right > right + 1 || box.left < left - 1)) return true;
        if (clipsY && (box.bottom > bottom + 1 || box.top < top - 1)) return true;
      }
    }
    return false;
  }

  function clippedTextRule(problems: string[]): void {
    const reported = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      const computed = style(element);
      const clipsX = computed.overflowX === 'hidden' || computed.overflowX === 'clip';
      const clipsY = computed.overflowY === 'hidden' || computed.overflowY === 'clip';
      if (!clipsX && !clipsY) continue;
      const overX = clipsX && element.scrollWidth > element.clientWidth + 1;
      const overY = clipsY && element.scrollHeight > element.clientHeight + 1;
      if (!overX && !overY) continue;
      if (element.textContent.trim() === '' || !isRendered(element) || isVisuallyHidden(element)) continue;
      const ellipsis = computed.textOverflow === 'ellipsis';
      // Cut short with an ellipsis is fine when the whole text is in a title a pointer can show.
      if (ellipsis && element.hasAttribute('title')) continue;
      if (!cutsText(element, overX, overY)) continue;
      // Name the control the text belongs to: that is what someone looks for on the screen.
      const target = element.closest('button, a[href], [role="button"], label') ?? element;
      if (reported.has(target)) continue;
      reported.add(target);
      const overflow =
        computed.overflowX === computed.overflowY ? computed.overflowX : `${computed.overflowX} ${computed.overflowY}`;
      problems.push(
        `[clipped-text] ${describe(target)}: ${ellipsis ? 'text cut short with an ellipsis and no title' : 'text cut off'}: ${String(element.scrollWidth)}×${String(element.scrollHeight)} px of content in a ${String(element.clientWidth)}×${String(element.clientHeight)} px box with overflow ${overflow}`,
      );
    }
  }

  /**
   * US phone numbers as a patient reads them: (888) 555-0142 or 888-555-0142, with the no-break
   * space and word joiner of unbreakablePhone (src/shared/layout/phone.ts) where they are.
   */
  const PHONE = /\(\d{3}\)[ \u00a0]?\d{3}-\u2060?\d{4}|\b\d{3}-\u2060?\d{3}-\u2060?\d{4}\b/g;

  /** Whether the element's text may wrap onto a second line. */
  function wrapsLines(element: Element): boolean {
    const computed = style(element);
    const mode = computed.getPropertyValue('text-wrap-mode');
    return mode !== 'nowrap' && computed.whiteSpace !== 'nowrap' && computed.whiteSpace !== 'pre';
  }

  function phoneRule(problems: string[]): void {
    // A call link stays on one line, whatever it says ("Call now" too).
    for (const link of document.querySelectorAll('a[href^="tel:"]')) {
      if (!isRendered(link) || isVisuallyHidden(link) || !wrapsLines(link)) continue;
      problems.push(
        `[phone-wrap] ${describe(link)}: a call link that can break across lines (white-space ${style(link).whiteSpace})`,
      );
    }
    // A number in text wraps only where it has no break opportunity: a space, or a hyphen with no word joiner after it.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const holder = node.parentElement;
      // A number inside a call link is the link's business (above).
      if (holder === null || !wrapsLines(holder) || holder.closest('a[href^="tel:"]') !== null) continue;
      for (const [phone] of (node.textContent ?? '').matchAll(PHONE)) {
        if (!/ |-(?!\u2060)/.test(phone) || !isRendered(holder) || isVisuallyHidden(holder)) continue;
        problems.push(
          `[phone-wrap] ${describe(holder)}: "${phone}" can break across lines; show the brand's number as a PhoneLink, any other with unbreakablePhone`,
        );
      }
    }
  }

  function headingRule(problems: string[]): void {
    const titles = [...document.querySelectorAll('h1')].filter(
      (heading) => isRendered(heading) && !isVisuallyHidden(heading),
    );
    if (titles.length !== 1) {
      const listed = titles.map((heading) => describe(heading, false)).join(', ');
      problems.push(
        `[one-h1] document: ${String(titles.length)} page headings (h1), not 1${listed === '' ? '' : `: ${listed}`}`,
      );
    }
    const [title] = titles;
    if (title === undefined) return;
    // The page's heading said twice: by another heading, or by the header over it (a badge).
    const words = clean(title.textContent, Infinity).toLowerCase();
    const echoes = new Set<Element>();
    for (const other of document.querySelectorAll('h2, h3, h4, h5, h6')) {
      if (clean(other.textContent, Infinity).toLowerCase() === words) echoes.add(other);
    }
    for (const banner of document.querySelectorAll('header, [role="banner"]')) {
      const texts = document.createTreeWalker(banner, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
        const holder = node.parentElement;
        if (holder !== null && clean(node.textContent ?? '', Infinity).toLowerCase() === words) echoes.add(holder);
      }
    }
    for (const echo of echoes) {
      if (echo === title || !isRendered(echo) || isVisuallyHidden(echo)) continue;
      problems.push(
        `[doubled-heading] ${describe(echo)}: says the page's heading again (h1 "${clean(title.textContent)}")`,
      );
    }
  }

  function layout(options: LayoutOptions): string[] {
    fresh();
    const problems: string[] = [];
    const actions: Element[] = [];
    for (const element of document.querySelectorAll(ACTIONS)) {
      if (!isRendered(element) || isDisabled(element) || isVisuallyHidden(element)) continue;
      if (element.tagName === 'A' && !element.matches('[role="button"]') && !isButtonStyledLink(element)) continue;
      actions.push(element);
    }
    buttonRules(actions, problems);
    primaryActionRule(actions, options.primaryColor, problems);
    if (window.innerWidth < 640) tapTargetRule(problems);
    overflowRule(problems);
    clippedTextRule(problems);
    phoneRule(problems);
    return problems;
  }

  /** An outline or a box-shadow that shows, as text to compare ('' for none). */
  function ring(element: Element): string {
    const computed = getComputedStyle(element);
    const outline =
      computed.outlineStyle !== 'none' &&
      parseFloat(computed.outlineWidth) >= 2 &&
      parseColor(computed.outlineColor).a > 0
        ? `outline ${computed.outlineWidth} ${computed.outlineStyle} ${computed.outlineColor}`
        : '';
    const shadow = computed.boxShadow === 'none' ? '' : `box-shadow ${computed.boxShadow}`;
    return `${outline}|${shadow}`;
  }

  /** Where a focus ring may show: the element, and for a radio or checkbox its label or option row too. */
  function ringCarriers(element: Element): Element[] {
    return element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')
      ? [element, ...optionBoxes(element)]
      : [element];
  }

  function rings(element: Element): string[] {
    return ringCarriers(element).map(ring);
  }

  /** Focus rings that fade in are read at their end. */
  function finishTransitions(): void {
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
    }
  }

  function focusProbe(): FocusProbe {
    const unfocused = new WeakMap<Element, string[]>();
    const seen = new Set<Element>();
    const sentinel = document.createElement('span');
    let scroll: [number, number] = [0, 0];
    let tabs = 0;
    let idle = 0;
    let previous: Element | null = null;

    const deepActive = (): Element | null => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement != null) active = active.shadowRoot.activeElement;
      return active;
    };
    const blurActive = () => {
      const active = deepActive();
      if (active instanceof HTMLElement || active instanceof SVGElement) active.blur();
    };

    return {
      start: () => {
        scroll = [window.scrollX, window.scrollY];
        blurActive();
        finishTransitions();
        // Every control's look without focus, read now so the walk need not blur each one.
        for (const element of document.querySelectorAll(FOCUSABLE)) unfocused.set(element, rings(element));
        // Tab from the top: an unreachable mark before everything else holds the starting point.
        sentinel.tabIndex = -1;
        sentinel.style.position = 'fixed';
        document.body.prepend(sentinel);
        sentinel.focus({ preventScroll: true });
      },
      step: () => {
        tabs += 1;
        sentinel.remove();
        const element = deepActive();
        if (element === null || element === document.body || element === document.documentElement) {
          // Past the last control focus leaves the page, and comes back at the first; twice means nothing is reachable.
          idle += 1;
          return { done: idle >= 2, problem: null };
        }
        idle = 0;
        // The same element again at once: Tab is moving through controls inside it (a frame, a
        // video's own controls), which the page cannot see; the walk goes on past them.
        const within = element === previous;
        previous = element;
        if (within) return { done: false, problem: null };
        if (seen.has(element)) return { done: true, problem: null };
        seen.add(element);
        // A frame's own controls are its page's business.
        if (element instanceof HTMLIFrameElement) return { done: false, problem: null };
        finishTransitions();
        const focused = rings(element);
        let before = unfocused.get(element);
        if (before === undefined) {
          // Rendered since the walk began: read it unfocused now, then give focus back so Tab goes on from it.
          if (element instanceof HTMLElement || element instanceof SVGElement) {
            element.blur();
            finishTransitions();
            before = rings(element);
            const options: FocusOptions & { focusVisible?: boolean } = { preventScroll: true, focusVisible: true };
            element.focus(options);
            finishTransitions();
          } else {
            before = focused.map(() => '|');
          }
        }
        const shows = focused.some((now, index) => {
          const [outline = '', shadow = ''] = now.split('|');
          const [outlineBefore = '', shadowBefore = ''] = (before[index] ?? '|').split('|');
          return (outline !== '' && outline !== outlineBefore) || (shadow !== '' && shadow !== shadowBefore);
        });
        if (shows) return { done: false, problem: null };
        const computed = getComputedStyle(element);
        const outline =
          computed.outlineStyle === 'none'
            ? 'none'
            : `${computed.outlineWidth} ${computed.outlineStyle} ${hex(parseColor(computed.outlineColor))}`;
        return {
          done: false,
          problem: `[focus-visible] ${describe(element)}: no visible focus indicator when reached by Tab ${String(tabs)} (focused: outline ${outline}, box-shadow ${computed.boxShadow}; needs an outline of 2 px or a box-shadow it lacks unfocused)`,
        };
      },
      end: () => {
        sentinel.remove();
        blurActive();
        window.scrollTo(scroll[0], scroll[1]);
      },
    };
  }

  function headings(): string[] {
    fresh();
    const problems: string[] = [];
    headingRule(problems);
    return problems;
  }

  return { layout, headings, focusProbe };
}

/**
 * The toolkit, compiled in the page. Sent as source text with a `__name` of its own: tsx and
 * esbuild (keepNames) wrap a function's inner functions in `__name(...)` calls, which would
 * not exist in the page, so a script run with tsx can use the contract as the tests do.
 */
async function toolkit(page: Page): Promise<JSHandle<DesignToolkit>> {
  return page.evaluateHandle<DesignToolkit>(
    `(() => { const __name = (target) => target; return (${designToolkit.toString()})(); })()`,
  );
}

async function dispose(handle: JSHandle): Promise<void> {
  // A page that navigated or closed has dropped the handle already.
  await handle.dispose().catch(() => undefined);
}

/** Problems with the page as it is now, at the current viewport width. */
export async function layoutProblems(page: Page, options: LayoutOptions): Promise<string[]> {
  const kit = await toolkit(page);
  try {
    return await page.evaluate(({ kit, options }) => kit.layout(options), { kit, options });
  } finally {
    await dispose(kit);
  }
}

/**
 * Problems with the page's headings as it is now: one h1, said once (not by another heading,
 * nor by the header over it). Apart from layoutProblems: a fragment of a page has no h1.
 */
export async function headingProblems(page: Page): Promise<string[]> {
  const kit = await toolkit(page);
  try {
    return await page.evaluate((kit) => kit.headings(), kit);
  } finally {
    await dispose(kit);
  }
}

/**
 * Tabs through the page (from the top, at most `maxTabs` presses, stops when focus cycles) and
 * reports each focused element with no visible focus indicator.
 */
export async function focusProblems(page: Page, maxTabs = 60): Promise<string[]> {
  const kit = await toolkit(page);
  const probe = await page.evaluateHandle((kit) => kit.focusProbe(), kit);
  const problems: string[] = [];
  try {
    await page.evaluate((probe) => {
      probe.start();
    }, probe);
    for (let tab = 0; tab < maxTabs; tab += 1) {
      await page.keyboard.press('Tab');
      const { done, problem } = await page.evaluate((probe) => probe.step(), probe);
      if (problem !== null) problems.push(problem);
      if (done) break;
    }
    await page.evaluate((probe) => {
      probe.end();
    }, probe);
  } finally {
    await dispose(probe);
    await dispose(kit);
  }
  return problems;
}

/** Two frames for layout after a resize, then any transitions it started, at most a second. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => {
      requestAnimationFrame(() => {
        requestAnimationFrame(() => {
          resolve();
        });
      });
    });
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(finite), new Promise((resolve) => setTimeout(resolve, 1_000))]);
  });
}

interface Brands {
  brands: Record<string, { colors: { primary: string } } | undefined>;
}
let brands: Brands | undefined;

/** The brand's primary colour (config/brands.json) for the page's `<html data-site>`. */
async function primaryColorOf(page: Page): Promise<string> {
  brands ??= JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', '..', 'config', 'brands.json'), 'utf8'),
  ) as Brands;
  const site = await page.evaluate(() => document.documentElement.dataset.site ?? '');
  const brand = brands.brands[site];
  if (brand === undefined) {
    throw new Error(`the page's <html data-site="${site}"> names no brand of config/brands.json (${page.url()})`);
  }
  return brand.colors.primary;
}

/**
 * Runs layoutProblems and headingProblems at each width (resizing the viewport, no reload), and focusProblems
 * once at the first width, then restores the original viewport; fails with every problem,
 * each prefixed with its width and naming `what`. The primary colour is the brand's, by the
 * page's `<html data-site>`.
 */
export async function expectDesigned(
  page: Page,
  what: string,
  widths: readonly number[] = DESIGN_WIDTHS,
): Promise<void> {
  const primaryColor = await primaryColorOf(page);
  const original = page.viewportSize() ?? (await page.evaluate(() => ({ width: innerWidth, height: innerHeight })));
  const problems: string[] = [];
  const resize = async (width: number) => {
    if (page.viewportSize()?.width === width) return;
    await page.setViewportSize({ width, height: original.height });
    await settle(page);
  };
  // The pointer may rest on a button from the test's last click: its hover colour is not its colour.
  await page.mouse.move(-1, -1);
  try {
    for (const width of widths) {
      await resize(width);
      problems.push(
        ...[...(await layoutProblems(page, { primaryColor })), ...(await headingProblems(page))].map(
          (problem) => `${String(width)}px on ${what}: ${problem}`,
        ),
      );
    }
    // The keyboard walk comes last, since focusing can change the page (a field's error on blur).
    const [first] = widths;
    if (first !== undefined) {
      await resize(first);
      problems.push(...(await focusProblems(page)).map((problem) => `${String(first)}px on ${what}: ${problem}`));
    }
  } finally {
    await page.setViewportSize(original);
    await settle(page);
  }
  expect(problems, `design contract (docs/design.md): problems on ${what} (${page.url()})`).toEqual([]);
}
