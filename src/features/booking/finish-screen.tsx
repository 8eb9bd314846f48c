import { Button, Stack, Text, Title } from '@mantine/core';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { JourneySummary } from './journey-summary.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

/**
 * Finish (/finish/{code}, /f/finish/{code}), usually a funnel's last step (the call-centre
 * sequences, the end of a pathOverride list): what the patient has done, what happens next,
 * the member portal and the support line. Continue only when the funnel goes on after it.
 */
export default function FinishScreen({ route, code, step }: ScreenProps) {
  const journey = useJourney(code);
  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{route.title}</Title>
      {journey.status === 'loading' ? (
        <LoadingIndicator />
      ) : (
        <>
          <Text size="lg">Thank you. Here is what you have done and what happens next.</Text>
          <JourneySummary state={journey.state} />
          {step?.canNext && (
            <ActionBar>
              <Button onClick={step.onNext}>Continue</Button>
            </ActionBar>
          )}
        </>
      )}
    </Stack>
  );
}
