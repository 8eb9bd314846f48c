import { Badge, Button, Stack } from '@mantine/core';
import { ActionBar } from '../layout/action-bar.tsx';
import type { FunnelStep } from '../app/funnel-sync.tsx';

/** Back and Next for a funnel step, enabled as the funnel machine allows. */
export function StepControls({ step }: { step: FunnelStep }) {
  return (
    <Stack gap="xs">
      <Badge variant="light">
        {step.index === null ? 'Not a step of this funnel' : `Step ${step.index + 1} of ${step.total}`}
      </Badge>
      <ActionBar>
        <Button disabled={!step.canNext} onClick={step.onNext}>
          Next
        </Button>
        <Button variant="default" disabled={!step.canBack} onClick={step.onBack}>
          Back
        </Button>
      </ActionBar>
    </Stack>
  );
}
