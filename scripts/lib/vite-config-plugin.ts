import path from 'node:path';
import type { Plugin } from 'vite';
import { CONFIG_DIR } from '../../src/contract/schema-files.ts';
import { ALL_CONFIG_FILES, formatProblem, validateConfigDir } from './config-validation.ts';

function problemsText(dir: string): string | null {
  const { problems } = validateConfigDir(dir);
  if (problems.length === 0) return null;
  return `Invalid funnel config (npm run validate shows the same):\n${problems.map((problem) => formatProblem(problem)).join('\n')}`;
}

/**
 * Validates `config/` with the same schemas and rules as `npm run validate`: a build fails on
 * invalid config, and the dev server shows the problems in its error overlay as files change.
 */
export function funnelConfigValidation({ dir = CONFIG_DIR }: { dir?: string } = {}): Plugin {
  const files = ALL_CONFIG_FILES.map((file) => path.join(dir, file));
  return {
    name: 'funnel-config-validation',
    buildStart() {
      for (const file of files) this.addWatchFile(file);
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
