import { createHash } from 'node:crypto';
import brandsFile from '../../config/brands.json';
import type { BrandsFile, Site } from '../../src/engine/config-types.ts';
import { agreementStatementText, cancelContactOfBrand, isoDay, localDay } from '../../src/domain/agreement.ts';
import { FIRST_LEGAL_VERSIONS, LEGAL_DOCUMENTS, firstLegalTexts } from '../../src/domain/legal-documents.ts';
import { cancelContactOf, renewalOf } from '../../src/server/legal.ts';
import type { OrderPayload } from '../../src/contract/api-types.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What the seeded demo products charge (src/server/seed.ts), by id: the amount the statement next to Pay names. */
export const DEMO_PRODUCT_TOTALS: Readonly<Record<string, string>> = {
  '0': '$99',
  '1682': '$99.00',
  '1664': '$89.00',
  '1684': '$119.00',
  '1690': '$99.00',
  '1691': '$99.00',
};

/**
 * The agreement a patient gives at Pay for a product on a brand's site, on the seeded legal
 * texts and today's statement, as the app builds it: what an order the server takes carries.
 */
export function agreementFor(
  productId: string,
  options: { site?: Site; amount?: string; day?: Date } = {},
): OrderPayload['agreement'] {
  const site = options.site ?? (['1664', '1684'].includes(productId) ? 'female' : 'male');
  const brand = (brandsFile as unknown as BrandsFile).brands[site];
  const texts = firstLegalTexts({ ...brand, ...cancelContactOfBrand(brand) });
  const today = localDay(options.day ?? new Date());
  const renewal = renewalOf(productId);
  const amount = options.amount ?? DEMO_PRODUCT_TOTALS[productId] ?? '$99';
  return {
    documents: LEGAL_DOCUMENTS.map((document) => ({
      document,
      version: FIRST_LEGAL_VERSIONS[document],
      sha256: sha256(texts[document]),
    })),
    statementSha256: sha256(agreementStatementText({ amount, renewal, today, cancel: cancelContactOf(site) })),
    shownOn: isoDay(today),
    renewalAccepted: renewal !== null,
    step: '/payment/test',
  };
}
