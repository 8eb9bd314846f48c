/**
 * Prints what a patient was shown when they agreed and answered (issue 38 point 4):
 * `npm run --silent consent-record -- <landing id or customer id>`. It asks the running server's
 * staff endpoint (GET /api/staff/consent-records, docs/api.md) with the staff credential:
 * STAFF_TOKEN, else the one the server wrote in DATA_DIR/staff-token. The server is at
 * CONSENT_RECORD_URL, else http://localhost:$PORT (4173). The credential travels in a header,
 * never on the command line; the id goes in the query, which the server never logs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STAFF_HEADER } from '../src/server/access.ts';

interface ConsentRecordEntry {
  kind: string;
  landingId: string;
  orderId?: string;
  pathCode?: string;
  funnelVersion?: string;
  step: string;
  ref: string;
  questionId?: string;
  textSha256: string;
  textMatches: boolean | null;
  value?: string[];
  documents?: { document: string; version: string; sha256: string }[];
  renewal?: { amount: string; every: string; nextCharge: string };
  createdAt: string;
}

interface StaffConsentRecord {
  ktCustomerId?: string;
  landingIds: string[];
  orders: {
    orderId: string;
    productId: string;
    total: string;
    createdAt: string;
    termsVersion?: string;
    privacyVersion?: string;
    telehealthConsentVersion?: string;
  }[];
  records: ConsentRecordEntry[];
}

const [id = ''] = process.argv.slice(2);
if (!/^([0-9]{6,12}|[A-Za-z0-9_-]{8,400})$/.test(id)) {
  console.error('Usage: npm run --silent consent-record -- <landing id or customer id>');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const tokenFile = path.join(dataDir, 'staff-token');
const fromEnv = process.env.STAFF_TOKEN ?? '';
const token = fromEnv !== '' ? fromEnv : existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '';
if (token === '') {
  console.error(`No staff credential: set STAFF_TOKEN, or start the server once so it writes ${tokenFile}`);
  process.exit(1);
}
const base = process.env.CONSENT_RECORD_URL ?? `http://localhost:${process.env.PORT ?? '4173'}`;

const response = await fetch(`${base}/api/staff/consent-records?${new URLSearchParams({ id }).toString()}`, {
  headers: { [STAFF_HEADER]: token, accept: 'application/json' },
}).catch((error: unknown) => {
  console.error(`The server at ${base} did not answer (${String(error)}): start it with npm start`);
  process.exit(1);
});
const body = (await response.json().catch(() => ({}))) as {
  data?: StaffConsentRecord;
  message?: string;
  details?: unknown;
};
if (!response.ok || body.data === undefined) {
  console.error(
    `${String(response.status)}: ${body.message ?? 'no answer'}${body.details === undefined ? '' : ` (${JSON.stringify(body.details)})`}`,
  );
  process.exit(1);
}

const record = body.data;
const short = (hash: string) => `sha256:${hash.slice(0, 16)}…`;
const matches = (value: boolean | null) =>
  value === null ? 'no server copy' : value ? 'matches the server’s text' : 'DIFFERS from the server’s text';
const lines: string[] = [];
lines.push(record.ktCustomerId === undefined ? `Landing id ${id}` : `Customer ${record.ktCustomerId}`);
lines.push(`Leads: ${record.landingIds.join(', ')}`);
lines.push('', `Orders (${String(record.orders.length)}):`);
for (const order of record.orders) {
  lines.push(
    `  ${order.orderId}  product ${order.productId}  ${order.total}  ${order.createdAt}`,
    `    agreed under: ${order.termsVersion ?? '(none recorded)'}, ${order.privacyVersion ?? '-'}, ${order.telehealthConsentVersion ?? '-'}`,
  );
}
lines.push('', `What was shown (${String(record.records.length)} records, oldest first):`);
for (const entry of record.records) {
  const where = `${entry.step}${entry.funnelVersion === undefined ? '' : ` (funnel ${entry.funnelVersion})`}`;
  lines.push(
    `  ${entry.createdAt}  ${entry.kind.padEnd(9)} ${entry.ref}${entry.questionId === undefined ? '' : ` [${entry.questionId}]`}`,
  );
  lines.push(`    on ${where}; text ${short(entry.textSha256)}, ${matches(entry.textMatches)}`);
  if (entry.value !== undefined) lines.push(`    consent: ${entry.value.includes('true') ? 'given' : 'not given'}`);
  if (entry.orderId !== undefined) lines.push(`    order ${entry.orderId}`);
  for (const document of entry.documents ?? []) {
    lines.push(`    ${document.document}: ${document.version} (${short(document.sha256)})`);
  }
  if (entry.renewal !== undefined) {
    lines.push(
      `    renews: ${entry.renewal.amount} every ${entry.renewal.every} until cancelled, next charge ${entry.renewal.nextCharge}`,
    );
  }
}
console.log(lines.join('\n'));
