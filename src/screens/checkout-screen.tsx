import { PaymentStep } from '../patient/payment/payment-step.tsx';
import type { ScreenProps } from './screen-props.ts';

/** Checkout: /mip/checkout/{code}, the payment step of the ED funnels. */
export default function CheckoutScreen(props: ScreenProps) {
  return <PaymentStep {...props} />;
}
