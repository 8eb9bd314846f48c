import { Autocomplete, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { track } from '../../services/analytics.ts';
import { useFlag } from '../../services/flags/use-flag.ts';
import { pageServiceSettings } from '../../services/page-settings.ts';
import { placesFor } from '../../services/places/places-for.ts';
import {
  isAbort,
  MIN_SUGGEST_LENGTH,
  newPlacesSession,
  type PlaceAddress,
  type Places,
  type PlacesSession,
  type PlaceSuggestion,
} from '../../services/places/places.ts';

/** How long typing must pause before the text is sent: one call per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 250;

/** Shown under the field once the places service has failed: the field is plain text now. */
export const PLACES_UNAVAILABLE_HINT = 'Address suggestions are unavailable; type your address.';

export interface AddressAutocompleteProps {
  id: string;
  label: string;
  /** The street address as the form holds it. */
  value: string;
  /** Called with the text as the patient types it (or the start of a chosen suggestion). */
  onChange: (value: string) => void;
  /** Called with the address of the suggestion the patient chose, to fill the other fields. */
  onAddress: (address: PlaceAddress) => void;
  error?: string | undefined;
  /** @default false */
  disabled?: boolean;
  /** @default true */
  required?: boolean;
  autoComplete?: string;
  /** The service to ask; the deployment's (`pageServiceSettings().places`) unless a test gives one. */
  places?: Places;
}

/** "200 Congress Ave, Austin, TX 78701" gives "200 Congress Ave": what goes into line 1 at once. */
function streetOf(text: string): string {
  return (text.split(',')[0] ?? text).trim();
}

/**
 * A street-address field that suggests addresses as the patient types (at least 3
 * characters, after a 250 ms pause) and, when one is chosen, hands its split address to
 * `onAddress`. The patient can always type the address by hand. When the service fails or
 * is slow, the field stays where it is, focus and text included, as plain text with a
 * one-line hint, and the fallback is reported once; the `addressAutocomplete` flag turns
 * suggestions off altogether. Controlled: the text lives in the form.
 */
export function AddressAutocomplete({
  id,
  label,
  value,
  onChange,
  onAddress,
  error,
  disabled = false,
  required = true,
  autoComplete,
  places: givenPlaces,
}: AddressAutocompleteProps) {
  const enabled = useFlag('addressAutocomplete');
  const places = useMemo(() => givenPlaces ?? placesFor(pageServiceSettings().places), [givenPlaces]);
  // What the patient typed last, to look up; null when the text came from a choice.
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [unavailable, setUnavailable] = useState(false);
  const session = useRef<PlacesSession | null>(null);
  const details = useRef<AbortController | null>(null);
  // The suggestion just chosen, whose whole text Autocomplete is about to write into the field.
  const chosenText = useRef<string | null>(null);
  const reported = useRef(false);

  const giveUp = useCallback(() => {
    setUnavailable(true);
    setSuggestions([]);
    if (!reported.current) {
      reported.current = true;
      track('service_fallback', { outcome: 'places' });
    }
  }, []);

  const typed = query?.trim() ?? '';
  const asking = enabled && !unavailable && typed.length >= MIN_SUGGEST_LENGTH;

  useEffect(() => {
    if (!asking) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      session.current ??= newPlacesSession();
      places.suggest(typed, session.current, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setSuggestions(found);
        },
        (failure: unknown) => {
          if (!controller.signal.aborted && !isAbort(failure)) giveUp();
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [asking, typed, places, giveUp]);

  useEffect(
    () => () => {
      details.current?.abort();
    },
    [],
  );

  const choose = (placeId: string) => {
    const chosen = suggestions.find((suggestion) => suggestion.placeId === placeId);
    if (chosen === undefined) return;
    // The session ends with this details call, as the service bills them together.
    const token = session.current ?? newPlacesSession();
    session.current = null;
    chosenText.current = chosen.text;
    setQuery(null);
    setSuggestions([]);
    onChange(streetOf(chosen.text));
    details.current?.abort();
    const controller = new AbortController();
    details.current = controller;
    places.place(placeId, token, controller.signal).then(
      (place) => {
        if (!controller.signal.aborted) onAddress(place.address);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted && !isAbort(failure)) giveUp();
      },
    );
  };

  const shared = {
    id,
    label,
    value,
    error,
    disabled,
    required,
    'aria-required': required,
    autoComplete,
  };

  if (!enabled) {
    return (
      <TextInput
        {...shared}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
      />
    );
  }

  return (
    <Autocomplete
      {...shared}
      description={unavailable ? PLACES_UNAVAILABLE_HINT : undefined}
      // Too short a text shows none, rather than the suggestions for an earlier one.
      data={(asking ? suggestions : []).map((suggestion) => ({ value: suggestion.placeId, label: suggestion.text }))}
      // The service has matched already; the text of a suggestion need not contain the typed words.
      filter={({ options }) => options}
      onOptionSubmit={choose}
      onChange={(next) => {
        // Autocomplete writes the whole suggestion into the field after `choose` has put its street there.
        if (chosenText.current !== null && next === chosenText.current) {
          chosenText.current = null;
          return;
        }
        chosenText.current = null;
        setQuery(next);
        onChange(next);
      }}
    />
  );
}
