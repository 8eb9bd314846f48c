/**
 * The women's brand's consult videos (SPEC §1: an about-consult and an upcoming-consult
 * video, each with mobile, desktop and captions files). The files are small demo media made
 * for the local server (public/media); production points these at the real ones.
 * TODO(config): these entries belong in config (a `videos` section checked by a schema), so
 * product staff can change a video without a code change.
 */

export interface ConsultVideo {
  /** What the video is, for its accessible name and the transcript's heading. */
  title: string;
  /** Below md (767 px and narrower): portrait. */
  mobileSrc: string;
  mobilePoster: string;
  /** md and wider: landscape. */
  desktopSrc: string;
  desktopPoster: string;
  /** The MIME type of both sources. */
  type: string;
  /** WebVTT captions, in English. */
  captionsSrc: string;
  /** The words of the video, the text alternative shown under it; the captions say the same. */
  transcript: readonly string[];
}

export type ConsultVideoName = 'about-consult' | 'consult-upcoming';

export const CONSULT_VIDEOS: Readonly<Record<ConsultVideoName, ConsultVideo>> = {
  'about-consult': {
    title: 'What happens in your consult',
    mobileSrc: '/media/about-consult-mobile.mp4',
    mobilePoster: '/media/about-consult-mobile-poster.jpg',
    desktopSrc: '/media/about-consult-desktop.mp4',
    desktopPoster: '/media/about-consult-desktop-poster.jpg',
    type: 'video/mp4',
    captionsSrc: '/media/about-consult.en.vtt',
    transcript: [
      'Here is what happens in your consult.',
      'You meet a licensed clinician by video, for about thirty minutes.',
      'Together you go over your assessment, your symptoms and your goals.',
      'If hormone therapy is right for you, your clinician writes your treatment plan.',
    ],
  },
  'consult-upcoming': {
    title: 'Getting ready for your consult',
    mobileSrc: '/media/consult-upcoming-mobile.mp4',
    mobilePoster: '/media/consult-upcoming-mobile-poster.jpg',
    desktopSrc: '/media/consult-upcoming-desktop.mp4',
    desktopPoster: '/media/consult-upcoming-desktop-poster.jpg',
    type: 'video/mp4',
    captionsSrc: '/media/consult-upcoming.en.vtt',
    transcript: [
      'Your consult is coming up. Here is how to get ready.',
      'Find a quiet, private place with a good internet connection.',
      'Have your photo ID and a list of your medicines at hand.',
      'Join from the link we send you, a few minutes early.',
    ],
  },
};
