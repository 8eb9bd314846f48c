import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './src/contract/csp-nonce.ts';
import { CLINIC_RULES_TEST_DAY } from './scripts/lib/config-validation.ts';
import { funnelConfigValidation } from './scripts/lib/vite-config-plugin.ts';
import { precompress } from './scripts/lib/precompress-plugin.ts';
import { prerender } from './scripts/lib/prerender-plugin.ts';
import { staffPage } from './scripts/lib/staff-page-plugin.ts';

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

/**
 * React Router's build marks none of its top-level React calls pure and names its components
 * with top-level assignments (`NavLink.displayName = ...`), so the bundler keeps every
 * component of the package (NavLink, Form, ScrollRestoration...) whether the app uses it or
 * not. In React Router's own files only, this marks those calls (createContext, forwardRef,
 * memo: pure by React's contract) pure and drops the names, which only React DevTools reads.
 */
function reactRouterTreeShaking(): Plugin {
  const topLevelReactCall = /^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm;
  const topLevelDisplayName = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      return {
        code: code.replace(topLevelReactCall, '$1/* @__PURE__ */ $2').replace(topLevelDisplayName, ''),
        map: null,
      };
    },
  };
}

/**
 * The browser gets config/*.json without what only people read: `$schema` (for editors),
 * every `description` and a clinic rule's `why` (config/clinic-rules.json). The config plugin
 * validates the files as they are; nothing in the app reads these keys.
 */
function configWithoutDocs(): Plugin {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '$schema' && key !== 'description' && key !== 'why')
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  const configDir = fileURLToPath(new URL('config/', import.meta.url));
  return {
    name: 'config-without-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(configDir) || !id.endsWith('.json')) return null;
      return { code: JSON.stringify(strip(JSON.parse(code))), map: null };
    },
  };
}

const port = Number(process.env.PORT ?? 4173);
// npm run dev runs the API here and the dev server in front of it.
const apiPort = Number(process.env.API_PORT ?? 4180);
// localhost serves the men's brand and femme.localhost the women's, from one server.
const allowedHosts = ['localhost', '.localhost', '127.0.0.1'];

/**
 * React Router publishes its production build (the same code without its development warnings)
 * only under dist/production: package.json resolves every import to the development build.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: 'react-router/dist/production/index.mjs' },
  { find: /^react-router\/dom$/, replacement: 'react-router/dist/production/dom-export.mjs' },
].map(({ find, replacement }) => ({
  find,
  replacement: fileURLToPath(new URL(`node_modules/${replacement}`, import.meta.url)),
}));

export default defineConfig(({ command, isSsrBuild }) => ({
  ...(command === 'build'
    ? {
        resolve: { alias: reactRouterProduction },
        // The server puts each response's nonce in place of this (src/contract/csp-nonce.ts).
        html: { cspNonce: CSP_NONCE_PLACEHOLDER },
      }
    : {}),
  build: {
    // The polyfill only makes index.html's modulepreload links work where modulepreload is
    // missing (Safari before 17); with the entry in one chunk (below) at most the bundler's
    // small runtime is left, which such a browser then fetches with the entry. Dynamic
    // imports preload through Vite's helper, which uses rel=preload there by itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The Node bundle that renders each route's page (scripts/lib/prerender-plugin.ts) is one file.
      output:
        isSsrBuild === true
          ? {}
          : {
              codeSplitting: {
                // Everything the entry imports statically loads on every page anyway: one file
                // compresses better and costs one request, where the default splits it into the
                // pieces each screen chunk shares.
                // Not how a prerendered page starts (src/page-start.ts), an entry of its own that must
                // stay a few hundred bytes and import nothing.
                groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]page-start\.ts$/.test(id) }],
              },
            },
    },
  },
  plugins: [
    reactRouterTreeShaking(),
    configWithoutDocs(),
    react(),
    funnelConfigValidation(),
    devClientToken(),
    // /__funnels in npm run dev only: every code, its diagram and a demo patient per step.
    staffPage(),
    // Each route's page as HTML first, then every text file of the build compressed.
    prerender(),
    ...(isSsrBuild === true ? [] : [precompress()]),
  ],
  server: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    allowedHosts,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  preview: { host: '127.0.0.1', port, strictPort: true, allowedHosts },
  test: {
    // The products' dated rules (config/clinic-rules.json) are read on a fixed day in the unit tests.
    env: { CLINIC_RULES_DAY: CLINIC_RULES_TEST_DAY },
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
}));
