/**
 * Trims a string answer and strips its leading `#` characters (choice refs arrive as `#ref`,
 * SPEC §5). All leading `#` go, so cleaning twice gives the same value. Its own small module:
 * the journey's proof of its facts reads answers with it before the lead's code is loaded.
 */
export function cleanAnswerText(text: string): string {
  return text.trim().replace(/^#+/, '').trim();
}
