import { ApiError } from './http.ts';

/**
 * The server's 409 for a call whose step the funnel does not open yet (reason
 * `step-not-allowed`, schemas/api.openapi.json: an order before the assessment its funnel asks
 * first, an intake before the payment). The machine keeps patients off such steps, so only a stale
 * tab meets it: the patient is told, in words, that nothing was charged or saved and to reload,
 * which brings them to the step that is theirs.
 */
export function isStepNotAllowed(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.body?.reason === 'step-not-allowed';
}

/** What the patient reads for that 409: what was not done, and what to do. */
export function stepNotAllowedText(error: ApiError, what: 'payment' | 'answers'): string {
  const missing = Array.isArray(error.body?.missing) ? (error.body.missing as unknown[]) : [];
  const ruledOut = missing.includes('no-contraindication') && !missing.includes('assessment-answered');
  const done =
    what === 'payment'
      ? 'We have not taken your payment, and nothing was charged.'
      : 'Your answers here are not saved.';
  const why = ruledOut
    ? 'Your assessment answers need a clinician’s review before this step.'
    : 'This page is ahead of where you are: a step before it is not finished yet.';
  return `${done} ${why} Please reload the page to go on from the step that is next for you.`;
}
