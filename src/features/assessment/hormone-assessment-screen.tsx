import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { funnelConfig } from '../../contract/funnel-config.ts';
import { computeScores } from '../../domain/scores.ts';
import { FormRunner } from '../../shared/ui/form-runner.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { usePrefill } from './use-prefill.ts';
import { useRouteContext } from '../../shared/journey/use-route-context.ts';
import { routeIntro } from '../../shared/layout/route-intro.ts';
import { paidSummaryOf } from '../../shared/journey/paid-order.ts';
import type {
  PatientQualification,
  patientQualification as checkPatient,
} from '../../shared/journey/patient-qualification.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import type { LeadPayload } from '../../contract/api-types.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

// Only a patient who has paid already needs the clinic's check or the stop: loaded for them alone.
const PaidStop = lazy(() =>
  loadChunk(() => import('./paid-stop.tsx')).then((module) => ({ default: module.PaidStop })),
);

/** The clinic's check of the saved lead (src/shared/journey/patient-qualification.ts), loaded on first use. */
async function patientQualification(...args: Parameters<typeof checkPatient>): ReturnType<typeof checkPatient> {
  const module = await loadChunk(() => import('../../shared/journey/patient-qualification.ts'));
  return module.patientQualification(...args);
}

/**
 * The hormone assessment (all its variants: the route's form names the pages). Answers are
 * kept in the patient's journey page by page; the last page hands the machine the lead with
 * its scores: the machine saves it, then the next step with the lead's record in one journey
 * write, and the patient moves only once both are saved (a failure keeps them on the page, told so).
 *
 * A patient who has paid already (a funnel that takes the payment first, such as the pay-first
 * codes of SPEC §2: the journey holds the order) is asked about by the clinic before moving on:
 * the lead is saved alone, the clinic's qualification check reads it, as the results page does,
 * and answers that rule treatment out stop the funnel here, with the refund (PaidStop). The same
 * stop shows when such a patient comes back (a reload, a link) with the assessment finished.
 */
export default function HormoneAssessmentScreen({ route, code, step }: ScreenProps) {
  const journey = useJourney(code);
  const context = useRouteContext();
  usePrefill(journey, context.prefill);
  const { form } = route;
  const intro = routeIntro(route);
  const paid = journey.status === 'loading' ? null : paidSummaryOf(journey.state);
  const finished = form !== undefined && journey.state.completed.includes(form.formId);
  // What the clinic said of the answers just sent ('checking' while the lead is saved and read).
  const [sent, setSent] = useState<Pick<PatientQualification, 'qualified' | 'reasons'> | 'checking' | null>(null);
  const source = { pathCode: code ?? '', linkLandingId: context.landingId };
  // A paid patient back with the assessment finished: the clinic is asked before the form shows.
  const onArrival = useApiData(paid !== null && finished && sent === null ? 'paid-assessment' : null, (signal) =>
    patientQualification(source, { signal }),
  );
  const verdict = sent !== null && sent !== 'checking' ? sent : onArrival.status === 'ready' ? onArrival.data : null;

  const heading = <Title order={1}>{route.title}</Title>;
  if (paid !== null && verdict !== null && !verdict.qualified) {
    return (
      <Stack gap="md" py="md">
        {heading}
        <Suspense fallback={<LoadingIndicator />}>
          <PaidStop reasons={verdict.reasons} paid={paid} />
        </Suspense>
      </Stack>
    );
  }
  if (paid !== null && finished && sent === null && onArrival.status !== 'ready') {
    return (
      <Stack gap="md" py="md">
        {heading}
        {onArrival.status === 'failed' ? (
          <LoadProblem what="your assessment" error={onArrival.error} onRetry={onArrival.retry} />
        ) : (
          <LoadingIndicator />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="md">
      {heading}
      {form === undefined || code === null ? (
        <Text role="alert">This assessment is not set up: its route names no questions.</Text>
      ) : (
        <FormRunner
          form={form}
          journey={journey}
          what="the assessment"
          finishLabel="Finish the assessment"
          intro={intro !== null && <Text c="dimmed">{intro.text}</Text>}
          onBack={step?.canBack ? step.onBack : undefined}
          onComplete={async (pages) => {
            const lead = {
              journey,
              pages,
              pathCode: code,
              formId: form.formId,
              linkLandingId: context.landingId,
              scores: computeScores(funnelConfig.scores, journey.state.answers),
            };
            const saveAlone = async () =>
              (await loadChunk(() => import('../../shared/journey/lead.ts'))).saveJourneyLead(lead);
            if (paid !== null) {
              // Paid already: the clinic decides before the funnel moves on. The lead is saved,
              // then checked under its landing id; its record goes into the one journey write of
              // the press: with the move on, or, for a patient the answers rule out, alone here.
              setSent('checking');
              let saved: { lead: LeadPayload; record: JourneyChange };
              let qualification: Pick<PatientQualification, 'qualified' | 'reasons'>;
              try {
                saved = await (await loadChunk(() => import('../../shared/journey/lead.ts'))).saveLeadOf(lead);
                // The lead as it was just sent: the same the results page asks of (patientQualification).
                const { checkCustQualifications } = await loadChunk(() => import('../../shared/api/leads.ts'));
                qualification = await checkCustQualifications(saved.lead);
              } catch (error) {
                setSent(null);
                throw error;
              }
              if (!qualification.qualified || step?.canNext !== true) {
                await journey.save(saved.record);
                setSent(qualification);
                return;
              }
              setSent(qualification);
              await step.advance({ record: saved.record });
              return;
            }
            // The machine saves the lead, then the step with its record. (On a page of the code
            // that is not a step, such as /quiz, Next goes to the funnel's first step.) Where
            // there is no next step (no funnel, or its last step), there is no move to save
            // it with: the lead and its record are saved alone. The
            // lead's code is loaded on submit either way: no page of questions needs it before.
            if (step?.canNext === true) await step.advance({ lead });
            else await saveAlone();
          }}
        />
      )}
    </Stack>
  );
}
