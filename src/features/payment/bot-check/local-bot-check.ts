import { LOCAL_TOKEN_PREFIX } from '../../../contract/bot-check-token.ts';
import type { BotCheck } from './bot-check.ts';

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
