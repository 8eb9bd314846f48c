import { Stack, Text, Title } from '@mantine/core';
import { funnelConfig } from '../../contract/funnel-config.ts';
import { computeScores } from '../../domain/scores.ts';
import { FormRunner } from '../../shared/ui/form-runner.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { usePrefill } from './use-prefill.ts';
import { useRouteContext } from '../../shared/journey/use-route-context.ts';
import { routeIntro } from '../../shared/layout/route-intro.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * The hormone assessment (all its variants: the route's form names the pages). Answers are
 * kept in the patient's journey page by page; the last page hands the machine the lead with
 * its scores: the machine saves it, then the next step with the lead's record in one journey
 * write, and the patient moves only once both are saved (a failure keeps them on the page, told so).
 */
export default function HormoneAssessmentScreen({ route, code, step }: ScreenProps) {
  const journey = useJourney(code);
  const context = useRouteContext();
  usePrefill(journey, context.prefill);
  const { form } = route;
  const intro = routeIntro(route);

  return (
    <Stack gap="md" py="md">
      <Title order={1}>{route.title}</Title>
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
            // The machine saves the lead, then the step with its record. (On a page of the code
            // that is not a step, such as /quiz, Next goes to the funnel's first step.) Where
            // there is no next step (no funnel, or its last step), there is no move to save
            // it with: the lead and its record are saved alone. The
            // lead's code is loaded on submit either way: no page of questions needs it before.
            if (step?.canNext === true) await step.advance({ lead });
            else await (await loadChunk(() => import('../../shared/journey/lead.ts'))).saveJourneyLead(lead);
          }}
        />
      )}
    </Stack>
  );
}
