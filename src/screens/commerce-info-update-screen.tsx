import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The commerce-info-update screen, a placeholder until the screens issue builds it. */
export default function CommerceInfoUpdateScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
