import { Alert, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { updateCard, type UpdatedCard } from '../../shared/api/billing.ts';
import { getKtCustomer } from '../../shared/api/customers.ts';
import { ApiError } from '../../shared/api/http.ts';
import type { BillingCustomer, CustomerId } from '../../contract/api-types.ts';
import { useNotifications } from '../../shared/notifications/notifications.tsx';
import { AccountLoading, AccountLoadProblem, AccountPage, LinkProblem } from './account-page.tsx';
import { useAccountQuery, type AccountQuery } from './account-query.ts';
import { serverDetails } from './api-error-text.ts';
import { BillingForm } from '../../shared/billing/billing-form.tsx';
import {
  billingCustomerFrom,
  EMPTY_CARD,
  isCardField,
  validateBilling,
  type BillingErrors,
  type BillingField,
  type BillingValues,
} from '../../shared/billing/billing-values.ts';
import { customerIdOf, isNotFound } from './find-customer.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';

/** Whose payment details these are: the customer, and the name to start from. */
interface BillingAccount {
  customerId: CustomerId;
  firstName: string;
  lastName: string;
  /** False when the customer has no lead: a card is kept under one, so it cannot be changed online. */
  online: boolean;
}

const CARD_NAMES: Readonly<Record<NonNullable<UpdatedCard['cardBrand']>, string>> = {
  visa: 'Visa card',
  mastercard: 'Mastercard',
  amex: 'American Express card',
  discover: 'Discover card',
  other: 'card',
};

/** The customer's record, by the link's customer id or the customer of its landing id. */
async function loadAccount(query: AccountQuery, signal: AbortSignal): Promise<BillingAccount> {
  const customerId = await customerIdOf(query, signal);
  const customer = await getKtCustomer(customerId, { signal });
  return {
    customerId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    online: customer.landing_id !== undefined,
  };
}

/**
 * Commerce info update: an existing customer replaces the card the clinic charges, from a
 * link carrying `ktCustomerId` (or `customerId`) or `landing_id`. The card is checked in the
 * browser, then by the payment processor through the card update (`updateCard`), which keeps
 * a card only when it would be charged; the browser keeps it nowhere. A refusal is shown next
 * to the card number and everything typed stays for another try.
 */
export default function CommerceInfoUpdateScreen({ route }: ScreenProps) {
  const title = route.title;
  const query = useAccountQuery();
  const { showSnackbar } = useNotifications();
  const key =
    query.customerId !== undefined
      ? `customer:${query.customerId}`
      : query.landingId !== undefined
        ? `lead:${query.landingId}`
        : null;
  const account = useApiData<BillingAccount>(key, (signal) => loadAccount(query, signal));
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<UpdatedCard | null>(null);

  if (key === null) {
    return (
      <LinkProblem title={title} heading="This link is not complete">
        <Text size="sm">
          To update your payment details, open the link in the email or text message we sent you again. If it still does
          not work, call us and we will update them with you.
        </Text>
      </LinkProblem>
    );
  }
  if (account.status === 'loading') return <AccountLoading title={title} />;
  if (account.status === 'failed') {
    if (isNotFound(account.error)) {
      return (
        <LinkProblem title={title} heading="We could not find your account">
          <Text size="sm">This link may be out of date. Call us and we will update your payment details with you.</Text>
        </LinkProblem>
      );
    }
    return <AccountLoadProblem title={title} what="your account" error={account.error} onRetry={account.retry} />;
  }

  const { customerId, firstName, lastName, online } = account.data;
  if (!online) {
    return (
      <LinkProblem title={title} heading="Please call us to update your payment details">
        <Text size="sm">We cannot change the payment details of this account online.</Text>
      </LinkProblem>
    );
  }

  if (saved !== null) {
    const cardName = CARD_NAMES[saved.cardBrand ?? 'other'];
    return (
      <AccountPage title={title}>
        <Alert color="green" title="Your payment details are updated" role="status">
          <Text size="sm">
            We will charge your {cardName} ending in {saved.last4} for your next order.
          </Text>
        </Alert>
      </AccountPage>
    );
  }

  async function save(customer: BillingCustomer) {
    // The button is disabled while saving; this also stops a second submit in the same tick.
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setCardProblem(null);
    try {
      setSaved(await updateCard(customerId, customer));
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError('Request Timeout', null, 'save');
      console.error('commerce-info-update: billing not saved', { status: failure.status ?? 'none' });
      if (failure.status === 422) {
        // A decline: the processor's reason, next to the card.
        setCardProblem(`${serverDetails(failure)} Try another card, or call your bank.`);
      } else if (failure.status === 400) {
        // The browser checks every field first, so what the server refuses is the card itself.
        setCardProblem(
          `We could not use this card. Check the card number, expiry date and security code. (${serverDetails(failure)})`,
        );
      } else {
        showSnackbar(failure.message);
      }
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  }

  return (
    <AccountPage title={title}>
      <Text>
        Enter the card you would like us to charge from now on. Your next orders use it; nothing is charged now.
      </Text>
      <CardUpdateForm
        names={{ firstName, lastName }}
        submitting={submitting}
        cardProblem={cardProblem}
        onSubmit={(customer) => {
          void save(customer);
        }}
        onCardChange={() => {
          setCardProblem(null);
        }}
      />
    </AccountPage>
  );
}

/** The card update's values: the name on the customer's record to start from, no email or phone asked. */
function cardUpdateValues(names: { firstName: string; lastName: string }): BillingValues {
  return { ...names, email: '', phone: '', line1: '', line2: '', city: '', state: '', zip: '', ...EMPTY_CARD };
}

interface CardUpdateFormProps {
  /** The name on the customer's record, to start the cardholder name from. */
  names: { firstName: string; lastName: string };
  /** Whether the details are being saved: the form is read-only and the button busy. */
  submitting: boolean;
  /** Why the server refused the card (a decline or a bad card), shown next to the card number. */
  cardProblem: string | null;
  /** Called with the billing customer when every field is right; the card goes no further. */
  onSubmit: (customer: BillingCustomer) => void;
  /** Called when the patient changes a card field, so a shown refusal can go. */
  onCardChange: () => void;
}

/**
 * The payment's billing form, asking the name on the card instead of contact details. The card
 * lives in this component's state only: never in the journey, storage or a URL.
 */
function CardUpdateForm({ names, submitting, cardProblem, onSubmit, onCardChange }: CardUpdateFormProps) {
  const [values, setValues] = useState(() => cardUpdateValues(names));
  const [errors, setErrors] = useState<BillingErrors>({});
  const change = useCallback(
    (field: BillingField, value: string) => {
      setValues((previous) => ({ ...previous, [field]: value }));
      // A message goes as soon as the patient changes what it is about.
      setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([name]) => name !== field)));
      if (isCardField(field)) onCardChange();
    },
    [onCardChange],
  );
  return (
    <BillingForm
      asks="cardholder"
      heading="Your new payment details"
      values={values}
      onChange={change}
      errors={errors}
      onErrors={setErrors}
      onSubmit={() => {
        if (Object.keys(validateBilling(values, new Date(), 'cardholder')).length > 0) return;
        onSubmit(billingCustomerFrom(values, 'cardholder'));
      }}
      declineReason={cardProblem}
      declineTitle={null}
      formProblem={null}
      submitLabel="Save payment details"
      submitVerb="save them"
      submitting={submitting}
      note={
        <Text size="sm" c="dimmed">
          Your card goes to our payment processor. We keep only its last four digits.
        </Text>
      }
    />
  );
}
