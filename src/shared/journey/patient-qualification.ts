import type { Lead, LeadPayload, PathCode } from '../../contract/api-types.ts';
import type { CallOptions } from '../api/http.ts';
import { checkCustQualifications } from '../api/leads.ts';
import { findPatientLead } from './patient-lead.ts';

/** The patient's saved lead and what the clinic's qualification check says of its answers. */
export interface PatientQualification {
  lead: Lead;
  qualified: boolean;
  /** Why not, in the clinic's words; empty when qualified. */
  reasons: readonly string[];
}

/**
 * Asks the clinic (`POST /memoForm/checkCustQualifications`) whether the patient's saved lead
 * qualifies for treatment online: the results page and the assessment of a funnel that took the
 * payment first both ask this way, so the same answers give the same words. Null when no lead is
 * saved yet. The check takes the lead as it was sent, without what the server added.
 */
export async function patientQualification(
  source: { pathCode: PathCode; linkLandingId: string },
  options: Pick<CallOptions, 'signal'> = {},
): Promise<PatientQualification | null> {
  const lead = await findPatientLead(source, { ...options, maxRetries: 2 });
  if (lead === null) return null;
  const payload = Object.fromEntries(
    Object.entries(lead).filter(([key]) => key !== 'scores' && key !== 'savedAt'),
  ) as unknown as LeadPayload;
  const { qualified, reasons } = await checkCustQualifications(payload, options);
  return { lead, qualified, reasons };
}
