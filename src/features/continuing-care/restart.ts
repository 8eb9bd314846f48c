import { updateKtOrderContinuous } from '../../shared/api/orders.ts';
import { restartHrt } from '../../shared/api/status.ts';
import type { QuestionPage } from '../../contract/api-types.ts';
import type { FormSource } from '../../shared/ui/form-runner.tsx';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import type { JourneyState } from '../../contract/journey-state.ts';
import {
  clearFinishedForm,
  medicationEffectivenessOf,
  orderDetails,
  sendOnce,
  submittedAnswers,
} from './continuous.ts';
import type { ReturningPatient } from './returning-patient.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';

/**
 * The API pages the restart asks after its own: how the medication worked (CONT page 1, whose
 * medicationEffectiveness the continuous order needs). Used when the route names no form.
 */
export const RESTART_API_FORM: FormSource = { formId: FORM_IDS.continuingCare, pageIds: ['1'] };

/** The restart's own page: why the patient paused and how they feel now. */
export const RESTART_PAGE: QuestionPage = {
  id: 'restart-why',
  formId: 'RESTART',
  title: 'Your break from treatment',
  questions: [
    {
      id: 'q-pause-reason',
      ref: 'pause-reason',
      type: 'single-choice',
      label: 'Why did you pause your hormone therapy?',
      required: true,
      options: [
        { value: 'side-effects', label: 'I had side effects' },
        { value: 'cost', label: 'The cost' },
        { value: 'felt-better', label: 'I felt better and stopped' },
        { value: 'ran-out', label: 'I ran out or missed a refill' },
        { value: 'provider-advice', label: 'A doctor advised me to pause' },
        { value: 'other', label: 'Something else' },
      ],
    },
    {
      id: 'q-pause-length',
      ref: 'pause-length',
      type: 'single-choice',
      label: 'How long ago did you stop?',
      required: true,
      options: [
        { value: 'under-1-month', label: 'Less than a month' },
        { value: '1-3-months', label: '1 to 3 months' },
        { value: '3-6-months', label: '3 to 6 months' },
        { value: 'over-6-months', label: 'More than 6 months' },
      ],
    },
    {
      id: 'q-current-symptoms',
      ref: 'current-symptoms',
      type: 'multiple-choice',
      label: 'Which of these are you noticing now?',
      required: true,
      options: [
        { value: 'fatigue', label: 'Tiredness or fatigue' },
        { value: 'low-libido', label: 'Low sex drive' },
        { value: 'mood-changes', label: 'Mood changes or irritability' },
        { value: 'poor-sleep', label: 'Poor sleep' },
        { value: 'brain-fog', label: 'Brain fog or poor focus' },
        { value: 'hot-flashes', label: 'Hot flashes or night sweats' },
        { value: 'weight-gain', label: 'Weight gain' },
        { value: 'none', label: 'None of these' },
      ],
    },
  ],
};

/** Journey records of a restart. */
export const RESTART_RECORDS = { prefix: 'restart.', order: 'restart.order', status: 'restart.status' } as const;

/** The part the restart records as completed in the journey. */
export const RESTART_DONE = 'RESTART';

/**
 * Sends a restart: the answers go to the customer's continuous order as a restart
 * (isRestart true), then the restart of HRT is recorded for the customer and their lead.
 * Each call is sent once (sendOnce); returns the change that clears the answers from the
 * journey, for the caller's one journey write.
 */
export async function submitRestart(input: {
  journey: JourneyHandle;
  pages: readonly QuestionPage[];
  patient: ReturningPatient & { ktCustomerId: string };
  formId: string;
}): Promise<JourneyChange> {
  const { journey, pages, patient, formId } = input;
  const answers = submittedAnswers(pages, journey.state);
  return sendOnce(journey, async (once) => {
    await once.run(RESTART_RECORDS.order, () =>
      updateKtOrderContinuous(
        {
          ktCustomerId: patient.ktCustomerId,
          medicationEffectiveness: medicationEffectivenessOf(answers),
          isRestart: true,
        },
        orderDetails(answers),
      ),
    );
    await once.run(RESTART_RECORDS.status, () =>
      restartHrt({ ktCustomerId: patient.ktCustomerId, landingId: patient.landingId }),
    );
    // Everything is sent: the answers are cleared from the journey, with the marks.
    return (state: JourneyState) => clearFinishedForm(state, pages, formId, RESTART_RECORDS.prefix, RESTART_DONE);
  });
}
