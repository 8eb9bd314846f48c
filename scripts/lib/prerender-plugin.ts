import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contract/csp-nonce.ts';
import { EARLY_FORM_SLOT, EARLY_SUMMARY_SLOT } from '../../src/contract/early-form.ts';
import type { RouteShell } from '../../src/app/render-shell.tsx';
import { RENDER_BUNDLE_DIR, RENDER_BUNDLE_FILE, SHELLS_DIR, SHELLS_MANIFEST } from '../../src/contract/shells.ts';

/** The manifest: for each brand, each prerendered route's page, relative to the shells folder. */
export type ShellsManifest = Record<string, Record<string, string>>;

/** The entry the build bundles for Node to render the pages. */
const RENDER_ENTRY = 'src/app/render-shell.tsx';
/** How a prerendered page starts: an entry of its own in the browser build, the page's one script. */
const PAGE_START_ENTRY = 'src/page-start.ts';

/** What the browser build gives a page: the start script, the app, its screens' code and the styles. */
export interface PageAssets {
  /** The page-start script's file. */
  pageStart: string;
  /** The app's entry chunk, and the chunks it imports statically. */
  appChunks: string[];
  /** The CSS index.html links (the app's own), read from the build, to go into the page. */
  appCss: { file: string; text: string }[];
  /** For a screen name: its chunk and the chunks it imports statically, minus the app's. */
  screenChunks: (screen: string) => string[];
  /** The CSS those chunks bring. */
  screenCss: (screen: string) => string[];
  /** The text of one of the build's CSS files. */
  cssText: (file: string) => string;
}

/** The browser build's chunk graph, as generateBundle sees it. */
function chunkGraph(
  bundle: Rollup.OutputBundle,
  pageStart: string,
): Omit<PageAssets, 'appCss' | 'cssText'> & { appCssFiles: string[] } {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.fileName !== pageStart);
  if (entry === undefined) throw new Error('The build has no app entry chunk');
  const appChunks = [...closure(entry.fileName)];
  const cssOf = (files: readonly string[]) => [
    ...new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
  ];
  const screenChunks = (screen: string): string[] => {
    // Each screen lives in its feature's folder (or src/app/pages); its file name is unique.
    const suffix = `/${screen}-screen.tsx`;
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
    return chunk === undefined ? [] : [...closure(chunk.fileName)].filter((file) => !appChunks.includes(file));
  };
  return {
    pageStart,
    appChunks,
    appCssFiles: cssOf(appChunks),
    screenChunks,
    screenCss: (screen) => cssOf(screenChunks(screen)),
  };
}

/** The marker hydration looks for: which brand and route the page was rendered for. */
export const SHELL_ATTRIBUTE = 'data-shell';

/** Escapes text for an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The woff2 files the app's CSS loads. */
function fontsOf(css: readonly { text: string }[]): string[] {
  return [
    ...new Set(
      css.flatMap(({ text }) => [...text.matchAll(/url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/g)].map((m) => m[1] ?? '')),
    ),
  ];
}

/**
 * A route's page: the built index.html with the route's shell in the root (title, brand, icon),
 * and a head that paints without waiting for any file or script:
 * - the app's CSS inline, in a `<style>` with the page's nonce (the server fills it in), where
 *   index.html links it: the first paint needs the HTML alone;
 * - no script of the app: src/page-start.ts, the one script, starts the page's first API calls
 *   at once and the app (`app-entry`) and its screen's code (`app-preload`) after the first
 *   paint, all in parallel;
 * - the screen's styles preloaded, so they are there when its code is.
 */
