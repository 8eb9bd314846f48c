import { createHash } from 'node:crypto';
import brandsFile from '../../config/brands.json';
import type { BrandsFile, Site } from '../engine/config-types.ts';
import { renewalFor } from '../domain/product-choice.ts';
import type { LegalDocumentId, OrderAgreement } from '../contract/api-types.ts';
import {
  FIRST_LEGAL_EFFECTIVE_AT,
  FIRST_LEGAL_VERSIONS,
  LEGAL_DOCUMENT_TITLES,
  LEGAL_DOCUMENTS,
  firstLegalTexts,
} from '../domain/legal-documents.ts';
import {
  agreementStatementText,
  calendarDayOf,
  cancelContactOfBrand,
  isoDay,
  nextChargeDate,
  type CancelContact,
} from '../domain/agreement.ts';
import { statement, type Db, type Migration } from './database.ts';
import { HttpProblem } from './problem.ts';

/**
 * The legal documents a patient agrees to at Pay, kept by version (issue 38 point 3), and the
 * check an order's agreement passes before any charge: every document named at its current
 * version with the hash of its text, and the statement next to Pay the one this server would
 * have shown for the product and the day. docs/api.md, "Agreement before money".
 */

/** The sha256 of a text, as hex: what the records and the API name a text shown by. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const brands = (brandsFile as unknown as BrandsFile).brands;

/**
 * Migration 21: one row per document, brand and version, with the sha256 of its markdown. The
 * current version of a document is the one that took effect last (`effective_at` not in the
 * future); a new version is a new row, and the old ones stay, so every order's record names a
 * text that can still be read. Seeded with the first version of each (src/domain/legal-documents.ts).
 */
export const legalDocumentsMigration: Migration = {
  version: 21,
  description: 'legal documents by version: terms, privacy policy, telehealth consent',
  up: (db) => {
    db.exec(`
      CREATE TABLE legal_documents (
        document TEXT NOT NULL CHECK (document IN ('terms', 'privacy', 'telehealth-consent')),
        site TEXT NOT NULL CHECK (site IN ('male', 'female')),
        version TEXT NOT NULL CHECK (length(version) BETWEEN 1 AND 60),
        title TEXT NOT NULL,
        effective_at TEXT NOT NULL,
        markdown TEXT NOT NULL,
        sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
        PRIMARY KEY (document, site, version)
      ) STRICT;
      CREATE INDEX legal_documents_current ON legal_documents (document, site, effective_at);
    `);
    const insert = statement(
      db,
      'INSERT INTO legal_documents (document, site, version, title, effective_at, markdown, sha256) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const site of ['male', 'female'] as const) {
      const texts = firstLegalTexts({ ...brands[site], ...cancelContactOfBrand(brands[site]) });
      for (const document of LEGAL_DOCUMENTS) {
        insert.run(
          document,
          site,
          FIRST_LEGAL_VERSIONS[document],
          LEGAL_DOCUMENT_TITLES[document],
          FIRST_LEGAL_EFFECTIVE_AT,
          texts[document],
          sha256Hex(texts[document]),
        );
      }
    }
  },
};

/**
 * Migration 22: the record of what the patient saw (issue 38 point 4) and the versions an
 * order was agreed under. One `consent_records` row per agreement at Pay, per consent and per
 * answer the server stores: the funnel's version and step it was given on, the sha256 of the
 * exact text shown (as the browser sent it) and whether the server's own copy of that text
 * gives the same hash. A consent's value is kept (given or not); an answer's stays in its lead
 * only, so this table holds no health answer.
 */
export const consentRecordsMigration: Migration = {
  version: 22,
  description: 'consent records: what the patient was shown, and the legal versions of each order',
  up: (db) => {
    db.exec(`
      ALTER TABLE orders ADD COLUMN terms_version TEXT;
      ALTER TABLE orders ADD COLUMN privacy_version TEXT;
      ALTER TABLE orders ADD COLUMN telehealth_consent_version TEXT;
      CREATE TABLE consent_records (
        id INTEGER PRIMARY KEY,
        landing_id TEXT NOT NULL,
        order_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('agreement', 'consent', 'answer')),
        path_code TEXT,
        funnel_version TEXT,
        step TEXT NOT NULL,
        ref TEXT NOT NULL,
        question_id TEXT,
        text_sha256 TEXT NOT NULL CHECK (length(text_sha256) = 64),
        -- 1: the server's own copy of the text has this hash; 0: it has another (the text changed
        -- while the page was open); NULL: the server keeps no copy to compare with.
        text_matches INTEGER CHECK (text_matches IS NULL OR text_matches IN (0, 1)),
        -- A consent's value (["true"] or ["false"]); NULL for an answer: answers stay in the lead.
        value_json TEXT CHECK (value_json IS NULL OR json_valid(value_json)),
        -- The agreement's documents: [{ document, version, sha256 }].
        documents_json TEXT CHECK (documents_json IS NULL OR json_valid(documents_json)),
        -- The agreement's renewal: { amount, every, nextCharge } or NULL for a one-time charge.
        renewal_json TEXT CHECK (renewal_json IS NULL OR json_valid(renewal_json)),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX consent_records_landing ON consent_records (landing_id, id);
      CREATE INDEX consent_records_order ON consent_records (order_id);
    `);
  },
};

