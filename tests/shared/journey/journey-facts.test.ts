import { expect, test } from 'vitest';
import { FORM_IDS } from '../../../src/contract/form-ids.ts';
import { factsOfJourney } from '../../../src/shared/journey/journey-facts.ts';
import { PAYMENT_RECORDS } from '../../../src/shared/journey/paid-order.ts';
import { journeyState } from '../../support/journey.ts';

/** How the patient's journey proves each fact a step can require (issue 37): one proof each. */

const TODAY = new Date('2030-03-01T12:00:00Z');
const LANDING_ID = 'Um9lfHJvZUBleGFtcGxlLmNvbXwyMDMwLTAzLTAxfE1JUA';

test('a new journey holds nothing', () => {
  expect(factsOfJourney(journeyState(), FORM_IDS, TODAY)).toEqual([]);
});

test('a finished assessment with a lead and no contraindication holds the contact, the answers and the clearance', () => {
  const state = journeyState({
    landingId: LANDING_ID,
    completed: [FORM_IDS.assessment],
    answers: { 'hormone-cancer': ['no'], 'blood-clot': ['#no'], birthdate: ['04/27/1980'] },
  });
  expect(factsOfJourney(state, FORM_IDS, TODAY)).toEqual([
    'contact-known',
    'assessment-answered',
    'no-contraindication',
  ]);
});

test('a yes to a disqualifying question, however the choice is spelt, or an age under 18 holds no clearance', () => {
  const answered = (answers: Record<string, string[]>) =>
    factsOfJourney(journeyState({ landingId: LANDING_ID, completed: [FORM_IDS.assessment], answers }), FORM_IDS, TODAY);
  expect(answered({ 'hormone-cancer': ['Yes'] })).not.toContain('no-contraindication');
  expect(answered({ 'blood-clot': ['#yes'] })).not.toContain('no-contraindication');
  expect(answered({ pregnancy: [' yes '] })).not.toContain('no-contraindication');
  expect(answered({ birthdate: ['04/27/2015'] })).not.toContain('no-contraindication');
  expect(answered({ birthdate: ['04/27/1990'] })).toContain('no-contraindication');
});

test('an unfinished assessment clears nothing, whatever its answers so far', () => {
  const state = journeyState({ answers: { 'hormone-cancer': ['no'] } });
  expect(factsOfJourney(state, FORM_IDS, TODAY)).toEqual([]);
});

test('an order, a finished intake and a booked consult are each proved by what the journey keeps of them', () => {
  const state = journeyState({
    landingId: LANDING_ID,
    records: { [PAYMENT_RECORDS.orderId]: 'ord_1234' },
    completed: [FORM_IDS.intake, 'appointment'],
  });
  expect(factsOfJourney(state, FORM_IDS, TODAY)).toEqual(['contact-known', 'paid', 'intake-done', 'consult-booked']);
});
