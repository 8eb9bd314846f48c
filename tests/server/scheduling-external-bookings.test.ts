import { rmSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { databaseFile, openDatabase } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { seedDemoData } from '../../src/server/seed.ts';
import { SERVER_HANDLERS, serverRoutes } from '../../src/server/server-routes.ts';
import { LOCAL_SERVICES, type ServiceSettings } from '../../src/contract/service-settings.ts';
import { countRows, leadJson, tempDataDir, TEST_TOKEN } from './test-server.ts';

const LANDING_ID = 'U2NoZWR1bGluZ3BhdGllbnRAZXhhbXBsZS5jb20yMDI2LTEyLTAyTUlQ';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A local server whose deployment books through the given scheduling provider. */
async function serverBooking(scheduling: ServiceSettings['scheduling']) {
  const dataDir = tempDataDir();
  const db = openDatabase(databaseFile(dataDir), MIGRATIONS);
  seedDemoData(db);
  const app = buildApp({
    db,
    routes: serverRoutes(),
    handlers: SERVER_HANDLERS,
    clientToken: TEST_TOKEN,
    staffToken: 'test-staff-token-0123456789',
    linkSecret: 'test-link-secret-0123456789',
    logLevel: false,
    services: { page: { ...LOCAL_SERVICES, scheduling }, acceptLocalBotTokens: true },
  });
  await app.ready();
  closers.push(async () => {
    await app.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // One patient's browser: the session cookie its lead and bookings get is sent back after.
  let cookie: string | undefined;
  const send = async (method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) => {
    const response = await app.inject({
      method,
      url,
      payload,
      ...(cookie === undefined ? {} : { headers: { cookie } }),
    });
    // The session cookie comes first (over http, before the end of the one on /api).
    const setCookie = response.headers['set-cookie'];
    const session = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (session !== undefined) cookie = session.split(';', 1)[0];
    return { status: response.statusCode, json: JSON.parse(response.body) as { data?: Record<string, unknown> } };
  };
  const put = (path: string, appointmentId: string) => send('PUT', `/api/calendly/${path}`, { appointmentId });
  // The patient the clinic can reach: a booking from the funnel needs one (docs/security.md).
  const saveLead = async () => {
    const saved = await send('POST', '/api/memoForm/saveLead', { lead: leadJson(LANDING_ID), landingId: LANDING_ID });
    expect(saved.status).toBe(200);
  };
  const get = (url: string) =>
    app.inject({ method: 'GET', url, ...(cookie === undefined ? {} : { headers: { cookie } }) });
  return { db, app, put, get, saveLead };
}

test('with the scheduling service, an appointment it booked is recorded from the flow, once', async () => {
  const server = await serverBooking({ provider: 'calendly', baseUrl: 'http://localhost:4377/calendly/clinic' });
  await server.saveLead();

  const first = await server.put('appointmentMadeFromFlow', 'fake-7Q2ZK9M4X1B8C3D5');
  expect(first.status).toBe(200);
  // Recorded for the patient's lead: the clinic knows whom to send the link to join.
  expect(countRows(server.db, 'appointments', 'id = ? AND landing_id = ?', 'fake-7Q2ZK9M4X1B8C3D5', LANDING_ID)).toBe(
    1,
  );
  expect(first.json.data).toMatchObject({ appointmentId: 'fake-7Q2ZK9M4X1B8C3D5', status: 'made', madeFrom: 'flow' });
  expect(first.json.data).not.toHaveProperty('startTime');
  const again = await server.put('appointmentMadeFromFlow', 'fake-7Q2ZK9M4X1B8C3D5');
  expect(again.status).toBe(200);
  expect(countRows(server.db, 'appointments', 'id = ?', 'fake-7Q2ZK9M4X1B8C3D5')).toBe(1);

  const looked = await server.get('/api/calendly/getAppointment?appointmentId=fake-7Q2ZK9M4X1B8C3D5');
  expect(looked.statusCode).toBe(200);
  // Another browser that knows the id learns nothing from it.
  const stranger = await server.app.inject({
    method: 'GET',
    url: '/api/calendly/getAppointment?appointmentId=fake-7Q2ZK9M4X1B8C3D5',
  });
  expect(stranger.statusCode).toBe(404);
});

test('the portal cannot confirm an appointment nobody booked, with or without the service', async () => {
  const server = await serverBooking({ provider: 'calendly', baseUrl: 'http://localhost:4377/calendly/clinic' });
  expect((await server.put('appointmentMade', 'fake-NOBODYBOOKEDIT')).status).toBe(404);
  expect(countRows(server.db, 'appointments', 'id = ?', 'fake-NOBODYBOOKEDIT')).toBe(0);
});

test('with the local calendar, an id that is neither known nor a free slot is still refused', async () => {
  const server = await serverBooking({ provider: 'local' });
  await server.saveLead();
  expect((await server.put('appointmentMadeFromFlow', 'fake-7Q2ZK9M4X1B8C3D5')).status).toBe(404);
  expect(countRows(server.db, 'appointments', 'id = ?', 'fake-7Q2ZK9M4X1B8C3D5')).toBe(0);
});
