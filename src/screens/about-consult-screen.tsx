import { PlaceholderScreen } from './placeholder-screen.tsx';
import type { ScreenProps } from './screen-props.ts';

/** The about-consult screen, a placeholder until the screens issue builds it. */
export default function AboutConsultScreen(props: ScreenProps) {
  return <PlaceholderScreen {...props} />;
}
