import { expect, test } from 'vitest';
import { getKtCustomerLandingId } from '../../src/shared/api/customers.ts';
import { customerSiteUrl, emailNewLink, openReturnLink } from '../../src/app/open-return-link.ts';
import { takeReturnLinkToken } from '../../src/app/return-link.ts';
import { signLinkToken } from '../../src/server/access.ts';
import { JANE_CUSTOMER_ID, LINK_SECRET, useClientServer } from '../server/test-server.ts';

/** A patient opening the clinic's email link on a new phone, against the real local server. */
const server = useClientServer();

function addressBar(href: string) {
  let current = new URL(href);
  const entries: string[] = [];
  return {
    location: {
      get href() {
        return current.href;
      },
    } as Location,
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => {
        current = new URL(url, current);
        entries.push(current.href);
      },
    } as unknown as History,
    entries,
  };
}

function linkFor(ktCustomerId: string, hoursLeft: number): string {
  return signLinkToken(LINK_SECRET, { ktCustomerId, expiresAt: new Date(Date.now() + hoursLeft * 60 * 60 * 1000) });
}

test('the token leaves the address bar before anything reads it; the rest of the link stays', () => {
  const bar = addressBar(
    'https://example.test/restart/restart?ktCustomerId=100235&access=abc.def&utm_source=email#top',
  );
  expect(takeReturnLinkToken(bar)).toBe('abc.def');
  expect(bar.location.href).toBe('https://example.test/restart/restart?ktCustomerId=100235&utm_source=email#top');
  // Replaced, not pushed: Back does not bring the token back.
  expect(bar.entries).toHaveLength(1);
});

test('a link without a token leaves the address alone', () => {
  const bar = addressBar('https://example.test/hormone-assessment/shrt?utm_source=sms');
  expect(takeReturnLinkToken(bar)).toBeNull();
  expect(bar.entries).toEqual([]);
});

test('a new browser sees nothing of the customer until the link opens their records, then sees them', async () => {
  server.newBrowser();
  await expect(getKtCustomerLandingId({ ktCustomerId: JANE_CUSTOMER_ID })).rejects.toMatchObject({ status: 404 });

  // Jane is a customer of the women's brand: on the men's host the link opens nothing and says
  // where it does, for the page to move there with it; there it opens her records.
  const link = linkFor(JANE_CUSTOMER_ID, 24);
  expect(await openReturnLink(link)).toEqual({ kind: 'other-brand', site: 'female' });
  await expect(getKtCustomerLandingId({ ktCustomerId: JANE_CUSTOMER_ID })).rejects.toMatchObject({ status: 404 });
  server.onHost('femme.localhost');
  expect(await openReturnLink(link)).toEqual({ kind: 'opened', site: 'female' });

  await expect(getKtCustomerLandingId({ ktCustomerId: JANE_CUSTOMER_ID })).resolves.toMatchObject({
    landing_id: expect.any(String) as string,
  });
});

test('a link opened in a second browser is used, opens nothing there, and can have a new one emailed', async () => {
  server.newBrowser();
  server.onHost('femme.localhost');
  const link = linkFor(JANE_CUSTOMER_ID, 24);
  expect(await openReturnLink(link)).toEqual({ kind: 'opened', site: 'female' });
  // The same browser again (a reload): it opens.
  expect(await openReturnLink(link)).toEqual({ kind: 'opened', site: 'female' });

  server.newBrowser();
  server.onHost('femme.localhost');
  expect(await openReturnLink(link)).toEqual({ kind: 'used' });
  await expect(getKtCustomerLandingId({ ktCustomerId: JANE_CUSTOMER_ID })).rejects.toMatchObject({ status: 404 });
  expect(await emailNewLink(link, '/f/cont/fha1?ktCustomerId=100234')).toBe(true);
  // A token the clinic did not make cannot ask.
  expect(await emailNewLink(`${link.slice(0, -2)}AA`, '/f/cont/fha1')).toBe(false);
});

test('an expired, tampered or malformed link opens nothing, and is one kind of failure to the patient', async () => {
  server.newBrowser();
  const expired = linkFor(JANE_CUSTOMER_ID, -1);
  const tampered = `${linkFor('100235', 24).slice(0, -2)}AA`;
  for (const token of [expired, tampered, 'not-a-token']) {
    expect(await openReturnLink(token)).toEqual({ kind: 'not-valid' });
  }
  await expect(getKtCustomerLandingId({ ktCustomerId: JANE_CUSTOMER_ID })).rejects.toMatchObject({ status: 404 });
});

test('a link opened on the other brand’s host moves to the customer’s brand’s host, token and all', () => {
  const host = { site: 'male', source: 'host' } as const;
  expect(
    customerSiteUrl('female', host, 'http://localhost:4173/post-clinic/100234?utm_source=email#top', 'abc.def'),
  ).toBe('http://femme.localhost:4173/post-clinic/100234?utm_source=email&access=abc.def#top');
  expect(customerSiteUrl('male', { site: 'female', source: 'host' }, 'https://www.peakfemme.example/x', 't.s')).toBe(
    'https://www.peakmens.example/x?access=t.s',
  );
  // Already on the customer's brand, a deployment of one brand, or a host the config does not pair: it stays.
  expect(customerSiteUrl('male', host, 'http://localhost:4173/post-clinic/100235', 't.s')).toBeNull();
  expect(customerSiteUrl('female', { site: 'male', source: 'environment' }, 'http://localhost/x', 't.s')).toBeNull();
  expect(customerSiteUrl('female', { site: 'male', source: 'build' }, 'http://localhost/x', 't.s')).toBeNull();
  expect(customerSiteUrl('female', { site: 'male', source: 'default' }, 'http://clinic.test/x', 't.s')).toBeNull();
});

// Last in the file: it uses up this address's identity checks on the file's server.
test('a link opened when the server asks to wait says until when, from its Retry-After', async () => {
  server.newBrowser();
  const before = Date.now();
  let outcome = await openReturnLink('guess.guess');
  for (let attempt = 0; attempt < 25 && outcome.kind !== 'busy'; attempt += 1) {
    outcome = await openReturnLink('guess.guess');
  }
  expect(outcome).toMatchObject({ kind: 'busy' });
  const { retryAt } = outcome as { retryAt: number };
  // The limits' window is a minute: the wait is within it, and in the future.
  expect(retryAt).toBeGreaterThan(before);
  expect(retryAt).toBeLessThanOrEqual(Date.now() + 61_000);
  // A good link is refused for the wait too: nothing opens meanwhile.
  expect(await openReturnLink(linkFor(JANE_CUSTOMER_ID, 24))).toMatchObject({ kind: 'busy' });
});
