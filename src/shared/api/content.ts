import { apiCall, type CallOptions } from './http.ts';
import type {
  ContentResults,
  CustomerId,
  DeadEnd,
  FormId,
  LandingId,
  PageQuestions,
  SymptomQuestions,
  TermsOfService,
} from '../../contract/api-types.ts';

/** Markdown content entries by key (`GET /memoForm/getMarkdown`); the names are sent as a JSON list. */
export function getMarkdown(names: readonly string[], options?: CallOptions): Promise<ContentResults> {
  return apiCall<ContentResults>(
    { method: 'GET', path: '/memoForm/getMarkdown', query: { names: JSON.stringify(names) } },
    options,
  );
}

/** The questions of some pages of a form (`GET /memoForm/pageQuestions`); page ids are sent comma-separated. */
export function getPageQuestions(
  query: { formId: FormId; pageIds: readonly string[] },
  options?: CallOptions,
): Promise<PageQuestions> {
  return apiCall<PageQuestions>(
    {
      method: 'GET',
      path: '/memoForm/pageQuestions',
      query: { formId: query.formId, pageIds: query.pageIds.join(',') },
    },
    options,
  );
}

/** The symptom questions for a landing id and customer (`GET /memoForm/symptomQuestions`). */
export function getSymptomQuestions(
  query: { landing_id: LandingId; customerId: CustomerId },
  options?: CallOptions,
): Promise<SymptomQuestions> {
  return apiCall<SymptomQuestions>({ method: 'GET', path: '/memoForm/symptomQuestions', query: { ...query } }, options);
}

/** The terms of service, of a version or the current one (`GET /memoForm/termsOfService`). */
export function getTermsOfService(query: { version?: string } = {}, options?: CallOptions): Promise<TermsOfService> {
  return apiCall<TermsOfService>({ method: 'GET', path: '/memoForm/termsOfService', query: { ...query } }, options);
}

/** The text shown for an answer that ends the assessment (`GET /memoForm/deadEnd`). */
export function getDeadEnd(query: { deadEndAnswer: string }, options?: CallOptions): Promise<DeadEnd> {
  return apiCall<DeadEnd>({ method: 'GET', path: '/memoForm/deadEnd', query: { ...query } }, options);
}
