import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { BREAKPOINTS } from '../../app/breakpoints.ts';
import { useAbove } from '../../layout/use-above.ts';
import type { ConsultVideo } from './consult-videos.ts';
import classes from './consult-video-player.module.css';

/** Narrower than md, the portrait video (SPEC breakpoints: md is above 767 px). */
export const MOBILE_VIDEO_MEDIA = `(max-width: ${BREAKPOINTS.md - 0.02}px)`;

/**
 * A consult video: the portrait file on small screens and the landscape one from md up
 * (`<source media>`, which the browser reads when it picks a source), English captions on by
 * default, the player's own controls, and nothing playing until the patient presses play.
 * The transcript under it is the text alternative, for anyone who cannot or will not watch.
 */
export function ConsultVideoPlayer({ video }: { video: ConsultVideo }) {
  const id = useId();
  const wide = useAbove('md');
  const transcriptId = `${id}-transcript`;
  return (
    <Stack gap="xs">
      <video
        className={classes.video}
        data-shape={wide ? 'landscape' : 'portrait'}
        controls
        preload="metadata"
        playsInline
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
        <div id={transcriptId}>
          {video.transcript.map((line) => (
            <Text key={line} size="sm" mt="xs">
              {line}
            </Text>
          ))}
        </div>
      </details>
    </Stack>
  );
}
