import settingsFile from '../../../config/continuing-care.json';
import type { ContinuousOrder, CustomerId, QuestionPage } from '../../contract/api-types.ts';
import { ApiError } from '../../shared/api/http.ts';
import { getKtOrderContinuous } from '../../shared/api/orders.ts';
import { useApiData, type ApiData } from '../../shared/api/use-api-data.ts';
import { questionRef } from '../../shared/questions/question-helpers.ts';

/**
 * A refill or restart request once it is sent (config/continuing-care.json, checked by
 * schemas/continuing-care.schema.json): the customer's continuous order on the server is the
 * request, so a reload and every device the customer opens their signed link on show the same
 * one, with what was sent and when.
 */
export interface SentRequestSettings {
  /** For how many days after it was last sent a request is shown as in. */
  openDays: number;
  /** Whether the patient may change an open request themselves. */
  patientMayChange: boolean;
}

export const SENT_REQUEST: SentRequestSettings = settingsFile.sentRequest;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a request sent at `updatedAt` is still in (under review): sent less than `openDays` ago. */
export function isOpen(order: ContinuousOrder, now: Date = new Date(), settings = SENT_REQUEST): boolean {
  const sentAt = Date.parse(order.updatedAt);
  return !Number.isNaN(sentAt) && now.getTime() - sentAt < settings.openDays * DAY_MS;
}

/**
 * The customer's request on file, or null when there is none. Only a session that owns the
 * customer (a claimed return link, or the browser that made them) reads it: to anyone else the
 * server answers as for none, so a stranger's page shows an empty form they cannot send.
 */
export async function findSentRequest(
  query: { ktCustomerId: CustomerId; isRestart: boolean },
  signal: AbortSignal,
): Promise<ContinuousOrder | null> {
  try {
    return await getKtOrderContinuous(query, { signal, maxRetries: 2 });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Loads the customer's request on file; null at once when the link names no customer (nothing is on file for them). */
export function useSentRequest(
  ktCustomerId: CustomerId | undefined,
  isRestart: boolean,
): ApiData<ContinuousOrder | null> {
  return useApiData(`sent-request|${ktCustomerId ?? ''}|${String(isRestart)}`, (signal) =>
    ktCustomerId === undefined ? Promise.resolve(null) : findSentRequest({ ktCustomerId, isRestart }, signal),
  );
}

/**
 * The answers a request holds for the questions of some pages, as the form keeps them (each
 * ref with its values), to open the form with what was sent. The order's details are the
 * answers as they were sent (`orderDetails`); anything else in them is left out.
 */
export function answersOfRequest(
  order: ContinuousOrder,
  pages: readonly QuestionPage[],
): Record<string, readonly string[]> {
  const details: Readonly<Record<string, unknown>> = order.details;
  const answers: Record<string, readonly string[]> = {};
  for (const question of pages.flatMap((page) => page.questions)) {
    const ref = questionRef(question);
    const value = Object.hasOwn(details, ref) ? details[ref] : undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) answers[ref] = value;
  }
  return answers;
}
