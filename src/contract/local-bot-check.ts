import type { BotCheck } from '../features/payment/bot-check/bot-check.ts';

/**
 * What every local token starts with; the local server accepts it only when told to
 * (BOT_CHECK_LOCAL=accept), and reads it from here (src/server/handlers/identity.ts).
 */
export const LOCAL_TOKEN_PREFIX = 'local.';

/**
 * The local provider, for `npm start`, the dev server and the tests: no network, no script. Its
 * token names the action (kept to the characters a token may hold) and a random part, so two
 * tokens are never the same, as the real service's are not.
 */
export function localBotCheck(): BotCheck {
  return {
    token: (action) => {
      const random = crypto.randomUUID().replaceAll('-', '');
      return Promise.resolve(`${LOCAL_TOKEN_PREFIX}${action.replace(/[^A-Za-z0-9_]/g, '_')}.${random}`);
    },
    prepare: () => undefined,
  };
}