/** A version of a legal document as stored. */
export interface LegalDocumentRow {
  document: LegalDocumentId;
  site: Site;
  version: string;
  title: string;
  effective_at: string;
  markdown: string;
  sha256: string;
}

/** The version of each document in force now on a brand's site. */
export function currentLegalDocuments(db: Db, site: Site, now = new Date()): LegalDocumentRow[] {
  const current = statement<[string, string, string], LegalDocumentRow>(
    db,
    `SELECT * FROM legal_documents WHERE document = ? AND site = ? AND effective_at <= ?
     ORDER BY effective_at DESC, version DESC LIMIT 1`,
  );
  return LEGAL_DOCUMENTS.flatMap((document) => current.get(document, site, now.toISOString()) ?? []);
}

/** One version of a document on a brand's site, or undefined. */
export function legalDocumentVersion(
  db: Db,
  document: LegalDocumentId,
  site: Site,
  version: string,
): LegalDocumentRow | undefined {
  return statement<[string, string, string], LegalDocumentRow>(
    db,
    'SELECT * FROM legal_documents WHERE document = ? AND site = ? AND version = ?',
  ).get(document, site, version);
}

/** The renewal of a product (config/products.json `renewals`), or null for a one-time charge: the client's own rule. */
export const renewalOf = renewalFor;

/** Where a brand's patients cancel (config/brands.json). */
export function cancelContactOf(site: Site): CancelContact {
  return cancelContactOfBrand(brands[site]);
}

/** What the check found: the versions, for the order's columns and its consent record. */
export interface CheckedAgreement {
  versions: Record<LegalDocumentId, string>;
  renewal: { amount: string; every: string; nextCharge: string } | null;
}

/** The message and reason of the 409 for an agreement made on terms that are no longer those of today. */
export const TERMS_CHANGED_MESSAGE = 'The terms have changed';

function termsChanged(details: string): never {
  throw new HttpProblem(409, TERMS_CHANGED_MESSAGE, details, { reason: 'terms-changed' });
}

function badAgreement(field: string, message: string): never {
  throw new HttpProblem(400, 'The request is not valid', [{ field: `/body/order/agreement${field}`, message }]);
}

const DAY_MS = 86_400_000;

/**
 * Checks an order's agreement before any charge, for the product at the amount the server
 * will charge: every document named once, at a version this brand has (else 400), with that
 * version's hash (else 400: the browser claims a text the server never served), and the
 * version in force now (else 409 `terms-changed`: the browser shows the new text and asks
 * again); the statement next to Pay the one this server would show for this product, amount
 * and day (the patient's day is within a day of the server's, whatever their time zone; else
 * 409 `terms-changed`: a price or renewal changed, or the page was left open overnight); and
 * for a product that renews, the renewal box ticked (else 400).
 */
export function checkAgreement(
  db: Db,
  site: Site,
  agreement: OrderAgreement,
  charge: { productId: string; amount: string },
  now = new Date(),
): CheckedAgreement {
  const current = new Map(currentLegalDocuments(db, site, now).map((row) => [row.document, row]));
  const versions: Partial<Record<LegalDocumentId, string>> = {};
  agreement.documents.forEach((named, index) => {
    if (versions[named.document] !== undefined) badAgreement(`/documents/${index}`, 'names a document twice');
    const stored = legalDocumentVersion(db, named.document, site, named.version);
    if (stored === undefined) badAgreement(`/documents/${index}/version`, `is not a version of the ${named.document}`);
    if (stored.sha256 !== named.sha256) badAgreement(`/documents/${index}/sha256`, 'is not the hash of that version');
    if (current.get(named.document)?.version !== named.version) {
      termsChanged(`The ${stored.title} you were shown (${named.version}) is not the current version.`);
    }
    versions[named.document] = named.version;
  });
  for (const document of LEGAL_DOCUMENTS) {
    if (versions[document] === undefined) badAgreement('/documents', `must name the ${document}`);
  }
  const shownOn = calendarDayOf(agreement.shownOn);
  const shownAt = Date.parse(`${agreement.shownOn}T12:00:00Z`);
  if (shownOn === null || Math.abs(shownAt - now.getTime()) > 1.5 * DAY_MS) {
    termsChanged('The statement you were shown was made for another day.');
  }
  const renewal = renewalOf(charge.productId);
  const ours = agreementStatementText({
    amount: charge.amount,
    renewal,
    today: shownOn,
    cancel: cancelContactOf(site),
  });
  if (sha256Hex(ours) !== agreement.statementSha256) {
    termsChanged('What paying means for this order has changed since the page was shown.');
  }
  if (renewal !== null && !agreement.renewalAccepted) {
    badAgreement('/renewalAccepted', 'must be true: the plan renews, and its renewal terms must be agreed to');
  }
  return {
    versions: versions as Record<LegalDocumentId, string>,
    renewal:
      renewal === null
        ? null
        : {
            amount: charge.amount,
            every: renewal.every,
            nextCharge: isoDay(nextChargeDate(shownOn, renewal.every)),
          },
  };
}
