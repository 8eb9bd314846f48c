import { expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import { decodeLandingId, makeLandingId } from '../../../src/domain/landing-id.ts';
import type { JourneyHandle } from '../../../src/shared/journey/journey-context.tsx';
import { saveJourneyLead } from '../../../src/shared/journey/lead.ts';
import { countRows, useClientServer } from '../../server/test-server.ts';
import { MIP_PAGES } from '../../support/mip-pages.ts';

/**
 * A landing id is built from the last name, the email and the day (SPEC §3), so the same
 * patient taking the assessment on a phone and then a laptop on one day builds the same id
 * twice. The server keeps a lead with the browser that saved it (409 to any other); the
 * second browser's answers must still be saved, under an id of its own, and the first lead
 * must stay as it was. Against the real local server, each browser with its own cookie.
 */
const server = useClientServer();

const LANDED_AT = '2026-11-26T09:00:00.000Z';

function answersOf(energy: string): JourneyState['answers'] {
  return {
    birthdate: ['1980-02-29'],
    state: ['TX'],
    weight: ['180'],
    'energy-level': [energy],
    symptoms: ['fatigue'],
    'symptom-duration': ['over-1-year'],
    'hormone-cancer': ['no'],
    'blood-clot': ['no'],
    medications: [''],
    firstName: ['Avery'],
    lastName: ['Two-Devices'],
    email: ['avery.two@example.com'],
    phone: ['(212) 555-0187'],
  };
}

function journeyOf(answers: JourneyState['answers']): JourneyHandle & { state: JourneyState } {
  const handle: JourneyHandle & { state: JourneyState } = {
    status: 'ready',
    state: { version: 3, landedAt: LANDED_AT, answers, pages: { MIP: 3 }, completed: [], records: {} },
    update: () => undefined,
    save: (change) => {
      if (change) handle.state = change(handle.state);
      return Promise.resolve();
    },
  };
  return handle;
}

function save(journey: JourneyHandle) {
  return saveJourneyLead({ journey, pages: MIP_PAGES, pathCode: 'shrt', formId: 'MIP', linkLandingId: '' });
}

function energyOf(landingId: string): unknown {
  const row = server().db.prepare('SELECT answers_json FROM leads WHERE landing_id = ?').get(landingId) as
    { answers_json: string } | undefined;
  const answers = JSON.parse(row?.answers_json ?? '[]') as { ref: string; value: string[] }[];
  return answers.find((answer) => answer.ref === 'energy-level')?.value;
}

test('the same patient on a second device the same day gets a lead of their own; the first stays as it was', async () => {
  const phone = journeyOf(answersOf('Low'));
  const first = await save(phone);
  expect(first).toBe(
    makeLandingId({ lastName: 'Two-Devices', email: 'avery.two@example.com', landedAt: LANDED_AT, formId: 'MIP' }),
  );

  server.newBrowser();
  const laptop = journeyOf(answersOf('High'));
  const second = await save(laptop);

  expect(second).not.toBe(first);
  expect(decodeLandingId(second)).toMatchObject({
    lastName: 'Two-Devices',
    formId: 'MIP',
    suffix: expect.stringMatching(/^[a-z0-9]{8}$/) as string,
  });
  expect(laptop.state.landingId).toBe(second);
  expect(energyOf(first)).toEqual(['Low']);
  expect(energyOf(second)).toEqual(['High']);
  expect(countRows(server().db, 'leads', 'landing_id IN (?, ?)', first, second)).toBe(2);
});
