import { groupCardNumber } from '../../domain/card.ts';
import { Alert, Button, Fieldset, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Fragment, useEffect, useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { MARKETING_CONSENT_QUESTION } from '../../domain/contact-questions.ts';
import { ConsentField } from '../questions/fields/consent-field.tsx';
import { UsStateSelect } from '../questions/fields/us-state-field.tsx';
import type { PlaceAddress } from '../services/places/places.ts';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import { questionTypeOf } from '../questions/question-types.ts';
import {
  billingFieldsOf,
  CONTACT_QUESTION_OF,
  contactFieldsOf,
  validateBilling,
  type BillingAsks,
  type ContactField,
  type BillingErrors,
  type BillingField,
  type BillingValues,
} from './billing-values.ts';
import { ActionBar } from '../layout/action-bar.tsx';

export interface BillingFormProps {
  /** Whom it asks about: the paying patient's contact details, or the cardholder's name (the card update). @default 'contact' */
  asks?: BillingAsks;
  /** The form's heading, when the page has none of its own above it; the form is named by it. @default 'Billing details' as its name, no heading */
  heading?: string;
  values: BillingValues;
  /** Called with one field's new text. */
  onChange: (field: BillingField, value: string) => void;
  /** The optional marketing box under the contact details, when this form asks it (['true'] ticked). @default null */
  marketing?: { value: readonly string[]; onChange: (value: readonly string[]) => void } | null;
  /** Messages by field, shown next to each. */
  errors: BillingErrors;
  /** Called with what needs fixing when the patient presses Pay on a form that does not validate. */
  onErrors: (errors: BillingErrors) => void;
  /** Called when the patient presses Pay on a form that validates. */
  onSubmit: () => void;
  /** Why the card was declined, shown with the card (focus goes to the card number); null when it was not. */
  declineReason: string | null;
  /**
   * The title of the alert above the card that gives the decline's reason (what it means for the
   * patient: the payment did not go through); null to show the reason as the card number's own
   * message instead. @default 'Your payment did not go through'
   */
  declineTitle?: string | null;
  /** A problem with the form that belongs to no single field; null when there is none. */
  formProblem: string | null;
  /** The Pay button's text, such as 'Pay $99'. */
  submitLabel: string;
  /** What the button does, for the error summary ("… needs fixing before you pay"). @default 'pay' */
  submitVerb?: string;
  /** While the payment is being made: fields read-only, the button says 'Processing…'. @default false */
  submitting?: boolean;
  /** Something to show beside the Pay button, such as Back. */
  extraActions?: ReactNode;
  /** Shown just above the button, such as what happens to the card. */
  note?: ReactNode;
  /**
   * A notice that stops the form at the address, such as the clinic not serving the chosen state
   * (src/shared/clinic/not-served-notice.tsx): shown in place of the card and Pay, so nothing can
   * be charged; Back stays. Null when the form goes on. @default null
   */
  stop?: ReactNode;
}

/** What Pay says while the payment is being made (also on the page's own form, pressed before the app ran). */
export const PROCESSING_LABEL = 'Processing…';

/** The fields a chosen address suggestion fills, in the order they are filled. */
const SUGGESTED_FIELDS = ['line1', 'city', 'state', 'zip'] as const satisfies readonly (keyof PlaceAddress &
  BillingField)[];
type AddressFill = Partial<Record<(typeof SUGGESTED_FIELDS)[number], string>>;

/**
 * The one billing form, of the payment and of the card update: contact details (or the name on
 * the card), billing address and card, each labelled with its error next to it, checked by one
 * rule (validateBilling: the contact questions' types from the question-type registry, the card
 * by src/domain/card.ts). Controlled: it keeps no values of its own, so the screen decides
 * where they live (the card only ever in component state).
 */
export function BillingForm({
  asks = 'contact',
  heading,
  values,
  onChange,
  marketing = null,
  errors,
  onErrors,
  onSubmit,
  declineReason,
  declineTitle = 'Your payment did not go through',
  formProblem,
  submitLabel,
  submitVerb = 'pay',
  submitting = false,
  extraActions,
  note,
  stop = null,
}: BillingFormProps) {
  const baseId = useId();
  const fields = billingFieldsOf(asks);
  const idOf = (field: BillingField) => `${baseId}-${field}`;
  // Focus waits for the render that carries the errors, so the field is announced as invalid.
  const [focusRequest, setFocusRequest] = useState<{ field: BillingField; attempt: number }>();

  useEffect(() => {
    if (focusRequest) document.getElementById(`${baseId}-${focusRequest.field}`)?.focus();
  }, [focusRequest, baseId]);

  // A declined card moves the patient to the card number, beside the reason.
  useEffect(() => {
    if (declineReason !== null) document.getElementById(`${baseId}-cardNumber`)?.focus();
  }, [declineReason, baseId]);

  // A chosen address fills its fields one onChange per render: the screen's onChange may
  // build each new value from the values of its last render, so two calls in one go would
  // leave only the second.
  const [fill, setFill] = useState<AddressFill | null>(null);
  useEffect(() => {
    if (fill === null) return;
    const field = SUGGESTED_FIELDS.find((name) => fill[name] !== undefined);
    if (field === undefined) {
      setFill(null);
      return;
    }
    const { [field]: value, ...rest } = fill;
    setFill(rest);
    if (value !== undefined && value !== values[field]) onChange(field, value);
  }, [fill, values, onChange]);

  const fillAddress = (address: PlaceAddress) => {
    // A part the service did not name keeps what the patient typed.
    const next: AddressFill = {};
    for (const field of SUGGESTED_FIELDS) if (address[field] !== '') next[field] = address[field];
    setFill(next);
  };

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || stop !== null) return;
    const found = validateBilling(values, new Date(), asks);
    const first = fields.find((field) => found[field] !== undefined);
    if (first === undefined) {
      onSubmit();
      return;
    }
    onErrors(found);
    setFocusRequest((previous) => ({ field: first, attempt: (previous?.attempt ?? 0) + 1 }));
  }

  const text = (
    field: BillingField,
    label: string,
    options: {
      autoComplete: string;
      required?: boolean;
      type?: string;
      inputMode?: 'numeric' | 'email' | 'tel' | 'text';
      maxLength?: number;
      placeholder?: string;
      description?: string;
      /** How the value is shown as it is typed at its end (editing in the middle keeps the caret where it is). */
      format?: (typed: string) => string;
    },
  ) => {
    const required = options.required ?? true;
    return (
      <TextInput
        id={idOf(field)}
        label={label}
        value={values[field]}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        placeholder={options.placeholder}
        description={options.description}
        required={required}
        aria-required={required}
        error={
          errors[field] ?? (field === 'cardNumber' && declineTitle === null ? (declineReason ?? undefined) : undefined)
        }
        disabled={submitting}
        onChange={(event) => {
          const input = event.currentTarget;
          const atEnd = input.selectionStart === null || input.selectionStart === input.value.length;
          onChange(field, options.format && atEnd ? options.format(input.value) : input.value);
        }}
      />
    );
  };

  /** A contact field, drawn by its question's type from the registry, as the intake draws it. */
  const contact = (field: ContactField) => {
    const question = CONTACT_QUESTION_OF[field];
    const { Field } = questionTypeOf(question.type);
    return (
      <Field
        question={question}
        id={idOf(field)}
        value={[values[field]]}
        onChange={(value) => {
          onChange(field, value[0] ?? '');
        }}
        error={errors[field]}
        disabled={submitting}
      />
    );
  };

  const errorCount = fields.filter((field) => errors[field] !== undefined).length;
  const headingId = `${baseId}-heading`;

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      {...(heading === undefined ? { 'aria-label': 'Billing details' } : { 'aria-labelledby': headingId })}
    >
      <Stack gap="lg">
        {heading !== undefined && (
          <Title order={2} id={headingId}>
            {heading}
          </Title>
        )}
        <Text size="sm" c="dimmed">
          Fields marked * are required.
        </Text>
        {/* Always in the page, so screen readers announce it when a message appears. */}
        <div role="alert">
          {errorCount > 0 && (
            <Text c="red" fw={600}>
              {errorCount === 1
                ? `One field needs fixing before you ${submitVerb}. It is marked below.`
                : `${String(errorCount)} fields need fixing before you ${submitVerb}. They are marked below.`}
            </Text>
          )}
        </div>

        <Fieldset legend={asks === 'contact' ? 'Contact details' : 'Name on the card'} disabled={submitting}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {contact('firstName')}
              {contact('lastName')}
            </SimpleGrid>
            {contactFieldsOf(asks)
              .filter((field) => field !== 'firstName' && field !== 'lastName')
              .map((field) => (
                <Fragment key={field}>{contact(field)}</Fragment>
              ))}
            {/* The assessment's and the intake's box, in the same words: a choice apart from paying. */}
            {marketing !== null && (
              <ConsentField
                question={MARKETING_CONSENT_QUESTION}
                id={`${baseId}-marketing`}
                value={marketing.value}
                onChange={marketing.onChange}
                disabled={submitting}
              />
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend="Billing address" disabled={submitting}>
          <Stack gap="sm">
            <AddressAutocomplete
              id={idOf('line1')}
              label="Street address"
              value={values.line1}
              error={errors.line1}
              disabled={submitting}
              autoComplete="billing address-line1"
              onChange={(value) => {
                onChange('line1', value);
              }}
              onAddress={fillAddress}
            />
            {text('line2', 'Apartment, suite or unit (optional)', {
              autoComplete: 'billing address-line2',
              required: false,
            })}
            {text('city', 'City', { autoComplete: 'billing address-level2' })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <UsStateSelect
                id={idOf('state')}
                label="State"
                value={values.state}
                required
                error={errors.state}
                disabled={submitting}
                autoComplete="billing address-level1"
                onChange={(code) => {
                  onChange('state', code);
                }}
              />
              {text('zip', 'ZIP code', { autoComplete: 'billing postal-code', inputMode: 'numeric', maxLength: 10 })}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        {stop !== null ? (
          <>
            {stop}
            {extraActions !== null && extraActions !== undefined && <ActionBar>{extraActions}</ActionBar>}
          </>
        ) : (
          <>
            <Fieldset legend="Card details" disabled={submitting}>
              <Stack gap="sm">
                {declineReason !== null && declineTitle !== null && (
                  <Alert color="red" role="alert" title={declineTitle}>
                    {declineReason} Check your card details or use another card.
                  </Alert>
                )}
                {text('cardNumber', 'Card number', {
                  autoComplete: 'cc-number',
                  inputMode: 'numeric',
                  maxLength: 23,
                  placeholder: '1234 1234 1234 1234',
                  format: groupCardNumber,
                })}
                {/* Side by side from sm up: each has a one-line hint, so the two boxes sit level. */}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {text('expiry', 'Expiry date (MM/YY)', {
                    autoComplete: 'cc-exp',
                    inputMode: 'numeric',
                    maxLength: 7,
                    placeholder: 'MM/YY',
                    description: 'As printed on your card',
                  })}
                  {text('cvc', 'Security code (CVC)', {
                    autoComplete: 'cc-csc',
                    inputMode: 'numeric',
                    maxLength: 4,
                    description: '3 digits on the back (Amex: 4 on the front)',
                  })}
                </SimpleGrid>
              </Stack>
            </Fieldset>

            {formProblem !== null && (
              <Alert color="red" role="alert" title="Please check your details">
                {formProblem}
              </Alert>
            )}

            {note}

            <ActionBar>
              <Button type="submit" disabled={submitting}>
                {submitting ? PROCESSING_LABEL : submitLabel}
              </Button>
              {extraActions}
            </ActionBar>
          </>
        )}
      </Stack>
    </form>
  );
}
