import type { ApiError } from '../../shared/api/http.ts';
import { getLead } from '../../shared/api/leads.ts';
import { getOrder } from '../../shared/api/orders.ts';
import type { CustomerId } from '../../contract/api-types.ts';
import type { AccountQuery } from './account-query.ts';

/** Whether a failed call means "no such customer or lead", which trying again will not change. */
export function isNotFound(error: ApiError): boolean {
  return error.status === 404;
}

/**
 * The clinic customer an account link is about: its customer id, or the customer whose
 * lead the landing id is (the lead's email, looked up with the order lookup of SPEC §3,
 * which no page URL ever carries). Rejects with an ApiError; 404 when there is none.
 */
export async function customerIdOf(query: AccountQuery, signal: AbortSignal): Promise<CustomerId> {
  if (query.customerId !== undefined) return query.customerId;
  if (query.landingId === undefined) throw new Error('customerIdOf needs a customer id or a landing id');
  const lead = await getLead({ landing_id: query.landingId }, { signal });
  const { customerId } = await getOrder({ emailAddress: lead.email }, { signal });
  return customerId;
}
