import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { ADDRESS_PARTS, type AddressPart } from '../question-helpers.ts';
import { addressLine, useKnownAddress } from '../known-address.ts';
import type { Question } from '../../../contract/api-types.ts';
import { isUsStateCode } from '../../../domain/us-states.ts';
import { isZipCode } from '../formats.ts';
import { isBlank, MESSAGES, type QuestionTypeEntry } from '../question-type.ts';
import { GroupFieldset, GroupLegend } from './field-parts.tsx';
import type { FieldProps } from './field-props.ts';
import { UsStateSelect } from './us-state-field.tsx';

/** The id of one part of an address field. */
export function addressPartId(id: string, part: AddressPart): string {
  return `${id}-${part}`;
}

/**
 * An address question: street, optional second line, city, state and ZIP in a fieldset, stored as
 * [line1, line2, city, state, zip]. The page's one error for the question is shown on the part
 * that needs fixing.
 */
export function AddressField({ question, id, value, onChange, error, disabled }: FieldProps) {
  const legendId = `${id}-legend`;
  const parts = ADDRESS_PARTS.map((_, index) => value[index] ?? '');
  const [line1 = '', line2 = '', city = '', state = '', zip = ''] = parts;
  const invalid = error ? (invalidAddressPart(question, value)?.part ?? 'line1') : undefined;
  const required = question.required;
  // An address the patient already gave (the billing address they paid with) can be reused
  // with one tick instead of typed again; the answer is then that address, part for part.
  const known = useKnownAddress();
  const same = known !== null && ADDRESS_PARTS.every((_, index) => (known.parts[index] ?? '') === parts[index]);

  function set(part: AddressPart, next: string) {
    const copy = [...parts];
    copy[ADDRESS_PARTS.indexOf(part)] = next;
    onChange(copy);
  }

  function text(part: AddressPart, label: string, current: string, autoComplete: string, partRequired: boolean) {
    return (
      <TextInput
        id={addressPartId(id, part)}
        label={label}
        value={current}
        autoComplete={autoComplete}
        required={partRequired}
        aria-required={partRequired}
        error={invalid === part ? error : undefined}
        disabled={disabled}
        onChange={(event) => {
          set(part, event.currentTarget.value);
        }}
      />
    );
  }

  return (
    <GroupFieldset
      aria-labelledby={legendId}
      disabled={disabled}
      legend={<GroupLegend id={legendId} label={question.label} required={required} />}
    >
      <Stack gap="sm" mt="xs">
        {known !== null && (
          <Checkbox
            id={`${id}-same`}
            label={`Same as my ${known.what}`}
            description={addressLine(known.parts)}
            checked={same}
            disabled={disabled}
            onChange={(event) => {
              onChange(event.currentTarget.checked ? [...known.parts] : ADDRESS_PARTS.map(() => ''));
            }}
          />
        )}
        {same ? (
          <Text size="sm" c="dimmed">
            Untick the box to send it somewhere else.
          </Text>
        ) : (
          <>
            {text('line1', 'Street address', line1, 'address-line1', required)}
            {text('line2', 'Apartment, suite or unit (optional)', line2, 'address-line2', false)}
            {text('city', 'City', city, 'address-level2', required)}
            <UsStateSelect
              id={addressPartId(id, 'state')}
              label="State"
              value={state}
              required={required}
              error={invalid === 'state' ? error : undefined}
              disabled={disabled}
              autoComplete="address-level1"
              onChange={(code) => {
                set('state', code);
              }}
            />
            <TextInput
              id={addressPartId(id, 'zip')}
              label="ZIP code"
              value={zip}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              required={required}
              aria-required={required}
              error={invalid === 'zip' ? error : undefined}
              disabled={disabled}
              onChange={(event) => {
                set('zip', event.currentTarget.value);
              }}
            />
          </>
        )}
      </Stack>
    </GroupFieldset>
  );
}

/**
 * The first part of an address answer that needs fixing, and why. An optional address left
 * empty is fine; one partly filled in must be complete. The field marks that part, and focus
 * goes to it.
 */
export function invalidAddressPart(
  question: Question,
  value: readonly string[],
): { part: AddressPart; message: string } | undefined {
  const [line1 = '', , city = '', state = '', zip = ''] = value.map((item) => item.trim());
  if (!question.required && isBlank(value)) return undefined;
  if (line1 === '') return { part: ADDRESS_PARTS[0], message: MESSAGES.line1 };
  if (city === '') return { part: 'city', message: MESSAGES.city };
  if (!isUsStateCode(state)) return { part: 'state', message: MESSAGES.state };
  if (!isZipCode(zip)) return { part: 'zip', message: MESSAGES.zip };
  return undefined;
}

/** A US address: street, city, state and ZIP; focus goes to the part that needs fixing. */
export const addressQuestionType: QuestionTypeEntry = {
  Field: AddressField,
  validate: (question, value) => invalidAddressPart(question, value)?.message,
  focusTarget: (question, id, value) => addressPartId(id, invalidAddressPart(question, value)?.part ?? 'line1'),
};
