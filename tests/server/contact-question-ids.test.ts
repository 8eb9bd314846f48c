import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeLandingId } from '../../src/domain/landing-id.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A lead the payment form saved before issue 25 holds its contact answers under the old ids
 * (the ref as the id: `firstName`, `phone`); the server answers it with the ids the assessment
 * and the intake ask them under (docs/api.md, "Contact question ids").
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.remove();
});

const LANDING_ID = makeLandingId({ lastName: 'Okafor', email: 'ada.okafor@example.com', landedAt: '2026-11-20' });

const OLD_CONTACT_ANSWERS = [
  { ref: 'firstName', type: 'text', value: ['Ada'], questionId: 'firstName' },
  { ref: 'lastName', type: 'text', value: ['Okafor'], questionId: 'lastName' },
  { ref: 'email', type: 'email', value: ['ada.okafor@example.com'], questionId: 'email' },
  { ref: 'phone', type: 'phone', value: ['5125550199'], questionId: 'phone' },
  { ref: 'state', type: 'us-state', value: ['TX'], questionId: 'q-state' },
];

test('a lead saved with the payment form’s old contact ids is read with the current ones', async () => {
  const lead = {
    landing_id: LANDING_ID,
    formId: 'MIP',
    pathCode: 'bhrt',
    answers: OLD_CONTACT_ANSWERS,
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'ada.okafor@example.com',
    phone: '5125550199',
  };
  const saved = await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: JSON.stringify(lead), landingId: LANDING_ID },
  });
  expect(saved.status).toBe(200);
  const expected = [
    { ref: 'firstName', questionId: 'q-first-name', value: ['Ada'] },
    { ref: 'lastName', questionId: 'q-last-name', value: ['Okafor'] },
    { ref: 'email', questionId: 'q-email', value: ['ada.okafor@example.com'] },
    { ref: 'phone', questionId: 'q-phone', value: ['5125550199'] },
    { ref: 'state', questionId: 'q-state', value: ['TX'] },
  ];
  const read = await server.call({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${LANDING_ID}` });
  expect(read.status).toBe(200);
  const { answers } = (read.json as { data: { answers: unknown[] } }).data;
  expect(answers).toEqual(expected.map((answer): unknown => expect.objectContaining(answer)));
  const answered = await server.call({
    method: 'GET',
    url: `/api/memoForm/answers?landing_id=${LANDING_ID}&formId=MIP`,
  });
  expect(answered.status).toBe(200);
  expect((answered.json as { data: { answers: unknown[] } }).data.answers).toEqual(
    expected.map((answer): unknown => expect.objectContaining(answer)),
  );
});
