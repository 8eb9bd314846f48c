import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ContinuousOrder, QuestionPage } from '../../contract/api-types.ts';
import { funnelEngine } from '../../contract/funnel-config.ts';
import { getPageQuestions } from '../../shared/api/content.ts';
import { ApiError } from '../../shared/api/http.ts';
import { useApiData, type ApiData } from '../../shared/api/use-api-data.ts';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';
import { AnswerProblem } from '../../shared/journey/lead.ts';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import type { MoveProblem } from '../../shared/funnel-step.ts';
import { SaveProblem } from '../../shared/ui/save-problem.tsx';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { FormRunner, type FormSource } from '../../shared/ui/form-runner.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { SupportContact } from '../../shared/ui/support-contact.tsx';
import { useStableNavigate } from '../../shared/use-stable-navigate.ts';
import { ContinuousConfirmation, type FinishType } from './continuous-confirmation.tsx';
import type { ReturningPatient } from './returning-patient.ts';
import { answersOfRequest, isOpen, SENT_REQUEST } from './sent-request.ts';
import { SentRequestView, sentAtText } from './sent-request-view.tsx';

export interface ReturningRequestProps {
  finishType: FinishType;
  journey: JourneyHandle;
  /** The returning patient, found from their link. */
  patient: ReturningPatient;
  /**
   * The customer's request on file (`useSentRequest`), loaded by the screen beside the patient
   * (both follow from the link), so the page waits for one round of calls, not two.
   */
  sent: ApiData<ContinuousOrder | null>;
  form: FormSource;
  /** The screen's own pages before the API's (the restart's reasons). */
  pagesBefore?: readonly QuestionPage[];
  /** The line above the form's first page. */
  intro: string;
  finishLabel: string;
  what: string;
  onBack?: (() => void) | undefined;
  /**
   * Sends the answers of the pages; resolves once everything is sent, with the change that
   * records it in the journey, for the press's one journey write.
   */
  send: (pages: readonly QuestionPage[]) => Promise<JourneyChange>;
  /**
   * On a funnel step: the move on, whose one journey write carries the request's record (the
   * funnel machine's `step.advance`). Rejects, the patient still here, when it is not saved.
   */
  advance?: ((record: JourneyChange) => Promise<void>) | undefined;
  /** Where the patient goes once the request is sent and written, when it is not shown here: the route's `whenSent` page. */
  leave?: (() => void) | undefined;
  /** The funnel's Next beside a request already sent, when the page is a funnel step. */
  onContinue?: (() => void) | undefined;
}

/** Why the answers were not sent, in the patient's words: never a call's path or status. */
function sendProblem(error: unknown): string {
  if (error instanceof AnswerProblem) return error.message;
  if (error instanceof ApiError && error.status === null) {
    return 'It looks like you are offline or our server is slow to answer. Your answers are kept on this page: please try again.';
  }
  if (error instanceof ApiError && error.status === 404) {
    return 'This link no longer opens your account in this browser. Open the link from your latest email or text message again; your answers are kept on this page.';
  }
  return 'Something went wrong on our side. Your answers are kept on this page: please try again in a moment.';
}

/**
 * A returning customer's refill or restart request (docs/screens.md): the request on file when
 * one is open (config/continuing-care.json), on any device their signed link is opened on, with
 * what was sent and a way to change it; else the form, which sends it. A request sent here is
 * then shown as it is on file. A failure to send keeps the answers and says why in plain words.
 */
