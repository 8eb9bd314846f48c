import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { QuestionPage } from '../../../src/shared/questions/question-page.tsx';
import { renderWithProviders } from '../../support/render.tsx';
import { everyTypePage, Harness, question } from './page-fixture.tsx';

test('a patient fills in every kind of question by its label and goes on', async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  renderWithProviders(<Harness page={everyTypePage()} onSubmit={onSubmit} />);

  await user.click(within(screen.getByRole('radiogroup', { name: 'How is your energy?' })).getByLabelText('Low'));
  const symptoms = screen.getByRole('group', { name: 'Which of these have you noticed?' });
  await user.click(within(symptoms).getByRole('checkbox', { name: 'Tiredness' }));
  await user.click(within(symptoms).getByRole('checkbox', { name: 'Poor sleep' }));
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Avery');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'avery@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '(212) 555-0123');
  await user.type(screen.getByRole('textbox', { name: 'What is your date of birth?' }), '04/27/1980');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Which state do you live in?' }), 'Texas');
  await user.type(screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' }), '180');
  await user.click(
    within(screen.getByRole('radiogroup', { name: 'Have you had a hormone-sensitive cancer?' })).getByLabelText('No'),
  );
  await user.click(screen.getByRole('checkbox', { name: 'I consent to receive care through telehealth.' }));
  const address = screen.getByRole('group', { name: 'Where should we ship your medication?' });
  await user.type(within(address).getByRole('textbox', { name: 'Street address' }), '1 Main St');
  await user.type(within(address).getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(within(address).getByRole('combobox', { name: 'State' }), 'TX');
  await user.type(within(address).getByRole('textbox', { name: 'ZIP code' }), '78701');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit).toHaveBeenCalledWith({
    energy: ['low'],
    symptoms: ['fatigue', 'poor-sleep'],
    firstName: ['Avery'],
    email: ['avery@example.com'],
    phone: ['(212) 555-0123'],
    birthdate: ['1980-04-27'],
    state: ['TX'],
    weight: ['180'],
    cancer: ['no'],
    consent: ['true'],
    address: ['1 Main St', '', 'Austin', 'TX', '78701'],
  });
  // Typing into eleven fields takes a few seconds in jsdom on a busy machine.
}, 20_000);

test('every field shows its label, its required state and the hints a patient needs', () => {
  renderWithProviders(<Harness page={everyTypePage()} onSubmit={vi.fn()} />);

  expect(screen.getByRole('radiogroup', { name: 'How is your energy?' })).toHaveAttribute('aria-required', 'true');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeRequired();
  const phone = screen.getByRole('textbox', { name: 'Mobile phone' });
  expect(phone).toHaveAttribute('type', 'tel');
  expect(phone).toHaveAttribute('autocomplete', 'tel-national');
  expect(phone).toHaveAttribute('inputmode', 'numeric');
  expect(screen.getByRole('textbox', { name: 'What is your date of birth?' })).toHaveAccessibleDescription(
    'MM/DD/YYYY, like 04/27/1980',
  );
  const weight = screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' });
  expect(weight).toHaveAttribute('min', '70');
  expect(weight).toHaveAttribute('max', '700');
  expect(weight).toHaveAccessibleDescription('From 70 to 700');
  const states = screen.getByRole('combobox', { name: 'Which state do you live in?' });
  // The 50 states, DC and the empty choice.
  expect(within(states).getAllByRole('option')).toHaveLength(52);
  expect(within(states).getByRole('option', { name: 'District of Columbia' })).toHaveValue('DC');
  expect(screen.getByRole('checkbox', { name: 'I consent to receive care through telehealth.' })).toBeRequired();
  expect(screen.getByText('Questions marked * are required.')).toBeVisible();
});

