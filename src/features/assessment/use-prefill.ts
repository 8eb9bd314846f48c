import { useEffect, useEffectEvent } from 'react';
import type { Prefill } from '../../domain/prefill.ts';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';

/**
 * Copies the link's prefill (SPEC §3: firstName, lastName, phone, email) into the journey's
 * answers once it has loaded, without overwriting anything the patient typed. The prefill
 * stays out of every URL the app makes: it is read from the landing link only.
 */
export function usePrefill(journey: JourneyHandle, prefill: Prefill): void {
  const ready = journey.status !== 'loading';
  const { firstName, lastName, email, phone } = prefill;
  // The journey's update is a new function after every change: reading it through an effect
  // event keeps the copy to once per load, so a field the patient then clears stays clear.
  const fill = useEffectEvent((given: Readonly<Record<keyof Prefill, string | undefined>>) => {
    journey.update((state) => {
      const answers = { ...state.answers };
      let changed = false;
      for (const [ref, value] of Object.entries(given)) {
        const blank = (answers[ref] ?? []).every((typed) => typed.trim() === '');
        if (value === undefined || value.trim() === '' || !blank) continue;
        answers[ref] = [value.trim()];
        changed = true;
      }
      return changed ? { ...state, answers } : state;
    });
  });
  useEffect(() => {
    if (!ready) return;
    const given = { firstName, lastName, email, phone };
    if (Object.values(given).every((value) => value === undefined)) return;
    fill(given);
  }, [ready, firstName, lastName, email, phone]);
}
