import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../../src/services/csp-nonce.ts';
import type { RouteShell } from '../../src/app/render-shell.tsx';

/** Where the pages go in the build, and the file naming them by brand and route. */
export const SHELLS_DIR = 'shells';
export const SHELLS_MANIFEST = 'manifest.json';

/** The manifest: for each brand, each prerendered route's page, relative to the shells folder. */
export type ShellsManifest = Record<string, Record<string, string>>;

/** The entry the build bundles for Node to render the pages. */
const RENDER_ENTRY = 'src/app/render-shell.tsx';
/** The page's early API calls: an entry of its own in the browser build, loaded before the app. */
const EARLY_FETCH_ENTRY = 'src/early-fetch.ts';

/** What a page fetches besides the app's entry: its screen's code and styles, and the early calls. */
export interface PageAssets {
  /** The early-fetch script's file, under the base. */
  earlyFetch: string;
  /** For a screen name: its chunk and the chunks it imports statically, minus those the entry loads anyway. */
  screenChunks: (screen: string) => string[];
  /** The CSS those chunks bring. */
  screenCss: (screen: string) => string[];
}

/** The browser build's chunk graph, as generateBundle sees it. */
function pageAssets(bundle: Rollup.OutputBundle, earlyFetch: string): PageAssets {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.fileName !== earlyFetch);
  const loadedAnyway = entry === undefined ? new Set<string>() : closure(entry.fileName);
  const screenFiles = (screen: string): string[] => {
    const suffix = `/src/screens/${screen}-screen.tsx`;
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
    return chunk === undefined ? [] : [...closure(chunk.fileName)].filter((file) => !loadedAnyway.has(file));
  };
  return {
    earlyFetch,
    screenChunks: screenFiles,
    screenCss: (screen) => [
      ...new Set(screenFiles(screen).flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
    ],
  };
}

/** The marker hydration looks for: which brand and route the page was rendered for. */
export const SHELL_ATTRIBUTE = 'data-shell';

/** Escapes text for an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The head's additions for a route: its early API calls (src/early-fetch.ts, before the app's
 * own script, so they start while the app loads) and its screen's code and styles, fetched in
 * parallel with the app instead of after it has run. Styles are preloaded, not linked, so they
 * never hold up the first paint.
 */
function headFor(shell: RouteShell, assets: PageAssets, base: string): { beforeApp: string; afterApp: string } {
  const nonce = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
  const beforeApp = [
    ...(shell.earlyFetch.length === 0 ? [] : [`<meta name="early-fetch-route" content="${escapeHtml(shell.route)}">`]),
    ...(shell.codeSource === null ? [] : [`<meta name="early-fetch-code" content="${escapeHtml(shell.codeSource)}">`]),
    ...shell.earlyFetch.map((call) => `<meta name="early-fetch" content="${escapeHtml(call)}">`),
    ...(shell.earlyFetch.length === 0
      ? []
      : [`<script type="module" async crossorigin src="${base}${assets.earlyFetch}" ${nonce}></script>`]),
  ];
  const afterApp = [
    ...assets
      .screenChunks(shell.screen)
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}" ${nonce}>`),
    ...assets
      .screenCss(shell.screen)
      .map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}" ${nonce}>`),
  ];
  return { beforeApp: beforeApp.join('\n    '), afterApp: afterApp.join('\n    ') };
}

/** The built index.html with one route's shell in it: title, brand, icon, the rendered root and what it fetches first. */
export function pageWithShell(indexHtml: string, shell: RouteShell, assets: PageAssets, base = '/'): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root} to render into`);
  const appScript = /<script type="module"[^>]*><\/script>/.exec(indexHtml)?.[0];
  if (appScript === undefined) throw new Error("index.html has no module script (the app's entry)");
  const head = headFor(shell, assets, base);
  return (
    indexHtml
      .replace(appScript, [head.beforeApp, appScript, head.afterApp].filter((part) => part !== '').join('\n    '))
      // The brand's site (CSS reads it) and Mantine's colour scheme, as the running app sets them.
      .replace(/<html([^>]*)>/, `<html$1 data-site="${shell.site}" data-mantine-color-scheme="light">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`)
      .replace('</head>', `<link rel="icon" href="${escapeHtml(shell.favicon)}" />\n  </head>`)
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
 * CSS module class names match the browser's), rendered, and the bundle thrown away.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig | null = null;
  let earlyFetchRef = '';
  let assets: PageAssets | null = null;
  return {
    name: 'prerender',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      earlyFetchRef = this.emitFile({
        type: 'chunk',
        id: path.resolve(config?.root ?? '.', EARLY_FETCH_ENTRY),
        name: 'early-fetch',
      });
    },
    generateBundle(_options, bundle) {
      const earlyFetch = this.getFileName(earlyFetchRef);
      const early = bundle[earlyFetch];
      if (early?.type === 'chunk' && early.imports.length > 0) {
        throw new Error(
          `${EARLY_FETCH_ENTRY} must import nothing (it runs before the app), but its chunk imports ${early.imports.join(', ')}`,
        );
      }
      assets = pageAssets(bundle, earlyFetch);
    },
    async closeBundle() {
      if (config === null || assets === null) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const bundleDir = mkdtempSync(path.join(config.root, 'node_modules', '.prerender-'));
      try {
        await build({
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          ...(config.configFile === undefined ? { configFile: false } : { configFile: config.configFile }),
          build: {
            ssr: RENDER_ENTRY,
            outDir: bundleDir,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'render-shell.mjs' } },
          },
        });
        const { renderShells } = (await import(pathToFileURL(path.join(bundleDir, 'render-shell.mjs')).href)) as {
          renderShells: () => RouteShell[];
        };
        const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest: ShellsManifest = {};
        const shellsDir = path.join(outDir, SHELLS_DIR);
        rmSync(shellsDir, { recursive: true, force: true });
        for (const [index, shell] of renderShells().entries()) {
          const file = `${shell.site}/${String(index)}.html`;
          mkdirSync(path.join(shellsDir, shell.site), { recursive: true });
          writeFileSync(path.join(shellsDir, file), pageWithShell(indexHtml, shell, assets, config.base));
          (manifest[shell.site] ??= {})[shell.route] = file;
        }
        writeFileSync(path.join(shellsDir, SHELLS_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        rmSync(bundleDir, { recursive: true, force: true });
      }
    },
  };
}
