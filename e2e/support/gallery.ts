import { RETURN_LINK_PARAM } from '../../src/contract/return-link.ts';
import { createHash } from 'node:crypto';
import { mkdirSync, openSync, readdirSync, readFileSync, readSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { waitForScreen } from './axe.ts';
import { ROUTES, type Site } from './screens.ts';

/**
 * The screenshot gallery (`npm run screenshots`, e2e/gallery.spec.ts): every test photographs
 * its screens at both widths into `screenshots/` and writes what it took (or failed to reach)
 * to a manifest in its own output folder; the last test turns every manifest into
 * `screenshots/index.html`. Nothing here checks anything: a screen that cannot be reached is
 * a red note in the gallery, beside a picture of where the walk stopped.
 */

export const SCREENSHOTS_DIR = path.join(import.meta.dirname, '..', '..', 'screenshots');
export const WIDTHS = [375, 1280] as const;
const HEIGHT = 800;
const MANIFEST_NAME = 'gallery-manifest.json';

export const BRAND_LABELS: Record<Site, string> = { male: 'Men’s', female: 'Women’s' };

interface EntryBase {
  brand: Site;
  /** The route of config/routes.json ('fallback' for another brand's route). */
  route: string;
  /** The state shown, as a person would name it. */
  state: string;
  /** The page's path, with its query's names but none of its values. */
  path: string;
}
export interface ShotEntry extends EntryBase {
  kind: 'shot';
  width: number;
  /** The PNG's name in screenshots/. */
  file: string;
  /** What went wrong before the shot (the screen never finished loading): shown in red beside it. */
  note?: string;
}
export interface FailureEntry extends EntryBase {
  kind: 'failure';
  error: string;
}
export type Entry = ShotEntry | FailureEntry;

interface Manifest {
  /** Where the test's shots go in the gallery: the screens of VISITS first, then the walks. */
  order: number;
  title: string;
  entries: Entry[];
}

/** An error as plain text: Playwright's messages carry terminal colours. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex -- the escape character is what the colours start with
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain.length > 1500 ? `${plain.slice(0, 1500)}…` : plain;
}

/** The path of a URL and the names of its query (`/upload?ktCustomerId=…`): values may be personal, names tell two links apart. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  // A return link's token leaves the address bar as the page opens: the same screen either way.
  parsed.searchParams.delete(RETURN_LINK_PARAM);
  const names = [...new Set(parsed.searchParams.keys())];
  return names.length === 0 ? parsed.pathname : `${parsed.pathname}?${names.map((name) => `${name}=…`).join('&')}`;
}

function routePattern(route: string): RegExp {
  if (route === '*') return /^.*$/;
  const source = route
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** The route of config/routes.json a path of the brand's site opens: the one with most fixed segments. */
export function routeOf(brand: Site, pathname: string): string {
  const fixedSegments = (route: string) =>
    route === '*' ? -1 : route.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
  const matches = ROUTES.filter(
    (route) => (route.site === brand || route.site === 'shared') && routePattern(route.path).test(pathname),
  ).sort((a, b) => fixedSegments(b.path) - fixedSegments(a.path));
  return matches[0]?.path ?? '(no route)';
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** A readable file name, made unique by a hash of the whole label (two labels may slug alike). */
function fileName(brand: Site, route: string, state: string, width: number): string {
  const hash = createHash('sha256').update(`${brand}\n${route}\n${state}`).digest('hex').slice(0, 8);
  return `${brand}--${slug(route) || 'root'}--${slug(state)}--${hash}--${String(width)}.png`;
}

/** Thrown by a walk's step that failed: the rest of the walk depends on it. */
class WalkStopped extends Error {}

/** Photographs one test's screens and keeps its manifest. */
export class Gallery {
  private readonly entries: Entry[] = [];

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
    private readonly brand: Site,
    private readonly order: number,
  ) {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  }

  /** What could not be shown, for the test's own report. */
  get failures(): string[] {
    return this.entries
      .filter((entry) => entry.kind === 'failure' || entry.note !== undefined)
      .map(
        (entry) => `${entry.route} · ${entry.state}: ${entry.kind === 'failure' ? entry.error : String(entry.note)}`,
      );
  }

  /** Waits for the screen; a screen that never settles is photographed anyway, with the reason. */
  async ready(): Promise<string | undefined> {
    try {
      await waitForScreen(this.page);
      return undefined;
    } catch (error) {
      return `The screen did not finish loading: ${errorText(error)}`;
    }
  }

  /**
   * The page as it is now at each width, full length, then back at the width it was at.
   * Never throws: a shot that fails is a failure entry.
   */
  async shoot(state: string, options: { route?: string; note?: string } = {}): Promise<void> {
    const { page } = this;
    const url = page.url();
    const route = options.route ?? routeOf(this.brand, new URL(url).pathname);
    const before = page.viewportSize();
    for (const width of WIDTHS) {
      try {
        await page.setViewportSize({ width, height: HEIGHT });
        await page.evaluate(async () => {
          await document.fonts.ready;
          // Two frames: the resize's layout and paint are done.
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        });
        const file = fileName(this.brand, route, state, width);
        await page.screenshot({
          path: path.join(SCREENSHOTS_DIR, file),
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
          timeout: 20_000,
        });
        this.record({
          kind: 'shot',
          brand: this.brand,
          route,
          state,
          path: pathOf(url),
          width,
          file,
          ...(options.note === undefined ? {} : { note: options.note }),
        });
      } catch (error) {
        this.fail(state, error, route);
      }
    }
    if (before !== null) await page.setViewportSize(before).catch(() => undefined);
  }

  /** Records a state that could not be shown. */
  fail(state: string, error: unknown, route?: string): void {
    const url = this.page.url();
    this.record({
      kind: 'failure',
      brand: this.brand,
      route: route ?? (url.startsWith('http') ? routeOf(this.brand, new URL(url).pathname) : '(no page)'),
      state,
      path: url.startsWith('http') ? pathOf(url) : url,
      error: errorText(error),
    });
  }

  /**
   * One step of a walk: `reach` brings the page to the state, then it is photographed (unless
   * `shoot` is false: the step photographs its own pages). A step that fails is recorded with a
   * picture of where the page is, and stops the walk: the next states depend on it.
   */
  async step(state: string, reach: () => Promise<void>, options: { shoot?: boolean } = {}): Promise<void> {
    try {
      await reach();
    } catch (error) {
      this.fail(state, error);
      await this.shoot(`where the walk stopped (${state} not reached)`);
      throw new WalkStopped(state);
    }
    if (options.shoot !== false) await this.shoot(state, { note: await this.ready() });
  }

  /**
   * A state off the walk's way (an error shown and left): reached and photographed when it
   * can be, recorded when not, and the walk goes on either way.
   */
  async extra(state: string, reach: () => Promise<void>): Promise<void> {
    try {
      await reach();
    } catch (error) {
      this.fail(state, error);
      return;
    }
    await this.shoot(state, { note: await this.ready() });
  }

  /** Runs a walk of steps; a stopped walk ends quietly (its failure is already in the gallery). */
  async walk(steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (error) {
      if (error instanceof WalkStopped) return;
      this.fail('the walk', error);
    }
  }

  /** Keeps an entry, and saves the manifest at once: a test that runs out of time keeps what it took. */
  private record(entry: Entry): void {
    this.entries.push(entry);
    this.save();
  }

  /** Writes the manifest into the test's output folder (Playwright empties it before each run). */
  private save(): void {
    const manifest: Manifest = { order: this.order, title: this.testInfo.title, entries: this.entries };
    writeFileSync(this.testInfo.outputPath(MANIFEST_NAME), JSON.stringify(manifest, null, 2));
  }
}

/** Every manifest under the run's output folder. */
function readManifests(outputDir: string): Manifest[] {
  const files = readdirSync(outputDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => path.basename(file) === MANIFEST_NAME,
  );
  return files.map((file) => JSON.parse(readFileSync(path.join(outputDir, file), 'utf8')) as Manifest);
}

/** A PNG's size from its header, so the page reserves each lazy image's place before it loads. */
function pngSize(file: string): { width: number; height: number } | null {
  try {
    const header = Buffer.alloc(24);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, header, 0, 24, 0);
    } finally {
      closeSync(fd);
    }
    return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
  } catch {
    return null;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}

