import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The continuous-confirmation screen, a placeholder until the screens issue builds it. */
export default function ContinuousConfirmationScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
