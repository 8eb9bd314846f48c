import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The consult-upcoming screen, a placeholder until the screens issue builds it. */
export default function ConsultUpcomingScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
