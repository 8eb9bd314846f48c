import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { RouteShell } from '../../src/app/render-shell.tsx';

/** Where the pages go in the build, and the file naming them by brand and route. */
export const SHELLS_DIR = 'shells';
export const SHELLS_MANIFEST = 'manifest.json';

/** The manifest: for each brand, each prerendered route's page, relative to the shells folder. */
export type ShellsManifest = Record<string, Record<string, string>>;

/** The entry the build bundles for Node to render the pages. */
const RENDER_ENTRY = 'src/app/render-shell.tsx';

/** The marker hydration looks for: which brand and route the page was rendered for. */
export const SHELL_ATTRIBUTE = 'data-shell';

/** Escapes text for an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The built index.html with one route's shell in it: title, brand, icon and the rendered root. */
export function pageWithShell(indexHtml: string, shell: RouteShell): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root} to render into`);
  return (
    indexHtml
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
  return {
    name: 'prerender',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config === null) return;
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
          writeFileSync(path.join(shellsDir, file), pageWithShell(indexHtml, shell));
          (manifest[shell.site] ??= {})[shell.route] = file;
        }
        writeFileSync(path.join(shellsDir, SHELLS_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        rmSync(bundleDir, { recursive: true, force: true });
      }
    },
  };
}
