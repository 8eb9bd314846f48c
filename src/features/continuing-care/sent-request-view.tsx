import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ContinuousOrder, QuestionPage } from '../../contract/api-types.ts';
import { formatDisplayDate } from '../../domain/dates.ts';
import { consoleLogger } from '../../shared/console-logger.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { answerText } from '../../shared/questions/answer-text.ts';
import { questionRef } from '../../shared/questions/question-helpers.ts';
import { ContinuousConfirmation, type FinishType } from './continuous-confirmation.tsx';
import { answersOfRequest } from './sent-request.ts';

/** When a request was sent, in the patient's time zone: "November 27, 2026 at 10:04 AM EST". */
export function sentAtText(updatedAt: string): string | null {
  const at = new Date(updatedAt);
  const day = formatDisplayDate(at, 'long', consoleLogger);
  if (day === null) return null;
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    at,
  );
  return `${day} at ${time}`;
}

export interface SentRequestViewProps {
  finishType: FinishType;
  order: ContinuousOrder;
  /** The pages the request answered, for the questions' words. */
  pages: readonly QuestionPage[];
  /** Opens the form with what was sent; absent when the patient may not change it themselves. */
  onChange?: (() => void) | undefined;
  /** The funnel's Next, when the page is a funnel step. */
  onContinue?: (() => void) | undefined;
}

/**
 * A request on file, as the patient sent it (GOV.UK's confirmation and check-answers
 * patterns): that it is in and when it was sent, what happens next, each question with the
 * answer given, and how to change it.
 */
export function SentRequestView({ finishType, order, pages, onChange, onContinue }: SentRequestViewProps) {
  const summaryId = useId();
  const answers = answersOfRequest(order, pages);
  const items = pages
    .flatMap((page) => page.questions)
    .flatMap((question) => {
      const ref = questionRef(question);
      const text = answerText(question, answers[ref] ?? []);
      return text === null ? [] : [{ ref, label: question.label, text }];
    });
  const sentAt = sentAtText(order.updatedAt);
  return (
    <ContinuousConfirmation finishType={finishType} sent={sentAt !== null && <Text>Sent on {sentAt}.</Text>}>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={summaryId}>
        <Stack gap="md">
          <Title order={3} size="h4" id={summaryId}>
            What you sent
          </Title>
          <List aria-labelledby={summaryId} listStyleType="none" spacing="sm">
            {items.map((item) => (
              <List.Item key={item.ref}>
                <Text size="sm" c="dimmed">
                  {item.label}
                </Text>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {item.text}
                </Text>
              </List.Item>
            ))}
          </List>
          {onChange ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Need to change something? You can change your answers until your provider reviews them.
              </Text>
              <Button variant={onContinue ? 'default' : 'filled'} onClick={onChange}>
                Change my answers
              </Button>
            </Stack>
          ) : (
            <Text size="sm">Need to change something? Call us before your provider reviews your answers.</Text>
          )}
        </Stack>
      </Card>
      {onContinue && (
        <ActionBar>
          <Button onClick={onContinue}>Continue</Button>
        </ActionBar>
      )}
    </ContinuousConfirmation>
  );
}