test('submitting with missing and badly formatted answers marks each field, announces it and focuses the first', async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  renderWithProviders(<Harness page={everyTypePage()} onSubmit={onSubmit} />);

  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'avery@example');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '123-456-7890');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(onSubmit).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent('11 answers need fixing before you continue.');
  const energy = screen.getByRole('radiogroup', { name: 'How is your energy?' });
  expect(energy).toHaveAttribute('aria-invalid', 'true');
  expect(energy).toHaveAccessibleDescription('Choose an answer.');
  expect(within(energy).getByRole('radio', { name: 'Low' })).toHaveFocus();
  const email = screen.getByRole('textbox', { name: 'Email' });
  expect(email).toBeInvalid();
  expect(email).toHaveAccessibleDescription('Enter your email address, like name@example.com.');
  const phone = screen.getByRole('textbox', { name: 'Mobile phone' });
  expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(phone).toHaveAccessibleDescription(expect.stringContaining('Enter a 10-digit US phone number'));
  expect(
    screen.getByRole('checkbox', { name: 'I consent to receive care through telehealth.' }),
  ).toHaveAccessibleDescription('Check the box to agree before you continue.');
  expect(screen.getByRole('checkbox', { name: 'Tiredness' })).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('textbox', { name: 'Street address' })).toHaveAccessibleDescription(
    'Enter your street address.',
  );
  expect(screen.getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid');
});

test('focus goes to the first field that needs fixing, in page order, and the error clears as it is fixed', async () => {
  const user = userEvent.setup();
  const page = everyTypePage();
  const onSubmit = vi.fn();
  renderWithProviders(
    <Harness
      page={page}
      onSubmit={onSubmit}
      initialValues={{
        energy: ['low'],
        symptoms: ['none'],
        firstName: ['Avery'],
        email: ['avery@example.com'],
        phone: ['2125550123'],
        birthdate: ['1980-04-27'],
        state: ['TX'],
        weight: ['12'],
        cancer: ['no'],
        consent: ['true'],
        address: ['1 Main St', '', 'Austin', 'TX', '787'],
      }}
    />,
  );

  await user.click(screen.getByRole('button', { name: 'Next' }));

  const weight = screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' });
  expect(weight).toHaveFocus();
  expect(weight).toHaveAccessibleDescription('Enter a number from 70 to 700. From 70 to 700');
  expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveAccessibleDescription(
    'Enter a 5-digit ZIP code, like 10001.',
  );
  expect(screen.getByRole('alert')).toHaveTextContent('2 answers need fixing');

  await user.clear(weight);
  await user.type(weight, '180');
  expect(weight).not.toHaveAttribute('aria-invalid');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveFocus();
  expect(screen.getByRole('alert')).toHaveTextContent('One answer needs fixing');

  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '01');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
});

test('the page is controlled: it shows the values it is given and reports changes without keeping its own', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  const page = {
    id: 'p',
    formId: 'MIP',
    questions: [question({ id: 'firstName', type: 'text', label: 'First name' })],
  };
  renderWithProviders(
    <QuestionPage
      page={page}
      values={{ firstName: ['Sam'] }}
      onChange={onChange}
      onErrors={vi.fn()}
      onSubmit={vi.fn()}
    />,
  );

  const name = screen.getByRole('textbox', { name: 'First name' });
  expect(name).toHaveValue('Sam');
  await user.type(name, 'x');
  expect(onChange).toHaveBeenCalledWith('firstName', ['Samx']);
  // The parent did not store the change, so the field still shows what the parent holds.
  expect(name).toHaveValue('Sam');
});

test('a parent holding state in useState can reset an answer from outside', async () => {
  const user = userEvent.setup();
  const page = {
    id: 'p',
    formId: 'MIP',
    questions: [question({ id: 'firstName', type: 'text', label: 'First name' })],
  };
  function ResettingParent() {
    const [values, setValues] = useState<Record<string, string[]>>({});
    return (
      <>
        <QuestionPage
          page={page}
          values={values}
          onChange={(ref, value) => {
            setValues({ ...values, [ref]: value });
          }}
          onErrors={vi.fn()}
          onSubmit={vi.fn()}
        />
        <button
          type="button"
          onClick={() => {
            setValues({});
          }}
        >
          Start over
        </button>
      </>
    );
  }
  renderWithProviders(<ResettingParent />);

  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Robin');
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  await user.click(screen.getByRole('button', { name: 'Start over' }));
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('');
});

