import { expect, test } from 'vitest';
import { getKtCustomerLandingId } from '../../src/shared/api/customers.ts';
import { openReturnLink } from '../../src/app/open-return-link.ts';
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

  expect(await openReturnLink(linkFor(JANE_CUSTOMER_ID, 24))).toBeNull();

  await expect(getKtCustomerLandingId({ ktCustomerId: JANE_CUSTOMER_ID })).resolves.toMatchObject({
    landing_id: expect.any(String) as string,
  });
});

test('an expired or tampered link opens nothing and tells the patient what to do', async () => {
  server.newBrowser();
  const expired = linkFor(JANE_CUSTOMER_ID, -1);
  const tampered = `${linkFor('100235', 24).slice(0, -2)}AA`;
  for (const token of [expired, tampered, 'not-a-token']) {
    expect(await openReturnLink(token)).toBe(
      'This link is not valid or has expired. Call us and we will send you a new one.',
    );
  }
  await expect(getKtCustomerLandingId({ ktCustomerId: JANE_CUSTOMER_ID })).rejects.toMatchObject({ status: 404 });
});
