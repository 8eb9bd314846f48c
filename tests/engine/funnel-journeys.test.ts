import { expect, test } from 'vitest';
import type { Site } from '../../src/engine/config-types.ts';
import { simulate } from '../../src/engine/simulate.ts';
import journeys from '../fixtures/journeys.json';
import { loadEngine } from '../support/config.ts';

/**
 * Journeys written out by hand from SPEC.md section 2, one per campaign code, variant,
 * pathOverride list, unknown code and Back walk. They are not generated from config/, so a
 * mistake in the config fails here.
 */
interface Journey {
  name: string;
  start: string;
  back?: boolean;
  brand?: Site;
  /** Which step the start page is, for a page visited twice. */
  step?: number;
  expect: string[];
}

const engine = loadEngine();

test.each(journeys as Journey[])('$name', (journey) => {
  const urls = simulate(engine, journey.start, {
    back: journey.back ?? false,
    ...(journey.brand ? { brand: journey.brand } : {}),
    ...(journey.step === undefined ? {} : { step: journey.step }),
  });
  expect(urls).toEqual(journey.expect);
});

test('every campaign code of SPEC.md has a journey', () => {
  const specCodes = [
    'dailytada',
    'dailytada2',
    'groupdc',
    'groupc',
    'groupv',
    'callcenter',
    '6via',
    '6cial',
    'a2-renewal',
    'shrt',
    'ghrt',
    'mhrt',
    'quiz',
    'cchrt',
    'rhrt',
    'bhrt',
    'fbhrt',
    'fha1',
    'fshrt',
    'fmhrt',
    'jhrt',
    'fcch',
    'frhrt',
    'microclinic',
    'microbh',
    'microcc',
  ];
  const walked = new Set((journeys as Journey[]).map((journey) => journey.name.split(':')[0]));
  expect(specCodes.filter((code) => !walked.has(code))).toEqual([]);
});
