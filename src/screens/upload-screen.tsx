import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The upload screen, a placeholder until the screens issue builds it. */
export default function UploadScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
