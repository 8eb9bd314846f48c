import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractRoutes, type ContractRoute } from './contract-routes.ts';
import { HANDLERS } from './handlers.ts';
import { ID_DOCUMENT_HANDLERS } from './handlers/id-documents.ts';
import { JOURNEY_HANDLERS } from './handlers/journeys.ts';
import { PLACE_HANDLERS } from './handlers/places.ts';
import { SESSION_HANDLERS } from './handlers/sessions.ts';
import type { OperationHandlers } from './operation.ts';

const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');

/** The calls of SPEC.md §7. */
export const API_CONTRACT_FILE = path.join(SCHEMA_DIR, 'api.openapi.json');
/** The app's own calls, which SPEC does not list (the patient's journey, the ID upload, the local places). */
export const APP_CONTRACT_FILE = path.join(SCHEMA_DIR, 'app.openapi.json');

/** Every route the server answers: SPEC's calls and the app's own. */
export function serverRoutes(): ContractRoute[] {
  return [...contractRoutes(API_CONTRACT_FILE), ...contractRoutes(APP_CONTRACT_FILE)];
}

/** The handlers of both contracts, by operationId. */
export const SERVER_HANDLERS: OperationHandlers = {
  ...HANDLERS,
  ...JOURNEY_HANDLERS,
  ...ID_DOCUMENT_HANDLERS,
  ...PLACE_HANDLERS,
  ...SESSION_HANDLERS,
};
