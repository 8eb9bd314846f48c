/**
 * Ends every browser session that reaches a customer's records, as staff do when a patient
 * reports a lost phone or a shared computer (issue 39, point 2):
 * `npm run --silent end-sessions -- 100235`. Calls the running local server's
 * POST /api/staff/customer-sessions/end with the staff credential (STAFF_TOKEN, else the one
 * the server keeps in DATA_DIR), on the port that server recorded there (PORT overrides). The customer's next visit needs a
 * return link (`npm run return-link`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverPortOf } from '../src/server/server-config.ts';

const [customerId = ''] = process.argv.slice(2);
if (!/^[A-Za-z0-9_-]{1,64}$/.test(customerId)) {
  console.error('Usage: npm run --silent end-sessions -- <ktCustomerId>   (demo customers: 100234 Jane, 100235 John)');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const tokenFile = path.join(dataDir, 'staff-token');
const staffToken = process.env.STAFF_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');
if (staffToken === '') {
  console.error(`No staff credential: set STAFF_TOKEN, or start the server once so it writes ${tokenFile}`);
  process.exit(1);
}
const url = `http://127.0.0.1:${serverPortOf(dataDir, process.env)}/api/staff/customer-sessions/end`;
let response: Response;
try {
  response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-staff-token': staffToken },
    body: JSON.stringify({ ktCustomerId: customerId }),
  });
} catch {
  console.error(`No server answers at ${url}: start it (npm start), or set PORT to the one it runs on`);
  process.exit(1);
}
const body = (await response.json().catch(() => null)) as { data?: { ended?: number }; details?: unknown } | null;
if (!response.ok || typeof body?.data?.ended !== 'number') {
  console.error(`The server answered ${String(response.status)}: ${JSON.stringify(body?.details ?? body)}`);
  process.exit(1);
}
const { ended } = body.data;
console.log(`Customer ${customerId}: ${String(ended)} session${ended === 1 ? '' : 's'} ended.`);
