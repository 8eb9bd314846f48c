import type { Answer, QuestionPage, ShownTexts } from '../contract/api-types.ts';
import { PAY_AGREEMENT_REF, questionShownText, stepPathOf } from '../domain/shown-text.ts';
import { statement, type Db } from './database.ts';
import type { OrderAgreement } from '../contract/api-types.ts';
import { sha256Hex, type CheckedAgreement } from './legal.ts';
import { nowIso, stored } from './handlers/support.ts';

/**
 * The record of what the patient saw (issue 38 point 4, table consent_records, migration 22):
 * a row for the agreement at Pay with each order, and for each consent and answer a lead save
 * stores, carrying the funnel's version, the step and the sha256 of the text shown as the
 * browser sent it, and whether the server's own copy of that text gives the same hash.
 */

interface NewRecord {
  landingId: string;
  orderId?: string | null;
  kind: 'agreement' | 'consent' | 'answer';
  pathCode: string | null;
  funnelVersion: string | null;
  step: string;
  ref: string;
  questionId?: string | null;
  textSha256: string;
  textMatches: boolean | null;
  value?: readonly string[] | null;
  documents?: unknown;
  renewal?: unknown;
}

function insertRecord(db: Db, record: NewRecord): void {
  statement(
    db,
    `INSERT INTO consent_records (landing_id, order_id, kind, path_code, funnel_version, step, ref, question_id,
       text_sha256, text_matches, value_json, documents_json, renewal_json, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    record.landingId,
    record.orderId ?? null,
    record.kind,
    record.pathCode,
    record.funnelVersion,
    stepPathOf(record.step),
    record.ref,
    record.questionId ?? null,
    record.textSha256,
    record.textMatches === null ? null : record.textMatches ? 1 : 0,
    record.value == null ? null : JSON.stringify(record.value),
    record.documents === undefined ? null : JSON.stringify(record.documents),
    record.renewal == null ? null : JSON.stringify(record.renewal),
    nowIso(),
  );
}

/**
 * The agreement at Pay, with the order it was given for. Its statement's hash was checked
 * against the server's own copy before the charge (src/server/legal.ts), so it matches.
 */
export function recordAgreement(
  db: Db,
  input: {
    landingId: string;
    orderId: string;
    sent: OrderAgreement;
    checked: CheckedAgreement;
    pathCode: string | null;
  },
): void {
  const { sent, checked } = input;
  insertRecord(db, {
    landingId: input.landingId,
    orderId: input.orderId,
    kind: 'agreement',
    pathCode: input.pathCode,
    funnelVersion: sent.funnelVersion ?? null,
    step: sent.step,
    ref: PAY_AGREEMENT_REF,
    textSha256: sent.statementSha256,
    textMatches: true,
    value: sent.renewalAccepted ? ['true'] : null,
    documents: sent.documents,
    renewal: checked.renewal,
  });
}

/** The sha256 of every question's text as the server's question pages hold it, by question id. */
function serverQuestionHashes(db: Db): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const row of statement<[], { page_json: string }>(db, 'SELECT page_json FROM question_pages').all()) {
    const page = stored(row.page_json) as QuestionPage;
    for (const question of page.questions) hashes.set(question.id, sha256Hex(questionShownText(question)));
  }
  return hashes;
}

const sameValue = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * The consent records of a lead save: one for each answer the save gives that the patient was
 * shown on this save's pages (`shown.questions`), unless the same answer to the same text is on
 * record already (a lead is saved again, whole, as the patient goes on). An older tab, or
 * another client, that sends no `shown` is recorded with the server's own copy of the text and
 * `textMatches` null: the server cannot tell what that page showed. A consent's value is kept;
 * an answer's is not (it is in the lead).
 */
export function recordLeadAnswers(
  db: Db,
  input: {
    landingId: string;
    pathCode: string | null;
    answers: readonly Answer[];
    earlier: readonly Answer[];
    shown: ShownTexts | undefined;
  },
): void {
  const ours = serverQuestionHashes(db);
  const sent = new Map((input.shown?.questions ?? []).map((item) => [item.questionId, item.sha256]));
  const earlierByRef = new Map(input.earlier.map((answer) => [answer.ref, answer]));
  const lastHash = statement<[string, string], { text_sha256: string }>(
    db,
    'SELECT text_sha256 FROM consent_records WHERE landing_id = ? AND ref = ? ORDER BY id DESC LIMIT 1',
  );
  for (const answer of input.answers) {
    const questionId = answer.questionId;
    if (input.shown !== undefined && !sent.has(questionId)) continue;
    const serverHash = ours.get(questionId);
    const textSha256 = sent.get(questionId) ?? serverHash;
    if (textSha256 === undefined) continue;
    const unchanged =
      sameValue(earlierByRef.get(answer.ref)?.value, answer.value) &&
      lastHash.get(input.landingId, answer.ref)?.text_sha256 === textSha256;
    if (unchanged) continue;
    const consent = answer.type === 'consent';
    insertRecord(db, {
      landingId: input.landingId,
      kind: consent ? 'consent' : 'answer',
      pathCode: input.pathCode,
      funnelVersion: input.shown?.funnelVersion ?? null,
      step: input.shown?.step ?? '/',
      ref: answer.ref,
      questionId,
      textSha256,
      textMatches: input.shown === undefined || serverHash === undefined ? null : serverHash === textSha256,
      value: consent ? answer.value : null,
    });
  }
}
