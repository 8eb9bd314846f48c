import type { JourneyState } from '../../contract/journey-state.ts';
import { saveLead } from '../../shared/api/leads.ts';
import { updateKtOrderContinuous } from '../../shared/api/orders.ts';
import { updateCedStatus, updateChrtStatus, updateFchrtStatus } from '../../shared/api/status.ts';
import type { Answer, JsonObject, LandingId, QuestionPage } from '../../contract/api-types.ts';
import { requireContact } from '../../domain/contact.ts';
import { nextLandingId } from '../../domain/landing-id.ts';
import { buildSubmission } from '../../domain/submission.ts';
import { questionRef } from '../../shared/questions/question-helpers.ts';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import { AnswerProblem, mergeAnswers, rawAnswersOf, saveUnderOwnLandingId } from '../../shared/journey/lead.ts';
import { consoleLogger } from '../../shared/console-logger.ts';
import type { ReturningPatient } from './returning-patient.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';

/** The continuing-care form's id (config/routes.json: CONT pages 1-2). */
export const CONTINUOUS_FORM_ID = FORM_IDS.continuingCare;

/** Which continuous form a route is (its `variant` in config/routes.json). */
export type ContinuousVariant = 'ced' | 'chrt' | 'fchrt';

export function continuousVariantOf(variant: string | undefined): ContinuousVariant {
  return variant === 'ced' || variant === 'fchrt' ? variant : 'chrt';
}

/** The medicationEffectiveness sent when the form has no such question (the contract needs a value). */
export const EFFECTIVENESS_NOT_ASKED = 'not-asked';

/** The marker a finished call leaves in the journey's records. */
const SENT = 'sent';

/**
 * Runs each call of a submission at most once: a call that answered is marked (`record`), and
 * the submission's one journey write carries the marks, so a reload does not send it again. A
 * submission that fails part way writes the marks so far once (`sendOnce`), so pressing the
 * button again does not send a call that answered.
 */
export class OnceCalls {
  private readonly done: Set<string>;
  private readonly marks: Record<string, string> = {};

  constructor(records: Readonly<Record<string, string>>) {
    this.done = new Set(Object.keys(records).filter((key) => records[key] === SENT));
  }

  /** Keeps a value the submission made (a landing id) with the marks, for a retry to reuse. */
  note(key: string, value: string): void {
    this.marks[key] = value;
  }

  async run(key: string, call: () => Promise<unknown>): Promise<void> {
    if (this.done.has(key)) return;
    await call();
    this.done.add(key);
    this.marks[key] = SENT;
  }

  /** The change that records every call answered (and every value noted) so far. */
  record(): JourneyChange {
    const marks = { ...this.marks };
    return (state) => (Object.keys(marks).length === 0 ? state : { ...state, records: { ...state.records, ...marks } });
  }
}

/**
 * Sends a submission's calls with OnceCalls and returns the change that records it (`finish`,
 * given the calls' marks), for the caller's one journey write. When a call fails, the marks of
 * the calls that answered are written (once; a failed write is the store's to retry), so a
 * retry or a reload does not send them again, and the failure is thrown.
 */
export async function sendOnce(
  journey: JourneyHandle,
  send: (once: OnceCalls) => Promise<JourneyChange>,
): Promise<JourneyChange> {
  const once = new OnceCalls(journey.state.records);
  try {
    return await send(once);
  } catch (error) {
    const marks = once.record();
    if (marks(journey.state) !== journey.state) await journey.save(marks, { report: false }).catch(() => undefined);
    throw error;
  }
}

/** The answers of some pages as the API keeps them, and as the free-form order details. */
export function submittedAnswers(pages: readonly QuestionPage[], state: JourneyState): readonly Answer[] {
  const submission = buildSubmission(
    {
      landingId: 'unused',
      landedAt: state.landedAt,
      answers: rawAnswersOf(pages, state.answers),
      submittedAt: new Date(),
    },
    consoleLogger,
  );
  if (submission === null) throw new AnswerProblem('A date could not be read. Check it is written as MM/DD/YYYY.');
  return submission.answers;
}

/** The answers as the free-form body of updateKtOrderContinuous: each ref with its values. */
export function orderDetails(answers: readonly Answer[]): JsonObject {
  return Object.fromEntries(answers.map((answer) => [answer.ref, answer.value]));
}

/** The patient's rating of their medication, as the query of updateKtOrderContinuous takes it. */
export function medicationEffectivenessOf(answers: readonly Answer[]): string {
  const value = answers.find((answer) => answer.ref === 'medicationEffectiveness')?.value[0];
  return value !== undefined && /^[A-Za-z0-9 _-]{1,100}$/.test(value) ? value : EFFECTIVENESS_NOT_ASKED;
}

/**
 * Forgets a finished form in the journey: its answers, its page (kept under its form id) and
 * the marks of its calls, so the next refill starts empty, and records the part as completed.
 */
