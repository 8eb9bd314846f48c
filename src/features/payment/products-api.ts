import { ApiError, apiCall, type CallOptions, type IdempotentCallOptions } from '../../shared/api/http.ts';
import type {
  CampaignId,
  FollowOnProduct,
  LandingId,
  Order,
  Product,
  ProductCategory,
  ProductKind,
} from '../../contract/api-types.ts';

/** Every product call logs its error to the console and rethrows (SPEC §8). */
async function logged<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // The snackbar text only: it names the call and the status, never the patient.
    console.error(error instanceof ApiError ? error.message : 'product call failed');
    throw error;
  }
}

/** The product fetch of SPEC §7. */
export interface ProductQuery {
  /** The product id; sent as the text 'undefined' when there is none, as SPEC §7 says. */
  id: string | undefined;
  category: ProductCategory;
  type: ProductKind;
  campaignId?: CampaignId;
  compOrder?: boolean;
}

/** Fetches a product (`GET /memoForm/getProductInfo`). */
export function getProductInfo(query: ProductQuery, options?: CallOptions): Promise<Product> {
  return logged(() =>
    apiCall<Product>(
      { method: 'GET', path: '/memoForm/getProductInfo', query: { ...query, id: query.id ?? 'undefined' } },
      options,
    ),
  );
}

export interface FollowOnOrder extends FollowOnProduct {
  landingId: LandingId;
}

/** Orders a follow-on product (`POST /memoForm/createFollowOnProductOrder`). */
export function createFollowOnProductOrder(order: FollowOnOrder, options: IdempotentCallOptions): Promise<Order> {
  return logged(() =>
    apiCall<Order>(
      {
        method: 'POST',
        path: '/memoForm/createFollowOnProductOrder',
        json: order,
        idempotencyKey: options.idempotencyKey,
      },
      options,
    ),
  );
}
