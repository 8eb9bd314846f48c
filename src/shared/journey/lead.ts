import type {
  Answer,
  Contact,
  FormId,
  LandingId,
  LeadPayload,
  PathCode,
  QuestionPage,
  Scores,
} from '../../contract/api-types.ts';
import { normalizeUsPhone, requireContact } from '../../domain/contact.ts';
import type { RawAnswer } from '../../domain/submission.ts';
import type { LandingIdParts } from '../../domain/landing-id.ts';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { isoDateToUs } from '../questions/formats.ts';
import { CONSENT_GIVEN, CONSENT_NOT_GIVEN, questionRef } from '../questions/question-helpers.ts';
import { consoleLogger } from '../console-logger.ts';

import type { JourneyHandle } from './journey-context.tsx';
import type { JourneyChange } from './journey-store.ts';

type Answers = Readonly<Record<string, readonly string[]>>;

/** A consent answer as saved: given ('true') or, unticked, not given ('false'), never left out. */
function consentValue(value: readonly string[]): readonly string[] {
  return value.includes(CONSENT_GIVEN) ? [CONSENT_GIVEN] : [CONSENT_NOT_GIVEN];
}

/**
 * The answers to the questions of some pages, as the submission rules take them: a date
 * answer (held as YYYY-MM-DD by the form) goes back to MM/DD/YYYY, the format SPEC §5 converts;
 * a consent box is recorded as given or not given, so an optional consent left unticked is on
 * record as refused rather than dropped as empty.
 */
export function rawAnswersOf(pages: readonly QuestionPage[], answers: Answers): RawAnswer[] {
  return pages.flatMap((page) =>
    page.questions.map((question) => {
      const ref = questionRef(question);
      const value = answers[ref] ?? [];
      return {
        ref,
        type: question.type,
        questionId: question.id,
        value:
          question.type === 'date' ? value.map(isoDateToUs) : question.type === 'consent' ? consentValue(value) : value,
      };
    }),
  );
}

/**
 * The contact details among the answers; throws "No value found for key {key} in given object"
 * when one is missing. The phone is sent as its ten digits (the contract's `Phone`), however
 * the patient punctuated it: the form accepts `(212) 555-0123`.
 */
export function contactOf(answers: Answers): Contact {
  const first = (ref: string) => answers[ref]?.[0];
  const contact = requireContact({
    firstName: first('firstName'),
    lastName: first('lastName'),
    email: first('email'),
    phone: first('phone'),
  });
  return { ...contact, phone: normalizeUsPhone(contact.phone) ?? contact.phone };
}

/** Whether the answers hold all four contact details. */
export function hasContact(answers: Answers): boolean {
  try {
    contactOf(answers);
    return true;
  } catch {
    return false;
  }
}

/** Earlier answers with the new ones put over them by ref, in the order they were first given. */
export function mergeAnswers(earlier: readonly Answer[], later: readonly Answer[]): Answer[] {
  const byRef = new Map(earlier.map((answer) => [answer.ref, answer]));
  for (const answer of later) byRef.set(answer.ref, answer);
  return [...byRef.values()];
}

export interface SaveLeadInput {
  /**
   * The journey as the lead is saved from: its answers, landing id and landing time. Only read:
   * the journey is written by whoever holds the returned record (the funnel machine, on Next).
   */
  journey: Pick<JourneyHandle, 'state'>;
  /** The pages whose answers are saved now. */
  pages: readonly QuestionPage[];
  pathCode: PathCode;
  formId: FormId;
  /**
   * Whether saving these pages finishes the form (its record marks `formId` done). A payment
   * that makes the lead before the assessment passes false: that form is still to come.
   * @default true
   */
  finishes?: boolean;
  /** The landing id the link brought (query or navigation state), '' when none. */
  linkLandingId: LandingId;
  scores?: Scores;
}

/** Answers that cannot be saved as they are (a date that cannot be read). */
export class AnswerProblem extends Error {
  override name = 'AnswerProblem';
}

/** Eight random letters and digits: a landing id suffix no other browser will have picked. */
function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/**
 * Saves a new lead with `save` under `landingId`; when another browser's lead has that id
 * already (409), under the same parts with a random suffix, and returns the id it was saved
 * under. Landing ids are built from the name, the email and the day (SPEC §3), so the same
 * patient on a second device builds the same one, and so can anyone who knows those; theirs
 * stays theirs, and this browser's answers go under an id of their own.
 */
