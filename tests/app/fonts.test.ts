import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_FONT_RANGES, APP_FONT_WEIGHTS, appFontFile, subsetAppFont } from '../../scripts/lib/app-fonts.ts';

const fontsCss = readFileSync(new URL('../../src/app/fonts.css', import.meta.url), 'utf8');

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

describe("the app's font files", () => {
  it.each(APP_FONT_WEIGHTS)('weight %i is what `npm run fonts` makes from @fontsource/inter', async (weight) => {
    const committed = readFileSync(appFontFile(weight));
    const made = await subsetAppFont(weight);
    expect(committed.equals(made), `src/app/fonts/inter-${weight}.woff2 is out of date: run npm run fonts`).toBe(true);
  });

  it('are small enough for a first visit on a phone (both under 40 KB)', () => {
    const bytes = APP_FONT_WEIGHTS.map((weight) => readFileSync(appFontFile(weight)).length);
    expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThan(40_000);
  });

  it('are declared in the CSS with the characters they hold, so others fall back to the system font', () => {
    const declared = APP_FONT_RANGES.map(([first, last]) =>
      first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`,
    ).join(', ');
    const ranges = [...fontsCss.matchAll(/unicode-range:\s*([^;]+);/g)].map((match) => match[1]);
    expect(ranges).toEqual(APP_FONT_WEIGHTS.map(() => declared));
    for (const weight of APP_FONT_WEIGHTS) expect(fontsCss).toContain(`url('./fonts/inter-${weight}.woff2')`);
  });
});
