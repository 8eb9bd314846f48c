import { pageServiceSettings } from '../../../shared/services/page-settings.ts';
import type { ServiceSettings } from '../../../contract/service-settings.ts';
import type { BotCheck } from './bot-check.ts';
import { localBotCheck } from './local-bot-check.ts';
import { recaptchaEnterpriseBotCheck } from './recaptcha-enterprise.ts';

/** The bot check a deployment's settings name; null when the deployment has it off. */
export function botCheckFor(settings: ServiceSettings['botCheck']): BotCheck | null {
  switch (settings.provider) {
    case 'recaptcha-enterprise':
      return recaptchaEnterpriseBotCheck({ siteKey: settings.siteKey, scriptUrl: settings.scriptUrl });
    case 'local':
      return localBotCheck();
    case 'off':
      return null;
  }
}

/** The bot check of this page's settings (the server writes them; the local one without); null when off. */
export function pageBotCheck(): BotCheck | null {
  return botCheckFor(pageServiceSettings().botCheck);
}
