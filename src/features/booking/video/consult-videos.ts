import consultVideos from '../../../../config/consult-videos.json';
import type { ConsultVideoEntry, ConsultVideoName, ConsultVideosFile } from '../../../engine/config-types.ts';
import { pageServiceSettings } from '../../../shared/services/page-settings.ts';

/**
 * The women's brand's consult videos (SPEC §1: an about-consult and an upcoming-consult
 * video, each with mobile, desktop and captions files), from config/consult-videos.json. The
 * files named there alone are the small demo media of public/media, served by the app under
 * /media/; production serves them from its media CDN by setting MEDIA_BASE_URL.
 */

/** A consult video with every file resolved to the address the page loads it from. */
export type ConsultVideo = ConsultVideoEntry;

export type { ConsultVideoName };

/** Where a file named alone is when the deployment sets no media base: the app's own. */
export const LOCAL_MEDIA_BASE = '/media';

/**
 * The address of a video's file: an https URL or a path from the root as it is; a name alone
 * under the media base (MEDIA_BASE_URL, without its trailing slash), else under /media/.
 */
export function mediaUrl(file: string, baseUrl: string | null): string {
  if (/^https:\/\//.test(file) || file.startsWith('/')) return file;
  return `${(baseUrl ?? LOCAL_MEDIA_BASE).replace(/\/+$/, '')}/${file}`;
}

/** The consult videos with their files under `baseUrl` (see {@link mediaUrl}). */
export function consultVideosAt(baseUrl: string | null): Readonly<Record<ConsultVideoName, ConsultVideo>> {
  const at = (entry: ConsultVideoEntry): ConsultVideo => ({
    ...entry,
    mobileSrc: mediaUrl(entry.mobileSrc, baseUrl),
    mobilePoster: mediaUrl(entry.mobilePoster, baseUrl),
    desktopSrc: mediaUrl(entry.desktopSrc, baseUrl),
    desktopPoster: mediaUrl(entry.desktopPoster, baseUrl),
    captionsSrc: mediaUrl(entry.captionsSrc, baseUrl),
  });
  const { videos } = consultVideos as ConsultVideosFile;
  return { 'about-consult': at(videos['about-consult']), 'consult-upcoming': at(videos['consult-upcoming']) };
}

/**
 * This page's consult videos. The media base is in the page's service settings, which the
 * server writes before any script runs, so reading it when this module loads (with the
 * consult screens, lazily) sees it.
 */
export const CONSULT_VIDEOS = consultVideosAt(pageServiceSettings().media.baseUrl);
