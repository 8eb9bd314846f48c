import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EARLY_NOTE_OF, NO_ANSWERS_NOTE } from '../../contract/early-form.ts';
import { funnelEngine } from '../../contract/funnel-config.ts';
import type { Site } from '../../engine/config-types.ts';
import { screenUrlFor } from '../../engine/funnel-plan.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

/** Where a patient without answers takes the assessment: their code's, as config says, else the brand's start. */
export function assessmentPath(site: Site, code: string | null, fallback: string): string {
  if (code === null) return fallback;
  return screenUrlFor(funnelEngine, 'hormone-assessment', code, site) ?? fallback;
}

/**
 * What the results page says to a patient who has no answers to show, under its heading, with
 * the button that takes them to the assessment (`action`). The server renders it into the page
 * for a visitor with no session (src/app/render-shell.tsx), with a plain link as the button, so
 * it shows before the app has run; the screen renders the same markup once it knows.
 */
export function NoAnswersYet({ action }: { action: ReactNode }) {
  return (
    <>
      <Text {...{ [EARLY_NOTE_OF]: NO_ANSWERS_NOTE }}>
        We don&apos;t have your assessment answers yet. It takes about 5 minutes.
      </Text>
      <ActionBar>{action}</ActionBar>
    </>
  );
}
