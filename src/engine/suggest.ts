/** Edit distance between two strings (insertions, deletions and substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known value closest to a mistyped one, when it is close enough to be a likely typo
 * (a few edits, scaled to the length), else undefined.
 */
export function closest(value: string, known: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(value.length / 4));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of known) {
    if (candidate === value) continue;
    const distance = editDistance(value.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** "; did you mean X?" when a close known value exists, else an empty string. */
export function didYouMean(value: string, known: Iterable<string>, quote = false): string {
  const match = closest(value, known);
  if (match === undefined) return '';
  return quote ? `; did you mean "${match}"?` : `; did you mean ${match}?`;
}
