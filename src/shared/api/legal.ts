import { apiCall, type CallOptions } from './http.ts';
import type { LegalDocument, LegalDocumentId, LegalDocumentSummary } from '../../contract/generated/app-schemas.ts';

/**
 * The legal documents in force on this brand, each with its version and the sha256 of its text
 * (`GET /legal`, schemas/app.openapi.json): what the Pay page links to and the order names.
 */
export function getLegalDocuments(options?: CallOptions): Promise<LegalDocumentSummary[]> {
  return apiCall<LegalDocumentSummary[]>({ method: 'GET', path: '/legal' }, options);
}

/** A legal document's text, current or of a version (`GET /legal/{document}`). */
export function getLegalDocument(
  document: LegalDocumentId,
  version?: string,
  options?: CallOptions,
): Promise<LegalDocument> {
  return apiCall<LegalDocument>(
    {
      method: 'GET',
      path: '/legal/{document}',
      pathParams: { document },
      query: { version },
    },
    options,
  );
}
