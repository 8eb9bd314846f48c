import { LoadingIndicator } from './loading-indicator.tsx';
import { EarlyFormSlot } from '../questions/early-form.tsx';
import { EarlyNoteSlot, EarlySummarySlot } from './early-part.tsx';
import { EARLY_BILLING_FORM, earlyFormKey } from '../../contract/early-form.ts';
import type { RouteIntro } from './route-intro.ts';
import classes from './screen-shell.module.css';

/** Where a screen puts its heading: the padding above it (Mantine spacing). */
export interface ScreenShellLayout {
  py: 'md' | 'lg';
  /** The screen opens with the route's intro line under its heading (src/shared/layout/route-intro.ts). */
  intro?: boolean;
  /**
   * The screen's form starts with its first page of questions (the route's `form`): the
   * server can put that page in the HTML, where the loading mark would be (issue 28).
   */
  earlyForm?: boolean;
  /**
   * The screen opens with the order summary of the product it sells and the billing form: the
   * server can put both in the HTML, the form where the loading mark would be (issue 28). Its
   * column is spaced as the payment screen's (gap lg under the heading, xl between the summary
   * and the form).
   */
  earlySummary?: boolean;
  /**
   * The screen opens, for a visitor with no answers, with a note saying so: the server can put
   * it in the HTML, where the loading mark would be (issue 28; src/shared/layout/early-part.tsx).
   */
  earlyNote?: boolean;
}

/** Whether the screen keeps its shell (and what the server put in it) on show while the journey is checked. */
export function keepsShellWhileChecking(layout: ScreenShellLayout | null): boolean {
  return layout?.earlyForm === true || layout?.earlySummary === true || layout?.earlyNote === true;
}

/**
 * A screen before its own code and data have arrived: its heading where the screen puts it,
 * and the brand's loading mark under it. The build writes it into each route's HTML, so a
 * patient sees the page's heading before any script has run; screens show it again while they
 * load, so the heading never moves when the screen takes over. A screen that opens with a
 * form can have its first page of questions there (src/shared/questions/early-form.tsx).
 */
export function ScreenShell({
  title,
  intro = null,
  layout,
  form,
}: {
  title: string;
  intro?: RouteIntro | null;
  layout: ScreenShellLayout | null;
  /** The route's form, for a layout with an early form. */
  form?: { formId: string; pageIds: readonly string[] } | undefined;
}) {
  if (layout === null) return <LoadingIndicator />;
  if (layout.earlySummary === true) {
    return (
      <div className={classes.shell} data-py={layout.py} data-gap="lg">
        <h1 className={classes.heading}>{title}</h1>
        <div className={classes.order}>
          <EarlySummarySlot />
          <EarlyFormSlot page={EARLY_BILLING_FORM} />
        </div>
      </div>
    );
  }
  return (
    <div className={classes.shell} data-py={layout.py}>
      <h1 className={classes.heading}>{title}</h1>
      {layout.intro === true && intro !== null && (
        <p className={classes.intro} data-tone={intro.tone}>
          {intro.text}
        </p>
      )}
      {layout.earlyForm === true && form !== undefined ? (
        <EarlyFormSlot page={earlyFormKey(form)} />
      ) : layout.earlyNote === true ? (
        <EarlyNoteSlot />
      ) : (
        <LoadingIndicator />
      )}
    </div>
  );
}
