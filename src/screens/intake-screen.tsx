import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The intake screen, a placeholder until the screens issue builds it. */
export default function IntakeScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
