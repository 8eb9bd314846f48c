import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/**
 * The app's typeface, cut to the characters English text and patients' names use: printable
 * ASCII, Latin-1 (é, ñ, ü, ©, §, ·), the whole general punctuation block (’ “ ” – — • … and the
 * narrow no-break space browsers put before AM and PM), the euro and
 * trade mark signs, the minus and the four arrows. Fontsource's "latin" files carry more
 * (Latin Extended letters, combining marks) at about a third more bytes on every first visit; a
 * character outside this set still shows, in the system font (the CSS's `unicode-range` says
 * which the file has).
 */
export const APP_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];

/** The weights the design uses: regular text, semibold headings and buttons. */
export const APP_FONT_WEIGHTS = [400, 600] as const;

/** Where the subset files live: src/app/fonts.css loads them from there. */
export function appFontFile(weight: (typeof APP_FONT_WEIGHTS)[number]): string {
  return fileURLToPath(new URL(`../../src/app/fonts/inter-${weight}.woff2`, import.meta.url));
}

/** The subset of one weight, made from @fontsource/inter's Latin file (same bytes every run). */
export function subsetAppFont(weight: (typeof APP_FONT_WEIGHTS)[number]): Promise<Buffer> {
  const source = readFileSync(
    fileURLToPath(
      new URL(`../../node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff2`, import.meta.url),
    ),
  );
  const characters = APP_FONT_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
  ).join('');
  return subsetFont(source, characters, { targetFormat: 'woff2' });
}
