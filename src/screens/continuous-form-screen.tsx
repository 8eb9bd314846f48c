import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The continuous-form screen, a placeholder until the screens issue builds it. */
export default function ContinuousFormScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
