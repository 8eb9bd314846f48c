/**
 * Where the e2e server runs: port 4174 unless E2E_PORT says otherwise (so two runs on one
 * machine do not share a server), with its own database directory.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? '4174');
export const MENS_SITE = `http://localhost:${String(E2E_PORT)}`;
export const WOMENS_SITE = `http://femme.localhost:${String(E2E_PORT)}`;
export const E2E_DATA_DIR = E2E_PORT === 4174 ? 'e2e-data' : `e2e-data-${String(E2E_PORT)}`;
