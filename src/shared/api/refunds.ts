import { apiCall, type CallOptions } from './http.ts';
import type { RefundRequest } from '../../contract/generated/app-schemas.ts';

/**
 * Asks for the full refund of an order whose patient the answers rule out after paying
 * (`POST /refund-request`, schemas/app.openapi.json). The server checks the order is this
 * session's, approved, and that the answers saved on its lead rule treatment out; asking again
 * answers the first request. The body carries the order id only: nothing of the answers.
 */
export function requestRefund(request: { orderId: string }, options?: CallOptions): Promise<RefundRequest> {
  return apiCall<RefundRequest>({ method: 'POST', path: '/refund-request', json: request }, options);
}
