import { PaymentStep } from '../patient/payment/payment-step.tsx';
import type { ScreenProps } from './screen-props.ts';

/** Payment: /payment/{code} (men's, minimal layout) and /f/payment/{code} (women's). */
export default function PaymentScreen(props: ScreenProps) {
  return <PaymentStep {...props} />;
}
