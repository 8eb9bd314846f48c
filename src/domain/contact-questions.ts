import type { Answer, Question } from '../contract/api-types.ts';
import type { ScreenName } from '../engine/config-types.ts';

/**
 * The contact questions as the men's assessment asks them on its last page (the demo seed's
 * MIP page 4) and the ED intake asks them first, so a patient meets the same fields, labels
 * and rules on either. Their refs are the lead's contact fields (SPEC §3).
 */
export const CONTACT_QUESTIONS: readonly (Question & { ref: string })[] = [
  {
    id: 'q-first-name',
    ref: 'firstName',
    type: 'text',
    label: 'First name',
    required: true,
    validation: { maxLength: 100 },
  },
  {
    id: 'q-last-name',
    ref: 'lastName',
    type: 'text',
    label: 'Last name',
    required: true,
    validation: { maxLength: 100 },
  },
  { id: 'q-email', ref: 'email', type: 'email', label: 'Email', required: true },
  {
    id: 'q-phone',
    ref: 'phone',
    type: 'phone',
    label: 'Mobile phone',
    required: true,
    validation: { pattern: '^[2-9][0-9]{2}[2-9][0-9]{6}$', message: 'Enter a 10-digit US phone number.' },
  },
];

/**
 * The question ids the payment form saved its contact answers under before it asked
 * CONTACT_QUESTIONS (issue 25): each was the answer's ref. Leads saved then keep them; they
 * are read as the current ids (currentContactIds), so one answer has one id wherever it was typed.
 */
export const LEGACY_CONTACT_QUESTION_IDS: Readonly<Record<string, string>> = Object.fromEntries(
  CONTACT_QUESTIONS.map((question) => [question.ref, question.id]),
);

/**
 * A lead's answers with the contact answers a payment form saved under its old question ids
 * (`firstName`, `lastName`, `email`, `phone`: the ref as the id) given the ids of
 * CONTACT_QUESTIONS; every other answer is returned as it was. See docs/api.md, "Contact
 * question ids".
 */
export function currentContactIds<A extends Pick<Answer, 'ref' | 'questionId'>>(answers: readonly A[]): A[] {
  return answers.map((answer) => {
    const { ref, questionId } = answer;
    if (questionId !== ref || !Object.hasOwn(LEGACY_CONTACT_QUESTION_IDS, ref)) return answer;
    return { ...answer, questionId: LEGACY_CONTACT_QUESTION_IDS[ref] };
  });
}

/**
 * Marketing contact (TCPA, issue 12 point 7): a choice of its own, never a condition of results
 * or of buying, asked once per patient (src/features/intake/intake-pages.ts says which form asks
 * it). Unticked it is saved as 'false' (src/shared/journey/lead.ts), so the lead records it either way.
 * One wording wherever it is asked, the payment form of a call-centre agent included: the agent
 * reads the patient's own words to them and ticks the box only when the patient agrees.
 */
export const MARKETING_CONSENT_QUESTION: Question & { ref: string } = {
  id: 'q-marketing-consent',
  ref: 'marketing-consent',
  type: 'consent',
  label:
    'Optional: send me offers and health news by phone, text message and email. You do not need to agree to see your results or to buy, and you can stop them at any time.',
  required: false,
};

/**
 * The optional marketing-contact consent (TCPA), asked once per patient: by the assessment, else
 * by the intake, else, in a funnel with neither after its payment (the call-centre variants), by
 * the payment form that makes the lead (src/features/payment/payment-journey.ts).
 */
export const MARKETING_CONSENT_REF = MARKETING_CONSENT_QUESTION.ref;

/**
 * The screens whose forms ask the marketing choice: the assessment on its last page always, the
 * intake unless the patient made it already (intakeAsksMarketing). A payment with one of these
 * among its funnel's later steps leaves the choice to it.
 */
export const SCREENS_ASKING_MARKETING: readonly ScreenName[] = ['hormone-assessment', 'intake'];
