import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractValidator, loadContract } from '../../src/contract/openapi.ts';
import { jsonFieldsOfContract } from '../../src/server/json-fields.ts';
import { holidayOn, schedulingHorizonDays } from '../../src/domain/clinic-calendar.ts';
import {
  AUTH,
  countRows,
  JANE_LANDING_ID,
  leadJson,
  saveLead,
  SECOND_LANDING_ID,
  startTestServer,
  type Reply,
  type TestServer,
} from './test-server.ts';
import { returnAsCustomer, STAFF } from './test-server.ts';

const doc = loadContract();
const validator = contractValidator(doc);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The calls below are a returning patient's: the demo customer Jane Doe, from her link.
  await returnAsCustomer(server.call);
});
afterAll(async () => {
  await server.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.call({ method: 'GET', url: `/api${url}`, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown>, headers });
/** The `data` of a success envelope. */
const dataOf = (reply: Reply): unknown => (reply.json as { data: unknown }).data;

test('every JSON-encoded field of the contract is decoded and checked', () => {
  expect(jsonFieldsOfContract().sort()).toEqual(
    [
      'checkCustQualifications /body/lead',
      'checkIdentity /body/customer',
      'createOrder /body/order',
      'createOrderNonLinear /body/order',
      'getMarkdown /query/names',
      'identityCheck /body/customer',
      'saveBillingInfo /body/customer',
      'saveLead /body/lead',
      'saveLead /body/scores',
    ].sort(),
  );
});

test('products of SPEC §7, and the $99 default with no sale price for id undefined', async () => {
  const product = (query: string) => get(`/memoForm/getProductInfo?${query}`);
  expect(dataOf(await product('id=undefined&category=hrt&type=product'))).toMatchObject({
    total: '$99',
    salePrice: '',
  });
  expect(dataOf(await product('id=undefined&category=fhrt&type=mpid'))).toMatchObject({
    category: 'fhrt',
    total: '$99',
    salePrice: '',
  });
  expect(dataOf(await product('id=1664&category=fhrt&type=mpid'))).toMatchObject({
    externalId: '1664',
    type: 'mpid',
    mpId: '1664',
  });
  expect(dataOf(await product('id=1684&category=fhrt&type=mpid'))).toMatchObject({ externalId: '1684', mpId: '1684' });
  expect(dataOf(await product('id=1682&category=hrt&type=mpid'))).toMatchObject({ externalId: '1682', mpId: '1682' });
  expect(dataOf(await product('id=1673&category=hrt&type=product&campaignId=116&compOrder=true'))).toMatchObject({
    externalId: '1673',
    externalCampaignId: '116',
    total: '$0.00',
  });
  expect((await product('id=1673&category=hrt&type=product&campaignId=117')).status).toBe(404);
  expect((await product('id=1664&category=hrt&type=mpid')).status).toBe(404);
  expect((await product('id=77&category=hrt&type=mpid')).status).toBe(404);
  const productSchema = validator.component('Product');
  for (const query of ['id=undefined&category=hrt&type=product', 'id=1664&category=fhrt&type=mpid']) {
    expect(productSchema(dataOf(await product(query)))).toBe(true);
  }
});

test('getMarkdown answers the keys it has and leaves the others out; a names list that is not JSON is a 400', async () => {
  const names = encodeURIComponent(JSON.stringify(['error404-ED', 'error404-HRT', 'no-such-key']));
  const reply = await get(`/memoForm/getMarkdown?names=${names}`);
  expect(Object.keys((dataOf(reply) as { results: object }).results).sort()).toEqual(['error404-ED', 'error404-HRT']);
  const broken = await get(`/memoForm/getMarkdown?names=${encodeURIComponent('["error404-ED"')}`);
  expect(broken.json).toMatchObject({
    status: 400,
    details: [{ field: '/query/names', message: 'must be valid JSON' }],
  });
  const notAList = await get(`/memoForm/getMarkdown?names=${encodeURIComponent('{"a":1}')}`);
  expect(notAList.json).toMatchObject({ status: 400, details: [{ field: '/query/names', message: 'must be array' }] });
  const badKey = await get(`/memoForm/getMarkdown?names=${encodeURIComponent('["../etc"]')}`);
  expect(badKey.json).toMatchObject({ status: 400, details: [{ field: '/query/names/0' }] });
});

test('short links resolve as stored, hostile ones included (the app refuses those); unknown ones are 404', async () => {
  const expected: Record<string, string> = {
    'demo-results': '/results/shrt?utm_source=sms',
    'demo-femme': '/f/hormone-assessment/fha1',
    'demo-survey': '/member-satisfaction?survey=1',
    'demo-video': 'https://video.peakhealth.example/room/demo',
    'demo-evil': 'javascript:alert(1)',
    'demo-offsite': 'https://evil.example/phish',
    'demo-protocol-relative': '//evil.example',
    'demo-backslash': '/\\evil.example',
    'demo-credentials': 'https://user@evil.example/',
  };
  for (const [hash, url] of Object.entries(expected)) {
    expect(await get(`/memoForm/resolveURL?hash=${hash}`)).toMatchObject({ status: 200, json: { data: { url } } });
  }
  const unknown = await get('/memoForm/resolveURL?hash=nothing-here');
  expect(unknown).toMatchObject({ status: 404, json: { status: 404, message: 'short url hash not found' } });
});

test('saveLead replaces an earlier save and keeps scores it is not sent; getAnswers is per form', async () => {
  const landingId = 'UmVzYXZlcmFsZXhAZXhhbXBsZS5jb20yMDI0LTA5LTAxTUlQ';
  await saveLead(server, landingId);
  const again = await post('/memoForm/saveLead', { lead: leadJson(landingId, { firstName: 'Alexa' }), landingId });
  expect(again.status).toBe(200);
  expect(dataOf(await get(`/memoForm/getLead?landing_id=${landingId}`))).toMatchObject({
    firstName: 'Alexa',
    scores: { symptoms: 14 },
  });
  expect(countRows(server.db, 'leads', 'landing_id = ?', landingId)).toBe(1);
  expect((await get(`/memoForm/answers?landing_id=${landingId}&formId=MIP`)).status).toBe(200);
  expect((await get(`/memoForm/answers?landing_id=${landingId}&formId=MIP-H2`)).status).toBe(404);
  expect((await get('/memoForm/getLead?landing_id=Tm9ib2R5')).status).toBe(404);
  expect(
    dataOf(await post('/memoForm/checkLandingId', { landing_id: landingId, pathCode: 'shrt', formId: 'MIP' })),
  ).toEqual({
    landing_id: landingId,
    exists: true,
  });
});

test('a lead whose decoded shape is wrong is refused field by field, and nothing is saved', async () => {
  const lead = JSON.parse(leadJson('QmFkbGVhZA')) as Record<string, unknown>;
  delete lead.email;
  const reply = await post('/memoForm/saveLead', {
    lead: JSON.stringify({ ...lead, phone: '1235550100' }),
    landingId: 'QmFkbGVhZA',
  });
  expect(reply.status).toBe(400);
  const fields = (reply.json as { details: { field: string }[] }).details.map((detail) => detail.field);
  expect(fields).toEqual(expect.arrayContaining(['/body/lead/email', '/body/lead/phone']));
  const scores = await post('/memoForm/saveLead', {
    lead: leadJson('QmFkbGVhZA'),
    scores: '{"symptoms":"high"}',
    landingId: 'QmFkbGVhZA',
  });
  expect(scores.json).toMatchObject({ status: 400, details: [{ field: '/body/scores/symptoms' }] });
  expect(countRows(server.db, 'leads', 'landing_id = ?', 'QmFkbGVhZA')).toBe(0);
});

test('a lead whose birth date is more than 110 years ago or in the future is a 400 saying which, and nothing is saved', async () => {
  const landingId = 'T2xkZXN0bGVhZEBleGFtcGxlLmNvbQ';
  const withBirthdate = (birthdate: string) => {
    const lead = JSON.parse(leadJson(landingId)) as { answers: { ref: string; value: string[] }[] };
    const answers = lead.answers.map((answer) =>
      answer.ref === 'birthdate' ? { ...answer, value: [birthdate] } : answer,
    );
    return JSON.stringify({ ...lead, answers });
  };
  const old = await post('/memoForm/saveLead', { lead: withBirthdate('1900-04-27'), landingId });
  expect(old.status).toBe(400);
  expect(old.json).toMatchObject({
    status: 400,
    details: [
      {
        field: '/body/lead/answers/0/value/0',
        message: expect.stringMatching(
          /^Check the year: a date of birth more than 110 years ago \(before \d{2}\/\d{2}\/\d{4}\) is not possible\.$/,
        ) as string,
      },
    ],
  });
  const future = await post('/memoForm/saveLead', { lead: withBirthdate('2999-01-01'), landingId });
  expect(future.json).toMatchObject({
    status: 400,
    details: [{ field: '/body/lead/answers/0/value/0', message: 'Your date of birth cannot be in the future.' }],
  });
  expect(countRows(server.db, 'leads', 'landing_id = ?', landingId)).toBe(0);
  // The clinic's check gives no verdict on such a date either.
  expect((await post('/memoForm/checkCustQualifications', { lead: withBirthdate('1900-04-27') })).status).toBe(400);

  // Under 18 is no bad request: the lead is kept, and the clinic's rule counts it against treatment.
  const minor = `${String(new Date().getUTCFullYear() - 16)}-01-01`;
  expect((await post('/memoForm/saveLead', { lead: withBirthdate(minor), landingId })).status).toBe(200);
  expect(countRows(server.db, 'leads', 'landing_id = ?', landingId)).toBe(1);
  expect(dataOf(await post('/memoForm/checkCustQualifications', { lead: withBirthdate(minor) }))).toEqual({
    qualified: false,
    reasons: ['Treatment is available from age 18.'],
  });
});

test('qualification: under 18 or a disqualifying answer is a no, with reasons', async () => {
  const withAnswers = (answers: object[]) => {
    const lead = JSON.parse(leadJson(JANE_LANDING_ID)) as Record<string, unknown>;
    return post('/memoForm/checkCustQualifications', { lead: JSON.stringify({ ...lead, answers }) });
  };
  expect(dataOf(await withAnswers([]))).toEqual({ qualified: true, reasons: [] });
  const young = new Date().getUTCFullYear() - 16;
  const no = dataOf(
    await withAnswers([
      { ref: 'birthdate', type: 'date', value: [`${young}-01-01`], questionId: 'q-birthdate' },
      { ref: 'hormone-cancer', type: 'yes-no', value: ['yes'], questionId: 'q-cancer' },
    ]),
  ) as { qualified: boolean; reasons: string[] };
  expect(no.qualified).toBe(false);
  expect(no.reasons).toHaveLength(2);
});

test('question pages: in the order asked, valid against the contract, using every question type', async () => {
  const reply = await get('/memoForm/pageQuestions?formId=MIP&pageIds=3,1');
  expect((dataOf(reply) as { pages: { id: string }[] }).pages.map((page) => page.id)).toEqual(['3', '1']);
  expect((await get('/memoForm/pageQuestions?formId=MIP&pageIds=1,9')).status).toBe(404);
  expect((await get('/memoForm/pageQuestions?formId=NOPE&pageIds=1')).status).toBe(404);

  const pageSchema = validator.component('QuestionPage');
  const types = new Set<string>();
  for (const [formId, pageIds] of [
    ['MIP', '1,2,3,4'],
    ['MIP-H2', '1,2,3'],
  ] as const) {
    const { pages } = dataOf(await get(`/memoForm/pageQuestions?formId=${formId}&pageIds=${pageIds}`)) as {
      pages: { questions: { type: string }[] }[];
    };
    for (const page of pages) {
      expect(pageSchema(page), JSON.stringify(pageSchema.errors)).toBe(true);
      for (const question of page.questions) types.add(question.type);
    }
  }
  const questionType = doc.components.schemas.QuestionType as { enum: string[] };
  expect([...types].sort()).toEqual([...questionType.enum].sort());
});

test('identity checks follow the state rules of SPEC §5 and never echo identity data', async () => {
  const check = (customer: object, operation = 'checkIdentity') =>
    server.call({
      method: 'POST',
      url: `/api/idVerification/${operation}`,
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ customer: JSON.stringify(customer) }).toString(),
    });
  const person = { firstName: 'Alex', lastName: 'Rivera', birthdate: '1980-02-29' };
  expect(dataOf(await check({ ...person, state: 'TX' }))).toMatchObject({ status: 'verified', verified: true });
  expect(
    dataOf(await check({ ...person, state: 'AL', idType: 'drivers-license', idNumber: 'A1234567' })),
  ).toMatchObject({
    status: 'verified',
  });
  expect(dataOf(await check({ ...person, state: 'AL' }, 'identityCheck'))).toMatchObject({
    status: 'review',
    verified: false,
  });
  expect(
    dataOf(await check({ ...person, state: 'KY', idType: 'drivers-license', idNumber: 'K1234567' })),
  ).toMatchObject({
    status: 'review',
  });
  expect(
    dataOf(
      await check({ ...person, state: 'KY', idType: 'drivers-license', idNumber: 'K1234567', ssn: '123-45-6789' }),
    ),
  ).toMatchObject({ status: 'verified' });
  const minor = `${new Date().getUTCFullYear() - 15}-03-01`;
  expect(dataOf(await check({ ...person, birthdate: minor, state: 'TX' }))).toMatchObject({ status: 'failed' });

  const dropped = await check({ ...person, state: 'TX', idNumber: 'X1', ssn: '123-45-6789' });
  expect(dropped.status).toBe(400);
  const fields = (dropped.json as { details: { field: string }[] }).details.map((detail) => detail.field);
  expect(fields).toEqual(expect.arrayContaining(['/body/customer/idNumber', '/body/customer/ssn']));
  const future = await check({ ...person, birthdate: '2999-01-01', state: 'TX' });
  expect(future.json).toMatchObject({ status: 400, details: [{ field: '/body/customer/birthdate' }] });
  const checks = countRows(server.db, 'identity_checks', "last_name = 'Rivera'");
  const old = await check({ ...person, birthdate: '1900-04-27', state: 'TX' });
  expect(old.json).toMatchObject({
    status: 400,
    details: [
      { field: '/body/customer/birthdate', message: expect.stringContaining('more than 110 years ago') as string },
    ],
  });
  expect(countRows(server.db, 'identity_checks', "last_name = 'Rivera'")).toBe(checks);
  const row = server.db.prepare("SELECT * FROM identity_checks WHERE state = 'KY' AND ssn_given = 1").get();
  expect(JSON.stringify(row)).not.toContain('123-45-6789');
  expect(row).toMatchObject({ id_number_last4: '4567' });
});

