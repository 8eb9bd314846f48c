import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import { CONSULT_VIDEOS } from '../../../src/features/booking/video/consult-videos.ts';
import AboutConsultScreen from '../../../src/features/booking/about-consult-screen.tsx';
import ConsultUpcomingScreen from '../../../src/features/booking/consult-upcoming-screen.tsx';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep } from '../../support/fake-step.ts';
import { journeyState } from '../../support/journey.ts';

const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

const routes = loadConfig().routes.routes;
const aboutRoute: RouteConfig = must(routes.find((route) => route.screen === 'about-consult'));
const upcomingRoute: RouteConfig = must(routes.find((route) => route.screen === 'consult-upcoming'));
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../public');

function fakeStep(): FakeStep {
  return fakeFunnelStep({
    index: 4,
    total: 6,
    laterScreens: ['scheduling', 'finish'],
    canNext: true,
    canBack: true,
  });
}

const journey = (change: Partial<JourneyState> = {}) => journeyState(change);

/** The cues' text of a WebVTT file, in order. */
function cueTexts(vtt: string): string[] {
  return vtt
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/))
    .filter((lines) => lines.some((line) => line.includes('-->')))
    .map((lines) =>
      lines
        .slice(lines.findIndex((line) => line.includes('-->')) + 1)
        .filter((line) => line.trim() !== '')
        .join(' '),
    );
}

test('the about-consult video has a mobile and a desktop source, English captions on by default, controls and no autoplay', () => {
  renderWithProviders(<AboutConsultScreen route={aboutRoute} params={{}} code="fha1" step={fakeStep()} />, {
    brand: 'female',
    width: 1280,
  });

  const video = screen.getByLabelText('What happens in your consult');
  expect(video.tagName).toBe('VIDEO');
  expect(video).toHaveAttribute('controls');
  expect(video).not.toHaveAttribute('autoplay');
  expect(video).toHaveAttribute('poster', '/media/about-consult-desktop-poster.jpg');
  const sources = [...video.querySelectorAll('source')].map((source) => ({
    src: source.getAttribute('src'),
    media: source.getAttribute('media'),
    type: source.getAttribute('type'),
  }));
  expect(sources).toEqual([
    { src: '/media/about-consult-mobile.mp4', media: '(max-width: 767.98px)', type: 'video/mp4' },
    { src: '/media/about-consult-desktop.mp4', media: null, type: 'video/mp4' },
  ]);
  const tracks = video.querySelectorAll('track');
  expect(tracks).toHaveLength(1);
  expect(tracks[0]).toHaveAttribute('kind', 'captions');
  expect(tracks[0]).toHaveAttribute('srclang', 'en');
  expect(tracks[0]).toHaveAttribute('src', '/media/about-consult.en.vtt');
  expect(tracks[0]).toHaveAttribute('default');
});

test('on a phone the poster is the portrait one', () => {
  renderWithProviders(<AboutConsultScreen route={aboutRoute} params={{}} code="fha1" step={fakeStep()} />, {
    brand: 'female',
    width: 390,
  });
  expect(screen.getByLabelText('What happens in your consult')).toHaveAttribute(
    'poster',
    '/media/about-consult-mobile-poster.jpg',
  );
});

test('the transcript is the text alternative, and says what the captions say', async () => {
  const user = userEvent.setup();
  renderWithProviders(<AboutConsultScreen route={aboutRoute} params={{}} code="fha1" step={fakeStep()} />, {
    brand: 'female',
  });
  await user.click(screen.getByText('Read the video transcript'));
  expect(screen.getByText('You meet a licensed clinician by video, for about thirty minutes.')).toBeVisible();

  for (const video of Object.values(CONSULT_VIDEOS)) {
    const vtt = readFileSync(path.join(PUBLIC_DIR, video.captionsSrc), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(cueTexts(vtt)).toEqual(video.transcript);
  }
});

test('every consult media file is there and small', () => {
  for (const video of Object.values(CONSULT_VIDEOS)) {
    for (const file of [
      video.mobileSrc,
      video.desktopSrc,
      video.mobilePoster,
      video.desktopPoster,
      video.captionsSrc,
    ]) {
      expect(statSync(path.join(PUBLIC_DIR, file)).size, file).toBeLessThan(200 * 1024);
    }
  }
});

test('about-consult: the way on under the heading, named for what it does, then the headings in order', async () => {
  const user = userEvent.setup();
  const step = fakeStep();
  renderWithProviders(<AboutConsultScreen route={aboutRoute} params={{}} code="fha1" step={step} />, {
    brand: 'female',
  });
  expect(screen.getAllByRole('heading').map((heading) => `${heading.tagName}:${heading.textContent}`)).toEqual([
    'H1:About Your Consult',
    'H2:What happens in your consult',
    'H2:What to have ready',
  ]);
  // It books nothing: it opens the times to choose from. It comes before the video, so it is on
  // a phone's first screen.
  const action = screen.getByRole('button', { name: 'Choose my consult time' });
  expect(screen.getByRole('heading', { level: 2, name: 'What happens in your consult' })).toBeInTheDocument();
  expect(
    action.compareDocumentPosition(screen.getByRole('heading', { level: 2, name: 'What happens in your consult' })) &
      Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
  await user.click(action);
  expect(step.onNext).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(step.onBack).toHaveBeenCalledTimes(1);
});

test('about-consult before another step than booking (pathOverride precal, then the finish): Continue', () => {
  const step = fakeFunnelStep({ index: 0, total: 2, laterScreens: ['finish'], canNext: true, canBack: false });
  renderWithProviders(<AboutConsultScreen route={aboutRoute} params={{}} code="fha1" step={step} />, {
    brand: 'female',
  });
  expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Choose my consult time' })).not.toBeInTheDocument();
});

test('consult upcoming shows the consult booked in the journey, and its own video', async () => {
  const calls = memoryJourneyCalls({
    fha1: journey({
      completed: ['appointment', 'appointment.5'],
      records: {
        'booking.appointmentId.5': 'bk_fhrt-consult_31697370_AbCdEfGhIj',
        'booking.appointmentStart.5': '2099-03-04T17:30:00.000Z',
      },
    }),
  });
  renderWithProviders(<ConsultUpcomingScreen route={upcomingRoute} params={{}} code="fha1" step={null} />, {
    brand: 'female',
    journeyCalls: calls,
  });
  expect(await screen.findByRole('status', { name: 'Your consult is booked' })).toHaveTextContent(
    'Your consult is on Wednesday, March 4, 2099 at 9:30 AM Pacific Standard Time.',
  );
  const video = screen.getByLabelText('Getting ready for your consult');
  expect(video.querySelectorAll('source')).toHaveLength(2);
  expect(video.querySelector('track[kind="captions"]')).toHaveAttribute('src', '/media/consult-upcoming.en.vtt');
});

test('consult upcoming with no booking in this browser points to the email and the portal', async () => {
  renderWithProviders(<ConsultUpcomingScreen route={upcomingRoute} params={{}} code="fha1" step={null} />, {
    brand: 'female',
  });
  expect(await screen.findByRole('link', { name: 'member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakfemme.example',
  );
  expect(screen.queryByRole('status', { name: 'Your consult is booked' })).not.toBeInTheDocument();
});
