/**
 * The fake outside services as a process, for the e2e production-like run (playwright.config.ts)
 * and for trying production settings by hand:
 *   FAKES_PORT=4374 npx tsx tests/fakes/main.ts
 */
import { startFakeServices } from './server.ts';

const port = Number(process.env.FAKES_PORT ?? 4374);
await startFakeServices(port);
console.log(`Fake outside services on http://127.0.0.1:${String(port)}`);
