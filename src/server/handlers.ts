import { CONTENT_HANDLERS } from './handlers/content.ts';
import { CUSTOMER_HANDLERS } from './handlers/customers.ts';
import { IDENTITY_HANDLERS } from './handlers/identity.ts';
import { LEAD_HANDLERS } from './handlers/leads.ts';
import { ORDER_HANDLERS } from './handlers/orders.ts';
import { PRODUCT_HANDLERS } from './handlers/products.ts';
import { SCHEDULING_HANDLERS } from './handlers/scheduling.ts';
import { STATUS_HANDLERS } from './handlers/status.ts';
import type { OperationHandlers } from './operation.ts';

/**
 * The code of every operation of schemas/api.openapi.json, by operationId. buildApp refuses to
 * start when one is missing, and tests/server checks there is none extra.
 */
export const HANDLERS: OperationHandlers = {
  ...LEAD_HANDLERS,
  ...ORDER_HANDLERS,
  ...PRODUCT_HANDLERS,
  ...CONTENT_HANDLERS,
  ...SCHEDULING_HANDLERS,
  ...IDENTITY_HANDLERS,
  ...CUSTOMER_HANDLERS,
  ...STATUS_HANDLERS,
};
