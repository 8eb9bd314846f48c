import { apiCall, type CallOptions } from './http.ts';
import type { CustomerId, HasId, IdentityCustomer, IdentityResult, RecaptchaResult } from '../../contract/api-types.ts';
import type { IdDocumentReceipt } from '../../contract/generated/app-schemas.ts';

/** Checks a customer's identity (`POST /idVerification/checkIdentity`, secured; form-encoded customer). */
export function checkIdentity(customer: IdentityCustomer, options?: CallOptions): Promise<IdentityResult> {
  return apiCall<IdentityResult>(
    {
      method: 'POST',
      path: '/idVerification/checkIdentity',
      form: { customer: JSON.stringify(customer) },
      secured: true,
    },
    options,
  );
}

/** Checks a customer's identity (`POST /idVerification/identityCheck`, secured; form-encoded customer). */
export function identityCheck(customer: IdentityCustomer, options?: CallOptions): Promise<IdentityResult> {
  return apiCall<IdentityResult>(
    {
      method: 'POST',
      path: '/idVerification/identityCheck',
      form: { customer: JSON.stringify(customer) },
      secured: true,
    },
    options,
  );
}

/** Whether a customer has an identity document on file (`GET /mipH2/getHasId/{id}`, secured). */
export function getHasId(id: CustomerId, options?: CallOptions): Promise<HasId> {
  return apiCall<HasId>({ method: 'GET', path: '/mipH2/getHasId/{id}', pathParams: { id }, secured: true }, options);
}

/** The bot-check verification of SPEC §3. */
export interface RecaptchaVerification {
  recaptchaToken: string;
  action: string;
  email?: string;
  phone?: string;
  customerId?: CustomerId;
}

/** Verifies a bot-check token (`POST /memoForm/verifyRecaptcha`). */
export function verifyRecaptcha(verification: RecaptchaVerification, options?: CallOptions): Promise<RecaptchaResult> {
  return apiCall<RecaptchaResult>({ method: 'POST', path: '/memoForm/verifyRecaptcha', json: verification }, options);
}

/** What the server answers for a received ID document (schemas/app.openapi.json). */
export type { IdDocumentReceipt };

/**
 * Sends a customer's ID document (`POST /mipH2/uploadId/{id}`, secured, the app's own call):
 * the file's bytes with its media type, JPEG, PNG or PDF, at most 10 MiB.
 */
export function uploadIdDocument(
  id: CustomerId,
  file: { bytes: Uint8Array<ArrayBuffer>; type: 'image/jpeg' | 'image/png' | 'application/pdf' },
  options?: CallOptions,
): Promise<IdDocumentReceipt> {
  return apiCall<IdDocumentReceipt>(
    { method: 'POST', path: '/mipH2/uploadId/{id}', pathParams: { id }, file, secured: true },
    options,
  );
}
