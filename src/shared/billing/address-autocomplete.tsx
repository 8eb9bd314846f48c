import { TextInput, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { track } from '../services/analytics.ts';
import { useFlag } from '../services/flags/use-flag.ts';
import { pageServiceSettings } from '../services/page-settings.ts';
import { placesFor } from '../services/places/places-for.ts';
import {
  isAbort,
  MIN_SUGGEST_LENGTH,
  newPlacesSession,
  type PlaceAddress,
  type Places,
  type PlacesSession,
  type PlaceSuggestion,
} from '../services/places/places.ts';
import classes from './address-autocomplete.module.css';

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

/** What a screen reader hears when suggestions come. */
function suggestionCount(count: number): string {
  return count === 1 ? '1 address suggested' : `${String(count)} addresses suggested`;
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
 *
 * The suggestions are the WAI-ARIA combobox pattern (a text box that owns a list box; arrows
 * move through the options, Enter chooses, Escape closes, a click chooses) written here on
 * Mantine's TextInput, not Mantine's Autocomplete: that one brings its Combobox, Popover, the
 * floating-ui positioning library and ScrollArea, 25 KB gzipped, a sixth of the payment page's
 * first load (issue 14). A list that opens right under its field needs none of them.
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
  // Whether the list may show (the field has focus and Escape has not closed it), and which option the arrows are on.
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
    setQuery(null);
    setSuggestions([]);
    setActive(-1);
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

  const options = asking ? suggestions : [];
  const expanded = listOpen && options.length > 0;
  const listId = `${id}-suggestions`;
  // By the place, not the position: when new suggestions arrive, an id never names another address.
  const optionId = (placeId: string) => `${listId}-${placeId}`;
  const activeOption = expanded ? options[active] : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setListOpen(true);
        setActive((current) => (!expanded || current >= last ? 0 : current + 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setListOpen(true);
        setActive((current) => (!expanded || current <= 0 ? last : current - 1));
        return;
      case 'Enter': {
        const chosen = expanded ? options[active] : undefined;
        if (chosen === undefined) return;
        // The address is chosen, not the form sent.
        event.preventDefault();
        choose(chosen.placeId);
        return;
      }
      case 'Escape':
        if (!expanded) return;
        event.preventDefault();
        setListOpen(false);
        return;
      default:
    }
  };

  return (
    <TextInput
      {...shared}
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={expanded ? listId : undefined}
      aria-activedescendant={activeOption === undefined ? undefined : optionId(activeOption.placeId)}
      description={unavailable ? PLACES_UNAVAILABLE_HINT : undefined}
      onFocus={() => {
        setListOpen(true);
      }}
      onBlur={() => {
        setListOpen(false);
      }}
      onKeyDown={onKeyDown}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setQuery(next);
        setListOpen(true);
        setActive(-1);
        onChange(next);
      }}
      // The list opens under the text box itself, above the hint or the error below it.
      inputContainer={(input) => (
        <div className={classes.anchor}>
          {input}
          {/* Suggestions arrive after a pause in typing: said once they are there. */}
          <VisuallyHidden aria-live="polite">{expanded ? suggestionCount(options.length) : ''}</VisuallyHidden>
          {expanded && (
            <ul
              id={listId}
              role="listbox"
              aria-labelledby={`${id}-label`}
              className={classes.list}
              // A press anywhere on the list (an option, its padding, its scroll bar) must not take
              // the focus from the text box, whose blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
              }}
            >
              {options.map((suggestion, index) => (
                <li
                  key={suggestion.placeId}
                  id={optionId(suggestion.placeId)}
                  role="option"
                  aria-selected={index === active}
                  className={classes.option}
                  onClick={() => {
                    choose(suggestion.placeId);
                  }}
                >
                  {suggestion.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    />
  );
}