export function pageWithShell(indexHtml: string, shell: RouteShell, assets: PageAssets, base = '/'): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root} to render into`);
  const nonce = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
  const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  let page = indexHtml;
  // What index.html loads of the app: the entry script, its static chunks, its styles.
  page = page.replace(/\n?[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g, '');
  const inline = (css: { file: string; text: string }) => {
    // A closing tag in the CSS (a string or a url) would end the element early.
    if (/<\/style/i.test(css.text)) throw new Error(`${css.file} has "</style" in it and cannot go inline`);
    return `<style ${nonce}>${css.text}</style>`;
  };
  for (const css of assets.appCss) {
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="${base}${css.file}"[^>]*>`).exec(page)?.[0];
    if (link === undefined) throw new Error(`index.html does not link ${css.file}`);
    // The link stays, disabled (never fetched, never applied): Vite's loader of lazy chunks
    // looks for it, and without it would add the same CSS again after the screens' own,
    // undoing their rules (a disabled link is also how the browser knows this CSS is in).
    const disabled = link.replace(/\s*\/?>$/, ' disabled>');
    page = page.replace(link, () => `${inline(css)}\n    ${disabled}`);
  }
  // A page whose shell has a slot for a form's first page (src/shared/questions/early-form.tsx)
  // or an order summary (src/shared/layout/early-summary.tsx) may be sent with it filled: its
  // screen's styles are in the page as well, as the app's are (and linked disabled, for the
  // same reason); other pages only preload them.
  const withEarlyForm = [EARLY_FORM_SLOT, EARLY_SUMMARY_SLOT].some((slot) => shell.html.includes(`${slot}=`));
  const screenStyles = assets
    .screenCss(shell.screen)
    .map((file) =>
      withEarlyForm
        ? `${inline({ file, text: assets.cssText(file) })}\n    <link rel="stylesheet" href="${base}${file}" disabled>`
        : `<link rel="preload" as="style" crossorigin href="${base}${file}" ${nonce}>`,
    );
  const [entry, ...appChunks] = assets.appChunks;
  if (entry === undefined) throw new Error('The build has no app entry chunk');
  const head = [
    ...(shell.earlyFetch.length === 0 ? [] : [meta('early-fetch-route', shell.route)]),
    ...(shell.codeSource === null ? [] : [meta('early-fetch-code', shell.codeSource)]),
    ...shell.earlyFetch.map((call) => meta('early-fetch', call)),
    meta('app-entry', `${base}${entry}`),
    ...[...appChunks, ...assets.screenChunks(shell.screen)].map((file) => meta('app-preload', `${base}${file}`)),
    // The fonts the inline CSS names (font-display: optional, src/app/fonts.css): asked for
    // with the page, so they are there for its first paint.
    ...fontsOf(assets.appCss).map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}" ${nonce}>`,
    ),
    ...screenStyles,
    `<link rel="icon" href="${escapeHtml(shell.favicon)}" />`,
    `<script type="module" async crossorigin src="${base}${assets.pageStart}" ${nonce}></script>`,
  ];
  return (
    page
      .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
      // The brand's site (CSS reads it) and Mantine's colour scheme, as the running app sets them.
      .replace(/<html([^>]*)>/, `<html$1 data-site="${shell.site}" data-mantine-color-scheme="light">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`)
      .replace(
        root,
        `<div id="root" ${SHELL_ATTRIBUTE}="${escapeHtml(`${shell.site} ${shell.route}`)}">${shell.html}</div>`,
      )
  );
}

/**
 * Writes each route's page per brand into the build (`shells/<brand>/<n>.html` and
 * `shells/manifest.json`), so the first paint needs no JavaScript: the header, the title, the
 * page's heading, the layout and the brand's colours and fonts are in the HTML, and React
 * hydrates them (src/main.tsx). The app is bundled for Node with this same Vite config (so
 * CSS module class names match the browser's) into `shells/render/`, and rendered; the bundle
 * stays there for the server, which renders forms' first pages with it.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig | null = null;
  let pageStartRef = '';
  let graph: ReturnType<typeof chunkGraph> | null = null;
  return {
    name: 'prerender',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      pageStartRef = this.emitFile({
        type: 'chunk',
        id: path.resolve(config?.root ?? '.', PAGE_START_ENTRY),
        name: 'page-start',
      });
    },
    generateBundle(_options, bundle) {
      const pageStart = this.getFileName(pageStartRef);
      const chunk = bundle[pageStart];
      if (chunk?.type === 'chunk' && chunk.imports.length > 0) {
        throw new Error(
          `${PAGE_START_ENTRY} must import nothing (it runs before the app), but its chunk imports ${chunk.imports.join(', ')}`,
        );
      }
      graph = chunkGraph(bundle, pageStart);
    },
    async closeBundle() {
      if (config === null || graph === null) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const assets: PageAssets = {
        ...graph,
        appCss: graph.appCssFiles.map((file) => ({ file, text: readFileSync(path.join(outDir, file), 'utf8') })),
        cssText: (file) => readFileSync(path.join(outDir, file), 'utf8'),
      };
      const shellsDir = path.join(outDir, SHELLS_DIR);
      rmSync(shellsDir, { recursive: true, force: true });
      // Kept with the pages: the server renders a form's first page with it (src/server/early-forms.ts).
      const bundleDir = path.join(shellsDir, RENDER_BUNDLE_DIR);
      await build({
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        ...(config.configFile === undefined ? { configFile: false } : { configFile: config.configFile }),
        // Whole, its packages included: the server imports it from wherever the build is
        // deployed (or written: the bench builds in a temporary folder), with no node_modules beside it.
        ssr: { noExternal: true },
        build: {
          ssr: RENDER_ENTRY,
          outDir: bundleDir,
          emptyOutDir: true,
          // Only the code: the browser build has the public files.
          copyPublicDir: false,
          minify: false,
          // .mjs throughout: outside this project no package.json says its .js files are modules.
          rolldownOptions: {
            output: { entryFileNames: RENDER_BUNDLE_FILE, chunkFileNames: 'assets/[name]-[hash].mjs' },
          },
        },
      });
      const { renderShells } = (await import(pathToFileURL(path.join(bundleDir, RENDER_BUNDLE_FILE)).href)) as {
        renderShells: () => RouteShell[];
      };
      const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const manifest: ShellsManifest = {};
      for (const [index, shell] of renderShells().entries()) {
        const file = `${shell.site}/${String(index)}.html`;
        mkdirSync(path.join(shellsDir, shell.site), { recursive: true });
        writeFileSync(path.join(shellsDir, file), pageWithShell(indexHtml, shell, assets, config.base));
        (manifest[shell.site] ??= {})[shell.route] = file;
      }
      writeFileSync(path.join(shellsDir, SHELLS_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
