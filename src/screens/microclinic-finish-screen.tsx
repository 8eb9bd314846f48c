import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The microclinic-finish screen, a placeholder until the screens issue builds it. */
export default function MicroclinicFinishScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
