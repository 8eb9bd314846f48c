import type { IdentityCustomer, Lead, Question, QuestionPage, UsState } from '../../contract/api-types.ts';
import type { JourneyState } from '../../contract/journey-state.ts';
import { funnelConfig, funnelEngine } from '../../contract/funnel-config.ts';
import type { Site } from '../../engine/config-types.ts';
import { funnelStartUrl } from '../../engine/funnel-plan.ts';
import { groupSetting } from '../../engine/code-groups.ts';
import { CONTACT_QUESTIONS, MARKETING_CONSENT_REF } from '../../domain/contact-questions.ts';
import { identityFieldsForState, withStateIdentityRules } from '../../domain/identity-fields.ts';
import { isUsStateCode } from '../../domain/us-states.ts';
import { shippingStateOf } from '../../shared/questions/patient-state.ts';
import { validatePage } from '../../shared/questions/validate-page.ts';
import { contactOf } from '../../shared/journey/lead.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';

type Answers = Readonly<Record<string, readonly string[]>>;

/** The intake's form id (SPEC §3: the second assessment's). */
export const INTAKE_FORM_ID = FORM_IDS.intake;

/**
 * Journey records of the intake. `IDENTITY` is 'pending' from the moment the intake answers
 * are saved until the identity check answers, then the check's status; `IDENTITY_CHECK_ID`
 * is the check's id. `ASKS` is which of birthdate and state the intake asks itself, and
 * `ASKS_MARKETING` whether it asks the marketing choice and `ASKS_CONTACT` whether it asks the
 * contact details first ('yes' or 'no'), each decided once so the pages do not change under the
 * patient's fingers, across a reload or once the lead is saved (the page numbers in the
 * browser's history stay the pages they were).
 */
export const INTAKE_RECORDS = {
  identity: 'intake.identity',
  identityCheckId: 'intake.identityCheckId',
  asks: 'intake.asks',
  asksMarketing: 'intake.asksMarketing',
  asksContact: 'intake.asksContact',
} as const;

export const IDENTITY_PENDING = 'pending';

/** The contact details of a patient who starts a funnel at the intake (the ED funnels), as the assessment asks them. */
export const CONTACT_PAGE: QuestionPage = {
  id: 'intake-contact',
  formId: INTAKE_FORM_ID,
  title: 'Your contact details',
  questions: [...CONTACT_QUESTIONS],
};

/** The intake's pages as a route names them (config/routes.json `form`). */
export interface IntakeForm {
  formId: string;
  pageIds: readonly string[];
}

/**
 * The intake pages for a campaign code: the route's, with the pages its group swaps in
 * (config/code-groups.json `intakePageSwaps`: the ED codes ask their own health page in place
 * of the HRT medical history), since /mip/form serves the HRT and the ED funnels alike. The
 * form id stays the route's, so the landing id and the saved form are those of SPEC §3.
 */
export function intakeFormFor(form: IntakeForm, code: string | null): IntakeForm {
  const swaps = groupSetting(funnelConfig.codeGroups, code, 'intakePageSwaps');
  if (swaps === undefined) return form;
  return {
    formId: form.formId,
    pageIds: form.pageIds.map((pageId) => (Object.hasOwn(swaps, pageId) ? (swaps[pageId] ?? pageId) : pageId)),
  };
}

/**
 * For a renewal code (config/code-groups.json `newPatientCode`: a2-renewal), where someone who
 * is not a patient yet starts a first visit instead: the first step of that code's funnel on
 * the brand's site. Null for every other code.
 */
export function firstVisitUrlFor(code: string | null, site: Site): string | null {
  const newPatientCode = groupSetting(funnelConfig.codeGroups, code, 'newPatientCode');
  return newPatientCode === undefined ? null : funnelStartUrl(funnelEngine, newPatientCode, site);
}

/** The assessment's form id: its last page asks the marketing choice. */
const ASSESSMENT_FORM_ID = FORM_IDS.assessment;

