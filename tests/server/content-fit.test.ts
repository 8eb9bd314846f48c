import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseFile, openDatabase } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { QUESTION_PAGES, seedDemoData } from '../../src/server/seed.ts';
import { startTestServer, tempDataDir, type TestServer } from './test-server.ts';
import { loadConfig } from '../support/config.ts';

/**
 * What the local server gives each brand and product (issue 12, points 5, 7, 8 and 10): the
 * error content of the visitor's brand, the ED products, the brand's assessment questions and
 * an optional marketing consent; and a database seeded before these changes gets them.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.remove();
});

const results = async (host: string) => {
  const names = encodeURIComponent(JSON.stringify(['error404-ED', 'error404-HRT']));
  const reply = await server.call({
    method: 'GET',
    url: `/api/memoForm/getMarkdown?names=${names}`,
    headers: { host },
  });
  return (reply.json as { data: { results: Record<string, string> } }).data.results;
};

test('the error content is the visitor’s brand’s: the women’s site gets its own treatments, never the men’s or ED', async () => {
  const mens = await results('localhost:4173');
  expect(mens['error404-HRT']).toMatch(/\]\(https:\/\/peakmens\.example\/treatments\/testosterone/);
  expect(mens['error404-ED']).toMatch(/\[ED medications\]\(https:\/\/peakmens\.example/);

  for (const host of ['femme.localhost:4173', 'peakfemme.example']) {
    const womens = await results(host);
    expect(Object.keys(womens).sort()).toEqual(['error404-ED', 'error404-HRT']);
    for (const markdown of Object.values(womens)) {
      expect(markdown).toMatch(/\]\(https:\/\/peakfemme\.example\//);
      expect(markdown).not.toMatch(/peakmens|ED medications|testosterone|555-0142/i);
    }
  }
});

test('a brand’s own version of an entry cannot be asked for by its key', async () => {
  const names = encodeURIComponent(JSON.stringify(['error404-ED@female']));
  const reply = await server.call({ method: 'GET', url: `/api/memoForm/getMarkdown?names=${names}` });
  expect(reply.status).toBe(400);
});

const product = async (query: string) => {
  const reply = await server.call({ method: 'GET', url: `/api/memoForm/getProductInfo?${query}` });
  return (reply.json as { data: Record<string, unknown> }).data;
};

test('the ED checkout codes’ products are ED medicines, and no product promises lab results without a lab kit', async () => {
  expect(await product('id=1690&category=hrt&type=product')).toMatchObject({
    name: expect.stringMatching(/tadalafil/i) as unknown,
    total: '$99.00',
  });
  expect(await product('id=1691&category=hrt&type=product')).toMatchObject({
    name: expect.stringMatching(/sildenafil/i) as unknown,
  });
  const rows = server.db.prepare<[], { external_id: string; text: string }>(
    "SELECT external_id, name || ' ' || coalesce(description, '') || ' ' || package_includes_json || includes_detail_json AS text FROM products",
  );
  for (const row of rows.all()) {
    const hasLabKit = /lab kit/i.test(row.text);
    if (!hasLabKit) expect(row.text, `product ${row.external_id}`).not.toMatch(/lab results|lab monitoring/i);
  }
});

test('what a product includes names what its description promises: mhrt’s lab kit', async () => {
  const mhrt = await product('id=1682&category=hrt&type=mpid');
  expect(mhrt.description).toMatch(/lab kit/i);
  expect([...(mhrt.packageIncludes as string[]), ...(mhrt.includesDetail as string[])].join(' ')).toMatch(/lab kit/i);
});

test('the women’s assessment asks women’s symptoms, each scored', () => {
  const symptoms = (id: string) =>
    QUESTION_PAGES.find((page) => page.formId === 'MIP' && page.id === id)?.questions.find(
      (question) => question.ref === 'symptoms',
    )?.options ?? [];
  const womens = symptoms('6').map((option) => option.label);
  expect(womens).toEqual(expect.arrayContaining(['Hot flashes', 'Night sweats', 'Irregular or missed periods']));
  expect(womens.join(' ')).toMatch(/vaginal dryness/i);
  expect(womens).not.toEqual(symptoms('2').map((option) => option.label));
  // Every answer scores (config/scores.json), so the women's results measure their symptoms.
  const points = loadConfig().scores.scores.find((score) => score.ref === 'symptoms')?.points ?? {};
  for (const option of symptoms('6'))
    if (option.value !== 'none') expect(points, option.value).toHaveProperty(option.value);
});

test('the women’s assessment has its own health page, without the prostate; the marketing consent is optional', () => {
  const page = (formId: string, id: string) =>
    QUESTION_PAGES.find((candidate) => candidate.formId === formId && candidate.id === id);
  const womens = JSON.stringify(page('MIP', '5'));
  expect(womens).not.toMatch(/prostate/i);
  expect(womens).toMatch(/breast, ovarian or uterine/);
  expect(JSON.stringify(page('MIP', '3'))).toMatch(/prostate/);
  const consent = page('MIP', '4')?.questions.find((question) => question.type === 'consent');
  expect(consent).toMatchObject({ ref: 'marketing-consent', required: false });
  expect(consent?.label).toMatch(/optional/i);
  // The intake's consent page offers the same choice to a patient who took no assessment (the ED funnels).
  const intakeConsents = page('MIP-H2', '3')?.questions ?? [];
  expect(intakeConsents.find((question) => question.ref === 'marketing-consent')).toEqual(consent);
  expect(intakeConsents.filter((question) => question.required).map((question) => question.ref)).toEqual([
    'telehealth-consent',
    'terms-consent',
  ]);
  const ed = JSON.stringify(page('MIP-H2', '4'));
  expect(ed).toMatch(/nitrate/i);
  expect(ed).toMatch(/alpha-blocker/i);
});

test('the intake asks the height on its health page (HRT or ED), never on the shipping page', () => {
  const refs = (id: string) =>
    QUESTION_PAGES.find((page) => page.formId === 'MIP-H2' && page.id === id)?.questions.map(
      (question) => question.ref,
    );
  expect(refs('2')).toEqual(['shipping-address']);
  expect(refs('1')).toContain('height');
  expect(refs('4')).toContain('height');
});

test('a database seeded with the old demo content gets the new wording; rows a clinic imported are left alone', () => {
  const dataDir = tempDataDir();
  try {
    const db = openDatabase(databaseFile(dataDir), MIGRATIONS);
    seedDemoData(db);
    // As the previous seed left it: the old wording, and its version.
    db.prepare("UPDATE content SET markdown = 'old' WHERE key = 'error404-ED'").run();
    db.prepare("DELETE FROM content WHERE key LIKE '%@female'").run();
    db.prepare("UPDATE products SET description = 'reviews your lab results' WHERE external_id = '0'").run();
    db.prepare("DELETE FROM products WHERE external_id IN ('1690', '1691')").run();
    db.prepare("UPDATE question_pages SET page_json = '{}' WHERE form_id = 'MIP' AND page_id = '4'").run();
    db.prepare("UPDATE question_pages SET page_json = '{}' WHERE form_id = 'MIP-H2' AND page_id = '3'").run();
    db.prepare("INSERT INTO content (key, markdown, demo) VALUES ('error404-HRT@female', 'clinic text', 0)").run();
    db.prepare("UPDATE meta SET value = '4' WHERE key = 'demo_seed_version'").run();

    expect(seedDemoData(db)).toBe(true);
    const markdown = (key: string) => db.prepare('SELECT markdown FROM content WHERE key = ?').pluck().get(key);
    expect(markdown('error404-ED')).not.toBe('old');
    expect(markdown('error404-ED@female')).toMatch(/peakfemme/);
    expect(markdown('error404-HRT@female')).toBe('clinic text');
    expect(
      db.prepare("SELECT description FROM products WHERE external_id = '0' AND category = 'hrt'").pluck().get(),
    ).not.toMatch(/lab/);
    expect(db.prepare("SELECT count(*) FROM products WHERE external_id IN ('1690', '1691')").pluck().get()).toBe(2);
    expect(
      db.prepare("SELECT page_json FROM question_pages WHERE form_id = 'MIP' AND page_id = '4'").pluck().get(),
    ).toMatch(/marketing-consent/);
    expect(
      db.prepare("SELECT page_json FROM question_pages WHERE form_id = 'MIP-H2' AND page_id = '3'").pluck().get(),
    ).toMatch(/marketing-consent/);
    db.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
