import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The comm-verify screen, a placeholder until the screens issue builds it. */
export default function CommVerifyScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
