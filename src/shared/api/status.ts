import { apiCall, type CallOptions } from './http.ts';
import type {
  CustomerId,
  HrtPatientUpdate,
  HrtRestart,
  LandingId,
  ProductId,
  StatusUpdate,
} from '../../contract/api-types.ts';

/** Records the CED status of a landing id (`POST /memoForm/updateCEDStatus`). */
export function updateCedStatus(update: { landing_id: LandingId }, options?: CallOptions): Promise<StatusUpdate> {
  return apiCall<StatusUpdate>({ method: 'POST', path: '/memoForm/updateCEDStatus', json: update }, options);
}

export interface LinkedStatus {
  landing_id: LandingId;
  leadLandingId: LandingId;
}

/** Records the CHRT status, linked to a lead (`POST /memoForm/updateCHRTStatus`). */
export function updateChrtStatus(update: LinkedStatus, options?: CallOptions): Promise<StatusUpdate> {
  return apiCall<StatusUpdate>({ method: 'POST', path: '/memoForm/updateCHRTStatus', json: update }, options);
}

/** Records the FCHRT status, linked to a lead (`POST /memoForm/updateFCHRTStatus`). */
export function updateFchrtStatus(update: LinkedStatus, options?: CallOptions): Promise<StatusUpdate> {
  return apiCall<StatusUpdate>({ method: 'POST', path: '/memoForm/updateFCHRTStatus', json: update }, options);
}

/** The HRT patient update of SPEC §3 (the tracking call when the mpid query is present). */
export interface HrtPatient {
  mpid: ProductId;
  landing_id: LandingId;
  /** The page, such as `/f/fmhrt/results/fmhrt`. */
  location: string;
}

/** Records an HRT patient's mpid and page (`POST /memoForm/updateHRTPatient`). */
export function updateHrtPatient(patient: HrtPatient, options?: CallOptions): Promise<HrtPatientUpdate> {
  return apiCall<HrtPatientUpdate>({ method: 'POST', path: '/memoForm/updateHRTPatient', json: patient }, options);
}

/** Restarts HRT for a clinic customer (`POST /memoForm/restartHRT`). */
export function restartHrt(
  restart: { ktCustomerId: CustomerId; landingId: LandingId },
  options?: CallOptions,
): Promise<HrtRestart> {
  return apiCall<HrtRestart>({ method: 'POST', path: '/memoForm/restartHRT', json: restart }, options);
}
