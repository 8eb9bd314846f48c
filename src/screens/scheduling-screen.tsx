import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The scheduling screen, a placeholder until the screens issue builds it. */
export default function SchedulingScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
