import { LoadingIndicator } from './loading-indicator.tsx';
import type { RouteIntro } from './route-intro.ts';
import classes from './screen-shell.module.css';

/** Where a screen puts its heading: the padding above it (Mantine spacing). */
export interface ScreenShellLayout {
  py: 'md' | 'lg';
  /** The screen opens with the route's intro line under its heading (src/shared/layout/route-intro.ts). */
  intro?: boolean;
}

/**
 * A screen before its own code and data have arrived: its heading where the screen puts it,
 * and the brand's loading mark under it. The build writes it into each route's HTML, so a
 * patient sees the page's heading before any script has run; screens show it again while they
 * load, so the heading never moves when the screen takes over.
 */
export function ScreenShell({
  title,
  intro = null,
  layout,
}: {
  title: string;
  intro?: RouteIntro | null;
  layout: ScreenShellLayout | null;
}) {
  if (layout === null) return <LoadingIndicator />;
  return (
    <div className={classes.shell} data-py={layout.py}>
      <h1 className={classes.heading}>{title}</h1>
      {layout.intro === true && intro !== null && (
        <p className={classes.intro} data-tone={intro.tone}>
          {intro.text}
        </p>
      )}
      <LoadingIndicator />
    </div>
  );
}
