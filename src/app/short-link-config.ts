/** The member-satisfaction survey is served outside this app, so short links to it need a full page load. */
export const MEMBER_SATISFACTION_PATH = '/member-satisfaction';

/** Hosts of the video-visit service; short links to them leave the app (https only). */
export const VIDEO_VISIT_HOSTS: readonly string[] = ['video.peakhealth.example'];
