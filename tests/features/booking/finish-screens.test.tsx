import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
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
    version: 2,
    landedAt: '2030-03-01T12:00:00.000Z',
    answers: { firstName: [TYPED], symptoms: [`${TYPED} fatigue`] },
    pages: {},
    completed: [],
    records: {},
    ...change,
  };
}

function fakeStep(canNext: boolean): FakeStep {
  return fakeFunnelStep({
    index: 1,
    total: 4,
    laterScreens: [],
    canNext,
    canBack: true,
  });
}

test('finish: what is done from the journey, the consult time, what comes next, the portal and the support line', async () => {
  const calls = memoryJourneyCalls({
    shrt: journey({
      completed: ['MIP', 'payment', 'MIP-H2', 'appointment', 'appointment.4', 'some-internal-part'],
      records: {
        'booking.appointmentId.4': 'bk_hrt-consult_31697370_AbCdEfGhIj',
        'booking.appointmentStart.4': '2030-03-04T15:30:00.000Z',
      },
    }),
  });
  renderWithProviders(<FinishScreen route={finishRoute} params={{}} code="shrt" step={fakeStep(false)} />, {
    journeyCalls: calls,
  });

  expect(await screen.findByRole('heading', { level: 2, name: 'What you have done' })).toBeInTheDocument();
  const done = within(must(screen.getAllByRole('list')[0]));
  expect(done.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Your hormone assessment',
    'Your payment',
    'Your intake questionnaire',
    'Your consult, booked for Monday, March 4, 2030 at 10:30 AM Eastern Standard Time',
  ]);
  expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
  expect(
    screen.getByText(/Join your video consult on Monday, March 4, 2030 at 10:30 AM Eastern Standard Time\./),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakmens.example',
  );
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:8885550142');
  expect(screen.getByText(/Mon-Sun: 8am-8pm \(EST\)/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  expect(document.body.textContent).not.toContain(TYPED);
});

test('finish after the call-centre payment: no consult yet, so the care team will book it; women’s brand details', async () => {
  const calls = memoryJourneyCalls({ fha1: journey({ completed: ['payment'] }) });
  renderWithProviders(<FinishScreen route={femaleFinishRoute} params={{}} code="fha1" step={fakeStep(false)} />, {
    brand: 'female',
    journeyCalls: calls,
  });
  expect(
    await screen.findByText('Our care team will contact you to book your video consult with a licensed clinician.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Your payment')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '(888) 555-0187' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakfemme.example',
  );
});

test('thank-you: thanks, and the follow-up consult too when the journey has two', async () => {
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
  renderWithProviders(<ThankYouScreen route={thankYouRoute} params={{}} code="microbh" step={null} />, {
    journeyCalls: calls,
  });
  expect(await screen.findByText(/Thank you for choosing Peak Men's Health/)).toBeInTheDocument();
  expect(
    screen.getByText('Your follow-up consult, booked for Monday, March 11, 2030 at 10:00 AM Eastern Daylight Time'),
  ).toBeInTheDocument();
  expect(document.body.textContent).not.toContain(TYPED);
});
