import { expect, test } from 'vitest';
import {
  appointmentIdOf,
  embedOrigin,
  embedSrc,
  readEmbedMessage,
} from '../../../src/features/booking/services/calendly-messages.ts';
import { consultBookingProvider } from '../../../src/features/booking/services/consult-booking.ts';

const BASE = 'https://calendly.com/clinic-team';
const ORIGIN = 'https://calendly.com';

function scheduled(eventUri: unknown, inviteeUri: unknown = 'https://api.calendly.com/scheduled_events/x/invitees/y') {
  return { event: 'calendly.event_scheduled', payload: { event: { uri: eventUri }, invitee: { uri: inviteeUri } } };
}

test('the embed’s address names the event type, the inline embed and this site’s host, and nothing else', () => {
  const src = new URL(embedSrc(`${BASE}/`, 'hrt-consult', 'femme.example.com'));
  expect(src.origin + src.pathname).toBe('https://calendly.com/clinic-team/hrt-consult');
  expect([...src.searchParams.keys()].sort()).toEqual(['embed_domain', 'embed_type', 'hide_gdpr_banner']);
  expect(src.searchParams.get('embed_type')).toBe('Inline');
  expect(src.searchParams.get('embed_domain')).toBe('femme.example.com');
  expect(src.searchParams.get('hide_gdpr_banner')).toBe('1');
  expect(embedOrigin(BASE)).toBe(ORIGIN);
});

test('a booking from the service’s frame names its appointment by the event’s last path segment', () => {
  const message = readEmbedMessage(
    { origin: ORIGIN, data: scheduled('https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2'), source: null },
    { origin: ORIGIN },
  );
  expect(message).toEqual({ kind: 'scheduled', appointmentId: 'GBGBDCAADAEDCRZ2' });
  expect(appointmentIdOf('https://api.calendly.com/scheduled_events/0b5c8f0e-1234-4abc-9def-0123456789ab/')).toBe(
    '0b5c8f0e-1234-4abc-9def-0123456789ab',
  );
});

test('the calendar’s page views and height say it has loaded', () => {
  for (const event of ['calendly.profile_page_viewed', 'calendly.event_type_viewed', 'calendly.page_height']) {
    expect(
      readEmbedMessage({ origin: ORIGIN, data: { event, payload: {} }, source: null }, { origin: ORIGIN }),
    ).toEqual({ kind: 'loaded' });
  }
  expect(
    readEmbedMessage(
      { origin: ORIGIN, data: { event: 'calendly.date_and_time_selected', payload: {} }, source: null },
      { origin: ORIGIN },
    ),
  ).toBeNull();
});

test('a message from any other origin is ignored, even one shaped like a booking', () => {
  const data = scheduled('https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2');
  for (const origin of ['https://evil.example', 'http://calendly.com', 'https://calendly.com.evil.example', 'null']) {
    expect(readEmbedMessage({ origin, data, source: null }, { origin: ORIGIN })).toBeNull();
  }
});

test('a message from another window of the right origin is ignored when the frame is known', () => {
  const frame = {} as MessageEventSource;
  const other = {} as MessageEventSource;
  const data = scheduled('https://api.calendly.com/scheduled_events/ABC123');
  expect(readEmbedMessage({ origin: ORIGIN, data, source: other }, { origin: ORIGIN, source: frame })).toBeNull();
  expect(readEmbedMessage({ origin: ORIGIN, data, source: frame }, { origin: ORIGIN, source: frame })).toEqual({
    kind: 'scheduled',
    appointmentId: 'ABC123',
  });
});

test('while the frame’s window is not known, no message is accepted, even from the right origin', () => {
  const data = scheduled('https://api.calendly.com/scheduled_events/ABC123');
  const somewhere = {} as MessageEventSource;
  expect(readEmbedMessage({ origin: ORIGIN, data, source: somewhere }, { origin: ORIGIN, source: null })).toBeNull();
  expect(readEmbedMessage({ origin: ORIGIN, data, source: null }, { origin: ORIGIN, source: null })).toBeNull();
  expect(
    readEmbedMessage(
      { origin: ORIGIN, data: { event: 'calendly.page_height' }, source: null },
      { origin: ORIGIN, source: null },
    ),
  ).toBeNull();
});

test('malformed messages are ignored', () => {
  const malformed: unknown[] = [
    null,
    'calendly.event_scheduled',
    JSON.stringify(scheduled('https://api.calendly.com/scheduled_events/ABC123')),
    [],
    { event: 'calendly.event_scheduled' },
    { event: 'calendly.event_scheduled', payload: { event: { uri: 'https://api.calendly.com/scheduled_events/ABC' } } },
    {
      event: 'calendly.event_scheduled',
      payload: { event: 'https://api.calendly.com/scheduled_events/ABC', invitee: {} },
    },
    scheduled(42),
    scheduled('not a url'),
    scheduled('javascript:alert(1)//ABC123'),
    scheduled('https://api.calendly.com/scheduled_events/'),
    scheduled('https://api.calendly.com/scheduled_events/has%20space'),
    scheduled('https://api.calendly.com/scheduled_events/<script>'),
    scheduled(`https://api.calendly.com/scheduled_events/${'A'.repeat(65)}`),
    scheduled('https://api.calendly.com/scheduled_events/ABC123', 7),
  ];
  for (const data of malformed) {
    expect(
      readEmbedMessage({ origin: ORIGIN, data, source: null }, { origin: ORIGIN }),
      JSON.stringify(data),
    ).toBeNull();
  }
});

test('the deployment’s scheduling settings and the flag choose how a consult is booked', () => {
  expect(consultBookingProvider({ provider: 'local' }, true)).toEqual({ kind: 'local' });
  // The local calendar is the local server's own: the flag does not switch it off.
  expect(consultBookingProvider({ provider: 'local' }, false)).toEqual({ kind: 'local' });
  expect(consultBookingProvider({ provider: 'calendly', baseUrl: BASE }, true)).toEqual({
    kind: 'embed',
    baseUrl: BASE,
  });
  // With the service switched off, the local calendar is not the clinic's: the fallback is offered.
  expect(consultBookingProvider({ provider: 'calendly', baseUrl: BASE }, false)).toEqual({ kind: 'unavailable' });
});
