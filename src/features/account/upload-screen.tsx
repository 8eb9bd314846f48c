import { Alert, Button, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { ApiError } from '../../shared/api/http.ts';
import { getHasId } from '../../shared/api/identity.ts';
import type { CustomerId } from '../../contract/api-types.ts';
import { useNotifications } from '../../shared/notifications/notifications.tsx';
import { AccountLoading, AccountLoadProblem, AccountPage, LinkProblem } from './account-page.tsx';
import { useAccountQuery } from './account-query.ts';
import { customerIdOf, isNotFound } from './find-customer.ts';
import { IdDocumentForm } from './id-document-form.tsx';
import { sendIdDocument } from './id-document.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

interface IdStatus {
  customerId: CustomerId;
  hasId: boolean;
}

/**
 * Upload: a customer sends a photo of their ID, from a link carrying `ktCustomerId` (or
 * `customerId`) or `landing_id`. When the clinic already has an ID on file (getHasId) the
 * page says so, with a way to send a new one. The file is checked in the browser, previewed,
 * and kept in memory only. The dailytada2 layout comes from config/routes.json; the content is
 * the same, with the care team's phone on the page, since that layout has no footer.
 */
export default function UploadScreen({ route }: ScreenProps) {
  const title = route.title;
  const query = useAccountQuery();
  const { showSnackbar } = useNotifications();
  const key =
    query.customerId !== undefined
      ? `customer:${query.customerId}`
      : query.landingId !== undefined
        ? `lead:${query.landingId}`
        : null;
  const status = useApiData<IdStatus>(key, async (signal) => {
    const customerId = await customerIdOf(query, signal);
    const { hasId } = await getHasId(customerId, { signal });
    return { customerId, hasId };
  });
  const [replacing, setReplacing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [received, setReceived] = useState(false);
  const [failed, setFailed] = useState(false);
  const sending = useRef(false);

  if (key === null) {
    return (
      <LinkProblem title={title} heading="This link is not complete">
        <Text size="sm">
          To send us your ID, open the link in the email or text message we sent you again. If it still does not work,
          call us.
        </Text>
      </LinkProblem>
    );
  }
  if (status.status === 'loading') return <AccountLoading title={title} />;
  if (status.status === 'failed') {
    if (isNotFound(status.error)) {
      return (
        <LinkProblem title={title} heading="We could not find your account">
          <Text size="sm">
            This link may be out of date, or your account is not set up yet. Call us and we will help you send your ID.
          </Text>
        </LinkProblem>
      );
    }
    return <AccountLoadProblem title={title} what="your account" error={status.error} onRetry={status.retry} />;
  }

  const { customerId, hasId } = status.data;

  if (received) {
    return (
      <AccountPage title={title}>
        <Alert color="green" role="status" title="Thank you, we received your ID">
          <Text size="sm">
            Our team checks it, usually within one business day. We contact you if we need a clearer picture.
          </Text>
        </Alert>
      </AccountPage>
    );
  }

  if (hasId && !replacing) {
    return (
      <AccountPage title={title}>
        <Alert color="green" role="status" title="We already have your ID">
          <Text size="sm">There is nothing more to do. Your ID is on file with your account.</Text>
        </Alert>
        <Text size="sm">Has your ID expired or changed? You can send us the new one.</Text>
        <ActionBar>
          <Button
            onClick={() => {
              setReplacing(true);
            }}
          >
            Send a new ID
          </Button>
        </ActionBar>
      </AccountPage>
    );
  }

  async function send(file: File) {
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setFailed(false);
    try {
      await sendIdDocument(customerId, file);
      setReceived(true);
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError('Request Timeout', null, 'uploadId');
      console.error('upload: ID not sent', { status: failure.status ?? 'none' });
      // The file stays chosen, so the patient only presses the button again.
      setFailed(true);
      showSnackbar(failure.message);
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  }

  return (
    <AccountPage title={title}>
      <Text>
        Before your provider can prescribe, they need to confirm who you are. Take a photo of your ID with your phone,
        or choose a scan.
      </Text>
      {failed && (
        <Alert color="red" role="alert" title="Your ID was not sent">
          <Text size="sm">Your file is still chosen. Please press Send my ID again.</Text>
        </Alert>
      )}
      <IdDocumentForm
        submitting={submitting}
        onSubmit={(file) => {
          void send(file);
        }}
      />
    </AccountPage>
  );
}
