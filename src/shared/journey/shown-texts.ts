import type { QuestionPage, ShownTexts } from '../../contract/api-types.ts';
import type { JourneyState } from '../../contract/journey-state.ts';
import { questionShownText, stepPathOf } from '../../domain/shown-text.ts';
import { sha256Hex } from '../../lib/sha256.ts';

/**
 * What the patient was shown with the answers of a lead save (saveLead `shown`): the funnel's
 * version and the page, from the journey and the address, and the sha256 of each question's
 * text on the pages saved now, as the form drew it. Only hashes leave the browser here: the
 * answers go in the lead, and the page's path has no query.
 */
export async function shownTextsOf(pages: readonly QuestionPage[], state: JourneyState): Promise<ShownTexts> {
  const questions = await Promise.all(
    pages
      .flatMap((page) => page.questions)
      .map(async (question) => ({ questionId: question.id, sha256: await sha256Hex(questionShownText(question)) })),
  );
  const version = state.funnel?.version;
  // The page's own address; where there is none (a script, a test outside a browser), the journey's step.
  const here = typeof location === 'undefined' ? (state.step?.url ?? '/') : location.pathname;
  return {
    ...(version === undefined ? {} : { funnelVersion: version }),
    step: stepPathOf(here),
    questions,
  };
}
