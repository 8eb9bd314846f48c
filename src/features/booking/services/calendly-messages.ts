import { isRecord } from '../../../lib/is-record.ts';

/**
 * The scheduling service's inline embed (Calendly), without its script: the page frames the
 * booking page itself and reads the messages the page posts to its parent. Nothing about the
 * patient goes into the frame's address: they type their name and email in the embed, which
 * sends them to the service only.
 */

/** The messages that say the embed has loaded and shows a calendar. */
const LOADED_EVENTS = new Set(['calendly.profile_page_viewed', 'calendly.event_type_viewed', 'calendly.page_height']);

/** The contract's AppointmentId (schemas/api.openapi.json). */
const APPOINTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** How long the embed has to say it has loaded before the patient is offered another way. */
export const EMBED_LOAD_TIMEOUT_MS = 10_000;

/**
 * The embed's address: the event type's booking page under the deployment's scheduling URL,
 * with the inline embed's options and this site's host (the service checks it). Only these:
 * never the patient's name, email or phone, which Calendly would otherwise take as prefill.
 */
export function embedSrc(baseUrl: string, eventTypeSlug: string, host: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(eventTypeSlug)}`);
  url.search = new URLSearchParams({ embed_type: 'Inline', embed_domain: host, hide_gdpr_banner: '1' }).toString();
  return url.href;
}

/** The origin the embed's messages must come from. */
export function embedOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

export type EmbedMessage = { kind: 'loaded' } | { kind: 'scheduled'; appointmentId: string };

/**
 * The appointment id in a scheduled event's URI (`https://api.calendly.com/scheduled_events/{id}`):
 * its last path segment, after `scheduled_events`, when it is an id the API accepts; null
 * otherwise.
 */
export function appointmentIdOf(eventUri: unknown): string | null {
  if (typeof eventUri !== 'string' || eventUri.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(eventUri);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const id = segments.at(-1) ?? '';
  return segments.at(-2) === 'scheduled_events' && APPOINTMENT_ID.test(id) ? id : null;
}

/**
 * What a `message` event from the embed says, or null when it is not one to act on: from
 * another origin (or another window, when `source` is given: null accepts none), not Calendly's shape, or a
 * scheduled event without a usable appointment id.
 */
export function readEmbedMessage(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  expected: { origin: string; source?: MessageEventSource | null },
): EmbedMessage | null {
  if (event.origin !== expected.origin) return null;
  // A null source is a frame whose window is not known (not mounted yet, or gone): no sender
  // can be checked against it, so nothing is accepted.
  if (expected.source !== undefined && (expected.source === null || event.source !== expected.source)) return null;
  const data: unknown = event.data;
  if (!isRecord(data) || typeof data.event !== 'string') return null;
  if (LOADED_EVENTS.has(data.event)) return { kind: 'loaded' };
  if (data.event !== 'calendly.event_scheduled' || !isRecord(data.payload)) return null;
  const scheduled = data.payload.event;
  const invitee = data.payload.invitee;
  if (!isRecord(scheduled) || !isRecord(invitee) || typeof invitee.uri !== 'string') return null;
  const appointmentId = appointmentIdOf(scheduled.uri);
  return appointmentId === null ? null : { kind: 'scheduled', appointmentId };
}
