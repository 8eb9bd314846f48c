import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The hormone-assessment screen, a placeholder until the screens issue builds it. */
export default function HormoneAssessmentScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
