import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { funnelConfigValidation } from './scripts/lib/vite-config-plugin.ts';

const port = Number(process.env.PORT ?? 4173);
// localhost serves the men's brand and femme.localhost the women's, from one server.
const allowedHosts = ['localhost', '.localhost', '127.0.0.1'];

export default defineConfig({
  plugins: [react(), funnelConfigValidation()],
  server: { host: '127.0.0.1', port, strictPort: true, allowedHosts },
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
