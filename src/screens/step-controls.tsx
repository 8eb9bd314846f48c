import { Badge, Button, Group } from '@mantine/core';
import type { FunnelStep } from '../app/funnel-sync.tsx';

/** Back and Next for a funnel step, enabled as the funnel machine allows. */
export function StepControls({ step }: { step: FunnelStep }) {
  return (
    <Group>
      <Badge variant="light">
        {step.index === null ? 'Not a step of this funnel' : `Step ${step.index + 1} of ${step.total}`}
      </Badge>
      <Button variant="default" disabled={!step.canBack} onClick={step.onBack}>
        Back
      </Button>
      <Button disabled={!step.canNext} onClick={step.onNext}>
        Next
      </Button>
    </Group>
  );
}
