import { Button } from '@mantine/core';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { JourneyEnd } from './journey-end.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

/**
 * Finish (/finish/{code}, /f/finish/{code}), a funnel's last step: the confirmation of what the
 * patient has done and what happens next (JourneyEnd). The funnel machine opens it only once the
 * patient has moved on through the steps before it (config/routes.json needs); a cold link gets
 * the page that says so instead. Continue only when the funnel goes on after it.
 */
export default function FinishScreen({ route, code, step }: ScreenProps) {
  const journey = useJourney(code);
  if (journey.status === 'loading') return <LoadingIndicator />;
  return (
    <>
      <JourneyEnd title={route.title} state={journey.state} afterFinish={step?.afterFinish ?? 'consult'} />
      {step?.canNext && (
        <ActionBar>
          <Button onClick={step.onNext}>Continue</Button>
        </ActionBar>
      )}
    </>
  );
}
