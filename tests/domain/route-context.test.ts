import fc from 'fast-check';
import { expect, test } from 'vitest';
import { encodeBase64Url } from '../../src/domain/base64.ts';
import { portalBackLink, resolveLandingId, resolveRouteContext } from '../../src/domain/route-context.ts';
import { recordingLogger } from './logger.ts';

const PORTAL = 'https://portal.peakmens.example/';

function context(query: string, state: unknown = null) {
  const logger = recordingLogger();
  return { result: resolveRouteContext({ query, state, portalLinkBase: PORTAL }, logger), logger };
}

test('landing_id comes from the query first', () => {
  const state = { userData: { landing_id: 'user-data' }, landingId: 'state' };
  expect(context('?landing_id=from-query', state).result.landingId).toBe('from-query');
});

test('without a query landing_id, the navigation state is read in the order of the spec', () => {
  expect(resolveLandingId(undefined, { userData: { landing_id: 'u1', landingId: 'u2' }, landingId: 's1' })).toBe('u1');
  expect(resolveLandingId(undefined, { userData: { landingId: 'u2' }, landingId: 's1', landing_id: 's2' })).toBe('u2');
  expect(resolveLandingId(undefined, { userData: {}, landingId: 's1', landing_id: 's2' })).toBe('s1');
  expect(resolveLandingId(undefined, { landing_id: 's2' })).toBe('s2');
  expect(resolveLandingId(undefined, null)).toBe('');
  expect(resolveLandingId(undefined, 'not an object')).toBe('');
});

test('an empty or non-text landing id does not hide a later source', () => {
  expect(resolveLandingId('', { userData: { landing_id: '', landingId: 7 }, landingId: 's1' })).toBe('s1');
});

test('formId and mpid come from the query; calendlyPage and ptState from the state, else the query', () => {
  const { result } = context('formId=MIP-H2&mpid=1684&calendlyPage=q-page&ptState=TX', { calendlyPage: 's-page' });
  expect(result).toMatchObject({ formId: 'MIP-H2', mpid: '1684', calendlyPage: 's-page', ptState: 'TX' });
  expect(context('').result).toEqual({ landingId: '', prefill: {} });
});

test('the prefill query is decoded into contact fields', () => {
  const prefill = encodeBase64Url(JSON.stringify({ firstName: 'Ana' }));
  expect(context(`prefill=${prefill}`).result.prefill).toEqual({ firstName: 'Ana' });
});

test('the portal path is URL-decoded and appended to the portal link base', () => {
  expect(context(`portal=${encodeURIComponent('orders/12?tab=rx')}`).result.portalBackLink).toBe(
    'https://portal.peakmens.example/orders/12?tab=rx',
  );
});

test('a portal value that would leave the portal origin is refused and logged', () => {
  for (const portal of ['@evil.example', '.evil.example', ':8443/x']) {
    expect(portalBackLink('https://portal.peakmens.example', portal), portal).toBeNull();
  }
  expect(portalBackLink(PORTAL, '@evil.example')).toBe('https://portal.peakmens.example/@evil.example');
  const logger = recordingLogger();
  const result = resolveRouteContext(
    {
      query: `portal=${encodeURIComponent('@evil.example/')}`,
      state: null,
      portalLinkBase: 'https://portal.peakmens.example',
    },
    logger,
  );
  expect(result.portalBackLink).toBeUndefined();
  expect(logger.calls).toHaveLength(1);
  expect(portalBackLink('javascript:alert(1)//', 'x')).toBeNull();
});

test('a query piece that cannot be decoded is skipped and logged by count, the rest still read', () => {
  const { result, logger } = context('email=ana%ZZ@example.com&landing_id=abc&x=%E0%A4%A');
  expect(result.landingId).toBe('abc');
  expect(logger.calls).toEqual([{ message: 'query pieces skipped: not valid percent-encoding', detail: { count: 2 } }]);
  expect(JSON.stringify(logger.calls)).not.toContain('ana');
});

test('property: any landing_id written into the query is read back exactly and wins over the state', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string(), (landingId, stateId) => {
      const { result, logger } = context(`a=1&landing_id=${encodeURIComponent(landingId)}&landing_id=second`, {
        landingId: stateId,
      });
      expect(result.landingId).toBe(landingId);
      expect(logger.calls).toEqual([]);
    }),
  );
});

test('property: without a query landing_id, the first non-empty source in the spec order wins', () => {
  const maybe = fc.option(fc.constantFrom('', 'v'), { nil: undefined });
  fc.assert(
    fc.property(maybe, maybe, maybe, maybe, (userSnake, userCamel, stateCamel, stateSnake) => {
      const state = {
        userData: { landing_id: userSnake && `u_${userSnake}`, landingId: userCamel && `uC${userCamel}` },
        landingId: stateCamel && `sC${stateCamel}`,
        landing_id: stateSnake && `s_${stateSnake}`,
      };
      const order = [state.userData.landing_id, state.userData.landingId, state.landingId, state.landing_id].filter(
        (value): value is string => value !== undefined && value !== '',
      );
      expect(resolveLandingId(undefined, state)).toBe(order[0] ?? '');
    }),
  );
});

test('property: a broken percent-escape never throws, is logged once by count and leaves other parameters readable', () => {
  const broken = fc.constantFrom('%', '%Z', '%E0%A4%A', '%C3', '%FF');
  fc.assert(
    fc.property(
      fc.array(broken, { minLength: 1, maxLength: 4 }),
      fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
      (bad, formId) => {
        const pieces = [...bad.map((value, index) => `p${index}=${value}`), `formId=${formId}`];
        const { result, logger } = context(pieces.join('&'));
        expect(result.formId).toBe(formId);
        expect(logger.calls).toEqual([
          { message: 'query pieces skipped: not valid percent-encoding', detail: { count: bad.length } },
        ]);
      },
    ),
  );
});

test('property: a back link, when given, always stays on the portal origin', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom('a', '@', '.', ':', '/', '\\', '?', '#', '%', '2', 'e', ' ') }),
      (portal) => {
        const link = portalBackLink(PORTAL.slice(0, -1), portal);
        if (link !== null) expect(new URL(link).origin).toBe('https://portal.peakmens.example');
      },
    ),
  );
});
