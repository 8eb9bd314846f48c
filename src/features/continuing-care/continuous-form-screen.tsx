import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { QuestionPage } from '../../contract/api-types.ts';
import { sentPath } from '../../engine/route-match.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { FormRunner } from '../../shared/ui/form-runner.tsx';
import { ContinuousConfirmation, FINISH_TYPES } from './continuous-confirmation.tsx';
import { continuousVariantOf, submitContinuous } from './continuous.ts';
import { IncompleteLink } from './incomplete-link.tsx';
import { useLinkContext } from '../../shared/journey/link-context.ts';
import { useReturningPatient } from './returning-patient.ts';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * The continuing-care form of a returning patient (/f/cont, /mip/cont/ced, /mip/cont/chrt):
 * the CONT questions from the API, sent to the patient's lead and, when the link names a
 * clinic customer, to their continuous order, with the status update of the route's variant.
 * Then: CED is a funnel step and goes on; a page with `whenSent` in its route (FCHRT, to
 * /f/conf/{code}/refill) goes there; CHRT shows its confirmation here.
 */
export default function ContinuousFormScreen({ route, code, step }: ScreenProps) {
  const variant = continuousVariantOf(route.variant);
  const journey = useJourney(code);
  const link = useLinkContext();
  const patient = useReturningPatient(journey, link, true);
  const navigate = useNavigate();
  const [finished, setFinished] = useState(false);

  const header = (
    <>
      <Title order={1}>{route.title}</Title>
      {!finished && (
        <Text>A few questions about how your treatment is going, so your provider can plan your next supply.</Text>
      )}
    </>
  );

  let body;
  if (finished) {
    body = <ContinuousConfirmation finishType={FINISH_TYPES.refill} />;
  } else if (!route.form) {
    body = <IncompleteLink what="form" />;
  } else if (patient.status === 'loading' || journey.status === 'loading') {
    body = <LoadingIndicator />;
  } else if (patient.status === 'failed') {
    body = <LoadProblem what="your details" error={patient.error} onRetry={patient.retry} />;
  } else if (patient.data === null) {
    body = <IncompleteLink what="refill form" />;
  } else {
    const known = patient.data;
    const complete = async (pages: readonly QuestionPage[]) => {
      await submitContinuous({ variant, journey, pages, patient: known, pathCode: code ?? variant });
      const next = sentPath(route, code);
      if (variant === 'ced' && step?.canNext) step.onNext();
      else if (next !== null) void navigate(next);
      else setFinished(true);
    };
    body = (
      <FormRunner
        form={route.form}
        journey={journey}
        onComplete={complete}
        onBack={step?.canBack ? step.onBack : undefined}
        finishLabel="Send my answers"
        what="your refill questions"
      />
    );
  }

  return (
    <Stack gap="md" py="lg">
      {header}
      {body}
    </Stack>
  );
}
