/**
 * Writes the app's font files (src/app/fonts/inter-<weight>.woff2), cut to the characters in
 * APP_FONT_RANGES, from @fontsource/inter. Run it after updating that package or the ranges:
 * `npm run fonts`. tests/app/fonts.test.ts fails when the files in the repository are not what
 * this writes.
 */
import { writeFileSync } from 'node:fs';
import { APP_FONT_WEIGHTS, appFontFile, subsetAppFont } from './lib/app-fonts.ts';

for (const weight of APP_FONT_WEIGHTS) {
  const bytes = await subsetAppFont(weight);
  writeFileSync(appFontFile(weight), bytes);
  console.log(`${appFontFile(weight)}: ${bytes.length} bytes`);
}