/**
 * Whether the intake asks the marketing choice: yes unless the patient made it already, on the
 * assessment they finished in this journey or on the lead their link brought. A patient who
 * starts at the intake or pays first (the ED funnels, microclinic) is asked it here, so every
 * lead records it as given or not. A payment before the assessment does not count as the
 * assessment: it takes its MIP mark back (src/features/payment/payment-journey.ts).
 */
export function intakeAsksMarketing(completed: readonly string[], lead: Lead | null): boolean {
  if (completed.includes(ASSESSMENT_FORM_ID)) return false;
  return !(lead?.answers.some((answer) => answer.ref === MARKETING_CONSENT_REF) ?? false);
}

/**
 * Whether the intake asks the contact details first: when the patient has no lead yet, in the
 * journey or from the link (the ED funnels start here). `lead` is the link's lead, or null when
 * there is none.
 */
export function intakeAsksContact(state: Pick<JourneyState, 'landingId'>, lead: Lead | null): boolean {
  return state.landingId === undefined && lead === null;
}

/** The contact answer refs, in the order of the contact page. */
export const CONTACT_REFS = ['firstName', 'lastName', 'email', 'phone'] as const;

const BIRTHDATE_QUESTION: Question = {
  id: 'q-birthdate',
  ref: 'birthdate',
  type: 'date',
  label: 'What is your date of birth?',
  required: true,
  validation: { message: 'Enter your date of birth as MM/DD/YYYY.' },
};

const STATE_QUESTION: Question = {
  id: 'q-state',
  ref: 'state',
  type: 'us-state',
  label: 'Which state do you live in?',
  required: true,
};

/** The questions the identity check needs that an earlier form may have asked already. */
export type AboutYouRef = 'birthdate' | 'state';

const ABOUT_YOU: Readonly<Record<AboutYouRef, Question>> = { birthdate: BIRTHDATE_QUESTION, state: STATE_QUESTION };

/** Whether an answer to one of the about-you questions would pass its page's validation. */
function answeredWell(ref: AboutYouRef, answers: Answers): boolean {
  const page: QuestionPage = { id: 'check', formId: INTAKE_FORM_ID, questions: [ABOUT_YOU[ref]] };
  const value = answers[ref];
  if (value === undefined || value.length === 0) return false;
  return Object.keys(validatePage(page, { [ref]: value })).length === 0;
}

/** Which of birthdate and state still need asking: those without a valid answer (from the assessment or the patient's lead). */
export function aboutYouAsks(answers: Answers): AboutYouRef[] {
  return (['birthdate', 'state'] as const).filter((ref) => !answeredWell(ref, answers));
}

/** The asks as kept in the journey record ('none' when nothing is asked). */
export function encodeAsks(asks: readonly AboutYouRef[]): string {
  return asks.length === 0 ? 'none' : asks.join(',');
}

export function decodeAsks(record: string): AboutYouRef[] {
  return record
    .split(',')
    .filter((ref): ref is AboutYouRef => ref === 'birthdate' || ref === 'state')
    .filter((ref, index, all) => all.indexOf(ref) === index);
}

/** The patient's state: their answer to the state question, else their shipping address's. */
export function stateOf(answers: Answers): string {
  const answered = answers.state?.[0]?.trim() ?? '';
  return answered !== '' ? answered : (shippingStateOf(answers) ?? '');
}

/**
 * The page asking birthdate and state when the patient has not answered them yet, else none.
 * The state is not asked again once the shipping address has given it.
 */
export function aboutYouPages(asks: readonly AboutYouRef[], answers: Answers = {}): QuestionPage[] {
  const shippingState = shippingStateOf(answers);
  const questions = asks.filter((ref) => ref !== 'state' || shippingState === undefined).map((ref) => ABOUT_YOU[ref]);
  if (questions.length === 0) return [];
  return [{ id: 'intake-about-you', formId: INTAKE_FORM_ID, title: 'About you', questions }];
}

