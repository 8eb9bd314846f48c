import { apiCall, type CallOptions, type IdempotentCallOptions } from './http.ts';
import type {
  ContinuousOrder,
  CustomerId,
  JsonObject,
  LandingId,
  Order,
  OrderLookup,
  OrderPayload,
  ProductId,
  SoapNotesSaved,
} from '../../contract/api-types.ts';

/** How many times an order lookup is retried when `shouldRetry` is set (SPEC §7, §9). */
export const ORDER_LOOKUP_MAX_RETRIES = 3;

/** Creates an order (`POST /memoForm/createOrder`); the order is sent JSON-encoded. */
export function createOrder(order: OrderPayload, options: IdempotentCallOptions): Promise<Order> {
  return apiCall<Order>(
    {
      method: 'POST',
      path: '/memoForm/createOrder',
      json: { order: JSON.stringify(order) },
      idempotencyKey: options.idempotencyKey,
    },
    options,
  );
}

/** Creates an order for a patient who reached payment outside the step list (`POST /memoForm/createOrderNonLinear`). */
export function createOrderNonLinear(order: OrderPayload, options: IdempotentCallOptions): Promise<Order> {
  return apiCall<Order>(
    {
      method: 'POST',
      path: '/memoForm/createOrderNonLinear',
      json: { order: JSON.stringify(order) },
      idempotencyKey: options.idempotencyKey,
    },
    options,
  );
}

export interface ZeroDollarOrder {
  landingId: LandingId;
  productId: ProductId;
  leadLandingId: LandingId;
}

/** Creates a $0.00 CHRT order (`POST /memoForm/newCHRTZeroDollarOrder`). */
export function newChrtZeroDollarOrder(order: ZeroDollarOrder, options: IdempotentCallOptions): Promise<Order> {
  return apiCall<Order>(
    { method: 'POST', path: '/memoForm/newCHRTZeroDollarOrder', json: order, idempotencyKey: options.idempotencyKey },
    options,
  );
}

export interface HrtInfoOrder {
  landingId: LandingId;
  productId: ProductId;
  mpid: ProductId;
  /** The page the patient is on, such as `/mhrt/payment/mhrt`. */
  location?: string;
}

/** Records an HRT patient's mpid and page and creates their order (`POST /memoForm/updateHRTInfoCreateOrder`). */
export function updateHrtInfoCreateOrder(order: HrtInfoOrder, options: IdempotentCallOptions): Promise<Order> {
  return apiCall<Order>(
    { method: 'POST', path: '/memoForm/updateHRTInfoCreateOrder', json: order, idempotencyKey: options.idempotencyKey },
    options,
  );
}

/** The order lookup data of SPEC §3. */
export interface OrderLookupQuery {
  customerId?: CustomerId;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  emailAddress?: string;
  medOrders?: boolean;
}

export interface OrderLookupOptions extends Omit<CallOptions, 'maxRetries'> {
  /** Retries up to ORDER_LOOKUP_MAX_RETRIES times, as SPEC §7 says of the order lookup. */
  shouldRetry?: boolean;
}

/** Looks a customer's orders up (`GET /mipH2/order`, secured). */
export function getOrder(query: OrderLookupQuery, options: OrderLookupOptions = {}): Promise<OrderLookup> {
  const { shouldRetry = false, ...rest } = options;
  return apiCall<OrderLookup>(
    { method: 'GET', path: '/mipH2/order', query: { ...query }, secured: true },
    { ...rest, maxRetries: shouldRetry ? ORDER_LOOKUP_MAX_RETRIES : 0 },
  );
}

export interface ContinuousOrderQuery {
  ktCustomerId: CustomerId;
  isRestart: boolean;
}

/** The continuous (refill) order of a clinic customer (`GET /memoForm/getKtOrderContinuous`). */
export function getKtOrderContinuous(query: ContinuousOrderQuery, options?: CallOptions): Promise<ContinuousOrder> {
  return apiCall<ContinuousOrder>(
    { method: 'GET', path: '/memoForm/getKtOrderContinuous', query: { ...query } },
    options,
  );
}

export interface ContinuousOrderUpdate extends ContinuousOrderQuery {
  medicationEffectiveness: string;
}

/**
 * Updates the continuous order (`POST /memoForm/updateKtOrderContinuous`): the customer and
 * answers go in the query, the free-form details in the body.
 */
export function updateKtOrderContinuous(
  query: ContinuousOrderUpdate,
  details: JsonObject,
  options?: CallOptions,
): Promise<ContinuousOrder> {
  return apiCall<ContinuousOrder>(
    { method: 'POST', path: '/memoForm/updateKtOrderContinuous', query: { ...query }, json: details },
    options,
  );
}

export interface SoapNotes {
  landingId: LandingId;
  notes: string;
}

/** Saves the SOAP notes of an order (`POST /memoForm/orderSaveSOAPNotes`). */
export function orderSaveSoapNotes(notes: SoapNotes, options?: CallOptions): Promise<SoapNotesSaved> {
  return apiCall<SoapNotesSaved>({ method: 'POST', path: '/memoForm/orderSaveSOAPNotes', json: notes }, options);
}
