import { Stack, Title } from '@mantine/core';
import type { QuestionPage } from '../../contract/api-types.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { FINISH_TYPES } from './continuous-confirmation.tsx';
import { IncompleteLink } from './incomplete-link.tsx';
import { useLinkContext } from '../../shared/journey/link-context.ts';
import { RESTART_API_FORM, RESTART_PAGE, submitRestart } from './restart.ts';
import { ReturningRequest } from './returning-request.tsx';
import { useReturningPatient } from './returning-patient.ts';
import { useSentRequest } from './sent-request.ts';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * Restart HRT (/restart-hrt, /f/restart-hrt): a clinic customer who paused treatment says why
 * and how they feel now; the answers go to their continuous order as a restart and the
 * restart is recorded. The link must name the customer (ktCustomerId); their lead comes from
 * it, or from the link's landing_id. A request on file is shown in place of the form, on any
 * device (ReturningRequest).
 */
export default function RestartHrtScreen({ route, code }: ScreenProps) {
  const journey = useJourney(code);
  const link = useLinkContext();
  const patient = useReturningPatient(journey, link, false);
  const sent = useSentRequest(link.ktCustomerId, true);
  const form = route.form ?? RESTART_API_FORM;

  let body;
  if (link.ktCustomerId === undefined) {
    // restartHRT needs the clinic customer; a landing id alone cannot restart treatment.
    body = <IncompleteLink what="restart request" />;
  } else if (patient.status === 'loading' || journey.status === 'loading' || sent.status === 'loading') {
    body = <LoadingIndicator />;
  } else if (patient.status === 'failed') {
    body = <LoadProblem what="your details" error={patient.error} onRetry={patient.retry} />;
  } else if (patient.data?.ktCustomerId === undefined) {
    body = <IncompleteLink what="restart request" />;
  } else {
    const known = { ...patient.data, ktCustomerId: patient.data.ktCustomerId };
    body = (
      <ReturningRequest
        finishType={FINISH_TYPES.restart}
        journey={journey}
        patient={known}
        sent={sent}
        form={form}
        pagesBefore={[RESTART_PAGE]}
        intro="Welcome back. Tell us about your break, and your provider will review restarting your treatment."
        finishLabel="Ask to restart"
        what="the restart questions"
        send={(pages: readonly QuestionPage[]) =>
          submitRestart({ journey, pages, patient: known, formId: form.formId })
        }
      />
    );
  }

  return (
    <Stack gap="md" py="lg">
      <Title order={1}>{route.title}</Title>
      {body}
    </Stack>
  );
}
