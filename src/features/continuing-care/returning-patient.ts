import { getKtCustomerLandingId, validateKtCustomerId } from '../../shared/api/customers.ts';
import { ApiError } from '../../shared/api/http.ts';
import { getLead } from '../../shared/api/leads.ts';
import type { CustomerId, LandingId, Lead } from '../../contract/api-types.ts';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';
import { useApiData, type ApiData } from '../../shared/api/use-api-data.ts';
import type { LinkContext } from '../../shared/journey/link-context.ts';

/** Who a returning patient is: their first lead, and their clinic customer id when the link names one. */
export interface ReturningPatient {
  ktCustomerId?: CustomerId;
  /** The landing id of the patient's lead. */
  landingId: LandingId;
  /** That lead, when it was asked for. */
  lead?: Lead;
}

export interface PatientSources {
  /** The link's `ktCustomerId`. */
  ktCustomerId?: CustomerId | undefined;
  /** The link's landing id (query or navigation state), '' when none. */
  linkLandingId: LandingId;
  /** The journey's lead, when this funnel saved one. */
  journeyLandingId?: LandingId | undefined;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Finds the returning patient, or null when the link does not say who they are. A link's
 * customer id wins: its lead comes from `ktCustomerLandingId` (one unsecured call that returns
 * no name or contact, so a guessed id shows nothing). A customer with no linked lead may still
 * come with the link's landing id, once `validateKtCustomerId` says the customer exists.
 * Without a customer id, the link's landing id, else the journey's lead, is the patient.
 */
export async function findReturningPatient(
  sources: PatientSources,
  options: { signal?: AbortSignal; withLead: boolean },
): Promise<ReturningPatient | null> {
  const { signal, withLead } = options;
  const call = signal === undefined ? { maxRetries: 2 } : { signal, maxRetries: 2 };
  const fallbackId = sources.linkLandingId !== '' ? sources.linkLandingId : sources.journeyLandingId;
  let patient: ReturningPatient | null = null;
  const { ktCustomerId } = sources;
  if (ktCustomerId !== undefined) {
    try {
      const found = await getKtCustomerLandingId({ ktCustomerId }, call);
      patient = { ktCustomerId, landingId: found.landing_id };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      if (fallbackId === undefined) return null;
      const check = await validateKtCustomerId({ ktCustomerId }, call);
      if (!check.valid) return null;
      patient = { ktCustomerId, landingId: fallbackId };
    }
  } else if (fallbackId !== undefined) {
    patient = { landingId: fallbackId };
  }
  if (patient === null || !withLead) return patient;
  try {
    return { ...patient, lead: await getLead({ landing_id: patient.landingId }, call) };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Loads the returning patient of a page once its journey has loaded (the journey's lead is one source). */
export function useReturningPatient(
  journey: JourneyHandle,
  link: LinkContext,
  withLead: boolean,
): ApiData<ReturningPatient | null> {
  const ready = journey.status !== 'loading';
  const sources: PatientSources = {
    ktCustomerId: link.ktCustomerId,
    linkLandingId: link.landingId,
    journeyLandingId: journey.state.landingId,
  };
  const key = ready
    ? [
        'patient',
        sources.ktCustomerId ?? '',
        sources.linkLandingId,
        sources.journeyLandingId ?? '',
        String(withLead),
      ].join('|')
    : null;
  return useApiData(key, (signal) => findReturningPatient(sources, { signal, withLead }));
}
