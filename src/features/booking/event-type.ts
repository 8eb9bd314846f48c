import { funnelConfig } from '../../contract/funnel-config.ts';
import type { Site } from '../../engine/config-types.ts';

/** The scheduling event types the consult booking uses (seeded by the local server). */
export type ConsultEventType = 'hrt-consult' | 'fhrt-consult' | 'ed-consult';

/**
 * The consult a patient books: an ED code books the ED consult (whatever the page), the
 * women's brand the women's hormone consult, everyone else the men's HRT consult.
 */
export function consultEventType(site: Site, code: string | null): ConsultEventType {
  const edCodes = funnelConfig.codeGroups.groups.ed?.codes ?? [];
  if (code !== null && edCodes.includes(code)) return 'ed-consult';
  return site === 'female' ? 'fhrt-consult' : 'hrt-consult';
}

/** The contract's pattern of `uriLike` (getEvents). */
const URI_LIKE = /^[A-Za-z0-9._~:/?#@!$&()*+,;=%-]{1,500}$/;

/**
 * The piece of the scheduling page's URI to look for: the `calendlyPage` of the link or the
 * navigation state when it is a valid one, else the event type itself.
 */
export function schedulingUriLike(eventType: ConsultEventType, calendlyPage: string | undefined): string {
  return calendlyPage !== undefined && URI_LIKE.test(calendlyPage) ? calendlyPage : eventType;
}
