import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The thank-you screen, a placeholder until the screens issue builds it. */
export default function ThankYouScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