function routeLabel(route: string): string {
  return route === 'fallback' ? 'fallback (another brand’s route)' : route;
}

interface Row {
  state: string;
  path: string;
  shots: ShotEntry[];
  failures: FailureEntry[];
}
interface Group {
  brand: Site;
  route: string;
  id: string;
  rows: Row[];
}

/** Entries in gallery order, grouped by brand, then screen (route), then state. */
function groupEntries(manifests: Manifest[]): Group[] {
  const ordered = [...manifests].sort((a, b) => a.order - b.order).flatMap((manifest) => manifest.entries);
  const groups = new Map<string, Group>();
  for (const entry of ordered) {
    const key = `${entry.brand}\n${entry.route}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        brand: entry.brand,
        route: entry.route,
        id: `${entry.brand}-${slug(entry.route) || 'root'}-${String(groups.size)}`,
        rows: [],
      };
      groups.set(key, group);
    }
    let row = group.rows.find((candidate) => candidate.state === entry.state);
    if (row === undefined) {
      row = { state: entry.state, path: entry.path, shots: [], failures: [] };
      group.rows.push(row);
    }
    if (entry.kind === 'shot') row.shots.push(entry);
    else row.failures.push(entry);
  }
  const brands: Site[] = ['male', 'female'];
  return brands.flatMap((brand) => [...groups.values()].filter((group) => group.brand === brand));
}

function caption(entry: ShotEntry): string {
  return `${BRAND_LABELS[entry.brand]} · ${routeLabel(entry.route)} · ${entry.state} · ${String(entry.width)} px`;
}

function figure(entry: ShotEntry): string {
  const size = pngSize(path.join(SCREENSHOTS_DIR, entry.file));
  const href = encodeURI(entry.file);
  const dimensions = size === null ? '' : ` width="${String(size.width)}" height="${String(size.height)}"`;
  const note = entry.note === undefined ? '' : `<p class="error">${escapeHtml(entry.note)}</p>`;
  return `<figure class="w${String(entry.width)}"><a href="${href}"><img src="${href}" loading="lazy" decoding="async" alt="${escapeHtml(caption(entry))}"${dimensions}></a><figcaption>${escapeHtml(caption(entry))}</figcaption>${note}</figure>`;
}

function rowHtml(group: Group, row: Row): string {
  const failures = row.failures
    .map(
      (failure) =>
        `<p class="error"><strong>${escapeHtml(`${BRAND_LABELS[group.brand]} · ${routeLabel(group.route)} · ${failure.state}: not shown.`)}</strong> ${escapeHtml(failure.error)}</p>`,
    )
    .join('');
  const shots = [...row.shots]
    .sort((a, b) => a.width - b.width)
    .map(figure)
    .join('');
  // The path, unless the state's name already says it (a screen as opened).
  const where = row.state.includes(row.path) ? '' : ` <span class="path">${escapeHtml(row.path)}</span>`;
  return `<div class="state"><h4>${escapeHtml(row.state)}${where}</h4>${failures}<div class="pair">${shots}</div></div>`;
}

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 16px 24px 64px; max-width: 1400px; color: #1b1b1f; background: #f6f6f8; }
h1 { margin: 0 0 4px; } h2 { margin: 48px 0 8px; border-bottom: 2px solid #1b1b1f; } h3 { margin: 32px 0 8px; font-family: ui-monospace, monospace; }
h4 { margin: 16px 0 8px; font-weight: 600; } .path { font: 13px ui-monospace, monospace; color: #5c5c66; font-weight: 400; }
nav { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 0 24px; background: #fff; padding: 12px 16px; border: 1px solid #ddd; }
nav ul { margin: 4px 0 12px; padding-left: 18px; } .top { font: 13px system-ui, sans-serif; margin-left: 8px; }
nav h2 { margin: 0; border: 0; font-size: 17px; } .count { color: #5c5c66; } .bad { color: #b00020; font-weight: 600; }
.pair { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
figure { margin: 0; background: #fff; border: 1px solid #ddd; padding: 8px; } figure img { display: block; width: 100%; height: auto; }
figure.w375 { flex: 0 1 300px; } figure.w1280 { flex: 1 1 640px; max-width: 960px; }
figcaption { font-size: 13px; color: #3c3c44; margin-top: 6px; }
.error { color: #b00020; background: #fdecee; border-left: 4px solid #b00020; padding: 6px 10px; white-space: pre-wrap; font-size: 13px; }
`;

/** Writes screenshots/index.html from every manifest of the run, and removes PNGs no manifest names (an earlier run's). */
export function buildGallery(outputDir: string): { shots: number; failures: number; file: string } {
  const manifests = readManifests(outputDir);
  const groups = groupEntries(manifests);
  const entries = manifests.flatMap((manifest) => manifest.entries);
  const shots = entries.filter((entry): entry is ShotEntry => entry.kind === 'shot');
  const failures = entries.filter((entry) => entry.kind === 'failure' || entry.note !== undefined).length;

  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const named = new Set(shots.map((shot) => shot.file));
  for (const file of readdirSync(SCREENSHOTS_DIR)) {
    if (file.endsWith('.png') && !named.has(file)) rmSync(path.join(SCREENSHOTS_DIR, file));
  }

  const groupBad = (group: Group) =>
    group.rows.some((row) => row.failures.length > 0 || row.shots.some((shot) => shot.note !== undefined));
  const brands = (['male', 'female'] as const).filter((brand) => groups.some((group) => group.brand === brand));
  const toc = brands
    .map((brand) => {
      const items = groups
        .filter((group) => group.brand === brand)
        .map(
          (group) =>
            `<li><a href="#${group.id}">${escapeHtml(routeLabel(group.route))}</a> <span class="count">(${String(group.rows.length)} ${group.rows.length === 1 ? 'state' : 'states'})</span>${groupBad(group) ? ' <span class="bad">not all shown</span>' : ''}</li>`,
        )
        .join('');
      return `<div><h2><a href="#${brand}">${escapeHtml(BRAND_LABELS[brand])}</a></h2><ul>${items}</ul></div>`;
    })
    .join('');
  const sections = brands
    .map((brand) => {
      const body = groups
        .filter((group) => group.brand === brand)
        .map(
          (group) =>
            `<section id="${group.id}"><h3>${escapeHtml(`${BRAND_LABELS[brand]} · ${routeLabel(group.route)}`)}<a class="top" href="#index">index</a></h3>${group.rows.map((row) => rowHtml(group, row)).join('')}</section>`,
        )
        .join('');
      return `<h2 id="${brand}">${escapeHtml(BRAND_LABELS[brand])}</h2>${body}`;
    })
    .join('');
  const summary = `${String(shots.length)} screenshots of ${String(groups.reduce((sum, group) => sum + group.rows.length, 0))} states on ${String(groups.length)} screens, at ${WIDTHS.join(' and ')} px`;
  const problems =
    failures === 0
      ? ''
      : `<p class="error">${String(failures)} ${failures === 1 ? 'state was' : 'states were'} not shown as they should be: look for the red notes.</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Every screen, both brands</title><style>${STYLE}</style></head>
<body><h1>Every screen, both brands</h1><p>${escapeHtml(summary)}; taken ${escapeHtml(new Date().toISOString())} by <code>npm run screenshots</code>. Click a picture for the full-size PNG.</p>${problems}
<nav id="index" aria-label="Screens">${toc}</nav>
${sections}
</body></html>
`;
  const file = path.join(SCREENSHOTS_DIR, 'index.html');
  writeFileSync(file, html);
  return { shots: shots.length, failures, file };
}
