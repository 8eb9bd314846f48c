import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { databaseFile, openDatabase } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { SEED_VERSION, seedDemoData } from '../../src/server/seed.ts';
import { AUTH, countRows, orderJson, saveBilling, saveLead, startTestServer, tempDataDir } from './test-server.ts';

const LANDING_ID = 'UmVzdGFydGVyc2FtQGV4YW1wbGUuY29tMjAyNC0wOS0wMU1JUA';

test('restarting the server loses nothing that was acknowledged', async () => {
  const dataDir = tempDataDir();
  try {
    const before = await startTestServer({ dataDir });
    await saveLead(before, LANDING_ID, { email: 'restart.check@example.com' });
    const token = await saveBilling(before, LANDING_ID, { cardNumber: '4242424242424242' });
    const order = await before.call({
      method: 'POST',
      url: '/api/memoForm/createOrder',
      headers: { 'idempotency-key': 'restart-key-0001' },
      payload: { order: orderJson(LANDING_ID, token) },
    });
    expect(order.status).toBe(201);
    const lead = await before.call({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${LANDING_ID}` });
    const cookie = before.call.cookie();
    await before.close();

    // The same browser after the restart: its session is kept in the database too.
    const after = await startTestServer({ dataDir, ...(cookie === undefined ? {} : { sessionCookie: cookie }) });
    const leadAgain = await after.call({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${LANDING_ID}` });
    expect(leadAgain.status).toBe(200);
    expect(leadAgain.json).toEqual(lead.json);
    const replay = await after.call({
      method: 'POST',
      url: '/api/memoForm/createOrder',
      headers: { 'idempotency-key': 'restart-key-0001' },
      payload: { order: orderJson(LANDING_ID, token) },
    });
    expect(replay.json).toEqual(order.json);
    const lookup = await after.call({
      method: 'GET',
      url: '/api/mipH2/order?emailAddress=alex.rivera%40example.com',
      headers: AUTH,
    });
    expect(lookup.json).toMatchObject({ data: { orders: [order.json as { data: unknown }].map((item) => item.data) } });
    expect(countRows(after.db, 'orders', 'landing_id = ?', LANDING_ID)).toBe(1);
    await after.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a request that fails half way writes nothing: its transaction is rolled back', async () => {
  const server = await startTestServer();
  try {
    await saveLead(server, LANDING_ID);
    const before = countRows(server.db, 'customers');
    // The order's contact would become a customer, but the card is declined after that step.
    const token = await saveBilling(server, LANDING_ID, { cardNumber: '4000000000000002' });
    const reply = await server.call({
      method: 'POST',
      url: '/api/memoForm/createOrder',
      headers: { 'idempotency-key': 'rollback-key-0001' },
      payload: { order: orderJson(LANDING_ID, token) },
    });
    expect(reply.status).toBe(422);
    expect(countRows(server.db, 'customers')).toBe(before);
    expect(countRows(server.db, 'orders', 'landing_id = ?', LANDING_ID)).toBe(0);
  } finally {
    await server.remove();
  }
});

test('the database file is created and migrated on first open, and reopening applies nothing twice', () => {
  const dataDir = tempDataDir();
  try {
    const file = databaseFile(dataDir);
    const first = openDatabase(file, MIGRATIONS);
    const versions = first
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations ORDER BY version')
      .all();
    expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    first.close();
    const second = openDatabase(file, MIGRATIONS);
    expect(countRows(second, 'schema_migrations')).toBe(MIGRATIONS.length);
    second.close();
    expect(readdirSync(dataDir)).toContain(path.basename(file));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The tables seedDemoData fills, each with a demo flag. */
const SEEDED_TABLES = [
  'products',
  'question_pages',
  'content',
  'dead_ends',
  'terms',
  'state_encounter_types',
  'microclinics',
  'short_links',
  'event_types',
  'availability',
  'appointments',
  'customers',
  'leads',
  'orders',
  'prescriptions',
  'referrals',
];

test('demo content is seeded once, every seeded row marked demo', () => {
  const dataDir = tempDataDir();
  try {
    const db = openDatabase(databaseFile(dataDir), MIGRATIONS);
    expect(seedDemoData(db)).toBe(true);
    const counts = Object.fromEntries(SEEDED_TABLES.map((table) => [table, countRows(db, table)]));
    for (const table of SEEDED_TABLES) {
      expect(counts[table], `${table} has demo rows`).toBeGreaterThan(0);
      expect(countRows(db, table, 'demo = 0'), `${table} rows not marked demo`).toBe(0);
    }
    expect(seedDemoData(db)).toBe(false);
    db.close();

    const reopened = openDatabase(databaseFile(dataDir), MIGRATIONS);
    expect(seedDemoData(reopened)).toBe(false);
    // Even with the version record gone, a second seeding adds no duplicate.
    reopened.prepare("DELETE FROM meta WHERE key = 'demo_seed_version'").run();
    expect(seedDemoData(reopened)).toBe(true);
    expect(Object.fromEntries(SEEDED_TABLES.map((table) => [table, countRows(reopened, table)]))).toEqual(counts);
    expect(reopened.prepare("SELECT value FROM meta WHERE key = 'demo_seed_version'").pluck().get()).toBe(
      String(SEED_VERSION),
    );
    reopened.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the seeded content is what the funnel needs', () => {
  const dataDir = tempDataDir();
  try {
    const db = openDatabase(databaseFile(dataDir), MIGRATIONS);
    seedDemoData(db);
    const products = db
      .prepare<[], { id: string }>("SELECT external_id || ':' || category AS id FROM products")
      .pluck()
      .all();
    expect(products.sort()).toEqual(
      ['0:fhrt', '0:hrt', '1664:fhrt', '1673:hrt', '1682:hrt', '1684:fhrt', '1690:hrt', '1691:hrt'].sort(),
    );
    expect(db.prepare("SELECT campaign_id, comp_order FROM products WHERE external_id = '1673'").get()).toEqual({
      campaign_id: '116',
      comp_order: 1,
    });
    const pages = db
      .prepare("SELECT form_id || ' ' || page_id FROM question_pages ORDER BY form_id, position")
      .pluck()
      .all();
    expect(pages).toEqual([
      'CONT 1',
      'CONT 2',
      'MIP 1',
      'MIP 2',
      'MIP 3',
      'MIP 4',
      'MIP 5',
      'MIP 6',
      'MIP-H2 1',
      'MIP-H2 2',
      'MIP-H2 3',
      'MIP-H2 4',
      'MIP-H2 5',
    ]);
    expect(countRows(db, 'state_encounter_types')).toBe(51);
    expect(db.prepare('SELECT version FROM terms ORDER BY version').pluck().all()).toEqual(['1', '2']);
    expect(db.prepare('SELECT key FROM content ORDER BY key').pluck().all()).toEqual([
      'error404-ED',
      'error404-ED@female',
      'error404-HRT',
      'error404-HRT@female',
    ]);
    // The page shows the brand's phone and start itself; the content links to the brand's treatments.
    for (const markdown of db.prepare('SELECT markdown FROM content').pluck().all() as string[]) {
      expect(markdown).toMatch(/\]\(https:\/\/[^)]+\)/);
    }
    db.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('no table has a column for a card number, a CVC or an SSN, and the files never hold one', async () => {
  const server = await startTestServer();
  try {
    const columns = server.db
      .prepare(
        "SELECT m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'",
      )
      .pluck()
      .all() as string[];
    expect(columns.length).toBeGreaterThan(100);
    expect(columns.filter((column) => /card_?number|cvc|cvv|\.ssn$|\.pan$|id_number$/i.test(column))).toEqual([]);

    await saveLead(server, LANDING_ID);
    await saveBilling(server, LANDING_ID, { cardNumber: '6011111111111117', cvc: '987' });
    await server.call({
      method: 'POST',
      url: '/api/idVerification/checkIdentity',
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        customer: JSON.stringify({
          firstName: 'Alex',
          lastName: 'Rivera',
          birthdate: '1980-02-29',
          state: 'KY',
          idType: 'drivers-license',
          idNumber: 'K99887766',
          ssn: '219-09-9999',
        }),
      }).toString(),
    });
    const dataDir = server.dataDir;
    await server.close();
    for (const file of readdirSync(dataDir)) {
      const bytes = readFileSync(path.join(dataDir, file)).toString('latin1');
      expect(bytes, file).not.toContain('6011111111111117');
      expect(bytes, file).not.toContain('219-09-9999');
      expect(bytes, file).not.toContain('K99887766');
    }
  } finally {
    await server.remove();
  }
});
