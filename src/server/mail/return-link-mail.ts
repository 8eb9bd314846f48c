import brands from '../../../config/brands.json';
import { hostOfSite } from '../../contract/brand.ts';
import type { BrandsFile, Site } from '../../engine/config-types.ts';
import type { OutgoingMail } from './mailer.ts';

const BRANDS = brands as BrandsFile;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLocal = (host: string) => LOCAL_HOSTS.has(host) || host.endsWith('.localhost');

/** The brand's first host on the internet (`peakmens.example`): its mail's sender and its links' fallback. */
function publicHostOf(site: Site): string {
  return BRANDS.brands[site].hosts.find((host) => !isLocal(host) && !/^\d/.test(host)) ?? 'localhost';
}

/**
 * The origin a customer's links go on: their own brand's host, chosen among config/brands.json's
 * hosts only. The request's Host header picks which pair (localhost or peakmens.example), never
 * the host itself: a caller who sends `Host: evil.example` would otherwise have the patient's
 * return link, and the token in it, sent pointing at their own site. A host of no pair gives
 * the brand's first public host. Local hosts keep the request's scheme and port; any other is https.
 */
export function brandOrigin(site: Site, request: { host: string; secure: boolean }): string {
  const [name = '', given] = request.host.toLowerCase().split(':');
  // Only a port of digits: a Host such as `localhost:1@evil.example` must not put another site in the mail.
  const port = given !== undefined && /^\d{1,5}$/.test(given) ? given : undefined;
  const host = hostOfSite(BRANDS, name, site) ?? publicHostOf(site);
  if (!isLocal(host)) return `https://${host}`;
  return `${request.secure ? 'https' : 'http'}://${host}${port === undefined ? '' : `:${port}`}`;
}

/** The brand's own sender: MAIL_FROM's address when set, else care@ its first public host, under its name. */
export function brandSender(site: Site, fromAddress: string | undefined): string {
  const brand = BRANDS.brands[site];
  const address = fromAddress ?? `care@${publicHostOf(site)}`;
  return `"${brand.brandName.replace(/"/g, '')}" <${address}>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

export interface ReturnLinkMailInput {
  site: Site;
  to: string;
  /** The name on the customer's record, for the greeting. */
  firstName: string;
  /** The page to continue on, with the token: `https://peakmens.example/payment/shrt?access=...`. */
  link: string;
  expiresAt: Date;
  fromAddress: string | undefined;
  /**
   * Why it goes: the patient started again on another device after paying (`paid-elsewhere`,
   * the default), or asked for a fresh link from one that no longer opened (`asked`: used in
   * another browser, expired).
   */
  reason?: 'paid-elsewhere' | 'asked';
}

/** The mail's opening and the sentence before the link, by why it goes. */
const OPENINGS = {
  'paid-elsewhere': {
    why: 'Someone, probably you, just started again on another device with the email address and details of your treatment plan with us. So that you are not charged twice, we did not take a second payment.',
    open: 'To continue where you left off, open this link on the device you want to use:',
    subject: (brand: string) => `Continue your treatment plan with ${brand}`,
  },
  asked: {
    why: 'Someone, probably you, asked for a new link to your details with us, from a link that could no longer open them (links open your details in one browser only, and for a limited time).',
    open: 'To continue where you left off, open this link in the browser you want to use:',
    subject: (brand: string) => `Your new link to ${brand}`,
  },
} as const;

/**
 * The mail that takes a patient back to the plan they already paid for, when they started again
 * on another device (and that nothing was charged), or with the fresh link they asked for: the
 * brand's name and phone, the link, when it stops working. Never an answer of theirs, a
 * product, a price or an order.
 */
export function returnLinkMail(input: ReturnLinkMailInput): OutgoingMail {
  const brand = BRANDS.brands[input.site];
  const until = input.expiresAt.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const greeting = input.firstName.trim() === '' ? 'Hello,' : `Hello ${input.firstName.trim()},`;
  const opening = OPENINGS[input.reason ?? 'paid-elsewhere'];
  const lines = [
    greeting,
    '',
    opening.why,
    '',
    opening.open,
    input.link,
    '',
    `The link works until ${until}. Please do not forward it: it opens your records.`,
    '',
    `If this was not you, you can ignore this email, or call us at ${brand.phone} (${brand.supportHours}).`,
    '',
    brand.brandName,
  ];
  const html = `<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: ${brand.colors.secondary}; max-width: 560px;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(opening.why)}</p>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 12px 20px; background: ${brand.colors.primary}; color: #ffffff; text-decoration: none; border-radius: 6px;">Continue where you left off</a></p>
<p>The link works until ${escapeHtml(until)}. Please do not forward it: it opens your records.</p>
<p>If this was not you, you can ignore this email, or call us at ${escapeHtml(brand.phone)} (${escapeHtml(brand.supportHours)}).</p>
<p>${escapeHtml(brand.brandName)}</p>
</body></html>
`;
  return {
    from: brandSender(input.site, input.fromAddress),
    to: input.to,
    subject: opening.subject(brand.brandName),
    text: `${lines.join('\n')}\n`,
    html,
  };
}

/** How long after one return-link mail to a customer the next is held back. */
export const RETURN_LINK_MAIL_INTERVAL_MS = 10 * 60 * 1000;

/**
 * At most one return-link mail per customer every RETURN_LINK_MAIL_INTERVAL_MS, so a reload,
 * a second press or someone trying the patient's details again does not fill their inbox. In
 * memory, per process, as the rate limits are (docs/limits.md): a restart forgets it.
 */
export function mailThrottle(intervalMs = RETURN_LINK_MAIL_INTERVAL_MS, now: () => number = Date.now) {
  const lastSent = new Map<string, number>();
  return {
    /** Whether a mail to this customer may go now; if so, it counts as sent. */
    take: (ktCustomerId: string): boolean => {
      const at = now();
      for (const [id, sentAt] of lastSent) if (at - sentAt >= intervalMs) lastSent.delete(id);
      if (lastSent.has(ktCustomerId)) return false;
      lastSent.set(ktCustomerId, at);
      return true;
    },
  };
}

export type MailThrottle = ReturnType<typeof mailThrottle>;
