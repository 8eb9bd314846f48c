import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { funnelConfigValidation } from './scripts/lib/vite-config-plugin.ts';

/** In the dev server, writes the API's client token into the page, as the local server does. */
function devClientToken(): Plugin {
  return {
    name: 'dev-client-token',
    apply: 'serve',
    transformIndexHtml: (html) =>
      process.env.CLIENT_TOKEN === undefined
        ? html
        : html.replace('<html lang="en">', `<html lang="en" data-api-token="${process.env.CLIENT_TOKEN}">`),
  };
}

const port = Number(process.env.PORT ?? 4173);
// npm run dev runs the API here and the dev server in front of it.
const apiPort = Number(process.env.API_PORT ?? 4180);
// localhost serves the men's brand and femme.localhost the women's, from one server.
const allowedHosts = ['localhost', '.localhost', '127.0.0.1'];

export default defineConfig({
  plugins: [react(), funnelConfigValidation(), devClientToken()],
  server: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    allowedHosts,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  preview: { host: '127.0.0.1', port, strictPort: true, allowedHosts },
  test: {
    projects: [
      { extends: true, test: { name: 'node', include: ['tests/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['tests/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
    ],
  },
});
