import { Stack, Text, Title } from '@mantine/core';
import type { ScreenProps } from './screen-props.ts';
import { StepControls } from './step-controls.tsx';

/**
 * Stands in for a screen the screens issue builds: it names the screen and offers Back and
 * Next, so every funnel can be clicked through end to end.
 */
export function PlaceholderScreen({ route, step }: ScreenProps) {
  return (
    <Stack gap="md" py="lg">
      <Title order={1}>{route.title}</Title>
      <Text>
        This is the <strong>{route.variant === undefined ? route.screen : `${route.screen} (${route.variant})`}</strong>{' '}
        screen.
      </Text>
      {step && <StepControls step={step} />}
    </Stack>
  );
}