export function clearFinishedForm(
  state: JourneyState,
  pages: readonly QuestionPage[],
  formId: string,
  recordPrefix: string,
  completedPart: string,
): JourneyState {
  const refs = new Set(pages.flatMap((page) => page.questions.map(questionRef)));
  return {
    ...state,
    answers: Object.fromEntries(Object.entries(state.answers).filter(([ref]) => !refs.has(ref))),
    pages: Object.fromEntries(Object.entries(state.pages).filter(([key]) => key !== formId)),
    records: Object.fromEntries(Object.entries(state.records).filter(([key]) => !key.startsWith(recordPrefix))),
    completed: state.completed.includes(completedPart) ? state.completed : [...state.completed, completedPart],
  };
}

/** Journey records of a continuous submission. */
export const CONTINUOUS_RECORDS = {
  prefix: 'cont.',
  landingId: 'cont.landingId',
  lead: 'cont.lead',
  order: 'cont.order',
  status: 'cont.status',
} as const;

export interface ContinuousSubmission {
  variant: ContinuousVariant;
  journey: JourneyHandle;
  pages: readonly QuestionPage[];
  /** The patient, with their lead. */
  patient: ReturningPatient;
  pathCode: string;
}

/**
 * Sends a continuous form, and returns the change that records it (the form cleared from the
 * journey), for the caller's one journey write: with the funnel's next step (CED), or alone.
 * CED (the ED renewal): the answers join the patient's lead, whose
 * CED status is recorded. CHRT and FCHRT: the answers are saved as a new continuing-care lead
 * (its landing id kept in the journey, so a retry reuses it; with a suffix of its own when the
 * patient's other device saved one under that id today), linked to the patient's first lead by
 * the status update. When the link names a clinic customer, the refill goes to their
 * continuous order. Each call is sent once (sendOnce).
 */
export async function submitContinuous(submission: ContinuousSubmission): Promise<JourneyChange> {
  const { variant, journey, pages, patient, pathCode } = submission;
  const lead = patient.lead;
  if (lead === undefined) throw new Error('submitContinuous needs the patient lead');
  const state = journey.state;
  const answers = submittedAnswers(pages, state);
  const contact = requireContact({ ...lead });
  const now = new Date().toISOString();

  return sendOnce(journey, async (once) => {
    const parts = { lastName: contact.lastName, email: contact.email, landedAt: now, formId: CONTINUOUS_FORM_ID };
    let leadLandingId: LandingId = patient.landingId;
    if (variant !== 'ced') {
      // Kept with the marks: a retry after a later call failed reuses it.
      leadLandingId = state.records[CONTINUOUS_RECORDS.landingId] ?? nextLandingId(parts, patient.landingId);
      once.note(CONTINUOUS_RECORDS.landingId, leadLandingId);
    }

    await once.run(CONTINUOUS_RECORDS.lead, async () => {
      const save = (id: LandingId) =>
        saveLead(
          {
            lead: {
              ...contact,
              landing_id: id,
              formId: CONTINUOUS_FORM_ID,
              pathCode,
              landed_at: variant === 'ced' ? (lead.landed_at ?? now) : now,
              submitted_at: now,
              answers: variant === 'ced' ? mergeAnswers(lead.answers, answers) : answers,
            },
            // A new continuing-care lead names the patient's first lead beside it: the server links them.
            landingId: patient.landingId,
          },
          { maxRetries: 2 },
        );
      // CED adds to the patient's own lead. A new lead's id is the name, email and day's: the
      // patient's other device (or anyone who knows them) may have saved under it already today.
      if (variant === 'ced') {
        await save(leadLandingId);
        return;
      }
      leadLandingId = await saveUnderOwnLandingId(leadLandingId, parts, save);
      once.note(CONTINUOUS_RECORDS.landingId, leadLandingId);
    });

    const { ktCustomerId } = patient;
    if (ktCustomerId !== undefined) {
      await once.run(CONTINUOUS_RECORDS.order, () =>
        updateKtOrderContinuous(
          { ktCustomerId, medicationEffectiveness: medicationEffectivenessOf(answers), isRestart: false },
          orderDetails(answers),
        ),
      );
    }

    await once.run(CONTINUOUS_RECORDS.status, () => {
      switch (variant) {
        case 'ced':
          return updateCedStatus({ landing_id: patient.landingId });
        case 'chrt':
          return updateChrtStatus({ landing_id: leadLandingId, leadLandingId: patient.landingId });
        case 'fchrt':
          return updateFchrtStatus({ landing_id: leadLandingId, leadLandingId: patient.landingId });
      }
    });

    // Everything is sent: the form is cleared from the journey, with its marks.
    return (current: JourneyState) =>
      clearFinishedForm(current, pages, CONTINUOUS_FORM_ID, CONTINUOUS_RECORDS.prefix, CONTINUOUS_FORM_ID);
  });
}