/**
 * The pages and answers the intake saves: when the state was not asked because the shipping
 * address gave it, the state question is saved too, answered with the address's state, so the
 * lead holds the patient's state as the assessment's leads do.
 */
export function withShippingState(
  pages: readonly QuestionPage[],
  answers: Answers,
): { pages: QuestionPage[]; answers: Answers } {
  const asked = pages.some((page) => page.questions.some((question) => (question.ref ?? question.id) === 'state'));
  const shippingState = shippingStateOf(answers);
  if (asked || (answers.state?.[0]?.trim() ?? '') !== '' || shippingState === undefined) {
    return { pages: [...pages], answers };
  }
  return {
    pages: [...pages, { id: 'intake-shipping-state', formId: INTAKE_FORM_ID, questions: [STATE_QUESTION] }],
    answers: { ...answers, state: [shippingState] },
  };
}

/** The identity documents a patient types for the check; kept in component state only, never in the journey. */
export interface IdentityDocuments {
  idType?: string;
  idNumber?: string;
  ssn?: string;
}

export const ID_TYPE_OPTIONS = [
  { value: 'drivers-license', label: "Driver's license" },
  { value: 'state-id', label: 'State ID card' },
  { value: 'passport', label: 'Passport' },
] as const;

/** The document questions of a state (SPEC §5): idType and idNumber in the listed states, ssn only in KY. */
export function identityDocumentQuestions(state: string): Question[] {
  return identityFieldsForState(state).map((field): Question => {
    switch (field) {
      case 'idType':
        return {
          id: 'q-id-type',
          ref: 'idType',
          type: 'single-choice',
          label: 'Which photo ID will you use?',
          required: true,
          options: [...ID_TYPE_OPTIONS],
        };
      case 'idNumber':
        return {
          id: 'q-id-number',
          ref: 'idNumber',
          type: 'text',
          label: 'ID number',
          required: true,
          validation: {
            maxLength: 30,
            pattern: '^[A-Za-z0-9 -]+$',
            message: 'Enter the number as it is printed on your ID: letters, numbers, spaces or dashes.',
          },
        };
      case 'ssn':
        return {
          id: 'q-ssn',
          ref: 'ssn',
          type: 'text',
          label: 'Social Security number',
          required: true,
          validation: { pattern: '^\\d{9}$', message: 'Enter the 9 digits of your Social Security number.' },
        };
    }
  });
}

/** An SSN as typed, reduced to its digits (dashes and spaces are how people write it). */
export function ssnDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** Thrown when the answers cannot make an identity check: the patient is asked to fix them. */
export class IdentityAnswersProblem extends Error {
  override name = 'IdentityAnswersProblem';
}

/**
 * The customer sent to the identity check: names from the contact details, the birthdate as
 * YYYY-MM-DD, the state, and only the document fields the state keeps (SPEC §5), so a
 * document typed for another state is never sent.
 */
export function identityCustomerOf(answers: Answers, documents: IdentityDocuments): IdentityCustomer {
  const { firstName, lastName } = contactOf(answers);
  const birthdate = answers.birthdate?.[0]?.trim() ?? '';
  const state = stateOf(answers);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthdate)) {
    throw new IdentityAnswersProblem('We need your date of birth to confirm your identity. Go back and enter it.');
  }
  if (!isUsStateCode(state)) {
    throw new IdentityAnswersProblem('We need your state to confirm your identity. Go back and choose it.');
  }
  const cleaned: IdentityDocuments = {};
  const idType = documents.idType?.trim();
  const idNumber = documents.idNumber?.trim();
  const ssn = documents.ssn === undefined ? undefined : ssnDigits(documents.ssn);
  if (idType) cleaned.idType = idType;
  if (idNumber) cleaned.idNumber = idNumber;
  if (ssn) cleaned.ssn = ssn;
  return withStateIdentityRules({ firstName, lastName, birthdate, state: state as UsState, ...cleaned });
}