test('a patient completes a radio group and a consent box with the keyboard alone', async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  const page = {
    id: 'p',
    formId: 'MIP',
    questions: [
      question({
        id: 'energy',
        type: 'single-choice',
        label: 'How is your energy?',
        options: [
          { value: 'low', label: 'Low' },
          { value: 'ok', label: 'Okay' },
          { value: 'high', label: 'High' },
        ],
      }),
      question({ id: 'consent', type: 'consent', label: 'I agree to the terms.' }),
    ],
  };
  renderWithProviders(<Harness page={page} onSubmit={onSubmit} />);

  await user.tab();
  expect(screen.getByRole('radio', { name: 'Low' })).toHaveFocus();
  await user.keyboard('[ArrowDown]');
  expect(screen.getByRole('radio', { name: 'Okay' })).toBeChecked();
  await user.tab();
  expect(screen.getByRole('checkbox', { name: 'I agree to the terms.' })).toHaveFocus();
  await user.keyboard(' ');
  expect(screen.getByRole('checkbox', { name: 'I agree to the terms.' })).toBeChecked();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  await user.keyboard('{Enter}');

  expect(onSubmit).toHaveBeenCalledWith({ energy: ['ok'], consent: ['true'] });
});

test('a patient ticks checkboxes with the keyboard alone', async () => {
  const user = userEvent.setup();
  const onValues = vi.fn();
  renderWithProviders(<Harness page={everyTypePage()} onSubmit={vi.fn()} onValues={onValues} />);

  screen.getByRole('checkbox', { name: 'Tiredness' }).focus();
  await user.keyboard(' ');
  await user.tab();
  expect(screen.getByRole('checkbox', { name: 'Poor sleep' })).toHaveFocus();
  await user.keyboard(' ');

  expect(onValues).toHaveBeenLastCalledWith({ symptoms: ['fatigue', 'poor-sleep'] });
});

test("'None of these' clears the other choices, and choosing another clears it", async () => {
  const user = userEvent.setup();
  renderWithProviders(<Harness page={everyTypePage()} onSubmit={vi.fn()} />);
  const tiredness = screen.getByRole('checkbox', { name: 'Tiredness' });
  const sleep = screen.getByRole('checkbox', { name: 'Poor sleep' });
  const none = screen.getByRole('checkbox', { name: 'None of these' });

  await user.click(tiredness);
  await user.click(sleep);
  await user.click(none);
  expect(none).toBeChecked();
  expect(tiredness).not.toBeChecked();
  expect(sleep).not.toBeChecked();

  await user.click(sleep);
  expect(sleep).toBeChecked();
  expect(none).not.toBeChecked();
});

test('a disabled page cannot be changed or submitted', async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  const onErrors = vi.fn();
  renderWithProviders(
    <QuestionPage
      page={everyTypePage()}
      values={{}}
      onChange={vi.fn()}
      onErrors={onErrors}
      onSubmit={onSubmit}
      submitLabel="Save and continue"
      disabled
    />,
  );

  expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  expect(screen.getByRole('radio', { name: 'Low' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
  expect(onSubmit).not.toHaveBeenCalled();
  expect(onErrors).not.toHaveBeenCalled();
});

test('a date typed with one-digit month and day is stored as YYYY-MM-DD and shown as MM/DD/YYYY', async () => {
  const user = userEvent.setup();
  const onValues = vi.fn();
  const page = { id: 'p', formId: 'MIP', questions: [question({ id: 'visit', type: 'date', label: 'Visit date' })] };
  renderWithProviders(<Harness page={page} onSubmit={vi.fn()} onValues={onValues} />);

  await user.type(screen.getByRole('textbox', { name: 'Visit date' }), '4/7/2024');

  expect(onValues).toHaveBeenLastCalledWith({ visit: ['2024-04-07'] });
  expect(screen.getByRole('textbox', { name: 'Visit date' })).toHaveValue('04/07/2024');
});

test('a date typed as digits alone, as a number pad types it, gets its slashes and is stored', async () => {
  const user = userEvent.setup();
  const onValues = vi.fn();
  const page = { id: 'p', formId: 'MIP', questions: [question({ id: 'visit', type: 'date', label: 'Visit date' })] };
  renderWithProviders(<Harness page={page} onSubmit={vi.fn()} onValues={onValues} />);

  const box = screen.getByRole('textbox', { name: 'Visit date' });
  expect(box).toHaveAttribute('inputmode', 'numeric');
  await user.type(box, '04271980');

  expect(onValues).toHaveBeenLastCalledWith({ visit: ['1980-04-27'] });
  expect(box).toHaveValue('04/27/1980');
});
