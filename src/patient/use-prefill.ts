import { useEffect } from 'react';
import type { Prefill } from '../domain/prefill.ts';
import type { JourneyHandle } from './journey.tsx';

/**
 * Copies the link's prefill (SPEC §3: firstName, lastName, phone, email) into the journey's
 * answers once it has loaded, without overwriting anything the patient typed. The prefill
 * stays out of every URL the app makes: it is read from the landing link only.
 */
export function usePrefill(journey: JourneyHandle, prefill: Prefill): void {
  const ready = journey.status !== 'loading';
  const { update } = journey;
  const { firstName, lastName, email, phone } = prefill;
  useEffect(() => {
    if (!ready) return;
    const given = { firstName, lastName, email, phone };
    if (Object.values(given).every((value) => value === undefined)) return;
    update((state) => {
      const answers = { ...state.answers };
      let changed = false;
      for (const [ref, value] of Object.entries(given)) {
        if (value === undefined || value.trim() === '' || (answers[ref]?.length ?? 0) > 0) continue;
        answers[ref] = [value.trim()];
        changed = true;
      }
      return changed ? { ...state, answers } : state;
    });
  }, [ready, update, firstName, lastName, email, phone]);
}
