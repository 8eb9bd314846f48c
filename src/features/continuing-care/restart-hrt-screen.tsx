import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { QuestionPage } from '../../contract/api-types.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { FormRunner } from '../../shared/ui/form-runner.tsx';
import { ContinuousConfirmation, FINISH_TYPES } from './continuous-confirmation.tsx';
import { IncompleteLink } from './incomplete-link.tsx';
import { useLinkContext } from '../../shared/journey/link-context.ts';
import { RESTART_API_FORM, RESTART_PAGE, submitRestart } from './restart.ts';
import { useReturningPatient } from './returning-patient.ts';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * Restart HRT (/restart-hrt, /f/restart-hrt): a clinic customer who paused treatment says why
 * and how they feel now; the answers go to their continuous order as a restart and the
 * restart is recorded. The link must name the customer (ktCustomerId); their lead comes from
 * it, or from the link's landing_id.
 */
export default function RestartHrtScreen({ route, code }: ScreenProps) {
  const journey = useJourney(code);
  const link = useLinkContext();
  const patient = useReturningPatient(journey, link, false);
  const [finished, setFinished] = useState(false);
  const form = route.form ?? RESTART_API_FORM;

  let body;
  if (finished) {
    body = <ContinuousConfirmation finishType={FINISH_TYPES.restart} />;
  } else if (link.ktCustomerId === undefined) {
    // restartHRT needs the clinic customer; a landing id alone cannot restart treatment.
    body = <IncompleteLink what="restart request" />;
  } else if (patient.status === 'loading' || journey.status === 'loading') {
    body = <LoadingIndicator />;
  } else if (patient.status === 'failed') {
    body = <LoadProblem what="your details" error={patient.error} onRetry={patient.retry} />;
  } else if (patient.data?.ktCustomerId === undefined) {
    body = <IncompleteLink what="restart request" />;
  } else {
    const known = { ...patient.data, ktCustomerId: patient.data.ktCustomerId };
    const complete = async (pages: readonly QuestionPage[]) => {
      await submitRestart({ journey, pages, patient: known, formId: form.formId });
      setFinished(true);
    };
    body = (
      <FormRunner
        form={form}
        journey={journey}
        pagesBefore={[RESTART_PAGE]}
        onComplete={complete}
        finishLabel="Ask to restart"
        what="the restart questions"
      />
    );
  }

  return (
    <Stack gap="md" py="lg">
      <Title order={1}>{route.title}</Title>
      {!finished && (
        <Text>Welcome back. Tell us about your break, and your provider will review restarting your treatment.</Text>
      )}
      {body}
    </Stack>
  );
}
