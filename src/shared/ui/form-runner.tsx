import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { getPageQuestions } from '../api/content.ts';
import type { QuestionPage as QuestionPageData } from '../../contract/api-types.ts';
import { useStableNavigate } from '../use-stable-navigate.ts';
import { funnelConfig } from '../../contract/funnel-config.ts';
import { joinUrl, parseQuery, splitUrl, withoutQueryParam } from '../../engine/url.ts';
import { LoadingIndicator } from '../layout/loading-indicator.tsx';
import { dropEarlyForm, EarlyFormSlot } from '../questions/early-form.tsx';
import { adoptEarlyForm } from '../questions/adopt-early-form.ts';
import { earlyFormKey, earlyPageKey } from '../../contract/early-form.ts';
import {
  BILLING_ADDRESS_REF,
  completeAddress,
  KnownAddressContext,
  type KnownAddress,
} from '../questions/known-address.ts';
import { ValueBar } from './value-bar.tsx';
import { QuestionPage } from '../questions/question-page.tsx';
import { validatePage, type PageErrors } from '../questions/validate-page.ts';
import type { JourneyHandle } from '../journey/journey-context.tsx';
import { LoadProblem } from './load-problem.tsx';
import { SaveProblem } from './save-problem.tsx';
import { useApiData } from '../api/use-api-data.ts';
import { pushedFromOf, withPushedFrom } from '../history-entry.ts';

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
  /**
   * Question refs left out of the API's pages (a choice the patient already made on an earlier
   * form); a page left with no question is not shown. @default []
   */
  omitRefs?: readonly string[];
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

/** The pages without the questions whose refs are omitted, and without a page left empty by that. */
function withoutRefs(pages: readonly QuestionPageData[], omitRefs: readonly string[]): QuestionPageData[] {
  if (omitRefs.length === 0) return [...pages];
  return pages
    .map((page) => ({
      ...page,
      questions: page.questions.filter((question) => !omitRefs.includes(question.ref ?? question.id)),
    }))
    .filter((page) => page.questions.length > 0);
}

/** The key the page index is kept under in the journey. */
function pageKey(form: FormSource): string {
  return form.formId;
}

/** The query parameter numbering the pages (config/funnels.json), counting from 1 as the patient does. */
const PAGE_PARAM = funnelConfig.funnels.formPageParam;

/** The form page number the address asks for, or null when it asks for none or for nonsense (`?page=abc`). */
export function requestedPage(search: string): number | null {
  const raw = parseQuery(search.replace(/^\?/, '')).get(PAGE_PARAM);
  return raw !== undefined && /^[1-9][0-9]{0,2}$/.test(raw) ? Number(raw) : null;
}

/** The address of page `number` of the form: the same path and query, with only the page number changed. */
function pageUrl(pathname: string, search: string, number: number): string {
  const rest = withoutQueryParam(splitUrl(`${pathname}${search}`).query, PAGE_PARAM);
  return joinUrl(pathname, [rest, `${PAGE_PARAM}=${String(number)}`].filter((piece) => piece !== '').join('&'));
}

