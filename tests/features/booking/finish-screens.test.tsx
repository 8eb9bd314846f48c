import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { AfterFinish, RouteConfig } from '../../../src/engine/config-types.ts';
import FinishScreen from '../../../src/features/booking/finish-screen.tsx';
import ThankYouScreen from '../../../src/features/booking/thank-you-screen.tsx';
import { useApiServer } from '../../api/msw.ts';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep } from '../../support/fake-step.ts';

useApiServer();

const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

const routes = loadConfig().routes.routes;
const finishRoute: RouteConfig = must(routes.find((route) => route.path === '/finish/:pathCode'));
const femaleFinishRoute: RouteConfig = must(routes.find((route) => route.path === '/f/finish/:pathCode'));
const thankYouRoute: RouteConfig = must(routes.find((route) => route.screen === 'thank-you'));

/** A value the patient typed, which none of these pages may show. */
const TYPED = 'Zebulonqx';

function journey(change: Partial<JourneyState> = {}): JourneyState {
  return {
    version: 3,
    landedAt: '2030-03-01T12:00:00.000Z',
    answers: { firstName: [TYPED], symptoms: [`${TYPED} fatigue`] },
    pages: {},
    completed: [],
    records: {},
    ...change,
  };
}

function fakeStep(canNext: boolean, afterFinish: AfterFinish = 'consult'): FakeStep {
  return fakeFunnelStep({
    index: 1,
    total: 4,
    laterScreens: [],
    afterFinish,
    liveVisitLater: true,
    canNext,
    canBack: true,
  });
}

