import type { ClosedPage } from '../engine/funnel-machine.ts';

/** What a page reached without the journey it needs says, by why it is closed. */
export interface ClosedPageText {
  /** The page's title (the tab), static like every route title: never patient data. */
  title: string;
  heading: string;
  lines: readonly string[];
  action: string;
}

/**
 * The words of a closed page. A finish page (`steps-done`) says the patient has not finished;
 * a step their funnel does not include (`funnel-step`) says it is not part of their visit.
 * Neither claims anything was done: a cold patient is told nothing was booked, charged or sent,
 * and one part of the way that their answers are kept.
 */
export function closedPageText(closed: ClosedPage): ClosedPageText {
  if (closed.loadFailed) {
    return {
      title: 'Progress Not Loaded',
      heading: 'We could not load your progress just now',
      lines: ['Nothing you have done is lost. Please try again in a moment.'],
      action: 'Try again',
    };
  }
  const action = closed.fromStart ? 'Start your assessment' : 'Continue where you left off';
  const kept = closed.fromStart ? 'Nothing has been booked, charged or sent.' : 'Your answers so far are saved.';
  if (closed.need === undefined) {
    // Only what the step is due is missing, and there is no earlier step to bring them to.
    return {
      title: 'Not Ready Yet',
      heading: 'This page is not ready for you yet',
      lines: ['The page you opened comes after steps we have no record of in this browser.', kept],
      action,
    };
  }
  if (closed.need === 'funnel-step') {
    return {
      title: 'Not Part of Your Visit',
      heading: 'This page is not part of your visit',
      lines: ['The link you followed leads to a step that your treatment does not include.', kept],
      action,
    };
  }
  return {
    title: 'Not Finished Yet',
    heading: 'You have not finished your assessment yet',
    lines: closed.fromStart
      ? [
          'This page confirms a finished assessment, and we have no answers from you in this browser yet. If you started on another device, carry on there.',
          kept,
        ]
      : [kept, 'Pick up where you left off. Once you finish, this page confirms what you have done.'],
    action,
  };
}
