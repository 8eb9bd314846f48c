import { Anchor, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { getCurrentScripts } from '../../shared/api/customers.ts';
import { getOrder } from '../../shared/api/orders.ts';
import type { Order, OrderStatus, Prescription } from '../../contract/api-types.ts';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatMoney } from '../../domain/money.ts';
import { AccountLoading, AccountLoadProblem, AccountPage, LinkProblem } from './account-page.tsx';
import { isCustomerId } from './account-query.ts';
import { isNotFound } from './find-customer.ts';
import { consoleLogger } from '../../shared/console-logger.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

interface VisitSummary {
  scripts: readonly Prescription[];
  /** The newest order, if the visit (or an earlier one) has one. */
  order?: Order;
}

const SCRIPT_STATUS: Readonly<Record<Prescription['status'], string>> = {
  active: 'Active',
  paused: 'Paused',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

const ORDER_STATUS: Readonly<Record<OrderStatus, string>> = {
  pending: 'being processed',
  approved: 'confirmed',
  fulfilled: 'completed',
  cancelled: 'cancelled',
};

function longDate(value: string): string | null {
  return formatDisplayDate(value, 'long', consoleLogger);
}

function refillsText(count: number): string {
  if (count === 0) return 'No refills left';
  return count === 1 ? '1 refill left' : `${String(count)} refills left`;
}

function PrescriptionItem({ script }: { script: Prescription }) {
  const written = longDate(script.writtenAt);
  return (
    <Stack gap={2}>
      <Text fw={600}>{script.medication}</Text>
      {script.dosage !== undefined && <Text size="sm">{script.dosage}</Text>}
      <Text size="sm" c="dimmed">
        {[
          SCRIPT_STATUS[script.status],
          written === null ? null : `prescribed ${written}`,
          script.refillsRemaining === undefined ? null : refillsText(script.refillsRemaining),
        ]
          .filter((part) => part !== null)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

/**
 * After a microclinic visit (`/post-clinic/{postClinicId}`, the id being the clinic's
 * customer id): what the clinician prescribed and the newest order, from the current scripts
 * and the order lookup (SPEC §7, both secured), then the next steps, the member portal and
 * the care team's phone. An id the clinic does not know says so and offers the phone.
 */
export default function PostClinicScreen({ route, params }: ScreenProps) {
  const title = route.title;
  const { brand } = useBrand();
  const customerId = isCustomerId(params.postClinicId) ? params.postClinicId : null;
  const visit = useApiData<VisitSummary>(customerId, async (signal) => {
    const id = customerId ?? '';
    const [current, lookup] = await Promise.all([
      getCurrentScripts(id, { signal }),
      // Right after a visit the order may still be on its way to the order system.
      getOrder({ customerId: id }, { signal, shouldRetry: true }),
    ]);
    const [order] = lookup.orders;
    return { scripts: current.scripts, ...(order === undefined ? {} : { order }) };
  });

  if (customerId === null || (visit.status === 'failed' && isNotFound(visit.error))) {
    return (
      <LinkProblem title={title} heading="We could not find your visit">
        <Text size="sm">
          The link may be mistyped or out of date. Call us and we will go through your visit with you.
        </Text>
      </LinkProblem>
    );
  }
  if (visit.status === 'loading') return <AccountLoading title={title} />;
  if (visit.status === 'failed') {
    return <AccountLoadProblem title={title} what="your visit" error={visit.error} onRetry={visit.retry} />;
  }

  const { scripts, order } = visit.data;
  const active = scripts.filter((script) => script.status === 'active');
  const orderDate = order === undefined ? null : longDate(order.createdAt);

  return (
    <AccountPage title={title}>
      <Text size="lg">Thank you for visiting us. Here is a summary of your visit and what happens next.</Text>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Your prescriptions
          </Title>
          {scripts.length === 0 ? (
            <Text size="sm">
              Your clinician has not written a prescription yet. If they recommend a treatment, it appears here and in
              your member portal.
            </Text>
          ) : (
            <List spacing="sm" listStyleType="none" withPadding={false}>
              {scripts.map((script) => (
                <List.Item key={script.scriptId}>
                  <PrescriptionItem script={script} />
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Card>
      {order !== undefined && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h3">
              Your order
            </Title>
            <Text size="sm">
              {orderDate === null ? 'Your order' : `Your order of ${orderDate}`} for {formatMoney(order.total)} is{' '}
              {ORDER_STATUS[order.status]}.
            </Text>
          </Stack>
        </Card>
      )}
      <Stack gap="sm">
        <Title order={2} size="h3">
          What happens next
        </Title>
        <List type="ordered" spacing="xs">
          {active.length > 0 ? (
            <List.Item>
              Your pharmacy prepares your medication and ships it in discreet packaging. We email you when it is on its
              way.
            </List.Item>
          ) : (
            <List.Item>Your clinician reviews your visit. We contact you if they need anything from you.</List.Item>
          )}
          <List.Item>
            In your member portal you can message your care team, see your treatment plan and follow your order.
          </List.Item>
          <List.Item>Your care team checks in with you after a few weeks to see how you are doing.</List.Item>
        </List>
        <ActionBar>
          <Button component="a" href={brand.portalLink}>
            Go to your member portal
          </Button>
        </ActionBar>
        <Text size="sm" c="dimmed">
          Something feels wrong after your visit? Do not wait for your next check-in: call us. In an emergency, call{' '}
          <Anchor href="tel:911">911</Anchor>.
        </Text>
      </Stack>
    </AccountPage>
  );
}
