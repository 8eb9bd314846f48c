import { useState } from 'react';
import type { Question, QuestionPage as QuestionPageData } from '../../../src/contract/api-types.ts';
import { QuestionPage } from '../../../src/shared/questions/question-page.tsx';

/** A typed question with sensible defaults. */
export function question(overrides: Partial<Question> & Pick<Question, 'id' | 'type' | 'label'>): Question {
  return { required: true, ref: overrides.id, ...overrides };
}

/** A page with every question type, as the intake API could send it. */
export function everyTypePage(): QuestionPageData {
  return {
    id: 'all',
    formId: 'MIP',
    title: 'About you',
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
      question({
        id: 'symptoms',
        type: 'multiple-choice',
        label: 'Which of these have you noticed?',
        options: [
          { value: 'fatigue', label: 'Tiredness' },
          { value: 'poor-sleep', label: 'Poor sleep' },
          { value: 'none', label: 'None of these' },
        ],
      }),
      question({ id: 'firstName', type: 'text', label: 'First name' }),
      question({ id: 'email', type: 'email', label: 'Email' }),
      question({ id: 'phone', type: 'phone', label: 'Mobile phone' }),
      question({ id: 'birthdate', type: 'date', label: 'What is your date of birth?' }),
      question({ id: 'state', type: 'us-state', label: 'Which state do you live in?' }),
      question({
        id: 'weight',
        type: 'number',
        label: 'What is your weight in pounds?',
        validation: { minimum: 70, maximum: 700 },
      }),
      question({ id: 'cancer', type: 'yes-no', label: 'Have you had a hormone-sensitive cancer?' }),
      question({ id: 'consent', type: 'consent', label: 'I consent to receive care through telehealth.' }),
      question({ id: 'address', type: 'address', label: 'Where should we ship your medication?' }),
    ],
  };
}

export interface HarnessProps {
  page: QuestionPageData;
  initialValues?: Record<string, string[]>;
  onSubmit: (values: Record<string, string[]>) => void;
  onValues?: (values: Record<string, string[]>) => void;
}

/** Holds the page's state the way a screen does: answers and errors in useState, an error cleared on change. */
export function Harness({ page, initialValues = {}, onSubmit, onValues }: HarnessProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <QuestionPage
      page={page}
      values={values}
      errors={errors}
      onChange={(ref, value) => {
        const next = { ...values, [ref]: value };
        setValues(next);
        onValues?.(next);
        setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== ref)));
      }}
      onErrors={setErrors}
      onSubmit={() => {
        onSubmit(values);
      }}
    />
  );
}
