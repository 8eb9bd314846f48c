import { Button, Fieldset, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import type { BillingCustomer, Question, UsState } from '../../contract/api-types.ts';
import { AddressField, addressPartId, invalidAddressPart } from '../../shared/questions/fields/address-field.tsx';
import { checkCard, type CardField, type CardInput } from '../../domain/card.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

/** The billing address, asked with the question page's own address field. */
const ADDRESS_QUESTION: Question = {
  id: 'billing-address',
  ref: 'billingAddress',
  type: 'address',
  label: 'Billing address',
  required: true,
};

type NameField = 'firstName' | 'lastName';
type FormField = CardField | NameField | 'address';
type FormErrors = Partial<Record<FormField, string>>;

export interface CardBillingFormProps {
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
 * The payment details form of an existing customer: cardholder name, card number, expiry,
 * security code and billing address, checked as a patient would expect before anything is
 * sent. The card lives in this component's state only: never in the journey, storage or a URL.
 */
export function CardBillingForm({ names, submitting, cardProblem, onSubmit, onCardChange }: CardBillingFormProps) {
  const baseId = useId();
  const id = (field: FormField) => `${baseId}-${field}`;
  const [name, setName] = useState(names);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [address, setAddress] = useState<string[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [focusRequest, setFocusRequest] = useState<{ target: string; attempt: number }>();

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.target)?.focus();
  }, [focusRequest]);

  // A refusal from the server moves the patient to the card number, where it is shown.
  useEffect(() => {
    if (cardProblem !== null) document.getElementById(id('number'))?.focus();
    // id() depends on baseId only, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cardProblem]);

  // A message goes as soon as the patient changes what it is about.
  function clearError(field: FormField) {
    setErrors((previous) => {
      if (!Object.hasOwn(previous, field)) return previous;
      return Object.fromEntries(Object.entries(previous).filter(([name]) => name !== field));
    });
  }

  function setCardField(field: CardField, value: string) {
    setCard((previous) => ({ ...previous, [field]: value }));
    clearError(field);
    if (cardProblem !== null) onCardChange();
  }

  function setNameField(field: NameField, value: string) {
    setName((previous) => ({ ...previous, [field]: value }));
    clearError(field);
  }

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found: FormErrors = {};
    if (name.firstName.trim() === '') found.firstName = 'Enter the first name on the card.';
    if (name.lastName.trim() === '') found.lastName = 'Enter the last name on the card.';
    const checked = checkCard(card);
    Object.assign(found, checked.problems ?? {});
    const addressProblem = invalidAddressPart(ADDRESS_QUESTION, address);
    if (addressProblem) found.address = addressProblem.message;
    setErrors(found);
    const order: FormField[] = ['firstName', 'lastName', 'number', 'expiry', 'cvc', 'address'];
    const first = order.find((field) => Object.hasOwn(found, field));
    if (first !== undefined || checked.details === null) {
      const target =
        first === 'address' ? addressPartId(id('address'), addressProblem?.part ?? 'line1') : id(first ?? 'number');
      setFocusRequest((previous) => ({ target, attempt: (previous?.attempt ?? 0) + 1 }));
      return;
    }
    const [line1 = '', line2 = '', city = '', state = '', zip = ''] = address.map((part) => part.trim());
    onSubmit({
      firstName: name.firstName.trim(),
      lastName: name.lastName.trim(),
      address: {
        line1,
        ...(line2 === '' ? {} : { line2 }),
        city,
        state: state as UsState,
        zip,
      },
      ...checked.details,
    });
  }

  const errorCount = Object.keys(errors).length;
  const titleId = `${baseId}-title`;

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
      <Stack gap="lg">
        <Title order={2} id={titleId}>
          Your new payment details
        </Title>
        <div role="alert">
          {errorCount > 0 && (
            <Text c="red" fw={600}>
              {errorCount === 1
                ? 'One detail needs fixing. It is marked below.'
                : `${String(errorCount)} details need fixing. They are marked below.`}
            </Text>
          )}
        </div>
        <Fieldset legend="Name on the card" disabled={submitting}>
          <Group grow align="flex-start" mt="xs">
            <TextInput
              id={id('firstName')}
              label="First name"
              autoComplete="cc-given-name"
              required
              value={name.firstName}
              error={errors.firstName}
              onChange={(event) => {
                setNameField('firstName', event.currentTarget.value);
              }}
            />
            <TextInput
              id={id('lastName')}
              label="Last name"
              autoComplete="cc-family-name"
              required
              value={name.lastName}
              error={errors.lastName}
              onChange={(event) => {
                setNameField('lastName', event.currentTarget.value);
              }}
            />
          </Group>
        </Fieldset>
        <Fieldset legend="Card" disabled={submitting}>
          <Stack gap="sm" mt="xs">
            <TextInput
              id={id('number')}
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              required
              value={card.number}
              error={errors.number ?? cardProblem ?? undefined}
              onChange={(event) => {
                setCardField('number', event.currentTarget.value);
              }}
            />
            <Group grow align="flex-start">
              <TextInput
                id={id('expiry')}
                label="Expiry date"
                description="MM/YY"
                placeholder="MM/YY"
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={7}
                required
                value={card.expiry}
                error={errors.expiry}
                onChange={(event) => {
                  setCardField('expiry', event.currentTarget.value);
                }}
              />
              <TextInput
                id={id('cvc')}
                label="Security code"
                description="3 digits on the back; 4 on the front for American Express"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                required
                value={card.cvc}
                error={errors.cvc}
                onChange={(event) => {
                  setCardField('cvc', event.currentTarget.value);
                }}
              />
            </Group>
          </Stack>
        </Fieldset>
        <AddressField
          question={ADDRESS_QUESTION}
          id={id('address')}
          value={address}
          onChange={(value) => {
            setAddress(value);
            clearError('address');
          }}
          error={errors.address}
          disabled={submitting}
        />
        <Text size="sm" c="dimmed">
          Your card goes to our payment processor. We keep only its last four digits.
        </Text>
        <ActionBar>
          <Button type="submit" loading={submitting} disabled={submitting}>
            Save payment details
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}
