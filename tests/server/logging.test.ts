import { expect, test } from 'vitest';
import { AUTH, leadJson, startTestServer } from './test-server.ts';

/** Patient data that must never reach a log line. */
const CANARY = {
  firstName: 'Zebulonia',
  lastName: 'Quillfeather',
  email: 'zebulonia.canary@example.com',
  phone: '4155550177',
  card: '4242424242424242',
  cvc: '918',
  ssn: '219-09-8877',
  notes: 'canary-soap-note-text',
};
const LANDING_ID = Buffer.from(`${CANARY.lastName}${CANARY.email}2024-09-01MIP`).toString('base64url');

/**
 * Whether the logs mention a value. A three-digit cvc turns up by chance inside
 * timestamps and response times, so a value counts only where it is not part of a
 * longer number.
 */
function mentions(logs: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d.])${escaped}(?![\\d.])`).test(logs);
}

test('logs are structured and carry no patient data from queries, bodies or errors', async () => {
  const server = await startTestServer({ logs: true });
  try {
    const form = { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' };
    const contact = {
      firstName: CANARY.firstName,
      lastName: CANARY.lastName,
      email: CANARY.email,
      phone: CANARY.phone,
    };
    const replies = [
      await server.call({
        method: 'POST',
        url: '/api/memoForm/saveLead',
        payload: { lead: leadJson(LANDING_ID, contact), landingId: LANDING_ID },
      }),
      await server.call({
        method: 'POST',
        url: '/api/mipH2/billingInfo/save',
        payload: {
          customer: JSON.stringify({
            firstName: CANARY.firstName,
            lastName: CANARY.lastName,
            email: CANARY.email,
            phone: CANARY.phone,
            address: { line1: '1 Canary Row', city: 'Monterey', state: 'CA', zip: '93940' },
            cardNumber: CANARY.card,
            expMonth: 12,
            expYear: new Date().getUTCFullYear() + 1,
            cvc: CANARY.cvc,
          }),
          landingId: LANDING_ID,
        },
      }),
      await server.call({
        method: 'GET',
        url: `/api/mipH2/order?emailAddress=${encodeURIComponent(CANARY.email)}&phoneNumber=${CANARY.phone}&firstName=${CANARY.firstName}&lastName=${CANARY.lastName}`,
        headers: AUTH,
      }),
      await server.call({
        method: 'GET',
        url: `/api/memoForm/userEmailMF?email=${encodeURIComponent(CANARY.email)}`,
        headers: AUTH,
      }),
      await server.call({
        method: 'GET',
        url: `/api/memoForm/userPhoneMF?phone=${CANARY.phone}&gender=male`,
        headers: AUTH,
      }),
      // Invalid input: the 400 names the field, the log must not quote the value.
      await server.call({
        method: 'GET',
        url: `/api/memoForm/userPhoneMF?phone=${CANARY.firstName}&gender=male`,
        headers: AUTH,
      }),
      await server.call({
        method: 'POST',
        url: '/api/memoForm/saveLead',
        payload: { lead: `{"firstName":"${CANARY.lastName}`, landingId: LANDING_ID },
      }),
      await server.call({
        method: 'POST',
        url: '/api/memoForm/saveLead',
        headers: { 'content-type': 'application/json' },
        payload: `{"lead": "${CANARY.email}`,
      }),
      await server.call({
        method: 'POST',
        url: '/api/idVerification/identityCheck',
        headers: form,
        payload: new URLSearchParams({
          customer: JSON.stringify({
            firstName: CANARY.firstName,
            lastName: CANARY.lastName,
            birthdate: '1980-02-29',
            state: 'KY',
            ssn: CANARY.ssn,
          }),
        }).toString(),
      }),
      await server.call({
        method: 'POST',
        url: '/api/memoForm/orderSaveSOAPNotes',
        payload: { landingId: LANDING_ID, notes: CANARY.notes },
      }),
      await server.call({ method: 'GET', url: `/api/memoForm/noSuchCall?email=${encodeURIComponent(CANARY.email)}` }),
      // Without the token: the 401 must not be logged with the query either.
      await server.call({ method: 'GET', url: `/api/memoForm/userEmailMF?email=${encodeURIComponent(CANARY.email)}` }),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 404, 200, 200, 400, 400, 400, 200, 404, 404, 401]);

    expect(server.logs.length).toBeGreaterThan(20);
    const lines = server.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.every((line) => typeof line.level === 'number' && typeof line.msg === 'string')).toBe(true);
    const everything = server.logs.join('\n');
    for (const [name, value] of Object.entries(CANARY)) {
      expect(mentions(everything, value), `the logs contain the ${name}`).toBe(false);
    }
    expect(everything.includes(LANDING_ID), 'the logs contain a landing id (it encodes the email)').toBe(false);
    // What the logs do say: the method, the route pattern and the status.
    expect(lines).toContainEqual(expect.objectContaining({ req: { method: 'GET', route: '/api/mipH2/order' } }));
    expect(lines).toContainEqual(expect.objectContaining({ res: { statusCode: 401 } }));
  } finally {
    await server.remove();
  }
});
