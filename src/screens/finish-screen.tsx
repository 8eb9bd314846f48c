import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The finish screen, a placeholder until the screens issue builds it. */
export default function FinishScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
