import { Stack, Text, Title } from '@mantine/core';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { JourneySummary } from './journey-summary.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * Thank-you (/thank-you/{code}; the legacy /thank-you/shrt1 and shrt2 links land here): not a
 * funnel step. Thanks, and the same summary as the finish page from the code's journey.
 */
export default function ThankYouScreen({ route, code }: ScreenProps) {
  const { brand } = useBrand();
  const journey = useJourney(code);
  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{route.title}</Title>
      {journey.status === 'loading' ? (
        <LoadingIndicator />
      ) : (
        <>
          <Text size="lg">Thank you for choosing {brand.brandName}. We have what we need for now.</Text>
          <JourneySummary state={journey.state} />
        </>
      )}
    </Stack>
  );
}
