/**
 * What every token of the local bot check starts with (src/features/payment/bot-check/
 * local-bot-check.ts makes them). The local server accepts such a token only when told to
 * (BOT_CHECK_LOCAL=accept), and knows it by this prefix (src/server/handlers/identity.ts).
 */
export const LOCAL_TOKEN_PREFIX = 'local.';
