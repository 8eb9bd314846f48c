import { useLocation } from 'react-router-dom';
import { readHistoryState } from '../funnel-sync.tsx';
import { ErrorPage } from './error-page.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/**
 * /error and /error/{code}/{pathCode}: the code from the path, the description from the
 * navigation state's error (the funnel puts the reason there), with sensible defaults. With
 * no code in the path the description is the page's heading: no made-up code stands over it.
 */
export default function ErrorScreen({ params }: ScreenProps) {
  const location = useLocation();
  const { error } = readHistoryState(location.state);
  return (
    <ErrorPage
      code={params.code}
      description={error ?? 'This link does not lead to one of our programs. It may be incomplete or out of date.'}
      message="Please call us, or start again from the beginning."
      pathCode={params.pathCode}
    />
  );
}
