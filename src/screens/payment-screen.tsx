import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The payment screen, a placeholder until the screens issue builds it. */
export default function PaymentScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
