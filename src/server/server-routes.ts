import { APP_CONTRACT_FILE, CONTRACT_FILE } from '../contract/openapi.ts';
import { contractRoutes, type ContractRoute } from './contract-routes.ts';
import { HANDLERS } from './handlers.ts';
import { ID_DOCUMENT_HANDLERS } from './handlers/id-documents.ts';
import { JOURNEY_HANDLERS } from './handlers/journeys.ts';
import { LEGAL_HANDLERS } from './handlers/legal.ts';
import { CARD_HANDLERS } from './handlers/orders.ts';
import { PLACE_HANDLERS } from './handlers/places.ts';
import { REFUND_HANDLERS } from './handlers/refunds.ts';
import { SESSION_HANDLERS } from './handlers/sessions.ts';
import { WAITLIST_HANDLERS } from './handlers/waitlist.ts';
import type { OperationHandlers } from './operation.ts';

/** Every route the server answers: SPEC's calls and the app's own. */
export function serverRoutes(): ContractRoute[] {
  return [...contractRoutes(CONTRACT_FILE), ...contractRoutes(APP_CONTRACT_FILE)];
}

/** The handlers of both contracts, by operationId. */
export const SERVER_HANDLERS: OperationHandlers = {
  ...HANDLERS,
  ...JOURNEY_HANDLERS,
  ...ID_DOCUMENT_HANDLERS,
  ...PLACE_HANDLERS,
  ...SESSION_HANDLERS,
  ...CARD_HANDLERS,
  ...REFUND_HANDLERS,
  ...WAITLIST_HANDLERS,
  ...LEGAL_HANDLERS,
};
