import { apiCall, type CallOptions } from './http.ts';
import type { BillingCustomer, BillingInfo, LandingId } from '../../contract/api-types.ts';

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
