import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The post-clinic screen, a placeholder until the screens issue builds it. */
export default function PostClinicScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
