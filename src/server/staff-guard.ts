import { sameSecret } from './access.ts';

/**
 * Wrong staff credentials (issue 39, point 6): until now they could be tried without limit on
 * every call outside the rate-limited groups, and nobody heard of it. Each wrong `x-staff-token`
 * is counted per client address; past `max` in a minute the address gets 429 on every call that
 * carries one, whatever the token (so the right one cannot be found by going on), and each
 * wrong try is logged, without the token or anything of the request but its call.
 */
export interface StaffGuard {
  /**
   * Counts and logs a wrong token; answers the seconds an address past its wrong tries must wait
   * (the call is then a 429), else undefined.
   */
  check: (request: {
    ip: string;
    token: string | undefined;
    operationId: string;
    log: { warn: (fields: object, message: string) => void };
  }) => number | undefined;
}

export const STAFF_TRIES_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

export function staffGuard(
  staffToken: string,
  options: { limited: boolean; now?: () => number } = { limited: true },
): StaffGuard {
  const now = options.now ?? Date.now;
  const tries = new Map<string, { count: number; resetAt: number }>();
  return {
    check: ({ ip, token, operationId, log }) => {
      if (token === undefined) return undefined;
      const at = now();
      let entry = tries.get(ip);
      if (entry !== undefined && entry.resetAt <= at) {
        tries.delete(ip);
        entry = undefined;
      }
      if (options.limited && entry !== undefined && entry.count >= STAFF_TRIES_PER_MINUTE) {
        return Math.max(1, Math.ceil((entry.resetAt - at) / 1000));
      }
      if (sameSecret(token, staffToken)) return undefined;
      // The address is the caller's, as the rate limits count it; the token is never written.
      log.warn({ operationId, wrongStaffToken: true }, 'wrong staff credential');
      if (entry === undefined) tries.set(ip, { count: 1, resetAt: at + WINDOW_MS });
      else entry.count += 1;
      // Addresses that stop trying are forgotten with their window: the map stays small.
      if (tries.size > 10_000) {
        for (const [address, item] of tries) if (item.resetAt <= at) tries.delete(address);
      }
      return undefined;
    },
  };
}
