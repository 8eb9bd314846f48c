/**
 * The exact text a question shows, as its consent record hashes it (issue 38 point 4): the
 * question's wording, then each choice's label, one a line, as the form draws them. The browser
 * hashes it from the question it rendered, the server from its own copy of the question page,
 * so one function decides what "the text shown" is on both sides.
 */
export function questionShownText(question: {
  readonly label: string;
  readonly options?: readonly { readonly label: string }[] | undefined;
}): string {
  return [question.label, ...(question.options ?? []).map((option) => option.label)].join('\n');
}

/** The ref a consent record gives the statement next to Pay (an answer's is its own ref). */
export const PAY_AGREEMENT_REF = 'pay-agreement';

/** A step's path as a record keeps it: without the query, which may carry a landing id. */
export function stepPathOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path === '' ? '/' : path;
}
