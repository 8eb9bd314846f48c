import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The restart-hrt screen, a placeholder until the screens issue builds it. */
export default function RestartHrtScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
