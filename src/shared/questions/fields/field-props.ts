import type { Question } from '../../../contract/api-types.ts';

/** What every question field receives from the question page. */
export interface FieldProps {
  /** The question, as the API sends it. */
  question: Question;
  /** The id of the field's main control; hints and errors derive their ids from it. */
  id: string;
  /** The current answer; always a list. */
  value: readonly string[];
  /** Called with the whole new answer. */
  onChange: (value: string[]) => void;
  /** The message to show next to the field, if its answer needs fixing. */
  error?: string | undefined;
  /** Whether the field can be changed. @default false */
  disabled?: boolean | undefined;
}
