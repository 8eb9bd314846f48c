import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { commChangeConfirmation, getKtCustomer } from '../../shared/api/customers.ts';
import { ApiError } from '../../shared/api/http.ts';
import type { KtCustomer } from '../../contract/api-types.ts';
import { useNotifications } from '../../shared/notifications/notifications.tsx';
import { formatDisplayDate } from '../../domain/dates.ts';
import { AccountLoading, AccountLoadProblem, AccountPage, LinkProblem } from './account-page.tsx';
import { useAccountQuery } from './account-query.ts';
import { isNotFound } from './find-customer.ts';
import { maskEmail, maskPhone } from './mask.ts';
import { consoleLogger } from '../../shared/console-logger.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

/** Which details the change was about, from the path: `/comm-verify/email`, `/comm-verify/phone`, else both. */
function changedDetails(pathCode: string | undefined): { email: boolean; phone: boolean } {
  const code = (pathCode ?? '').toLowerCase();
  if (code === 'email') return { email: true, phone: false };
  if (code === 'phone' || code === 'sms') return { email: false, phone: true };
  return { email: true, phone: true };
}

type Confirmation = { status: 'idle' } | { status: 'confirming' } | { status: 'confirmed'; at: string };

/**
 * Comm-verify: the patient confirms a change of their contact details from the link the
 * clinic sent (`customerId`, or `ktCustomerId`, in the query). The details are shown masked,
 * since whoever holds the link sees them; one button confirms (the secured
 * commChangeConfirmation PATCH). A change confirmed before, per the customer's record,
 * shows as done. Anyone who did not ask for the change is told to call.
 */
export default function CommVerifyScreen({ route, params }: ScreenProps) {
  const title = route.title;
  const query = useAccountQuery();
  const { showSnackbar } = useNotifications();
  const customerId = query.customerId ?? null;
  const customer = useApiData<KtCustomer>(customerId, (signal) => getKtCustomer(customerId ?? '', { signal }));
  const [confirmation, setConfirmation] = useState<Confirmation>({ status: 'idle' });
  const [failed, setFailed] = useState(false);
  const [gone, setGone] = useState(false);
  const sending = useRef(false);

  if (customerId === null || gone || (customer.status === 'failed' && isNotFound(customer.error))) {
    return (
      <LinkProblem title={title} heading="This link does not work">
        <Text size="sm">
          It may be incomplete or out of date. If you changed your email or phone number, call us and we will confirm
          the change with you.
        </Text>
      </LinkProblem>
    );
  }
  if (customer.status === 'loading') return <AccountLoading title={title} />;
  if (customer.status === 'failed') {
    return (
      <AccountLoadProblem title={title} what="your contact details" error={customer.error} onRetry={customer.retry} />
    );
  }

  const shown = changedDetails(params.pathCode);
  const { email, phone, commChangeConfirmedAt } = customer.data;
  const confirmedAt = confirmation.status === 'confirmed' ? confirmation.at : commChangeConfirmedAt;
  const justConfirmed = confirmation.status === 'confirmed';

  async function confirm(id: string) {
    if (sending.current) return;
    sending.current = true;
    setFailed(false);
    setConfirmation({ status: 'confirming' });
    try {
      const result = await commChangeConfirmation(id);
      setConfirmation({ status: 'confirmed', at: result.confirmedAt });
    } catch (error) {
      const failure =
        error instanceof ApiError ? error : new ApiError('Request Timeout', null, 'commChangeConfirmation');
      console.error('comm-verify: confirmation failed', { status: failure.status ?? 'none' });
      setConfirmation({ status: 'idle' });
      if (isNotFound(failure)) setGone(true);
      else {
        setFailed(true);
        showSnackbar(failure.message);
      }
    } finally {
      sending.current = false;
    }
  }

  const details = (
    <List spacing={4} aria-label="Your new contact details">
      {shown.email && <List.Item>Email: {maskEmail(email)}</List.Item>}
      {shown.phone && <List.Item>Mobile phone: {maskPhone(phone)}</List.Item>}
    </List>
  );

  if (confirmedAt !== undefined) {
    const when = formatDisplayDate(confirmedAt, 'long', consoleLogger);
    return (
      <AccountPage title={title}>
        <Alert
          color="green"
          role="status"
          title={justConfirmed ? 'Thank you: the change is confirmed' : 'This change is already confirmed'}
        >
          <Stack gap="xs">
            <Text size="sm">
              {justConfirmed
                ? 'We will use these details from now on:'
                : `You confirmed it${when === null ? '' : ` on ${when}`}. There is nothing more to do. We use:`}
            </Text>
            {details}
          </Stack>
        </Alert>
      </AccountPage>
    );
  }

  const confirming = confirmation.status === 'confirming';
  return (
    <AccountPage title={title}>
      <Text>
        Your contact details were changed. Please confirm the change so that we send your care messages to the right
        place.
      </Text>
      {details}
      {failed && (
        <Alert color="red" role="alert" title="The change is not confirmed yet">
          <Text size="sm">Something went wrong on our side. Please try again.</Text>
        </Alert>
      )}
      <ActionBar>
        <Button
          onClick={() => {
            void confirm(customerId);
          }}
          loading={confirming}
          disabled={confirming}
        >
          Confirm the change
        </Button>
      </ActionBar>
      <Alert color="gray" title="Did not ask for this change?">
        <Text size="sm">
          Do not confirm it. Call us right away at the number below, so we can protect your account.
        </Text>
      </Alert>
    </AccountPage>
  );
}
