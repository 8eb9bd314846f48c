import path from 'node:path';
import type { Plugin, WebSocketClient } from 'vite';
import { CONFIG_DIR, parseJson } from '../../src/contract/schema-files.ts';
import { ALL_CONFIG_FILES, formatProblem, reportLines, validateConfigDir } from './config-validation.ts';

function problemsText(dir: string): string | null {
  const { problems } = validateConfigDir(dir);
  if (problems.length === 0) return null;
  return `Invalid funnel config (npm run validate shows the same):\n${problems.map((problem) => formatProblem(problem)).join('\n')}`;
}

/**
 * What `vite build` does with the config's problems: prints the lines `npm run validate`
 * prints (errors, checks that could not run, warnings, the count) and, on an error, exits 1
 * with no stack trace (a plugin error would print Vite's). Warnings alone let the build go on.
 */
export function reportForBuild(
  dir: string,
  out: { print: (line: string) => void; exit: (code: number) => never } = {
    print: (line) => {
      console.error(line);
    },
    exit: (code) => process.exit(code),
  },
): void {
  const result = validateConfigDir(dir);
  if (result.problems.length === 0 && result.warnings.length === 0) return;
  const { ok, lines } = reportLines(result, path.relative(process.cwd(), dir) || '.');
  for (const line of lines) out.print(line);
  if (!ok) out.exit(1);
}

/** How long a config file must stay unchanged before the dev server reads it (an editor may save in two writes). */
export const SETTLE_MS = 200;

/**
 * Validates `config/` with the same schemas and rules as `npm run validate`: a build prints
 * the problems and exits 1 on invalid config. The dev server shows them in the browser's error
 * overlay once a changed file has settled, and again to every page that connects while they
 * last (a reload, a new tab, a route change that reloads), so the overlay stays until the config
 * is fixed; the fix reloads the page. A JSON syntax error shows the overlay too, not a blank page.
 */
export function funnelConfigValidation({
  dir = CONFIG_DIR,
  settleMs = SETTLE_MS,
}: { dir?: string; settleMs?: number } = {}): Plugin {
  const files = ALL_CONFIG_FILES.map((file) => path.join(dir, file));
  let building = false;
  return {
    name: 'funnel-config-validation',
    // Before Vite's own JSON plugin: a config file that is not JSON is reported by this plugin,
    // with the validator's lines, instead of by Vite's parser, whose error the overlay cannot draw
    // (it left a blank page).
    enforce: 'pre',
    transform(code, id) {
      if (building || !files.includes(path.resolve(id.split('?')[0] ?? id))) return null;
      if (parseJson(code).ok) return null;
      this.error({ message: problemsText(dir) ?? 'Invalid funnel config: a file is not JSON', id });
    },
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      for (const file of files) this.addWatchFile(file);
      if (building) reportForBuild(dir);
    },
    configureServer(server) {
      // The config's problems now, as the overlay shows them; null when it is valid.
      let current = problemsText(dir);
      const overlay = (text: string) => ({ type: 'error' as const, err: { message: text, stack: '' } });
      if (current !== null) server.config.logger.error(current);
      // Every page that connects while the config is broken gets the overlay: the reload that
      // follows a file change (or the developer's own) would otherwise wipe it.
      server.ws.on('vite:client:connect', (_data: unknown, client: WebSocketClient) => {
        if (current !== null) client.send(overlay(current));
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        const before = current;
        current = problemsText(dir);
        if (current !== null) {
          server.config.logger.error(current);
          server.ws.send(overlay(current));
        } else if (before !== null) {
          server.config.logger.info('Funnel config is valid again.');
          server.ws.send({ type: 'full-reload', path: '*' });
        }
      };
      server.watcher.on('all', (_event, changed) => {
        if (!files.includes(path.resolve(changed))) return;
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(check, settleMs);
      });
    },
  };
}
