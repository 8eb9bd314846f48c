import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The results screen, a placeholder until the screens issue builds it. */
export default function ResultsScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
