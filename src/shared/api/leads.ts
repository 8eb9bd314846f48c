import { apiCall, type CallOptions } from './http.ts';
import type {
  FormAnswers,
  FormId,
  LandingId,
  LandingIdCheck,
  Lead,
  LeadPayload,
  LeadSaved,
  LinkCheck,
  PathCode,
  Qualification,
  Scores,
  ShownTexts,
} from '../../contract/api-types.ts';

export interface LeadSubmission {
  lead: LeadPayload;
  scores?: Scores;
  landingId: LandingId;
  /** What the page showed with the answers of this save: the server's consent records (issue 38 point 4). */
  shown?: ShownTexts;
}

/** Saves a lead with its answers and scores (`POST /memoForm/saveLead`); lead and scores are sent JSON-encoded. */
export function saveLead(submission: LeadSubmission, options?: CallOptions): Promise<LeadSaved> {
  const { lead, scores, landingId, shown } = submission;
  return apiCall<LeadSaved>(
    {
      method: 'POST',
      path: '/memoForm/saveLead',
      json: {
        lead: JSON.stringify(lead),
        ...(scores === undefined ? {} : { scores: JSON.stringify(scores) }),
        landingId,
        ...(shown === undefined ? {} : { shown }),
      },
    },
    options,
  );
}

/** Says whether a lead qualifies (`POST /memoForm/checkCustQualifications`); the lead is sent JSON-encoded. */
export function checkCustQualifications(lead: LeadPayload, options?: CallOptions): Promise<Qualification> {
  return apiCall<Qualification>(
    { method: 'POST', path: '/memoForm/checkCustQualifications', json: { lead: JSON.stringify(lead) } },
    options,
  );
}

/** The saved lead of a landing id (`GET /memoForm/getLead`). */
export function getLead(query: { landing_id: LandingId }, options?: CallOptions): Promise<Lead> {
  return apiCall<Lead>({ method: 'GET', path: '/memoForm/getLead', query: { ...query } }, options);
}

/** The saved answers of a form (`GET /memoForm/answers`). */
export function getAnswers(
  query: { landing_id: LandingId; formId: FormId },
  options?: CallOptions,
): Promise<FormAnswers> {
  return apiCall<FormAnswers>({ method: 'GET', path: '/memoForm/answers', query: { ...query } }, options);
}

export interface LandingIdQuestion {
  landing_id: LandingId;
  pathCode: PathCode;
  formId: FormId;
}

/** Whether a submission is saved under a landing id (`POST /memoForm/checkLandingId`). */
export function checkLandingId(question: LandingIdQuestion, options?: CallOptions): Promise<LandingIdCheck> {
  return apiCall<LandingIdCheck>({ method: 'POST', path: '/memoForm/checkLandingId', json: question }, options);
}

/** Whether a landing id is linked to a CHRT lead (`POST /memoForm/checkLinkCHRT`). */
export function checkLinkChrt(question: { landing_id: LandingId }, options?: CallOptions): Promise<LinkCheck> {
  return apiCall<LinkCheck>({ method: 'POST', path: '/memoForm/checkLinkCHRT', json: question }, options);
}
