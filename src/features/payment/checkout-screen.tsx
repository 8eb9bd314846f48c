import { PaymentStep, type PaymentStepOptions } from './payment-step.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/** Checkout: /mip/checkout/{code}, the payment step of the ED funnels. */
export default function CheckoutScreen(props: ScreenProps & PaymentStepOptions) {
  return <PaymentStep {...props} />;
}
