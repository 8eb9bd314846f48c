import { apiCall, type CallOptions } from './http.ts';
import type { BillingCustomer, BillingInfo, CustomerId, LandingId } from '../../contract/api-types.ts';
import type { UpdatedCard } from '../../contract/generated/app-schemas.ts';

/** The card a customer's later orders are charged to (schemas/app.openapi.json). */
export type { UpdatedCard };

export interface BillingDetails {
  customer: BillingCustomer;
  landingId: LandingId;
}

/**
 * Saves the billing details of a landing id (`POST /mipH2/billingInfo/save`); the customer
 * is sent JSON-encoded, and the answer holds a token and the last four digits only.
 */
export function saveBillingInfo(billing: BillingDetails, options?: CallOptions): Promise<BillingInfo> {
  return apiCall<BillingInfo>(
    {
      method: 'POST',
      path: '/mipH2/billingInfo/save',
      json: { customer: JSON.stringify(billing.customer), landingId: billing.landingId },
    },
    options,
  );
}

/**
 * Replaces the card a customer's later orders are charged to (`POST /mipH2/updateCard/{id}`,
 * the app's own call): an ApiError 422 with the processor's reason when it declines the card,
 * which is then stored nowhere; 404 when this browser may not see the customer.
 */
export function updateCard(
  customerId: CustomerId,
  customer: BillingCustomer,
  options?: CallOptions,
): Promise<UpdatedCard> {
  return apiCall<UpdatedCard>(
    {
      method: 'POST',
      path: '/mipH2/updateCard/{id}',
      pathParams: { id: customerId },
      json: { customer: JSON.stringify(customer) },
      secured: true,
    },
    options,
  );
}