export function ReturningRequest(props: ReturningRequestProps) {
  const { finishType, journey, patient, sent, form, pagesBefore = [], send, advance, leave, onContinue } = props;
  const location = useLocation();
  const navigate = useStableNavigate();
  const [changing, setChanging] = useState(false);
  const [sentWithoutRecord, setSentWithoutRecord] = useState(false);
  // Sent, and the funnel's move on is saving (`moving`) or could not be saved (`unsaved`, with why).
  const [move, setMove] = useState<{ record: JourneyChange; unsaved: MoveProblem | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onFile = sent.status === 'ready' ? sent.data : null;
  const showsRequest = onFile !== null && isOpen(onFile) && !changing;
  // The questions' words for the request's summary; the form loads its own pages.
  const questions = useApiData(showsRequest ? `${form.formId}:${form.pageIds.join(',')}` : null, (signal) =>
    getPageQuestions({ formId: form.formId, pageIds: form.pageIds }, { signal, maxRetries: 2 }),
  );

  // The funnel's move with the request's record: the machine writes it with the next step, once.
  const moveOn = async (record: JourneyChange, moving: (record: JourneyChange) => Promise<void>) => {
    setMove((before) => ({ record, unsaved: before?.unsaved ?? null }));
    try {
      await moving(record);
    } catch (error) {
      setMove((before) => ({ record, unsaved: { error, attempt: (before?.unsaved?.attempt ?? 0) + 1 } }));
    }
  };

  if (sentWithoutRecord) return <ContinuousConfirmation finishType={finishType} />;
  if (move !== null && advance) {
    // Sent: the wait while the move saves; if it is not saved, the request is in and Try again moves on.
    if (move.unsaved === null) return <LoadingIndicator />;
    const { record } = move;
    return (
      <Stack gap="md">
        <ContinuousConfirmation finishType={finishType} />
        <SaveProblem
          error={move.unsaved.error}
          attempt={move.unsaved.attempt}
          retry={() => void moveOn(record, advance)}
          subject="progress"
        />
      </Stack>
    );
  }
  if (sent.status === 'loading') return <LoadingIndicator />;
  if (sent.status === 'failed') return <LoadProblem what="your request" error={sent.error} onRetry={sent.retry} />;

  if (onFile !== null && showsRequest) {
    if (questions.status === 'loading') return <LoadingIndicator />;
    if (questions.status === 'failed') {
      return <LoadProblem what="your request" error={questions.error} onRetry={questions.retry} />;
    }
    const pages = [...pagesBefore, ...questions.data.pages];
    const change = () => {
      // The form opens on its first page with what was sent; the address loses its page number.
      journey.update((state) => ({
        ...state,
        answers: { ...state.answers, ...answersOfRequest(onFile, pages) },
        pages: { ...state.pages, [form.formId]: 0 },
      }));
      void navigate(funnelEngine.funnelUrl(`${location.pathname}${location.search}`), {
        replace: true,
        state: location.state as unknown,
      });
      setProblem(null);
      setChanging(true);
    };
    return (
      <SentRequestView
        finishType={finishType}
        order={onFile}
        pages={pages}
        onChange={SENT_REQUEST.patientMayChange ? change : undefined}
        onContinue={onContinue}
      />
    );
  }

  const complete = async (asked: readonly QuestionPage[]) => {
    setProblem(null);
    let record: JourneyChange;
    try {
      record = await send(asked);
    } catch (error) {
      // The runner stays on the page, the answers kept; the alert above it says why.
      setProblem(sendProblem(error));
      return;
    }
    setChanging(false);
    if (advance) {
      await moveOn(record, advance);
      return;
    }
    // Everything is sent: the one journey write records it; a failed write is the store's to
    // tell and retry, and must not keep the patient here.
    await journey.save(record).catch(() => undefined);
    if (leave) {
      leave();
    } else if (patient.ktCustomerId === undefined) {
      setSentWithoutRecord(true);
    } else {
      // The request as the server now has it: what a reload and the patient's other devices show.
      const before = document.querySelector('main h2');
      sent.retry();
      // The top of the page, as on a new page: the outcome is what the patient reads next.
      window.scrollTo(0, 0);
      void import('../../lib/focus-when-shown.ts').then(
        ({ focusNewHeading }) => focusNewHeading('main h2', before),
        () => undefined,
      );
    }
  };
  const earlier = onFile === null ? null : sentAtText(onFile.updatedAt);

  return (
    <Stack gap="md">
      <FormRunner
        form={form}
        journey={journey}
        pagesBefore={pagesBefore}
        onComplete={complete}
        // Back from the first page of a change returns to the request, kept as it was sent.
        onBack={
          changing
            ? () => {
                setChanging(false);
              }
            : props.onBack
        }
        finishLabel={props.finishLabel}
        what={props.what}
        intro={
          <Stack gap="xs">
            <Text>{props.intro}</Text>
            {earlier !== null && (
              <Text size="sm" c="dimmed">
                {changing
                  ? `You are changing the request you sent on ${earlier}. Send it again to replace it.`
                  : `Your last request was sent on ${earlier}.`}
              </Text>
            )}
          </Stack>
        }
      />
      {/* Under the button just pressed, where the patient is looking; announced as it appears. */}
      {problem !== null && (
        <Alert color="red" role="alert" title="Your answers were not sent">
          <Stack gap="xs">
            <Text size="sm">{problem}</Text>
            <SupportContact size="sm" lead="Or call our care team at" />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
