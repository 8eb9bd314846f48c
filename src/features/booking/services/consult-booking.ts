import type { ConsultBooking } from '../../../shared/funnel-step.ts';
import type { BookedAppointment } from '../appointment-records.ts';
import type { ConsultEventType } from '../event-type.ts';
import type { ServiceSettings } from '../../../contract/service-settings.ts';

/**
 * How this deployment books a consult (SPEC §1 "consult booking through a scheduling
 * service"):
 * - `local`: the booking screen on the local server's availability (`npm start`, the tests);
 * - `embed`: the scheduling service's inline embed at `baseUrl` (production, SCHEDULING_URL);
 * - `unavailable`: a service is configured but the `schedulingEmbed` flag turns it off. The
 *   local calendar is not offered instead: in production it is not the clinic's calendar, so
 *   a time booked there would not exist. The patient gets the fallback (book by phone, or go
 *   on and be called).
 */
export type ConsultBookingProvider = { kind: 'local' } | { kind: 'embed'; baseUrl: string } | { kind: 'unavailable' };

/** The provider from the page's settings and the `schedulingEmbed` flag (the local one ignores the flag). */
export function consultBookingProvider(
  settings: ServiceSettings['scheduling'],
  embedEnabled: boolean,
): ConsultBookingProvider {
  if (settings.provider === 'local') return { kind: 'local' };
  return embedEnabled ? { kind: 'embed', baseUrl: settings.baseUrl } : { kind: 'unavailable' };
}

/** What every provider's booking component gets from the scheduling screen. */
export interface ConsultBookingProps {
  eventType: ConsultEventType;
  /** The piece of the scheduling page's URI to look for (local provider). */
  uriLike: string;
  /** The funnel step booking is kept under; null on a booking page outside the steps. */
  stepIndex: number | null;
  /** The consult booked at an earlier step: this booking follows it up. */
  earlier: BookedAppointment | null;
  /** Back, when the step allows it. */
  onBack?: (() => void) | undefined;
  /**
   * Where the patient gives their contact details when the server will not book without them
   * (a booking link opened cold): the start of the code's funnel, as config has it.
   */
  startUrl: string;
  /**
   * Books the consult (a local slot), or records one the scheduling service booked: the
   * funnel's move, whose `bookConsult` actor calls the scheduler before the one journey write.
   * Resolves once it is written; the screen then shows it or goes on. Rejects with a
   * BookingProblem when it was not booked or recorded (the form says so, and a retry sends the
   * same booking again), or with the journey write's error (the screen shows the booking and
   * says so).
   */
  onBook: (booking: ConsultBooking) => Promise<void>;
  /**
   * The scheduling service booked the consult, our API did not record it, and the patient
   * chose to go on: it is left pending in the journey, for a later visit to record.
   */
  onUnrecorded: (appointmentId: string) => void;
  /**
   * The patient goes on without booking (the calendar did not load, or is switched off);
   * `serviceFailed` says whether the service failed (rather than being switched off).
   */
  onSkip?: ((serviceFailed: boolean) => Promise<void>) | undefined;
}
