/**
 * The query parameter that carries a return link's token: the clinic's email or text to a
 * patient who continues care, restarts, comes back after the clinic or verifies a contact
 * change on another device (docs/security.md). The app claims it (src/app/return-link.ts); the
 * server knows a page asked for with it may be a patient's (src/server/pages.ts).
 */
export const RETURN_LINK_PARAM = 'access';
