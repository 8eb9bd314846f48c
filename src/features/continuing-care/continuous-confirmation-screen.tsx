import { Stack, Title } from '@mantine/core';
import { ContinuousConfirmation } from './continuous-confirmation.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * The confirmation after a continuous form (/f/conf/{pathCode}/{finishType}): what happens
 * next for the finish type (refill, restart), or a general thank-you for one this build does
 * not know. It shows nothing the patient typed.
 */
export default function ContinuousConfirmationScreen({ route, params }: ScreenProps) {
  return (
    <Stack gap="md" py="lg">
      <Title order={1}>{route.title}</Title>
      <ContinuousConfirmation finishType={params.finishType} />
    </Stack>
  );
}
