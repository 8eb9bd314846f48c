import { useBrand } from '../../shared/brand/brand-context.tsx';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { JourneyEnd } from './journey-end.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * Thank-you (/thank-you/{code}; the legacy /thank-you/shrt1 and shrt2 links land here): a page
 * of the code's funnel that is not one of its steps. The funnel machine opens it only once the
 * patient has finished the funnel (config/routes.json needs); then it thanks them, with the same
 * confirmation as the finish page.
 */
export default function ThankYouScreen({ route, code, step }: ScreenProps) {
  const { brand } = useBrand();
  const journey = useJourney(code);
  if (journey.status === 'loading') return <LoadingIndicator />;
  return (
    <JourneyEnd
      title={route.title}
      intro={`Thank you for choosing ${brand.brandName}.`}
      state={journey.state}
      afterFinish={step?.afterFinish ?? 'consult'}
    />
  );
}
