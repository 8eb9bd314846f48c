import { statement } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { currentLegalDocuments, legalDocumentVersion, type LegalDocumentRow } from '../legal.ts';
import { isLegalDocumentId } from '../../domain/legal-documents.ts';
import { notFound, ok, optionalText, present, stored, text } from './support.ts';

/**
 * The legal documents (schemas/app.openapi.json, tag legal; issue 38 points 3 and 4): their
 * current versions for the Pay page, a version's text for the legal pages, and for staff the
 * record of what a patient was shown.
 */

const summaryOf = (row: LegalDocumentRow) => ({
  document: row.document,
  version: row.version,
  title: row.title,
  effectiveAt: row.effective_at,
  sha256: row.sha256,
});

/** GET /legal: the versions in force on the request's brand. Anyone; reads only. */
const getLegalDocuments: OperationHandler = ({ db, site }) => ok(currentLegalDocuments(db, site).map(summaryOf));

/** GET /legal/{document}: a document's current text, or a named version's. Anyone; reads only. */
const getLegalDocument: OperationHandler = ({ db, site, params, query }) => {
  const document = text(params, 'document');
  if (!isLegalDocumentId(document)) notFound('No such document.');
  const version = optionalText(query, 'version');
  const row =
    version === undefined
      ? currentLegalDocuments(db, site).find((current) => current.document === document)
      : legalDocumentVersion(db, document, site, version);
  if (row === undefined) notFound(`No version ${version ?? '(current)'} of the ${document}.`);
  return ok({ ...summaryOf(row), markdown: row.markdown });
};

interface ConsentRow {
  kind: string;
  landing_id: string;
  order_id: string | null;
  path_code: string | null;
  funnel_version: string | null;
  step: string;
  ref: string;
  question_id: string | null;
  text_sha256: string;
  text_matches: number | null;
  value_json: string | null;
  documents_json: string | null;
  renewal_json: string | null;
  created_at: string;
}

interface StaffOrderRow {
  id: string;
  product_id: string;
  total: string;
  created_at: string;
  terms_version: string | null;
  privacy_version: string | null;
  telehealth_consent_version: string | null;
}

const recordView = (row: ConsentRow) => ({
  ...present({
    kind: row.kind,
    landingId: row.landing_id,
    orderId: row.order_id,
    pathCode: row.path_code,
    funnelVersion: row.funnel_version,
    step: row.step,
    ref: row.ref,
    questionId: row.question_id,
    textSha256: row.text_sha256,
    value: row.value_json === null ? null : stored(row.value_json),
    documents: row.documents_json === null ? null : stored(row.documents_json),
    renewal: row.renewal_json === null ? null : stored(row.renewal_json),
    createdAt: row.created_at,
  }),
  // Null (no copy to compare with) is an answer of its own, so it is never left out.
  textMatches: row.text_matches === null ? null : row.text_matches === 1,
});

/**
 * GET /staff/consent-records?id=: everything recorded of what one patient was shown, by landing
 * id or customer id (all the customer's leads: the one they became a customer with and those of
 * their orders). Staff only: a patient's session is refused like a stranger (401), whoever's
 * records these are, as a consent record is the clinic's evidence, not the patient's page.
 */
const getConsentRecord: OperationHandler = ({ db, access, query }) => {
  if (!access.staff) throw new HttpProblem(401, 'This call needs the staff credential', 'x-staff-token');
  const id = text(query, 'id');
  const customer = /^[0-9]{6,12}$/.test(id)
    ? statement<[string], { kt_customer_id: string; landing_id: string | null }>(
        db,
        'SELECT kt_customer_id, landing_id FROM customers WHERE kt_customer_id = ?',
      ).get(id)
    : undefined;
  const landingIds = customer
    ? [
        ...new Set([
          ...(customer.landing_id === null ? [] : [customer.landing_id]),
          ...statement<[string], { landing_id: string }>(
            db,
            'SELECT DISTINCT landing_id FROM orders WHERE kt_customer_id = ? ORDER BY created_at',
          )
            .all(id)
            .map((row) => row.landing_id),
        ]),
      ]
    : statement<[string], { landing_id: string }>(db, 'SELECT landing_id FROM leads WHERE landing_id = ?')
        .all(id)
        .map((row) => row.landing_id);
  if (landingIds.length === 0) notFound('No lead or customer with this id.');
  const ids = JSON.stringify(landingIds);
  const orders = statement<[string], StaffOrderRow>(
    db,
    `SELECT id, product_id, total, created_at, terms_version, privacy_version, telehealth_consent_version
       FROM orders WHERE landing_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, id`,
  ).all(ids);
  const records = statement<[string], ConsentRow>(
    db,
    'SELECT * FROM consent_records WHERE landing_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  ).all(ids);
  return ok(
    present({
      ktCustomerId: customer?.kt_customer_id,
      landingIds,
      orders: orders.map((order) =>
        present({
          orderId: order.id,
          productId: order.product_id,
          total: order.total,
          createdAt: order.created_at,
          termsVersion: order.terms_version,
          privacyVersion: order.privacy_version,
          telehealthConsentVersion: order.telehealth_consent_version,
        }),
      ),
      records: records.map(recordView),
    }),
  );
};

export const LEGAL_HANDLERS = { getLegalDocuments, getLegalDocument, getConsentRecord } satisfies Record<
  string,
  OperationHandler
>;