/** How far through the form's pages the patient is ("Page 2 of 4" over a bar); nothing for a form of one page. */
export function FormProgress({ formId, index, count }: { formId: string; index: number; count: number }) {
  if (count <= 1) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" id={`${formId}-progress`}>
        Page {index + 1} of {count}
      </Text>
      <ValueBar kind="progress" value={((index + 1) / count) * 100} labelledBy={`${formId}-progress`} />
    </Stack>
  );
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
  omitRefs = [],
  pagesAfter,
  onComplete,
  onBack,
  finishLabel = 'Continue',
  what = 'the questions',
  intro,
}: FormRunnerProps) {
  const location = useLocation();
  // Kept on every page's entry: it tells the funnel which step this is (microbh books twice).
  const historyState: unknown = location.state;
  const navigate = useStableNavigate();
  const loaded = useApiData(`${form.formId}:${form.pageIds.join(',')}`, (signal) =>
    getPageQuestions({ formId: form.formId, pageIds: form.pageIds }, { signal, maxRetries: 2 }),
  );
  const [errors, setErrors] = useState<PageErrors>({});
  const [busy, setBusy] = useState(false);
  // The last press that could not be saved, shown until one is (attempt counts the failures).
  const [problem, setProblem] = useState<{ error: unknown; attempt: number } | null>(null);

  const ready = journey.status !== 'loading' && loaded.status === 'ready';
  const answers = journey.state.answers as Readonly<Record<string, string[]>>;
  const pages = ready
    ? [...pagesBefore, ...withoutRefs(loaded.data.pages, omitRefs), ...(pagesAfter ? pagesAfter(answers) : [])]
    : [];
  const key = pageKey(form);
  // The page the journey was on when the browser came to this address (its history entry),
  // read once per address: Next records the page it moves to in its own save, and that page
  // must not show before Next's navigation does.
  const [arrival, setArrival] = useState<{ address: string; page: number } | null>(null);
  if (ready && arrival?.address !== location.key) {
    setArrival({ address: location.key, page: journey.state.pages[key] ?? 0 });
  }
  const arrivedAt = arrival?.address === location.key ? arrival.page : (journey.state.pages[key] ?? 0);
  const saved = Math.min(Math.max(arrivedAt, 0), pages.length - 1);
  const requested = requestedPage(location.search);
  // The address says which page (Back, Forward and reload keep it); a page is open only once
  // every page before it is answered, so a typed ?page=9 cannot skip questions. No number:
  // the page the journey was on (a patient returning by the campaign link).
  const wanted = requested === null ? saved : Math.min(requested - 1, pages.length - 1);
  const firstUnanswered = pages.findIndex(
    (candidate, at) => at < wanted && Object.keys(validatePage(candidate, answers)).length > 0,
  );
  const index = Math.max(firstUnanswered === -1 ? wanted : firstUnanswered, 0);
  const shownNumber = ready && pages.length > 0 ? index + 1 : null;

  // The address names the page shown, put right in place (never as a new entry). A first page
  // reached with no number keeps its clean address (the step's URL, as the funnel made it).
  const numbered = parseQuery(location.search.replace(/^\?/, '')).get(PAGE_PARAM) !== undefined;
  useEffect(() => {
    if (shownNumber === null || requestedPage(location.search) === shownNumber) return;
    if (!numbered && shownNumber === 1) return;
    void navigate(pageUrl(location.pathname, location.search, shownNumber), { replace: true, state: historyState });
  }, [shownNumber, numbered, location.pathname, location.search, historyState, navigate]);

  // The journey keeps the page shown, for a patient who comes back by the campaign link: Next
  // writes the page it moves to with the answers (one write); this records a page shown
  // otherwise (Back, Forward, a typed number, the first page), once each time one is shown.
  const savedPage = journey.state.pages[key];
  const { update } = journey;
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (shownNumber === null || recorded.current === shownNumber) return;
    recorded.current = shownNumber;
    // No page recorded is the first page: arriving there writes nothing.
    if ((savedPage ?? 0) === shownNumber - 1) return;
    update((state) => ({ ...state, pages: { ...state.pages, [key]: shownNumber - 1 } }));
  }, [shownNumber, savedPage, key, update]);

  // The first page, as it first renders, takes what the patient did in the page's early form.
  const pageArea = useRef<HTMLDivElement>(null);
  // The first page shown: the screen's own page before the form's (the intake's contact
  // details), else the form's first.
  const firstBefore = pagesBefore[0];
  const earlyKey = firstBefore === undefined ? earlyFormKey(form) : earlyPageKey(firstBefore.formId, firstBefore.id);
  // Another page first (a returning patient's page 3): what was typed on the first page in the
  // meantime is dropped, not carried to a later visit of it.
  useLayoutEffect(() => {
    if (shownNumber === null) return;
    if (shownNumber === 1) adoptEarlyForm(earlyKey, pageArea.current);
    else dropEarlyForm();
  }, [shownNumber, earlyKey]);

  if (journey.status === 'loading' || loaded.status === 'loading') {
    // The first page's intro stays where the page's HTML showed it (the screen's shell).
    const firstPage = requested === null || requested === 1;
    // The same elements as the page below, so the intro stays the same element when it loads.
    return (
      <KnownAddressContext.Provider value={null}>
        <Stack gap="md">
          {firstPage && intro}
          {/* The page's HTML may have brought the first page's questions (issue 28): they stay. */}
          {firstPage ? <EarlyFormSlot page={earlyKey} /> : <LoadingIndicator />}
        </Stack>
      </KnownAddressContext.Provider>
    );
  }
  if (loaded.status === 'failed') return <LoadProblem what={what} error={loaded.error} onRetry={loaded.retry} />;
  const page = pages[index];
  if (!page) return null;
  const last = index === pages.length - 1;

  /** The top of the new page, and its title announced and where Tab goes on from (not the body). */
  const showNewPage = (before: Element | null) => {
    window.scrollTo(0, 0);
    // The helper is loaded on the first move, not with the first page.
    void import('../../lib/focus-when-shown.ts').then(
      ({ focusNewHeading }) => focusNewHeading('main form h2', before),
      () => undefined,
    );
  };

  // Each page is a history entry (?page=N), so the browser's Back and Forward move one page.
  // The page shown is recorded in the journey by the effect above (for a patient who returns
  // by the campaign link, without a number).
  const showPage = (next: number) => {
    setErrors({});
    setProblem(null);
    const before = document.querySelector('main form h2');
    // The page being left gets its number first, so Back returns to it and not to the journey's page.
    if (!numbered) {
      void navigate(pageUrl(location.pathname, location.search, index + 1), { replace: true, state: historyState });
    }
    void navigate(pageUrl(location.pathname, location.search, next + 1), {
      state: withPushedFrom(historyState, { page: index + 1 }),
    });
    showNewPage(before);
  };

  // The page's Back to the page this entry was pushed from is the browser's Back, so the
  // browser's Back after it goes on back and its Forward returns; otherwise a new entry. Back
  // needs nothing saved first: the answers go with the next save.
  const goBackTo = (previous: number) => {
    const from = pushedFromOf(historyState);
    if (from === null || !('page' in from) || from.page !== previous + 1) {
      showPage(previous);
      return;
    }
    setErrors({});
    setProblem(null);
    const before = document.querySelector('main form h2');
    void navigate(-1);
    showNewPage(before);
  };

  // Next saves the answers and the page it moves to in one journey write before the page is
  // left, and the last page's onComplete saves (and moves, through the funnel machine) before
  // it resolves: a press the server has not taken moves nothing and loses nothing, and is said
  // here, where the patient pressed. Try again submits the page again, so the same press,
  // checked again, goes the same way.
  const submit = async () => {
    setBusy(true);
    const pageOf = (number: number) => (state: typeof journey.state) => ({
      ...state,
      pages: { ...state.pages, [key]: number },
    });
    try {
      if (last) await onComplete(pages);
      else {
        try {
          await journey.save(pageOf(index + 1), { report: false });
        } catch (error) {
          // Not moved on: the journey says so again (saved with the next change).
          update(pageOf(index));
          throw error;
        }
        showPage(index + 1);
      }
      setProblem(null);
    } catch (error) {
      setProblem((before) => ({ error, attempt: (before?.attempt ?? 0) + 1 }));
    } finally {
      setBusy(false);
    }
  };

  const billing = completeAddress(answers[BILLING_ADDRESS_REF]);
  const knownAddress: KnownAddress | null = billing === null ? null : { what: 'billing address', parts: billing };

  return (
    <KnownAddressContext.Provider value={knownAddress}>
      <Stack gap="md" ref={pageArea}>
        {index === 0 && intro}
        <FormProgress formId={key} index={index} count={pages.length} />
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
          problem={
            problem !== null && (
              <SaveProblem error={problem.error} attempt={problem.attempt} retry="submit" busy={busy} />
            )
          }
          secondaryActions={
            (index > 0 || onBack) && (
              <Button
                variant="default"
                disabled={busy}
                onClick={() => {
                  if (index > 0) goBackTo(index - 1);
                  else onBack?.();
                }}
              >
                Back
              </Button>
            )
          }
        />
      </Stack>
    </KnownAddressContext.Provider>
  );
}
