import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { QuestionPage } from '../../contract/api-types.ts';
import { sentPath } from '../../engine/route-match.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { FINISH_TYPES } from './continuous-confirmation.tsx';
import { continuousVariantOf, submitContinuous } from './continuous.ts';
import { IncompleteLink } from './incomplete-link.tsx';
import { useLinkContext } from '../../shared/journey/link-context.ts';
import { ReturningRequest } from './returning-request.tsx';
import { useReturningPatient } from './returning-patient.ts';
import { useSentRequest } from './sent-request.ts';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';

/**
 * The continuing-care form of a returning patient (/f/cont, /mip/cont/ced, /mip/cont/chrt):
 * the CONT questions from the API, sent to the patient's lead and, when the link names a
 * clinic customer, to their continuous order, with the status update of the route's variant.
 * Then: CED is a funnel step and goes on; a page with `whenSent` in its route (FCHRT, to
 * /f/conf/{code}/refill) goes there; CHRT shows the request here. A customer's request on file
 * is shown in place of the form, on any device (ReturningRequest).
 */
export default function ContinuousFormScreen({ route, code, step }: ScreenProps) {
  const variant = continuousVariantOf(route.variant);
  const journey = useJourney(code);
  const link = useLinkContext();
  const patient = useReturningPatient(journey, link, true);
  const sent = useSentRequest(link.ktCustomerId, false);
  const navigate = useNavigate();

  let body;
  if (!route.form) {
    body = <IncompleteLink what="form" />;
  } else if (patient.status === 'loading' || journey.status === 'loading' || sent.status === 'loading') {
    body = <LoadingIndicator />;
  } else if (patient.status === 'failed') {
    body = <LoadProblem what="your details" error={patient.error} onRetry={patient.retry} />;
  } else if (patient.data === null) {
    body = <IncompleteLink what="refill form" />;
  } else {
    const known = patient.data;
    const next = sentPath(route, code);
    const funnelStep = variant === 'ced' && step?.canNext ? step : undefined;
    body = (
      <ReturningRequest
        finishType={FINISH_TYPES.refill}
        journey={journey}
        patient={known}
        sent={sent}
        form={route.form}
        intro="A few questions about how your treatment is going, so your provider can plan your next supply."
        finishLabel="Send my answers"
        what="your refill questions"
        onBack={step?.canBack ? step.onBack : undefined}
        send={(pages: readonly QuestionPage[]) =>
          submitContinuous({ variant, journey, pages, patient: known, pathCode: code ?? variant })
        }
        advance={funnelStep && ((record: JourneyChange) => funnelStep.advance({ record }))}
        leave={next === null ? undefined : () => void navigate(next)}
        onContinue={funnelStep?.onNext}
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
