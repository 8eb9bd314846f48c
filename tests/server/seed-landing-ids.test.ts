import { rmSync } from 'node:fs';
import { expect, test } from 'vitest';
import { decodeLandingId } from '../../src/domain/landing-id.ts';
import { databaseFile, openDatabase } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { seedDemoData } from '../../src/server/seed.ts';
import { tempDataDir } from './test-server.ts';

/**
 * Every landing id the demo seed writes, in every table that holds one, is one the domain reads
 * back (decodeLandingId), naming the lead's own last name and email: the seed makes them with
 * the domain's makeLandingId, not a copy of the rule.
 */
test('every seeded landing id decodes to its lead', () => {
  const dataDir = tempDataDir();
  try {
    const db = openDatabase(databaseFile(dataDir), MIGRATIONS);
    seedDemoData(db, new Date('2026-11-27T09:00:00Z'));
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'landing_id')",
      )
      .all()
      .map((row) => row.name);
    expect(tables).toContain('leads');
    const seeded = tables.flatMap((table) =>
      db
        .prepare<[], { landing_id: string }>(`SELECT DISTINCT landing_id FROM ${table} WHERE landing_id IS NOT NULL`)
        .all()
        .map((row) => row.landing_id),
    );
    expect(seeded.length).toBeGreaterThan(0);
    for (const landingId of new Set(seeded)) {
      expect(decodeLandingId(landingId), `${landingId} decodes`).not.toBeNull();
    }
    const leads = db
      .prepare<[], { landing_id: string; lead_json: string }>('SELECT landing_id, lead_json FROM leads WHERE demo = 1')
      .all();
    for (const lead of leads) {
      const { lastName, email } = JSON.parse(lead.lead_json) as { lastName: string; email: string };
      expect(decodeLandingId(lead.landing_id)).toMatchObject({ lastName, email, formId: 'MIP' });
    }
    db.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
