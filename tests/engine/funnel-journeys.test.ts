import { expect, test } from 'vitest';
import type { Site } from '../../src/engine/config-types.ts';
import { listPaths, parsePresses, simulate } from '../../src/engine/simulate.ts';
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

test('every campaign code of config/funnels.json, and each of its variants, has a journey', () => {
  // From the config, not a list kept by hand: a code added to a funnel fails here until its
  // journey is written out (from SPEC.md) in tests/fixtures/journeys.json.
  const names = (journeys as Journey[]).map((journey) => journey.name);
  // A journey's name starts with its code: "shrt: Next through every step", "shrt callcenter=true: …".
  const codeOf = (name: string) => name.split(':')[0]?.split(' ')[0];
  const walked = new Set(names.map(codeOf));
  const paths = listPaths(engine);
  const codes = [...new Set(paths.map((path) => path.code))];
  expect(codes.length).toBeGreaterThan(20);
  expect(codes.filter((code) => !walked.has(code))).toEqual([]);
  // A variant's journey names it ("shrt callcenter=true: payment then finish").
  const variants = paths.filter((path) => path.variant !== null);
  expect(variants.length).toBeGreaterThan(0);
  const unwalked = variants.filter(
    (path) => !names.some((name) => codeOf(name) === path.code && name.includes(path.variant ?? '')),
  );
  expect(unwalked.map((path) => `${path.code} ${String(path.variant)}`)).toEqual([]);
});

test('listPaths gives each code its own steps, each variant and each pathOverride key, Next to the end and Back to the start', () => {
  const shrt = listPaths(engine).filter((path) => path.code === 'shrt');
  const own = shrt.find((path) => path.variant === null && path.pathOverride === null);
  expect(own?.next).toEqual(simulate(engine, '/hormone-assessment/shrt'));
  expect(own?.back).toEqual([...(own?.next ?? [])].reverse());
  expect(shrt.find((path) => path.variant === 'callcenter')?.next).toEqual([
    '/payment/shrt?callcenter=true',
    '/finish/shrt?callcenter=true',
  ]);
  // A booking needs to know who the patient is: the key's list gets back the step that asks (issue 37).
  expect(shrt.find((path) => path.pathOverride === 'cal')?.next).toEqual([
    '/hormone-assessment/shrt?pathOverride=cal',
    '/mip/calendly/shrt?pathOverride=cal',
    '/finish/shrt?pathOverride=cal',
  ]);
  // The women's step key is not listed for a men's code.
  expect(shrt.some((path) => path.pathOverride === 'precal')).toBe(false);
});

test('a mixed walk gives the URL after each press, and a press with nowhere to go stays', () => {
  expect(simulate(engine, '/payment/microbh', { presses: parsePresses('back, next,NEXT,back') })).toEqual([
    '/payment/microbh',
    '/payment/microbh',
    '/mip/calendly/microbh',
    '/hormone-assessment/microbh',
    '/mip/calendly/microbh',
  ]);
  expect(() => parsePresses('next,up')).toThrow('not "up"');
});
