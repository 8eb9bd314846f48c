import type { LegalDocumentId } from '../contract/api-types.ts';

/**
 * The legal documents a patient agrees to at Pay (issue 38 point 3): their ids, the pages that
 * show them, and the first version of each, per brand. The server keeps every version with the
 * sha256 of its text (table `legal_documents`, migration 21) and answers the current ones
 * (`GET /api/legal`); these texts are only what that migration seeds. Plain TypeScript: the
 * server, the tests and the docs read the same ids.
 */

/** The documents agreed to at Pay, in the order the statement names them. */
export const LEGAL_DOCUMENTS: readonly LegalDocumentId[] = ['terms', 'privacy', 'telehealth-consent'];

/** How a document is named in the statement next to Pay and on its page's heading. */
export const LEGAL_DOCUMENT_TITLES: Readonly<Record<LegalDocumentId, string>> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  'telehealth-consent': 'Telehealth consent',
};

/** Whether a string is one of the documents' ids. */
export function isLegalDocumentId(value: string): value is LegalDocumentId {
  return (LEGAL_DOCUMENTS as readonly string[]).includes(value);
}

/** What the seeded texts need to know of a brand. */
export interface LegalBrand {
  brandName: string;
  phone: string;
  supportEmail: string;
  portalLink: string;
}

/** The version id of the first seeded version of each document. */
export const FIRST_LEGAL_VERSIONS: Readonly<Record<LegalDocumentId, string>> = {
  terms: 'terms-2026-12',
  privacy: 'privacy-2026-12',
  'telehealth-consent': 'telehealth-consent-2026-12',
};

/** When the first versions took effect. */
export const FIRST_LEGAL_EFFECTIVE_AT = '2026-12-01T00:00:00.000Z';

/** The markdown of each document's first version, in the brand's name. Demo text a clinic's counsel replaces. */
export function firstLegalTexts(brand: LegalBrand): Record<LegalDocumentId, string> {
  const { brandName, phone, supportEmail, portalLink } = brand;
  return {
    terms: [
      '# Terms and Conditions',
      '',
      `_Version terms-2026-12, effective December 1, 2026. ${brandName}. Demo text._`,
      '',
      '## Our services',
      '',
      `${brandName} connects you with licensed clinicians through telehealth. A clinician decides whether a treatment is right for you; paying does not guarantee a prescription.`,
      '',
      '## Payments',
      '',
      'You are charged the amount shown next to the Pay button when you pay. A one-time purchase (such as a consultation) is charged once.',
      '',
      '## Plans that renew',
      '',
      'A monthly plan renews automatically: you are charged the amount shown when you pay, and then the same amount every month on the same day of the month (or the last day of a shorter month) until you cancel. We email you before any change to the price.',
      '',
      '## How to cancel',
      '',
      `Cancel at any time, before your next charge, in your account at ${portalLink}, by email at ${supportEmail}, or by phone at ${phone} (Mon-Sun 8am-8pm EST). Cancelling stops every later charge; the month already paid stays yours.`,
      '',
      '## Refunds',
      '',
      'If a clinician finds a treatment is not safe for you before it ships, we refund its charge in full.',
    ].join('\n'),
    privacy: [
      '# Privacy Policy',
      '',
      `_Version privacy-2026-12, effective December 1, 2026. ${brandName}. Demo text._`,
      '',
      '## What we collect',
      '',
      'Your contact details, your answers to our health questions, your billing address and the last four digits of your card. We never store your full card number or its security code.',
      '',
      '## How we use it',
      '',
      'To let a licensed clinician assess and treat you, to ship your treatment, to charge you as agreed, and to keep the records the law asks of a medical practice.',
      '',
      '## Who sees it',
      '',
      'Your clinicians and our care team, and the pharmacy and payment processor that fill and charge your order. We do not sell your health information, and our analytics never receive your answers.',
      '',
      '## Your rights',
      '',
      `Ask for a copy of your records, or for their correction, by email at ${supportEmail} or by phone at ${phone}.`,
    ].join('\n'),
    'telehealth-consent': [
      '# Telehealth consent',
      '',
      `_Version telehealth-consent-2026-12, effective December 1, 2026. ${brandName}. Demo text._`,
      '',
      'I agree to receive care through telehealth: a licensed clinician assesses me from my answers, and by video or phone where my state or my clinician asks for it.',
      '',
      '- Telehealth has limits: a clinician cannot examine me in person, and may ask me to see a doctor in person.',
      '- My clinician may decide a treatment is not right for me.',
      '- In an emergency I call 911, not this service.',
      '- I may withdraw this consent at any time by telling the care team; care already given stays on record.',
    ].join('\n'),
  };
}

/** The page of a brand's site that shows a document: `/legal/terms`, and the women's `/f/legal/terms` (config/routes.json). */
export function legalPagePath(site: 'male' | 'female', document: LegalDocumentId): string {
  return `${site === 'female' ? '/f' : ''}/legal/${document}`;
}
