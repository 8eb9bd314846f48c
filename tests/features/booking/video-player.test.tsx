import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { ConsultVideoPlayer } from '../../../src/features/booking/video/consult-video-player.tsx';
import { CONSULT_VIDEOS, consultVideosAt } from '../../../src/features/booking/video/consult-videos.ts';
import { analyticsSettled } from '../../../src/shared/services/analytics.ts';
import { deployWith, undeploy } from '../../support/page-services.ts';
import { renderWithProviders } from '../../support/render.tsx';

/** What the page pushed to the tag manager. */
const page = window as unknown as { dataLayer?: unknown[] };

afterEach(() => {
  undeploy();
  page.dataLayer = undefined;
});

const video = CONSULT_VIDEOS['about-consult'];

/** The video fallbacks reported, once the analytics module has pushed what it was given. */
async function videoFallbacks(): Promise<unknown[]> {
  await analyticsSettled();
  return (page.dataLayer ?? []).filter((entry) => (entry as { event?: string; outcome?: string }).outcome === 'video');
}

test('the video plays from the app’s own media, with no crossorigin request', async () => {
  renderWithProviders(<ConsultVideoPlayer video={video} />, { brand: 'female' });
  const player = screen.getByLabelText('What happens in your consult');
  expect(player.tagName).toBe('VIDEO');
  expect(player).not.toHaveAttribute('crossorigin');
  expect(screen.getByText('Read the video transcript')).toBeInTheDocument();
  expect(await videoFallbacks()).toEqual([]);
});

test('media on a CDN is asked for with CORS, so its captions load', () => {
  const onCdn = consultVideosAt('https://media.example.com/consult')['about-consult'];
  renderWithProviders(<ConsultVideoPlayer video={onCdn} />, { brand: 'female' });
  const player = screen.getByLabelText('What happens in your consult');
  expect(player).toHaveAttribute('crossorigin', 'anonymous');
  expect(player.querySelector('track')).toHaveAttribute(
    'src',
    'https://media.example.com/consult/about-consult.en.vtt',
  );
});

test('with the consultVideo flag off, the patient reads the transcript instead, and the fallback is reported once', async () => {
  deployWith({ flags: { provider: 'local', overrides: { consultVideo: false } } });
  renderWithProviders(<ConsultVideoPlayer video={video} />, { brand: 'female' });
  expect(screen.queryByLabelText('What happens in your consult', { selector: 'video' })).not.toBeInTheDocument();
  const transcript = screen.getByRole('region', { name: 'What happens in your consult' });
  expect(transcript).toHaveTextContent('The video is not available right now. Here is what it says:');
  expect(transcript).toHaveTextContent('You meet a licensed clinician by video, for about thirty minutes.');
  expect(await videoFallbacks()).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'video' })]);
});

test('a video that cannot be loaded gives way to its transcript, reported once', async () => {
  renderWithProviders(<ConsultVideoPlayer video={video} />, { brand: 'female' });
  const player = screen.getByLabelText('What happens in your consult');
  const sources = player.querySelectorAll('source');
  const lastSource = sources[sources.length - 1];
  if (lastSource === undefined) throw new Error('the video has no source');
  fireEvent.error(lastSource);

  const transcript = screen.getByRole('region', { name: 'What happens in your consult' });
  expect(transcript).toHaveTextContent('Together you go over your assessment, your symptoms and your goals.');
  expect(screen.queryByText('Read the video transcript')).not.toBeInTheDocument();
  expect(await videoFallbacks()).toHaveLength(1);
});

test('a video that fails while playing gives way to its transcript too', async () => {
  renderWithProviders(<ConsultVideoPlayer video={video} />, { brand: 'female' });
  fireEvent.error(screen.getByLabelText('What happens in your consult'));
  expect(screen.getByRole('region', { name: 'What happens in your consult' })).toHaveTextContent(
    'If hormone therapy is right for you, your clinician writes your treatment plan.',
  );
  expect(await videoFallbacks()).toHaveLength(1);
});

test('the phone-sized source failing alone leaves the video for the other source', async () => {
  renderWithProviders(<ConsultVideoPlayer video={video} />, { brand: 'female', width: 390 });
  const player = screen.getByLabelText('What happens in your consult');
  const first = player.querySelector('source');
  if (first === null) throw new Error('the video has no source');
  fireEvent.error(first);
  expect(screen.getByLabelText('What happens in your consult').tagName).toBe('VIDEO');
  expect(await videoFallbacks()).toEqual([]);
});
