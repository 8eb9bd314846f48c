/**
 * Issue 39 point 4: a return link opens a customer's records in one browser, on a host of
 * their brand. Written as the attacker who has the link (a forwarded email, a shared phone, a
 * link read over a shoulder) would try it: from a second browser, on the other brand's host, on
 * a host of their own, after the patient opened it, and by asking for a fresh one. Each
 * refusal was a 200 opening the records before the fix.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { memoryMailer } from '../../src/server/mail/mailer.ts';
import { linkTokenKey, signLinkToken, verifyLinkToken } from '../../src/server/access.ts';
import {
  AUTH,
  countRows,
  JANE_CUSTOMER_ID,
  LINK_SECRET,
  startTestServer,
  type Browser,
  type Reply,
  type TestServer,
} from './test-server.ts';

const JOHN_CUSTOMER_ID = '100235';
const WOMENS_HOST = 'femme.localhost';
const MENS_HOST = 'localhost';

let server: TestServer;
let mail: ReturnType<typeof memoryMailer>;
beforeEach(async () => {
  mail = memoryMailer();
  server = await startTestServer({ mailer: mail, rateLimits: false });
});
afterEach(async () => {
  await server.remove();
});

/** A link as the clinic's mail makes it: for the customer and their brand, good for a day. */
function linkFor(ktCustomerId: string, site: 'male' | 'female', hours = 24): string {
  return signLinkToken(LINK_SECRET, { ktCustomerId, site, expiresAt: new Date(Date.now() + hours * 3_600_000) });
}

function claim(browser: Browser, token: string, host: string): Promise<Reply> {
  return browser({ method: 'POST', url: '/api/session/claim', headers: { host }, payload: { token } });
}

/** "Email me a new link" from the page of `token`, on `host`. */
function renew(browser: Browser, token: string, host: string, page?: string): Promise<Reply> {
  return browser({
    method: 'POST',
    url: '/api/session/claim/renew',
    headers: { host },
    payload: { token, ...(page === undefined ? {} : { page }) },
  });
}

/** Whether the browser reads the customer's record (their first lead's landing id). */
async function reads(browser: Browser, ktCustomerId: string, host: string): Promise<boolean> {
  const reply = await browser({
    method: 'GET',
    url: `/api/memoForm/ktCustomerLandingId?ktCustomerId=${ktCustomerId}`,
    headers: { ...AUTH, host },
  });
  return reply.status === 200;
}

const mailSettled = () => new Promise((resolve) => setTimeout(resolve, 20));

test('the first browser to open a link is the only one it opens the records in; that one may open it again', async () => {
  const link = linkFor(JANE_CUSTOMER_ID, 'female');
  const patient = server.browser();
  expect((await claim(patient, link, WOMENS_HOST)).status).toBe(200);
  expect(await reads(patient, JANE_CUSTOMER_ID, WOMENS_HOST)).toBe(true);
  // The patient reloads, or follows the link again: the same browser, under its renewed id.
  expect((await claim(patient, link, WOMENS_HOST)).status).toBe(200);

  const attacker = server.browser();
  const refused = await claim(attacker, link, WOMENS_HOST);
  expect(refused.status).toBe(409);
  expect(refused.json).toEqual({
    status: 409,
    message: 'This link has opened your details in another browser already. We can email you a new one.',
    reason: 'link-used',
  });
  expect(refused.headers['set-cookie']).toBeUndefined();
  expect(await reads(attacker, JANE_CUSTOMER_ID, WOMENS_HOST)).toBe(false);
  // Nor with the patient's first session id, which the claim renewed away.
  expect(await reads(patient, JANE_CUSTOMER_ID, WOMENS_HOST)).toBe(true);
});

test('a link claimed by an attacker first is refused to the patient, who can have a fresh one emailed to them', async () => {
  const link = linkFor(JANE_CUSTOMER_ID, 'female');
  const attacker = server.browser();
  expect((await claim(attacker, link, WOMENS_HOST)).status).toBe(200);
  const patient = server.browser();
  expect((await claim(patient, link, WOMENS_HOST)).json).toMatchObject({ reason: 'link-used' });

  // "Email me a new link": it goes to the email on Jane's record, for the page she was on.
  const renewed = await renew(patient, link, WOMENS_HOST, '/f/cont/fha1?ktCustomerId=100234');
  expect(renewed.status).toBe(200);
  expect(renewed.json).toEqual({ data: { requested: true } });
  await mailSettled();
  expect(mail.sent).toHaveLength(1);
  const [sent] = mail.sent;
  expect(sent?.to).toBe('jane.doe@example.com');
  expect(sent?.subject).toBe('Your new link to Peak Femme');
  const fresh = /http:\/\/femme\.localhost\/f\/cont\/fha1\?ktCustomerId=100234&access=([\w.-]+)/.exec(
    sent?.text ?? '',
  )?.[1];
  expect(fresh, sent?.text).toBeDefined();
  expect(verifyLinkToken(LINK_SECRET, fresh ?? '')).toMatchObject({ ktCustomerId: JANE_CUSTOMER_ID, site: 'female' });
  expect((await claim(patient, fresh ?? '', WOMENS_HOST)).status).toBe(200);
  expect(await reads(patient, JANE_CUSTOMER_ID, WOMENS_HOST)).toBe(true);

  // The attacker asking again gets the same answer, and no second mail (one a while per customer).
  const again = await renew(attacker, link, WOMENS_HOST, '/f/cont/fha1?ktCustomerId=100234');
  expect(again.json).toEqual(renewed.json);
  await mailSettled();
  expect(mail.sent).toHaveLength(1);
});

