import type { CalendarDate } from './calendar.ts';
import { daysInMonth, parseIsoDate, toIsoDate } from './calendar.ts';
import { MONTH_NAMES } from './dates.ts';
import { formatMoney } from './money.ts';

/**
 * What paying means, in the words shown next to the Pay button and on the receipt (issue 38
 * point 3). One module, so the Pay page, the receipt and the server (which checks the hash of
 * the statement the patient was shown against its own copy) say the same thing. Plain
 * TypeScript: no React, no HTTP.
 *
 * The auto-renewal laws (California's Business and Professions Code §17602 as amended in 2025,
 * and the states that follow it) ask that a plan that renews says, clearly and next to the
 * button, the amount, how often it is charged, that it goes on until cancelled, and how to
 * cancel, and that the patient consents to those terms expressly: `renewalConsentLabel` is the
 * box they tick (docs/screens.md, "Agreement before money").
 */

/** How often a plan is charged again (config/products.json `renewals`). */
export type RenewalInterval = 'month';

/** A product that renews, as config/products.json says it. */
export interface Renewal {
  every: RenewalInterval;
}

/** Where a patient cancels: the brand's account page, email and phone (config/brands.json). */
export interface CancelContact {
  portalLink: string;
  supportEmail: string;
  phone: string;
}

/**
 * Where a brand's patients cancel, from its config (config/brands.json). `supportEmail` is
 * optional in the schema only so a commit from before it validates; every brand has one.
 */
export function cancelContactOfBrand(brand: {
  readonly portalLink: string;
  readonly supportEmail?: string | undefined;
  readonly phone: string;
}): CancelContact {
  return { portalLink: brand.portalLink, supportEmail: brand.supportEmail ?? '', phone: brand.phone };
}

/** What the statement next to Pay is built from. */
export interface AgreementInput {
  /** The amount charged today, as the API writes it ('$99.00'). */
  amount: string;
  /** The plan's renewal, or null for a one-time charge. */
  renewal: Renewal | null;
  /** The patient's calendar day the statement is shown on. */
  today: CalendarDate;
  cancel: CancelContact;
}

/**
 * The next charge of a plan bought on `day`: the same day of the next month, or that month's
 * last day when it is shorter (bought January 31, next charged February 28 or 29), as card
 * processors bill a monthly plan.
 */
export function nextChargeDate(day: CalendarDate, every: RenewalInterval): CalendarDate {
  // Monthly is the one interval config allows (config/products.json); another adds its rule here.
  const months = { month: 1 }[every];
  const index = day.month - 1 + months;
  const year = day.year + Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
}

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd ... 31st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A calendar day as patients read it: "January 3, 2027". */
export function longDate(day: CalendarDate): string {
  return `${MONTH_NAMES[day.month - 1] ?? ''} ${day.day}, ${day.year}`;
}

/** A calendar day as `YYYY-MM-DD` (what the order sends as the day the statement was shown). */
export function isoDay(day: CalendarDate): string {
  return toIsoDate(day);
}

/** A `YYYY-MM-DD` as a real calendar day, or null. */
export function calendarDayOf(text: string): CalendarDate | null {
  return parseIsoDate(text);
}

/** The local calendar day of an instant (the patient's, in the browser). */
export function localDay(instant: Date): CalendarDate {
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
}

/** "on the 3rd", and for the 29th to 31st the months that have no such day. */
function onTheDay(day: number): string {
  return day > 28 ? `on the ${ordinal(day)} (or the last day of a shorter month)` : `on the ${ordinal(day)}`;
}

/** The first sentence: what paying agrees to. The three names are the links on the page. */
export const AGREE_LEAD = 'By paying you agree to the';

/** The documents as the first sentence names them, each a link on the page. */
export const AGREE_DOCUMENT_NAMES = ['Terms', 'Privacy Policy', 'Telehealth consent'] as const;

/** "By paying you agree to the Terms, Privacy Policy and Telehealth consent." */
export function agreeSentence(): string {
  const [terms, privacy, consent] = AGREE_DOCUMENT_NAMES;
  return `${AGREE_LEAD} ${terms}, ${privacy} and ${consent}.`;
}

/** How to cancel, with the brand's own account page, email and phone. */
export function cancelSentence(cancel: CancelContact): string {
  return `Cancel anytime before your next charge in your account at ${cancel.portalLink}, by email at ${cancel.supportEmail} or by phone at ${cancel.phone}.`;
}

/** "$99 charged today, then $99 every month on the 3rd until you cancel." */
export function renewalSentence(amount: string, renewal: Renewal, today: CalendarDate): string {
  const money = formatMoney(amount);
  return `${money} charged today, then ${money} every ${renewal.every} ${onTheDay(today.day)} until you cancel.`;
}

/** "Your next charge is on January 3, 2027." */
export function nextChargeSentence(renewal: Renewal, today: CalendarDate): string {
  return `Your next charge is on ${longDate(nextChargeDate(today, renewal.every))}.`;
}

/** The box a plan that renews asks to be ticked before Pay: the renewal's terms, agreed to expressly. */
export function renewalConsentLabel(amount: string, renewal: Renewal): string {
  return `I agree that my plan renews automatically at ${formatMoney(amount)} every ${renewal.every} until I cancel.`;
}

/** The statement's paragraphs next to Pay, in the order they are shown. */
export function agreementStatement(input: AgreementInput): string[] {
  const { amount, renewal, today, cancel } = input;
  if (renewal === null) {
    return [agreeSentence(), `${formatMoney(amount)} is charged today, once. This is not a subscription.`];
  }
  return [
    agreeSentence(),
    renewalSentence(amount, renewal, today),
    nextChargeSentence(renewal, today),
    cancelSentence(cancel),
    renewalConsentLabel(amount, renewal),
  ];
}

/**
 * The exact text whose sha256 is the statement's hash: the paragraphs as shown, one per line.
 * The browser hashes what it drew; the server hashes its own copy (product, config, day) and
 * refuses an order whose statement is not the one it would show (`terms-changed`).
 */
export function agreementStatementText(input: AgreementInput): string {
  return agreementStatement(input).join('\n');
}

/** What the receipt says of later charges: the same terms as at Pay, from the day of the order. */
export function receiptRenewalLines(input: AgreementInput): string[] {
  const { amount, renewal, today, cancel } = input;
  if (renewal === null) return ['This was a one-time charge: you will not be charged again.'];
  return [
    `Your plan renews automatically: ${formatMoney(amount)} every ${renewal.every} ${onTheDay(today.day)} until you cancel. Your next charge is on ${longDate(nextChargeDate(today, renewal.every))}.`,
    cancelSentence(cancel),
  ];
}
