/**
 * The bot check of SPEC §1 and §7: a token for a named action, made in the browser, that the
 * API verifies (`POST /memoForm/verifyRecaptcha`). One interface, one implementation per
 * provider of `ServiceSettings.botCheck` (bot-check-for.ts picks it).
 */
export interface BotCheck {
  /**
   * A fresh token for `action` (tokens are single-use). Rejects with an Error whose message is
   * one of SPEC §8's: BOT_CHECK_NOT_AVAILABLE or BOT_CHECK_NO_TOKEN.
   */
  token(action: string): Promise<string>;
  /** Starts loading what `token` needs, so the first token comes sooner; never fails. */
  prepare(): void;
}

/** SPEC §8: the service's script did not load, or defines no enterprise API. */
export const BOT_CHECK_NOT_AVAILABLE = 'grecaptcha not available';
/** SPEC §8: the service answered without a token (or not at all, in time). */
export const BOT_CHECK_NO_TOKEN = 'grecaptcha no token returned';
