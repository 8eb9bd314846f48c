import { expect, test } from 'vitest';
import { consultVideosAt, mediaUrl } from '../../../src/features/booking/video/consult-videos.ts';
import { configTexts, problemsOf } from '../../support/config.ts';

const valid = configTexts();

/** A copy of the config with config/consult-videos.json changed, as product staff would edit it. */
function withVideos(edit: (json: { videos: Record<string, Record<string, unknown>> }) => void) {
  const json = JSON.parse(valid['consult-videos.json'] ?? '{}') as { videos: Record<string, Record<string, unknown>> };
  edit(json);
  return { ...valid, 'consult-videos.json': JSON.stringify(json, null, 2) };
}

test('the consult videos and the flags are checked with the rest of the config', () => {
  expect(Object.keys(valid)).toEqual(expect.arrayContaining(['consult-videos.json', 'flags.json']));
  expect(problemsOf(valid)).toEqual([]);
});

test('a consult video without captions is refused', () => {
  const texts = withVideos((json) => {
    Reflect.deleteProperty(json.videos['about-consult'] ?? {}, 'captionsSrc');
  });
  expect(problemsOf(texts)).toEqual([
    'config/consult-videos.json: /videos/about-consult: missing required property "captionsSrc"',
  ]);
});

test('captions that are not a WebVTT file are refused', () => {
  const texts = withVideos((json) => {
    (json.videos['consult-upcoming'] ?? {}).captionsSrc = 'consult-upcoming.en.srt';
  });
  expect(problemsOf(texts)).toEqual([
    'config/consult-videos.json: /videos/consult-upcoming/captionsSrc: "consult-upcoming.en.srt" must be a WebVTT file (.vtt)',
  ]);
});

test('a file on another host (the policy allows only MEDIA_BASE_URL) or outside the media folder is refused', () => {
  const texts = withVideos((json) => {
    const video = json.videos['about-consult'] ?? {};
    video.mobileSrc = 'https://media.example.com/about-consult-mobile.mp4';
    video.desktopSrc = '//media.example.com/about-consult-desktop.mp4';
    video.mobilePoster = '../secrets/poster.jpg';
  });
  const problems = problemsOf(texts);
  expect(problems.map((problem) => problem.split(': ')[1])).toEqual([
    '/videos/about-consult/mobileSrc',
    '/videos/about-consult/mobilePoster',
    '/videos/about-consult/desktopSrc',
  ]);
});

test('a flag whose default is not true or false is refused', () => {
  const json = JSON.parse(valid['flags.json'] ?? '{}') as { flags: Record<string, { default: unknown }> };
  const flag = json.flags.consultVideo;
  if (flag === undefined) throw new Error('no consultVideo flag');
  flag.default = 'yes';
  expect(problemsOf({ ...valid, 'flags.json': JSON.stringify(json) })).toEqual([
    'config/flags.json: /flags/consultVideo/default: must be true or false',
  ]);
});

test('a flag the app reads cannot be left out of the config', () => {
  const json = JSON.parse(valid['flags.json'] ?? '{}') as { flags: Record<string, unknown> };
  Reflect.deleteProperty(json.flags, 'botCheck');
  expect(problemsOf({ ...valid, 'flags.json': JSON.stringify(json) })).toEqual([
    'config/flags.json: /flags: missing required property "botCheck"',
  ]);
});

test('a file named alone is under /media/, or under MEDIA_BASE_URL when the deployment sets it', () => {
  expect(mediaUrl('about-consult.en.vtt', null)).toBe('/media/about-consult.en.vtt');
  expect(mediaUrl('about-consult.en.vtt', 'https://cdn.example.com/consult')).toBe(
    'https://cdn.example.com/consult/about-consult.en.vtt',
  );
  expect(mediaUrl('about-consult.en.vtt', 'https://cdn.example.com/consult/')).toBe(
    'https://cdn.example.com/consult/about-consult.en.vtt',
  );
  expect(mediaUrl('/videos/about.mp4', 'https://cdn.example.com')).toBe('/videos/about.mp4');
  expect(mediaUrl('https://other.example.com/about.mp4', 'https://cdn.example.com')).toBe(
    'https://other.example.com/about.mp4',
  );
});

test('every file of both videos moves to the media CDN together', () => {
  const videos = consultVideosAt('http://127.0.0.1:4374/media-cdn');
  for (const video of Object.values(videos)) {
    for (const file of [
      video.mobileSrc,
      video.mobilePoster,
      video.desktopSrc,
      video.desktopPoster,
      video.captionsSrc,
    ]) {
      expect(file).toMatch(/^http:\/\/127\.0\.0\.1:4374\/media-cdn\/[a-z-]+(\.en)?\.(mp4|jpg|vtt)$/);
    }
  }
  expect(videos['consult-upcoming'].title).toBe('Getting ready for your consult');
});
