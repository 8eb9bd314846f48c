import { Alert, Text } from '@mantine/core';
import { useEffect } from 'react';
import { consoleLogger } from '../../console-logger.ts';
import { PhoneLink } from '../../ui/phone-link.tsx';
import type { FieldProps } from './field-props.ts';

/**
 * The fallback for a question of a type this build does not know (one the API added later): the
 * patient is told, in plain words, that they can go on without it or call to answer it, and the
 * page still submits (its validation never blocks). The console learns the type only: never the
 * question's words or an answer.
 */
export function UnknownQuestionField({ question, id }: FieldProps) {
  const { type } = question;
  useEffect(() => {
    consoleLogger.error('question-page: unknown question type', { type });
  }, [type]);
  return (
    <Alert id={id} color="yellow" title="One question cannot be shown here">
      <Text size="sm">
        You can go on without it, or call us at <PhoneLink /> and we will ask it with you.
      </Text>
    </Alert>
  );
}
