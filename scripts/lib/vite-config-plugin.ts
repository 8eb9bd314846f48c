import path from 'node:path';
import type { Plugin } from 'vite';
import { CONFIG_DIR } from '../../src/contract/schema-files.ts';
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

/**
 * Validates `config/` with the same schemas and rules as `npm run validate`: a build prints
 * the problems and exits 1 on invalid config, and the dev server shows the problems in its
 * error overlay as files change.
 */
export function funnelConfigValidation({ dir = CONFIG_DIR }: { dir?: string } = {}): Plugin {
  const files = ALL_CONFIG_FILES.map((file) => path.join(dir, file));
  let building = false;
  return {
    name: 'funnel-config-validation',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      for (const file of files) this.addWatchFile(file);
      if (building) {
        reportForBuild(dir);
        return;
      }
      const text = problemsText(dir);
      if (text !== null) this.error(text);
    },
    configureServer(server) {
      server.watcher.on('change', (changed) => {
        if (!files.includes(path.resolve(changed))) return;
        const text = problemsText(dir);
        if (text !== null) {
          server.config.logger.error(text);
          server.ws.send({ type: 'error', err: { message: text, stack: '' } });
        }
      });
    },
  };
}