test('billing: a card number that fails its checksum or has expired is a 400 on its field', async () => {
  const billing = (card: object) =>
    post('/mipH2/billingInfo/save', {
      landingId: JANE_LANDING_ID,
      customer: JSON.stringify({
        firstName: 'Jane',
        lastName: 'Doe',
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        ...card,
      }),
    });
  const luhn = await billing({ cardNumber: '4242424242424241', expMonth: 1, expYear: 2099, cvc: '123' });
  expect(luhn.json).toMatchObject({ status: 400, details: [{ field: '/body/customer/cardNumber' }] });
  const expired = await billing({ cardNumber: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' });
  expect(expired.json).toMatchObject({ status: 400, details: [{ field: '/body/customer/expYear' }] });
  const both = await billing({
    paymentToken: 'tok_visa',
    cardNumber: '4242424242424242',
    expMonth: 1,
    expYear: 2099,
    cvc: '123',
  });
  expect(both.status).toBe(400);
  const saved = await billing({ cardNumber: '5555555555554444', expMonth: 1, expYear: 2099, cvc: '123' });
  expect(dataOf(saved)).toMatchObject({ last4: '4444', cardBrand: 'mastercard', expMonth: 1, expYear: 2099 });
  expect(JSON.stringify(saved.json)).not.toContain('5555555555554444');
});

test('appointments are marked made from the portal or the flow, each a status update', async () => {
  // Seeded appointments were booked by no browser: the member portal and the clinic's tools
  // confirm them with the staff credential.
  const portal = await server.call({
    method: 'PUT',
    url: '/api/calendly/appointmentMade',
    headers: STAFF,
    payload: { appointmentId: 'apt_9XkP2v' },
  });
  expect(dataOf(portal)).toMatchObject({ status: 'made', madeFrom: 'portal' });
  const flow = await server.call({
    method: 'PUT',
    url: '/api/calendly/appointmentMadeFromFlow',
    headers: STAFF,
    payload: { appointmentId: 'apt_demo_flow' },
  });
  expect(dataOf(flow)).toMatchObject({ status: 'made', madeFrom: 'flow' });
  expect(dataOf(await get('/calendly/getAppointment?appointmentId=apt_demo_flow', STAFF))).toMatchObject({
    madeFrom: 'flow',
  });
  expect(
    countRows(
      server.db,
      'status_updates',
      "kind = 'appointment-made' AND source = 'portal' AND appointment_id = 'apt_9XkP2v'",
    ),
  ).toBe(1);
  expect(
    countRows(
      server.db,
      'status_updates',
      "kind = 'appointment-made' AND source = 'flow' AND appointment_id = 'apt_demo_flow'",
    ),
  ).toBe(1);
  const unknown = await server.call({
    method: 'PUT',
    url: '/api/calendly/appointmentMade',
    payload: { appointmentId: 'apt_none' },
  });
  expect(unknown.status).toBe(404);
});

test('available dates: the clinic calendar’s horizon from today, weekdays only, no holiday, future slots, booked ones left out', async () => {
  const before = dataOf(await get('/calendly/availableDates/hrt-consult')) as {
    dates: { date: string; slots: { startTime: string }[] }[];
  };
  expect(before.dates.length).toBeGreaterThanOrEqual(14);
  const today = new Date();
  const last = new Date(today.getTime() + schedulingHorizonDays() * 24 * 3600 * 1000).toISOString().slice(0, 10);
  for (const day of before.dates) {
    expect(day.date <= last).toBe(true);
    expect(holidayOn(day.date), day.date).toBeNull();
    expect([0, 6]).not.toContain(new Date(`${day.date}T12:00:00Z`).getUTCDay());
    for (const slot of day.slots) expect(new Date(slot.startTime).getTime()).toBeGreaterThan(today.getTime());
  }
  const taken = before.dates[1]?.slots[0]?.startTime ?? '';
  server.db
    .prepare(
      "INSERT INTO appointments (id, event_type_id, start_time, status, updated_at) VALUES ('apt_taken', 'hrt-consult', ?, 'scheduled', ?)",
    )
    .run(taken, today.toISOString());
  const after = dataOf(await get('/calendly/availableDates/hrt-consult')) as {
    dates: { slots: { startTime: string }[] }[];
  };
  expect(after.dates.flatMap((day) => day.slots.map((slot) => slot.startTime))).not.toContain(taken);
  expect((await get('/calendly/availableDates/no-such-type')).status).toBe(404);
});

test('status updates: CED, CHRT and FCHRT are recorded, and checkLinkCHRT sees the link from both sides', async () => {
  await saveLead(server, SECOND_LANDING_ID);
  expect(dataOf(await post('/memoForm/updateCEDStatus', { landing_id: JANE_LANDING_ID }))).toMatchObject({
    status: 'CED',
  });
  expect(dataOf(await post('/memoForm/checkLinkCHRT', { landing_id: SECOND_LANDING_ID }))).toEqual({
    landing_id: SECOND_LANDING_ID,
    linked: false,
  });
  await post('/memoForm/updateCHRTStatus', { landing_id: SECOND_LANDING_ID, leadLandingId: JANE_LANDING_ID });
  expect(dataOf(await post('/memoForm/checkLinkCHRT', { landing_id: SECOND_LANDING_ID }))).toMatchObject({
    linked: true,
    leadLandingId: JANE_LANDING_ID,
  });
  expect(dataOf(await post('/memoForm/checkLinkCHRT', { landing_id: JANE_LANDING_ID }))).toMatchObject({
    linked: true,
    leadLandingId: SECOND_LANDING_ID,
  });
  expect(
    (await post('/memoForm/updateFCHRTStatus', { landing_id: 'Tm9uZQ', leadLandingId: JANE_LANDING_ID })).status,
  ).toBe(404);
});

test('restart of HRT is a status update with isRestart; the continuous form is kept per restart flag', async () => {
  await returnAsCustomer(server.call, '100235');
  await post('/memoForm/restartHRT', { ktCustomerId: '100235', landingId: JANE_LANDING_ID });
  expect(
    countRows(server.db, 'status_updates', "kind = 'restart' AND is_restart = 1 AND kt_customer_id = '100235'"),
  ).toBe(1);
  await post('/memoForm/updateKtOrderContinuous?ktCustomerId=100235&medicationEffectiveness=effective&isRestart=true', {
    dose: 'same',
  });
  expect((await get('/memoForm/getKtOrderContinuous?ktCustomerId=100235&isRestart=false')).status).toBe(404);
  expect(dataOf(await get('/memoForm/getKtOrderContinuous?ktCustomerId=100235&isRestart=true'))).toMatchObject({
    isRestart: true,
    details: { dose: 'same' },
  });
});

test('customer lookups echo neither the email nor the phone, and respect the site audience', async () => {
  const email = await get('/memoForm/userEmailMF?email=JANE.DOE%40example.com', AUTH);
  expect(email.json).toEqual({ data: { exists: true, customerId: '100234' } });
  expect((await get('/memoForm/userPhoneMF?phone=2025550143&gender=female', AUTH)).json).toEqual({
    data: { exists: true, customerId: '100234' },
  });
  expect((await get('/memoForm/userPhoneMF?phone=2025550143&gender=male', AUTH)).json).toEqual({
    data: { exists: false },
  });
});

test('a referral to the same friend twice is one referral', async () => {
  await returnAsCustomer(server.call, '100236');
  const refer = () =>
    post(
      '/memoForm/referral/',
      { referrerCustomerId: '100236', friendEmail: 'pat@example.com', friendFirstName: 'Pat' },
      AUTH,
    );
  const first = await refer();
  const second = await refer();
  expect(first.status).toBe(201);
  expect(second.json).toEqual(first.json);
  expect((dataOf(await get('/memoForm/referral/100236', AUTH)) as { referrals: unknown[] }).referrals).toHaveLength(1);
});

test('microclinics nearest first, none far away', async () => {
  const near = dataOf(await get('/mipH2/microClinic?lat=30.27&lng=-97.74')) as {
    locations: { id: string; distanceMiles: number }[];
  };
  expect(near.locations[0]?.id).toBe('mc_austin_1');
  const distances = near.locations.map((location) => location.distanceMiles);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  expect(dataOf(await get('/mipH2/microClinic?lat=64.2&lng=-149.5'))).toEqual({ locations: [] });
});

test('terms of service: the latest without a version, a version by name, 404 for another', async () => {
  expect(dataOf(await get('/memoForm/termsOfService'))).toMatchObject({ version: '2' });
  expect(dataOf(await get('/memoForm/termsOfService?version=1'))).toMatchObject({ version: '1' });
  expect((await get('/memoForm/termsOfService?version=9')).status).toBe(404);
});

test('every state and DC has encounter types', async () => {
  const states = (doc.components.schemas.UsState as { enum: string[] }).enum;
  expect(states).toHaveLength(51);
  for (const state of states) {
    expect((await get(`/memoForm/stateEncounterTypes/${state}`)).status, state).toBe(200);
  }
});
