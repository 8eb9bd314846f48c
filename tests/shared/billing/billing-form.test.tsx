import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import type { BillingCustomer } from '../../../src/contract/api-types.ts';
import { CONTACT_QUESTIONS } from '../../../src/domain/contact-questions.ts';
import { BillingForm } from '../../../src/shared/billing/billing-form.tsx';
import {
  billingCustomerFrom,
  EMPTY_CARD,
  validateBilling,
  type BillingAsks,
  type BillingErrors,
  type BillingValues,
} from '../../../src/shared/billing/billing-values.ts';
import { validateQuestion } from '../../../src/shared/questions/question-types.ts';
import { renderWithProviders } from '../../support/render.tsx';

const EMPTY: BillingValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
  ...EMPTY_CARD,
};

/** The form as a screen holds it: values and errors in state, the customer handed on when it validates. */
function Harness({ asks, onCustomer }: { asks: BillingAsks; onCustomer: (customer: BillingCustomer) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<BillingErrors>({});
  return (
    <BillingForm
      asks={asks}
      values={values}
      onChange={(field, value) => {
        setValues((previous) => ({ ...previous, [field]: value }));
      }}
      errors={errors}
      onErrors={setErrors}
      onSubmit={() => {
        onCustomer(billingCustomerFrom(values, asks));
      }}
      declineReason={null}
      formProblem={null}
      submitLabel="Save"
    />
  );
}

test('the payment asks the contact questions with the intake’s labels, drawn by the question registry', () => {
  renderWithProviders(<Harness asks="contact" onCustomer={vi.fn()} />);
  const contact = screen.getByRole('group', { name: 'Contact details' });
  for (const question of CONTACT_QUESTIONS) {
    expect(within(contact).getByRole('textbox', { name: question.label })).toBeVisible();
  }
  // The phone field of the registry, with its hint, as the intake shows it.
  expect(within(contact).getByRole('textbox', { name: 'Mobile phone' })).toHaveAccessibleDescription(
    /A 10-digit US number/,
  );
});

test('the card update asks the name on the card only, and sends no email or phone', async () => {
  const user = userEvent.setup({ delay: null });
  const onCustomer = vi.fn();
  renderWithProviders(<Harness asks="cardholder" onCustomer={onCustomer} />);
  const name = screen.getByRole('group', { name: 'Name on the card' });
  expect(
    within(name)
      .getAllByRole('textbox')
      .map((box) => box.getAttribute('id')?.split('-').at(-1)),
  ).toEqual(['firstName', 'lastName']);
  expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();

  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Okafor');
  await user.type(screen.getByLabelText(/^Street address/), '1 Main St');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '78701');
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/34');
  await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onCustomer).toHaveBeenCalledWith({
    firstName: 'Ada',
    lastName: 'Okafor',
    address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });
}, 20_000);

test('a contact field is checked by its question’s rule, the intake’s, on both forms', () => {
  const now = new Date();
  const typed = { ...EMPTY, firstName: '', email: 'not-an-email', phone: '123' };
  const errors = validateBilling(typed, now, 'contact');
  for (const question of CONTACT_QUESTIONS) {
    const field = question.ref;
    expect(errors[field as keyof BillingErrors]).toBe(
      validateQuestion(question, [typed[field as keyof BillingValues]], now),
    );
  }
  expect(validateBilling(typed, now, 'cardholder')).not.toHaveProperty('email');
  expect(validateBilling({ ...typed, firstName: 'A<b>' }, now, 'cardholder').firstName).toBe(
    'A name cannot contain < or >.',
  );
});
