import { pageServiceSettings } from '../page-settings.ts';
import type { ServiceSettings } from '../settings.ts';
import type { BotCheck } from './bot-check.ts';
import { localBotCheck } from './local-bot-check.ts';
import { recaptchaEnterpriseBotCheck } from './recaptcha-enterprise.ts';

/** The bot check a deployment's settings name. */
export function botCheckFor(settings: ServiceSettings['botCheck']): BotCheck {
  return settings.provider === 'recaptcha-enterprise'
    ? recaptchaEnterpriseBotCheck({ siteKey: settings.siteKey, scriptUrl: settings.scriptUrl })
    : localBotCheck();
}

/** The bot check of this page's settings (the server writes them; the local one without). */
export function pageBotCheck(): BotCheck {
  return botCheckFor(pageServiceSettings().botCheck);
}
