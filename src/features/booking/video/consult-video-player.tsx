import { Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { BREAKPOINTS } from '../../../shared/brand/breakpoints.ts';
import { useAbove } from '../../../shared/layout/use-above.ts';
import { track } from '../../../shared/services/analytics.ts';
import { useFlag } from '../../../shared/services/flags/use-flag.ts';
import type { ConsultVideo } from './consult-videos.ts';
import classes from './consult-video-player.module.css';

/** Narrower than md, the portrait video (SPEC breakpoints: md is above 767 px). */
export const MOBILE_VIDEO_MEDIA = `(max-width: ${BREAKPOINTS.md - 0.02}px)`;

/** Whether a file is on another origin than the page (a media CDN). */
function isCrossOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin !== window.location.origin;
}

/**
 * A consult video: the portrait file on small screens and the landscape one from md up
 * (`<source media>`, which the browser reads when it picks a source), English captions on by
 * default, the player's own controls, and nothing playing until the patient presses play.
 * The transcript under it is the text alternative, for anyone who cannot or will not watch.
 *
 * When the `consultVideo` flag is off, or the video cannot be loaded (its media CDN is down or
 * blocked), the transcript takes its place with a short note, so the page reads the same.
 */
export function ConsultVideoPlayer({ video }: { video: ConsultVideo }) {
  const id = useId();
  const wide = useAbove('md');
  const enabled = useFlag('consultVideo');
  const [failed, setFailed] = useState(false);
  const reported = useRef(false);
  const transcriptId = `${id}-transcript`;
  const unavailable = !enabled || failed;

  // The sources failing is seen from the video: its own error event does not fire for sources
  // and theirs does not bubble, so a capture-phase listener on the video sees each one. A
  // blocked request can fail before the listener is there (seen in e2e/services.spec.ts): a
  // video with no source on mount starts its source selection again, now listened to.
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = videoRef.current;
    if (element === null) return undefined;
    // The video's own error (while playing), or the last source failing: none could be played.
    // A caption track's error does not count.
    const sourceFailed = (event: Event) => {
      if (event.target === element || event.target === element.querySelector('source:last-of-type')) setFailed(true);
    };
    element.addEventListener('error', sourceFailed, true);
    if (element.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) element.load();
    return () => {
      element.removeEventListener('error', sourceFailed, true);
    };
  }, [unavailable]);

  useEffect(() => {
    if (!unavailable || reported.current) return;
    reported.current = true;
    track('service_fallback', { outcome: 'video' });
  }, [unavailable]);

  const lines = video.transcript.map((line) => (
    <Text key={line} size="sm" mt="xs">
      {line}
    </Text>
  ));

  if (unavailable) {
    return (
      <Paper component="section" withBorder radius="md" p="md" aria-label={video.title}>
        <Text fw={500}>The video is not available right now. Here is what it says:</Text>
        <div id={transcriptId}>{lines}</div>
      </Paper>
    );
  }

  // Captions from another origin load only when the video asks with CORS (the CDN allows it).
  const crossOrigin = [video.mobileSrc, video.desktopSrc, video.captionsSrc].some(isCrossOrigin)
    ? 'anonymous'
    : undefined;
  return (
    <Stack gap="xs">
      <video
        ref={videoRef}
        className={classes.video}
        data-shape={wide ? 'landscape' : 'portrait'}
        controls
        preload="metadata"
        playsInline
        crossOrigin={crossOrigin}
        poster={wide ? video.desktopPoster : video.mobilePoster}
        aria-label={video.title}
      >
        <source src={video.mobileSrc} type={video.type} media={MOBILE_VIDEO_MEDIA} />
        <source src={video.desktopSrc} type={video.type} />
        <track kind="captions" src={video.captionsSrc} srcLang="en" label="English" default />
        <Text>
          Your browser cannot play this video. <a href={`#${transcriptId}`}>Read what it says</a>.
        </Text>
      </video>
      <details className={classes.transcript}>
        <summary>Read the video transcript</summary>
        <div id={transcriptId}>{lines}</div>
      </details>
    </Stack>
  );
}
