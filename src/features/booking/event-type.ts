import { funnelConfig } from '../../contract/funnel-config.ts';
import { groupSetting } from '../../engine/code-groups.ts';
import type { Site } from '../../engine/config-types.ts';

/** A scheduling event type, such as `hrt-consult` (config/brands.json and code-groups.json name them). */
export type ConsultEventType = string;

/**
 * The consult a patient books: their code's group's (an ED code books the ED consult, whatever
 * the page), else their brand's (the women's hormone consult, the men's HRT consult).
 */
export function consultEventType(site: Site, code: string | null): ConsultEventType {
  return (
    groupSetting(funnelConfig.codeGroups, code, 'consultEventType') ?? funnelConfig.brands.brands[site].consultEventType
  );
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
