import { expect, test } from 'vitest';
import { campaignCodeOf, sentPath } from '../../src/engine/route-match.ts';
import { SimulationError, simulate } from '../../src/engine/simulate.ts';
import { closest } from '../../src/engine/suggest.ts';
import {
  joinUrl,
  normalizeUrl,
  parseQuery,
  removeEmptyLandingId,
  splitUrl,
  stripTrailingSlash,
} from '../../src/engine/url.ts';
import { loadEngine } from '../support/config.ts';

const engine = loadEngine();

test('a URL splits into its path and raw query, without the hash', () => {
  expect(splitUrl('/results/shrt?a=1&b=%20x#top')).toEqual({ pathname: '/results/shrt', query: 'a=1&b=%20x' });
  expect(splitUrl('/results/shrt')).toEqual({ pathname: '/results/shrt', query: '' });
  expect(joinUrl('/error', '')).toBe('/error');
  expect(joinUrl('/error', 'a=1')).toBe('/error?a=1');
});

test('trailing slashes go; the root stays', () => {
  expect(stripTrailingSlash('/payment/')).toBe('/payment');
  expect(stripTrailingSlash('/payment//')).toBe('/payment');
  expect(stripTrailingSlash('/')).toBe('/');
});

test('an empty or "0" landing_id goes, everything else stays as typed', () => {
  expect(removeEmptyLandingId('landing_id=&utm=a%20b')).toBe('utm=a%20b');
  expect(removeEmptyLandingId('x=1&landing_id=0')).toBe('x=1');
  expect(removeEmptyLandingId('landing_id')).toBe('');
  expect(removeEmptyLandingId('landing_id=abc&x=1')).toBe('landing_id=abc&x=1');
  expect(removeEmptyLandingId('landing_id=00')).toBe('landing_id=00');
});

test('a query piece that cannot be decoded is skipped and reported', () => {
  const query = parseQuery('a=%E0%A4%A&b=2&c=hello+world&b=3');
  expect(query.get('a')).toBeUndefined();
  expect(query.get('b')).toBe('2');
  expect(query.get('c')).toBe('hello world');
  expect(query.skipped).toEqual(['a=%E0%A4%A']);
});

test('normalising applies the trailing slash, landing_id and redirect rules together', () => {
  expect(normalizeUrl('/thank-you/shrt2/?landing_id=0&x=1', engine.redirects)).toEqual({
    pathname: '/thank-you/shrt',
    query: 'x=1',
    url: '/thank-you/shrt?x=1',
    changed: true,
  });
  expect(normalizeUrl('/results/shrt?x=1', engine.redirects).changed).toBe(false);
  expect(normalizeUrl('/mip/form/CHRT?a=b', engine.redirects).url).toBe('/mip/cont/chrt?a=b');
  expect(normalizeUrl('/payment/', engine.redirects).url).toBe('/payment/shrt');
});

test('a fixed route outranks a parameter, as in React Router', () => {
  const ghrt = engine.locate('/hormone-assessment/ghrt');
  expect(ghrt?.match.route.site).toBe('male');
  expect(ghrt?.match.route.variant).toBe('ghrt');
  const shrt = engine.locate('/hormone-assessment/shrt');
  expect(shrt?.match.route.site).toBe('shared');
  expect(shrt?.code).toBe('shrt');
});

test('optional parameters and default codes', () => {
  const quiz = engine.locate('/quiz');
  expect(quiz && campaignCodeOf(quiz.match)).toBe('quiz');
  const chrt = engine.locate('/mip/cont/chrt');
  expect(chrt?.code).toBe('chrt');
  const booking = engine.locate('/f/appointment/consult/FHA1/page-2');
  expect(booking?.match.params).toEqual({ appointmentType: 'consult', pathCode: 'FHA1', pageId: 'page-2' });
  expect(booking?.code).toBe('fha1');
  expect(engine.locate('/error')?.match.route.screen).toBe('error');
  expect(engine.locate('/no/such/page')).toBeNull();
});

test("a sent form goes to its route's whenSent, with the page's code as a path segment", () => {
  const refill = engine.locate('/f/cont/fha1');
  const route = refill?.match.route;
  if (!route) throw new Error('no /f/cont page');
  expect(sentPath(route, 'fha1')).toBe('/f/conf/fha1/refill');
  expect(sentPath(route, 'a/b c')).toBe('/f/conf/a%2Fb%20c/refill');
  expect(sentPath(route, null)).toBeNull();
  // A route without whenSent shows its own confirmation; one without :pathCode needs no code.
  expect(sentPath({ ...route, whenSent: undefined }, 'fha1')).toBeNull();
  expect(sentPath({ ...route, whenSent: '/f/finish/fha1' }, null)).toBe('/f/finish/fha1');
});

test('suggestions only for likely typos', () => {
  expect(closest('/mip/calendy', ['/mip/calendly', '/mip/form'])).toBe('/mip/calendly');
  expect(closest('/totally-different', ['/mip/calendly', '/mip/form'])).toBeUndefined();
});

test('the simulator refuses a start that is not a funnel page, saying why', () => {
  expect(() => simulate(engine, '/s/abc123')).toThrow(
    new SimulationError('Start URL "/s/abc123" is not a funnel page: it opens the short-link screen (/s/:pathCode).'),
  );
  expect(() => simulate(engine, '/nope')).toThrow('Start URL "/nope" is not a funnel page: it matches no page.');
  expect(() => simulate(engine, 'results/shrt')).toThrow('is not a path');
});

test('the simulator refuses a --step that is another page', () => {
  expect(() => simulate(engine, '/mip/calendly/microbh', { step: 3 })).toThrow(
    "--step 3: step 3 of the microbh funnel is /hormone-assessment, not the start URL's page.",
  );
  expect(() => simulate(engine, '/mip/calendly/microbh', { step: 9 })).toThrow(
    '--step 9: the microbh funnel has 6 steps.',
  );
});

test('the simulator stops at its entry limit', () => {
  expect(simulate(engine, '/hormone-assessment/shrt', { maxEntries: 2 })).toEqual([
    '/hormone-assessment/shrt',
    '/results/shrt',
  ]);
});
