import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { CancelledAppointment } from '../../contract/generated/app-schemas.ts';
import { formatMoney } from '../../domain/money.ts';
import { formatAppointmentTime } from '../../shared/appointment-time.ts';
import { focusWhenShown } from '../../lib/focus-when-shown.ts';
import { requestRefund } from '../../shared/api/refunds.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { orderReference, type PaidSummary } from '../../shared/journey/paid-order.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { NoTreatmentOnline } from '../../shared/ui/no-treatment-online.tsx';
import { SupportContact } from '../../shared/ui/support-contact.tsx';

/**
 * How long a refund takes to reach the card, as the patient is told: the processor returns it at
 * once, and the card's bank takes up to ten business days to show it (docs/screens.md).
 */
export const REFUND_TIME = 'within 5-10 business days';

/** "We are refunding your payment of $99 in full to the card ending in 4242.", with what the order says. */
function refundLine(amount: string | undefined, last4: string | undefined): string {
  const payment = amount === undefined ? 'your payment' : `your payment of ${formatMoney(amount)}`;
  const card = last4 === undefined ? 'the card you paid with' : `the card ending in ${last4}`;
  return `We are refunding ${payment} in full to ${card}.`;
}

/**
 * What the patient is told of a consult the refund request cancelled (a funnel that books before
 * its assessment, microbh): that it is cancelled, when it was, and that there is nothing to do.
 */
export function cancelledConsultLine(appointment: CancelledAppointment): string {
  const when = appointment.startTime === undefined ? null : formatAppointmentTime(appointment.startTime);
  return `${when === null ? 'Your consult' : `Your consult on ${when}`} is cancelled, so you do not need to join it. Its time is free for someone else.`;
}

/**
 * The stop of a funnel that took the payment before the assessment, when the answers rule
 * treatment out: the words the results page says before paying (NoTreatmentOnline, the clinic's
 * reasons), then what happens to the money: the full refund of what the order was charged, to the
 * card it was charged to, and when. The refund is asked for here (POST /refund-request, idempotent:
 * a reload asks again and gets the same request); the server's answer gives the amount and card
 * when it comes, the journey's order until then, and the consults it cancelled (microbh books one
 * before its assessment). No way on to the intake or the booking.
 */
export function PaidStop({ reasons, paid }: { reasons: readonly string[]; paid: PaidSummary }) {
  const stop = useRef<HTMLDivElement>(null);
  // Shown where the patient pressed Finish (or on arrival): announced, and in view on a phone.
  useEffect(() => focusWhenShown(() => stop.current, { scroll: true }), []);
  const refund = useApiData(paid.orderId === '' ? null : paid.orderId, (signal) =>
    requestRefund({ orderId: paid.orderId }, { signal }),
  );
  const recorded = refund.status === 'ready' ? refund.data : null;
  const amount = recorded?.amount ?? paid.total;
  const last4 = recorded?.last4 ?? paid.last4;
  const failed = paid.orderId === '' || refund.status === 'failed';

  return (
    <Stack gap="md">
      <NoTreatmentOnline ref={stop} reasons={reasons} />
      {recorded?.cancelledAppointments !== undefined && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="cancelled-consult-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="cancelled-consult-title">
              Your consult is cancelled
            </Title>
            {recorded.cancelledAppointments.map((appointment) => (
              <Text key={appointment.appointmentId}>{cancelledConsultLine(appointment)}</Text>
            ))}
          </Stack>
        </Card>
      )}
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="refund-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="refund-title">
            Your refund
          </Title>
          <Text>{refundLine(amount, last4)}</Text>
          <Text>
            It should be back on your card {REFUND_TIME}, depending on your bank. You don&apos;t need to do anything.
          </Text>
          {paid.orderId !== '' && (
            <Text>
              Order reference: <strong>{orderReference(paid.orderId)}</strong>
            </Text>
          )}
          {failed ? (
            <Alert color="red" role="alert" title="Your refund is not arranged yet">
              <Stack gap="sm">
                <Text size="sm">
                  We could not send your refund request just now. Please try again, or call us and we will arrange it.
                </Text>
                {refund.status === 'failed' && (
                  <ActionBar>
                    <Button onClick={refund.retry}>Try again</Button>
                  </ActionBar>
                )}
              </Stack>
            </Alert>
          ) : null}
          <SupportContact lead="Questions about your refund? Quote your order reference and call us at" size="sm" />
        </Stack>
      </Card>
    </Stack>
  );
}