/** The items of the list under a heading, as the patient reads them. */
function itemsUnder(name: string): string[] {
  const region = screen.getByRole('region', { name });
  return within(region)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

test('finish: a panel with the outcome and the reference, the consult as a card with its file, what is done, what comes next', async () => {
  const calls = memoryJourneyCalls({
    shrt: journey({
      completed: ['MIP', 'payment', 'MIP-H2', 'appointment', 'appointment.4', 'some-internal-part'],
      records: {
        'payment.orderId': 'ord_7K2M9QXH',
        'booking.appointmentId.4': 'bk_hrt-consult_31697370_AbCdEfGhIj',
        'booking.appointmentStart.4': '2030-03-04T15:30:00.000Z',
        'booking.appointmentEnd.4': '2030-03-04T16:00:00.000Z',
      },
    }),
  });
  renderWithProviders(<FinishScreen route={finishRoute} params={{}} code="shrt" step={fakeStep(false)} />, {
    journeyCalls: calls,
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'All Set' })).toBeInTheDocument();
  expect(screen.getByText('Your consult is booked.')).toBeInTheDocument();
  expect(screen.getByText('7K2M 9QXH')).toBeInTheDocument();
  const card = screen.getByRole('region', { name: 'Your consult' });
  expect(within(card).getByRole('heading', { level: 3, name: 'Monday, March 4, 2030' })).toBeInTheDocument();
  expect(within(card).getByText('10:30 AM to 11:00 AM Eastern Standard Time')).toBeInTheDocument();
  expect(within(card).getByText('Video consult with a licensed clinician')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', 'consult.ics');
  expect(itemsUnder('What you have done')).toEqual([
    'Your hormone assessment',
    'Your payment',
    'Your intake questionnaire',
  ]);
  expect(itemsUnder('What happens next')[0]).toBe(
    'Join your video consult on Monday, March 4, 2030 at 10:30 AM Eastern Standard Time. The link to join comes by email and text message.',
  );
  expect(screen.getByRole('link', { name: 'member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakmens.example',
  );
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:8885550142');
  expect(screen.getByText(/Mon-Sun: 8am-8pm \(EST\)/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  expect(document.body.textContent).not.toContain(TYPED);
});

test('finish after the call-centre payment: no consult yet, so the care team will call to book it; women’s brand details', async () => {
  const calls = memoryJourneyCalls({ fha1: journey({ completed: ['payment'] }) });
  renderWithProviders(<FinishScreen route={femaleFinishRoute} params={{}} code="fha1" step={fakeStep(false)} />, {
    brand: 'female',
    journeyCalls: calls,
  });
  expect(
    await screen.findByText('Our care team will call you to book your video consult with a licensed clinician.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Your order is in.')).toBeInTheDocument();
  expect(itemsUnder('What you have done')).toEqual(['Your payment']);
  expect(screen.queryByRole('region', { name: 'Your consult' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: '(888) 555-0187' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakfemme.example',
  );
});

test('finish of a refill (a2-renewal): the refill is reviewed, and no consult is promised', async () => {
  const calls = memoryJourneyCalls({ 'a2-renewal': journey({ completed: ['MIP-H2', 'CONT'] }) });
  renderWithProviders(
    <FinishScreen route={finishRoute} params={{}} code="a2-renewal" step={fakeStep(false, 'refill-review')} />,
    { journeyCalls: calls },
  );
  expect(await screen.findByText('Your refill request is in.')).toBeInTheDocument();
  expect(itemsUnder('What you have done')).toEqual(['Your intake questionnaire', 'Your refill request']);
  expect(itemsUnder('What happens next')[0]).toMatch(
    /^Your clinician reviews your refill request\. A refill needs no consult/,
  );
  expect(document.body.textContent).not.toMatch(/video consult|book your consult/i);
  expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
});

test('finish of a funnel without booking (the ED checkout): the answers are reviewed, and no consult card', async () => {
  const calls = memoryJourneyCalls({
    dailytada: journey({
      completed: ['MIP-H2', 'payment'],
      records: { 'payment.orderId': 'ord_ABCD1234', 'booking.appointmentId': 'bk_ed-consult_31697370_AbCdEfGhIj' },
    }),
  });
  renderWithProviders(
    <FinishScreen route={finishRoute} params={{}} code="dailytada" step={fakeStep(false, 'review')} />,
    { journeyCalls: calls },
  );
  expect(await screen.findByText('Your order is in.')).toBeInTheDocument();
  expect(itemsUnder('What happens next')[0]).toBe(
    'A licensed clinician reviews your answers. If they need to know more, our care team will contact you.',
  );
  expect(screen.queryByRole('region', { name: 'Your consult' })).not.toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/video consult/i);
});

test('thank-you: thanks, and a card for each consult when the journey has two', async () => {
  const calls = memoryJourneyCalls({
    microbh: journey({
      completed: ['payment', 'appointment', 'appointment.1', 'MIP', 'MIP-H2', 'appointment.4'],
      records: {
        'booking.appointmentId.1': 'bk_hrt-consult_31697370_AbCdEfGhIj',
        'booking.appointmentStart.1': '2030-03-04T15:30:00.000Z',
        'booking.appointmentId.4': 'bk_hrt-consult_31697371_AbCdEfGhIj',
        'booking.appointmentStart.4': '2030-03-11T14:00:00.000Z',
      },
    }),
  });
  renderWithProviders(<ThankYouScreen route={thankYouRoute} params={{}} code="microbh" step={fakeStep(false)} />, {
    journeyCalls: calls,
  });
  expect(await screen.findByText(/Thank you for choosing Peak Men's Health/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Thank You' })).toBeInTheDocument();
  expect(screen.getByText('Your consults are booked.')).toBeInTheDocument();
  const cards = screen.getByRole('region', { name: 'Your consults' });
  expect(within(cards).getByText('Your follow-up consult')).toBeInTheDocument();
  expect(within(cards).getByRole('heading', { level: 3, name: 'Monday, March 11, 2030' })).toBeInTheDocument();
  expect(within(cards).getByText('10:00 AM Eastern Daylight Time')).toBeInTheDocument();
  expect(within(cards).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', 'consults.ics');
  expect(document.body.textContent).not.toContain(TYPED);
});
