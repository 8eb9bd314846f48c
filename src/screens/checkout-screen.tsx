import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The checkout screen, a placeholder until the screens issue builds it. */
export default function CheckoutScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
