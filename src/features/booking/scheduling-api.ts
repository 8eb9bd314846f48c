import { apiCall, type CallOptions } from '../../shared/api/http.ts';
import type {
  Appointment,
  AvailableDates,
  Events,
  MicroClinics,
  StateEncounterType,
  UsState,
} from '../../contract/api-types.ts';

/** An appointment (`GET /calendly/getAppointment`). */
export function getAppointment(query: { appointmentId: string }, options?: CallOptions): Promise<Appointment> {
  return apiCall<Appointment>({ method: 'GET', path: '/calendly/getAppointment', query: { ...query } }, options);
}

/** Marks an appointment made from the portal (`PUT /calendly/appointmentMade`). */
export function appointmentMade(appointment: { appointmentId: string }, options?: CallOptions): Promise<Appointment> {
  return apiCall<Appointment>({ method: 'PUT', path: '/calendly/appointmentMade', json: appointment }, options);
}

/** Marks an appointment made from the funnel (`PUT /calendly/appointmentMadeFromFlow`). */
export function appointmentMadeFromFlow(
  appointment: { appointmentId: string },
  options?: CallOptions,
): Promise<Appointment> {
  return apiCall<Appointment>({ method: 'PUT', path: '/calendly/appointmentMadeFromFlow', json: appointment }, options);
}

/** Scheduling events of a type (`GET /calendly/getEvents`). */
export function getEvents(query: { eventType: string; uriLike: string }, options?: CallOptions): Promise<Events> {
  return apiCall<Events>({ method: 'GET', path: '/calendly/getEvents', query: { ...query } }, options);
}

/** The open dates of an event type (`GET /calendly/availableDates/{id}`). */
export function getAvailableDates(id: string, options?: CallOptions): Promise<AvailableDates> {
  return apiCall<AvailableDates>({ method: 'GET', path: '/calendly/availableDates/{id}', pathParams: { id } }, options);
}

/** The encounter types a state allows (`GET /memoForm/stateEncounterTypes/{state}`). */
export function getStateEncounterTypes(state: UsState, options?: CallOptions): Promise<StateEncounterType> {
  return apiCall<StateEncounterType>(
    { method: 'GET', path: '/memoForm/stateEncounterTypes/{state}', pathParams: { state } },
    options,
  );
}

/** Microclinic locations near a point (`GET /mipH2/microClinic`). */
export function getMicroClinic(query: { lat: number; lng: number }, options?: CallOptions): Promise<MicroClinics> {
  return apiCall<MicroClinics>({ method: 'GET', path: '/mipH2/microClinic', query: { ...query } }, options);
}
