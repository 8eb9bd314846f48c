import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The memo-appointment screen, a placeholder until the screens issue builds it. */
export default function MemoAppointmentScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