export async function saveUnderOwnLandingId(
  landingId: LandingId,
  parts: LandingIdParts,
  save: (id: LandingId) => Promise<unknown>,
): Promise<LandingId> {
  const [{ makeLandingId }, { ApiError }] = await loadChunk(() =>
    Promise.all([import('../../domain/landing-id.ts'), import('../api/http.ts')]),
  );
  try {
    await save(landingId);
    return landingId;
  } catch (error) {
    // Only a landing id another browser has (409 with no reason): a step the server keeps shut is refused under any id.
    if (!(error instanceof ApiError && error.status === 409 && error.body?.reason === undefined)) throw error;
    const own = makeLandingId({ ...parts, suffix: randomSuffix() });
    await save(own);
    return own;
  }
}

/**
 * Saves the patient's lead and records it in the journey (see `saveLead`); returns the landing id.
 */
export async function saveJourneyLead(input: SaveLeadInput & { journey: JourneyHandle }): Promise<LandingId> {
  const { landingId, record } = await saveLeadOf(input);
  await input.journey.save(record);
  return landingId;
}

/** A saved lead: its landing id, the lead as it was sent, and the journey change that records it with the finished form. */
export interface SavedLead {
  landingId: LandingId;
  /** The lead as it was sent (a pay-first assessment asks the clinic's qualification check of it). */
  lead: LeadPayload;
  record: JourneyChange;
}

/**
 * Saves the patient's lead with the answers of some pages: under the journey's landing id when
 * it has one, else under the link's (the id payment and results use too), keeping the answers
 * of the lead saved there before, if any; else under a new landing id (SPEC §3). When another
 * browser's lead has that id already (409), under a new id with a random suffix. The journey is
 * not written: `record` is the change that notes the landing id and the finished form, for the
 * caller to save (with the funnel's next step, on Next: src/app/funnel-sync.tsx).
 */
export async function saveLeadOf(input: SaveLeadInput): Promise<SavedLead> {
  // Loaded on submit (like a screen's chunk): a page of questions needs none of it before then.
  const [{ saveLead }, { nextLandingId }, { buildSubmission }, { findPatientLead }, { shownTextsOf }] = await loadChunk(
    () =>
      Promise.all([
        import('../api/leads.ts'),
        import('../../domain/landing-id.ts'),
        import('../../domain/submission.ts'),
        import('./patient-lead.ts'),
        import('./shown-texts.ts'),
      ]),
  );
  const { journey, pages, pathCode, formId, linkLandingId, scores, finishes = true } = input;
  const answers = journey.state.answers;
  const contact = contactOf(answers);
  const existingId = journey.state.landingId ?? (linkLandingId === '' ? undefined : linkLandingId);
  // The journey's own lead is read through the journey; a link's id (already in the page's URL) by itself.
  // A landing id without a saved lead starts a new one under it; anything else is a failure.
  const earlier: readonly Answer[] =
    existingId === undefined
      ? []
      : ((
          await findPatientLead(
            { pathCode, linkLandingId: journey.state.landingId === undefined ? existingId : '' },
            { maxRetries: 2 },
          )
        )?.answers ?? []);
  const parts = { lastName: contact.lastName, email: contact.email, landedAt: journey.state.landedAt, formId };
  const firstId = existingId ?? nextLandingId(parts, linkLandingId === '' ? undefined : linkLandingId);
  const submission = buildSubmission(
    {
      landingId: firstId,
      landedAt: journey.state.landedAt,
      answers: rawAnswersOf(pages, answers),
      submittedAt: new Date(),
    },
    consoleLogger,
  );
  if (submission === null) throw new AnswerProblem('A date could not be read. Check it is written as MM/DD/YYYY.');
  const leadUnder = (id: LandingId): LeadPayload => ({
    ...contact,
    landing_id: id,
    formId,
    pathCode,
    landed_at: submission.landed_at,
    submitted_at: submission.submitted_at,
    answers: mergeAnswers(earlier, submission.answers),
  });
  const withScores = scores === undefined ? {} : { scores };
  // What this page showed with these answers, for the clinic's record of it (issue 38 point 4).
  const shown = await shownTextsOf(pages, journey.state);
  const save = (id: LandingId) =>
    saveLead({ lead: leadUnder(id), landingId: id, shown, ...withScores }, { maxRetries: 2 });
  // The journey's own lead is this browser's: a refusal there is a failure, not another device.
  let savedId = firstId;
  if (firstId === journey.state.landingId) await save(firstId);
  else savedId = await saveUnderOwnLandingId(firstId, parts, save);
  return {
    landingId: savedId,
    lead: leadUnder(savedId),
    record: (state) => ({
      ...state,
      landingId: savedId,
      completed: !finishes || state.completed.includes(formId) ? state.completed : [...state.completed, formId],
    }),
  };
}
