import { Button, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/http.ts';
import { getPageQuestions } from '../api/content.ts';
import type { QuestionPage as QuestionPageData } from '../api/types.ts';
import { useNotifications } from '../app/notifications.tsx';
import { LoadingIndicator } from '../layout/loading-indicator.tsx';
import { PageProgress } from '../questions/page-progress.tsx';
import { QuestionPage } from '../questions/question-page.tsx';
import type { PageErrors } from '../questions/validate-page.ts';
import type { JourneyHandle } from './journey.tsx';
import { LoadProblem } from './load-problem.tsx';
import { useApiData } from './use-api-data.ts';

export interface FormSource {
  formId: string;
  pageIds: readonly string[];
}

export interface FormRunnerProps {
  /** The pages to ask, from the route's config. */
  form: FormSource;
  journey: JourneyHandle;
  /** Pages the screen asks before the API's (such as contact details when there is no lead yet). */
  pagesBefore?: readonly QuestionPageData[];
  /** Pages the screen asks after the API's (such as identity questions that depend on the state). */
  pagesAfter?: (answers: Readonly<Record<string, string[]>>) => readonly QuestionPageData[];
  /**
   * Called when the last page validates, with every page asked. The runner keeps the button
   * busy until it settles; a rejection keeps the patient on the page (the caller says why).
   */
  onComplete: (pages: readonly QuestionPageData[]) => Promise<void>;
  /** Back from the first page: the funnel's previous step, when there is one. */
  onBack?: (() => void) | undefined;
  /** The last page's button. @default 'Continue' */
  finishLabel?: string;
  /** What the pages are, for the loading and error messages. @default 'the questions' */
  what?: string;
  /** Shown above the first page only (such as how long the form takes), so later pages start with their questions. */
  intro?: ReactNode;
}

/** The key the page index is kept under in the journey. */
function pageKey(form: FormSource): string {
  return form.formId;
}

/**
 * A form of several question pages, one at a time: the pages come from the API (pageQuestions
 * by formId and pageIds), the answers and the page the patient is on live in the journey, so
 * a reload returns to the same page with every answer. Back goes to the previous page, and
 * from the first page to the funnel's previous step.
 */
export function FormRunner({
  form,
  journey,
  pagesBefore = [],
  pagesAfter,
  onComplete,
  onBack,
  finishLabel = 'Continue',
  what = 'the questions',
  intro,
}: FormRunnerProps) {
  const { showSnackbar } = useNotifications();
  const loaded = useApiData(`${form.formId}:${form.pageIds.join(',')}`, (signal) =>
    getPageQuestions({ formId: form.formId, pageIds: form.pageIds }, { signal, maxRetries: 2 }),
  );
  const [errors, setErrors] = useState<PageErrors>({});
  const [busy, setBusy] = useState(false);

  if (journey.status === 'loading' || loaded.status === 'loading') return <LoadingIndicator />;
  if (loaded.status === 'failed') return <LoadProblem what={what} error={loaded.error} onRetry={loaded.retry} />;

  const answers = journey.state.answers as Readonly<Record<string, string[]>>;
  const pages = [...pagesBefore, ...loaded.data.pages, ...(pagesAfter ? pagesAfter(answers) : [])];
  const key = pageKey(form);
  const index = Math.min(Math.max(journey.state.pages[key] ?? 0, 0), pages.length - 1);
  const page = pages[index];
  if (!page) return null;
  const last = index === pages.length - 1;

  const goTo = async (next: number) => {
    setErrors({});
    const before = document.querySelector('main form h2');
    await journey.save((state) => ({ ...state, pages: { ...state.pages, [key]: next } }));
    window.scrollTo(0, 0);
    // The new page's title, announced, and where Tab goes on from (not the body); the helper
    // is loaded on the first move, not with the first page.
    void import('../lib/focus-when-shown.ts').then(
      ({ focusNewHeading }) => focusNewHeading('main form h2', before),
      () => undefined,
    );
  };

  const submit = async () => {
    setBusy(true);
    try {
      if (last) await onComplete(pages);
      else await goTo(index + 1);
    } catch (error) {
      showSnackbar(error instanceof ApiError ? error.message : 'Your answers could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {index === 0 && intro}
      {pages.length > 1 && (
        <Stack gap={4}>
          <Text size="sm" c="dimmed" id={`${key}-progress`}>
            Page {index + 1} of {pages.length}
          </Text>
          <PageProgress value={((index + 1) / pages.length) * 100} labelledBy={`${key}-progress`} />
        </Stack>
      )}
      <QuestionPage
        key={`${key}-${String(index)}`}
        page={page}
        values={answers}
        onChange={(ref, value) => {
          journey.update((state) => ({ ...state, answers: { ...state.answers, [ref]: value } }));
          // A fixed answer loses its message; the others stay until the next submit.
          if (Object.hasOwn(errors, ref)) {
            setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== ref)));
          }
        }}
        errors={errors}
        onErrors={setErrors}
        onSubmit={() => void submit()}
        submitLabel={busy ? 'Saving…' : last ? finishLabel : 'Next'}
        disabled={busy}
        secondaryActions={
          (index > 0 || onBack) && (
            <Button
              variant="default"
              disabled={busy}
              onClick={() => {
                if (index > 0) void goTo(index - 1).catch(() => undefined);
                else onBack?.();
              }}
            >
              Back
            </Button>
          )
        }
      />
    </Stack>
  );
}