test('a link opens only on a host of its brand: elsewhere it claims nothing and names the brand', async () => {
  const link = linkFor(JANE_CUSTOMER_ID, 'female');
  const browser = server.browser();
  for (const host of [MENS_HOST, 'peakmens.example', 'attacker.example', '127.0.0.1']) {
    const reply = await claim(browser, link, host);
    expect(reply.status, host).toBe(409);
    expect(reply.json, host).toEqual({
      status: 409,
      message: 'This link opens on the site of your brand',
      reason: 'other-brand',
      site: 'female',
    });
    expect(await reads(browser, JANE_CUSTOMER_ID, host), host).toBe(false);
  }
  expect(countRows(server.db, 'return_link_claims')).toBe(0);
  // The men's customer's link, likewise, on the women's host and a host of nobody's.
  const johns = linkFor(JOHN_CUSTOMER_ID, 'male');
  for (const host of [WOMENS_HOST, 'peakfemme.example', 'attacker.example'])
    expect((await claim(browser, johns, host)).json, host).toMatchObject({ reason: 'other-brand', site: 'male' });
  // Then the page moves to the brand's host with it, where it opens, once.
  expect((await claim(browser, link, WOMENS_HOST)).status).toBe(200);
  expect((await claim(browser, johns, 'www.peakmens.example')).status).toBe(200);
  expect(countRows(server.db, 'return_link_claims')).toBe(2);
});

test('a token naming another brand than the customer’s is not the clinic’s, and a forged one asks nothing', async () => {
  const browser = server.browser();
  const wrongBrand = linkFor(JANE_CUSTOMER_ID, 'male');
  for (const host of [MENS_HOST, WOMENS_HOST]) expect((await claim(browser, wrongBrand, host)).status).toBe(404);
  const forged = signLinkToken('someone-elses-secret-000000', {
    ktCustomerId: JANE_CUSTOMER_ID,
    site: 'female',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  expect((await renew(browser, forged, WOMENS_HOST)).status).toBe(404);
  await mailSettled();
  expect(mail.sent).toHaveLength(0);
});

test('an expired link can ask for a fresh one; a page not of the brand gives its start', async () => {
  const expired = linkFor(JOHN_CUSTOMER_ID, 'male', -2);
  const browser = server.browser();
  expect((await claim(browser, expired, MENS_HOST)).status).toBe(404);
  const renewed = await renew(browser, expired, MENS_HOST, '/f/cont/fha1?ktCustomerId=100235');
  expect(renewed.status).toBe(200);
  await mailSettled();
  expect(mail.sent.map((sent) => sent.to)).toEqual(['john.smith@example.com']);
  expect(mail.sent[0]?.text).toMatch(/http:\/\/localhost\/hormone-assessment\/shrt\?access=[\w.-]+/);
});

test('a link made before tokens had a nonce still opens, once, on its brand’s host', async () => {
  // The format of tokens mailed before issue 39: customer and expiry only.
  const payload = Buffer.from(
    JSON.stringify({ c: JOHN_CUSTOMER_ID, e: Math.floor(Date.now() / 1000) + 3600 }),
  ).toString('base64url');
  const { createHmac } = await import('node:crypto');
  const old = `${payload}.${createHmac('sha256', LINK_SECRET).update(payload).digest('base64url')}`;
  expect((await claim(server.browser(), old, WOMENS_HOST)).json).toMatchObject({ reason: 'other-brand' });
  expect((await claim(server.browser(), old, MENS_HOST)).status).toBe(200);
  expect((await claim(server.browser(), old, MENS_HOST)).json).toMatchObject({ reason: 'link-used' });
  // What the table keeps would not rebuild the token.
  const kept = server.db.prepare<[], { token_key: string }>('SELECT token_key FROM return_link_claims').all();
  expect(kept).toEqual([{ token_key: linkTokenKey(old) }]);
  expect(kept[0]?.token_key).not.toContain(old.split('.')[1] ?? '');
});

test('a forged Host cannot put another site in the mailed link', async () => {
  const renewed = await renew(server.browser(), linkFor(JOHN_CUSTOMER_ID, 'male', -2), 'localhost:1@evil.example');
  expect(renewed.status).toBe(200);
  await mailSettled();
  const link = /https?:\/\/\S+access=[\w.-]+/.exec(mail.sent[0]?.text ?? '')?.[0] ?? '';
  expect(new URL(link).hostname).toBe('localhost');
  expect(mail.sent[0]?.text).not.toContain('evil.example');
});

test('a claim is forgotten once its link has expired', async () => {
  const browser = server.browser();
  expect((await claim(browser, linkFor(JOHN_CUSTOMER_ID, 'male'), MENS_HOST)).status).toBe(200);
  server.db.prepare("UPDATE return_link_claims SET expires_at = '2020-01-01T00:00:00.000Z'").run();
  expect((await claim(browser, linkFor(JOHN_CUSTOMER_ID, 'male'), MENS_HOST)).status).toBe(200);
  expect(countRows(server.db, 'return_link_claims')).toBe(1);
});
