import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { agreementStatementText, isoDay, localDay } from '../../src/domain/agreement.ts';

/**
 * The agreement a Pay page gives for a one-time charge of `amount` on a site, for a test that
 * places an order by the API, as a clinic's other client would: the documents in force as the
 * server lists them, and the hash of today's statement (src/domain/agreement.ts).
 */
export async function oneOffAgreement(api: APIRequestContext, site: string, amount: string) {
  const listed = await api.get(`${site}/api/legal`);
  const documents = ((await listed.json()) as { data: { document: string; version: string; sha256: string }[] }).data;
  const today = localDay(new Date());
  // A one-time charge names no renewal, so no way to cancel one either.
  const statement = agreementStatementText({
    amount,
    renewal: null,
    today,
    cancel: { portalLink: '', supportEmail: '', phone: '' },
  });
  return {
    documents: documents.map(({ document, version, sha256 }) => ({ document, version, sha256 })),
    statementSha256: createHash('sha256').update(statement, 'utf8').digest('hex'),
    shownOn: isoDay(today),
    renewalAccepted: false,
    step: '/payment/e2e',
  };
}
