import { PaymentStep } from './payment-step.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/** Payment: /payment/{code} (men's, minimal layout) and /f/payment/{code} (women's). */
export default function PaymentScreen(props: ScreenProps) {
  return <PaymentStep {...props} />;
}
