import { Alert, Stack, Text } from '@mantine/core';
import type { Arrival } from '../engine/funnel-machine.ts';
import { arrivalText } from './arrival-text.ts';

/**
 * Above a step the funnel machine brought the patient to from a page that was not theirs yet
 * (issue 37: a cold link to a booking, an intake before paying): why they are here instead,
 * announced politely, so a patient who followed a link knows what happened and what to press.
 */
export function ArrivalNotice({ arrival }: { arrival: Arrival }) {
  const text = arrivalText(arrival);
  return (
    <Alert color="blue" title={text.title} role="status" mt="md" mb="xs">
      <Stack gap={4}>
        {text.lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
