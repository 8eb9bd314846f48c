import { Alert, Button, Fieldset, Group, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { getMicroClinic } from './scheduling-api.ts';
import type { MicroClinicLocation } from '../../contract/api-types.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { coarsePosition, MICROCLINIC_DONE, MICROCLINIC_RECORD, SEARCH_AREAS } from './microclinic-areas.ts';
import { SupportContact } from '../../shared/ui/support-contact.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { track } from '../../shared/services/analytics.ts';
import { pageServiceSettings } from '../../shared/services/page-settings.ts';
import { placesFor } from '../../shared/services/places/places-for.ts';
import { isAbort } from '../../shared/services/places/places.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { SaveProblem } from '../../shared/ui/save-problem.tsx';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';

type Point = { lat: number; lng: number };

/** How long the browser may take to find the patient. */
const LOCATION_TIMEOUT_MS = 15_000;

/** Why the patient's location is not known, in words. */
function locationProblemText(code: number | null): string {
  if (code === 1) return 'You chose not to share your location. Enter your city or ZIP code instead.';
  if (code === null) return 'Your browser cannot share your location. Enter your city or ZIP code instead.';
  return 'We could not find your location. Enter your city or ZIP code instead.';
}

/** Shown with the list of cities when the places service could not be used. */
export const PLACE_SEARCH_UNAVAILABLE = 'We cannot look up places just now. Choose the city nearest to you instead.';
/** Shown with the list of cities when the service knows no place by what the patient typed. */
export const PLACE_NOT_FOUND =
  'We could not find that city or ZIP code. Check it and search again, or choose the city nearest to you.';
/** Shown when Continue is pressed before a microclinic is chosen. */
export const CHOOSE_A_MICROCLINIC =
  'Choose a microclinic to continue. Use your location, or enter your city or ZIP code, to find the ones near you.';

function addressLine(location: MicroClinicLocation): string {
  const { line1, line2, city, state, zip } = location.address;
  return `${line1}${line2 ? `, ${line2}` : ''}, ${city}, ${state} ${zip}`;
}

/**
 * The microclinic step (/mip/hrt/finish/{code}, microclinic funnel): find the microclinics
 * near the patient, by the browser's location (asked for only when the patient presses the
 * button) or by a city or ZIP code they type, which the maps and places service turns into a
 * point; when that service fails or knows no such place, by a city from a list. Choose one,
 * and Continue: a choice is required (Continue without one says so and puts focus on the way to
 * find one), unless no microclinic is near, when the patient goes on and none is recorded. The point is rounded to about a kilometre before it is sent, and never kept:
 * only the chosen microclinic's id goes into the journey. What the patient types goes to the
 * places service in a request body only.
 */
export default function MicroclinicFinishScreen({ route, code, step }: ScreenProps) {
  const journey = useJourney(code);
  const id = useId();
  const [point, setPoint] = useState<Point | null>(null);
  const [locating, setLocating] = useState(false);
  const [showSearch, setShowSearch] = useState(false);
  const [place, setPlace] = useState('');
  const [searching, setSearching] = useState(false);
  // Why the list of cities is shown: the service failed, or knew no such place.
  const [areasReason, setAreasReason] = useState<string | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [areaId, setAreaId] = useState(SEARCH_AREAS[0]?.id ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The last Continue whose move could not be saved, told with Try again until one is.
  const [moveProblem, setMoveProblem] = useState<{ error: unknown; attempt: number } | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const findButton = useRef<HTMLButtonElement>(null);
  const asking = useRef(false);
  const places = useMemo(() => placesFor(pageServiceSettings().places), []);
  const search = useRef<AbortController | null>(null);
  const reported = useRef(false);

  useEffect(
    () => () => {
      search.current?.abort();
    },
    [],
  );

  const clinics = useApiData(point ? `clinics:${point.lat},${point.lng}` : null, (signal) =>
    getMicroClinic(point ?? { lat: 0, lng: 0 }, { signal, maxRetries: 2 }),
  );

  const locate = () => {
    if (asking.current) return;
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(locationProblemText(null));
      setShowSearch(true);
      return;
    }
    asking.current = true;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        asking.current = false;
        setLocating(false);
        setChosen(null);
        setPoint(coarsePosition(position.coords.latitude, position.coords.longitude));
      },
      (error) => {
        asking.current = false;
        setLocating(false);
        setProblem(locationProblemText(error.code));
        setShowSearch(true);
      },
      { enableHighAccuracy: false, timeout: LOCATION_TIMEOUT_MS, maximumAge: 600_000 },
    );
  };

  const searchArea = () => {
    const area = SEARCH_AREAS.find((item) => item.id === areaId);
    if (!area) return;
    setChosen(null);
    setPoint({ lat: area.lat, lng: area.lng });
  };

  const offerAreas = (reason: string) => {
    setAreasReason(reason);
    if (reason === PLACE_SEARCH_UNAVAILABLE && !reported.current) {
      reported.current = true;
      track('service_fallback', { outcome: 'places' });
    }
  };

  const searchPlace = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = place.trim();
    if (text === '') {
      setPlaceError('Enter your city or ZIP code.');
      return;
    }
    setPlaceError(null);
    search.current?.abort();
    const controller = new AbortController();
    search.current = controller;
    setSearching(true);
    places.locate(text, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setSearching(false);
        if (found === null) {
          offerAreas(PLACE_NOT_FOUND);
          return;
        }
        setAreasReason(null);
        setChosen(null);
        setPoint(coarsePosition(found.lat, found.lng));
      },
      (failure: unknown) => {
        if (controller.signal.aborted || isAbort(failure)) return;
        setSearching(false);
        offerAreas(PLACE_SEARCH_UNAVAILABLE);
      },
    );
  };

  const saved = journey.state.records[MICROCLINIC_RECORD];
  const locations = clinics.status === 'ready' ? clinics.data.locations : [];
  // The nearest is chosen until the patient picks another; a saved choice still listed wins.
  const selected =
    locations.find((item) => item.id === chosen) ?? locations.find((item) => item.id === saved) ?? locations[0] ?? null;

  // Nothing near the place searched: the patient goes on, and the care team talks about options.
  const noneNear = point !== null && clinics.status === 'ready' && locations.length === 0;

  const onContinue = async () => {
    if (saving) return;
    if (selected === null && !noneNear) {
      setChoiceError(CHOOSE_A_MICROCLINIC);
      findButton.current?.focus();
      return;
    }
    setSaving(true);
    try {
      // The choice rides in the move: the machine writes it with the next step, once. Only a
      // chosen microclinic is recorded, and only then is the choice done.
      await step?.advance(selected === null ? {} : { record: withMicroclinic(selected.id) });
      setMoveProblem(null);
    } catch (error) {
      // Still here, the choice kept: the problem says why, with Try again.
      setMoveProblem((before) => ({ error, attempt: (before?.attempt ?? 0) + 1 }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{route.title}</Title>
      <Text size="lg">
        Your visit includes time at a microclinic near you. Find the one that suits you best; we will confirm the
        details with you.
      </Text>

      {choiceError !== null && selected === null && (
        <Alert color="red" role="alert" id={`${id}-choice-error`}>
          {choiceError}
        </Alert>
      )}
      {/* Ways to find a clinic: secondary, so Continue stays the one primary action. */}
      <Group>
        <Button
          ref={findButton}
          variant="default"
          onClick={locate}
          loading={locating}
          aria-describedby={choiceError !== null && selected === null ? `${id}-choice-error` : undefined}
        >
          Use my location
        </Button>
        {!showSearch && (
          <Button
            variant="default"
            onClick={() => {
              setShowSearch(true);
            }}
          >
            Enter my city or ZIP code
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Your browser asks before it shares your location. We use it only to find microclinics near you and do not keep
        it.
      </Text>
      {problem && (
        <Alert color="yellow" role="alert">
          {problem}
        </Alert>
      )}

      {showSearch && areasReason !== PLACE_SEARCH_UNAVAILABLE && (
        <form onSubmit={searchPlace} aria-label="Find microclinics by city or ZIP code" noValidate>
          <Stack gap="xs" align="flex-start">
            <TextInput
              label="City or ZIP code"
              description="For example Austin, TX or 78701."
              value={place}
              error={placeError}
              autoComplete="postal-code"
              maxLength={100}
              onChange={(event) => {
                setPlace(event.currentTarget.value);
                setPlaceError(null);
              }}
            />
            <Button type="submit" variant="default" loading={searching}>
              Search
            </Button>
          </Stack>
        </form>
      )}

      {showSearch && areasReason !== null && (
        <Alert color="yellow" role="status">
          {areasReason}
        </Alert>
      )}

      {showSearch && areasReason !== null && (
        <Group align="flex-end">
          <NativeSelect
            label="Your city"
            description="Choose the city nearest to you."
            data={SEARCH_AREAS.map((area) => ({ value: area.id, label: area.label }))}
            value={areaId}
            onChange={(event) => {
              setAreaId(event.currentTarget.value);
            }}
          />
          <Button variant="default" onClick={searchArea}>
            Find microclinics
          </Button>
        </Group>
      )}

      {point &&
        (clinics.status === 'loading' ? (
          <LoadingIndicator />
        ) : clinics.status === 'failed' ? (
          <LoadProblem what="the microclinics near you" error={clinics.error} onRetry={clinics.retry} />
        ) : locations.length === 0 ? (
          <Alert color="yellow" role="status" title="No microclinic near you yet">
            There is no microclinic within reach of this place. You can go on: your care team will talk with you about
            other options.
          </Alert>
        ) : (
          <Fieldset
            variant="unstyled"
            role="radiogroup"
            aria-labelledby={`${id}-legend`}
            legend={
              <Title order={2} size="h3" id={`${id}-legend`}>
                Microclinics near you
              </Title>
            }
          >
            <Stack gap="sm" mt="sm">
              {locations.map((location) => (
                <Radio
                  key={location.id}
                  id={`${id}-${location.id}`}
                  name={`${id}-clinic`}
                  value={location.id}
                  label={location.name}
                  description={`${addressLine(location)} · ${location.distanceMiles} miles away`}
                  checked={selected?.id === location.id}
                  onChange={() => {
                    setChosen(location.id);
                  }}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}

      <ActionBar>
        <Button onClick={() => void onContinue()} loading={saving} disabled={!step?.canNext}>
          Continue
        </Button>
        {step?.canBack && (
          <Button variant="default" onClick={step.onBack} disabled={saving}>
            Back
          </Button>
        )}
      </ActionBar>
      {moveProblem !== null && (
        <SaveProblem
          error={moveProblem.error}
          attempt={moveProblem.attempt}
          retry={() => void onContinue()}
          busy={saving}
          subject="progress"
        />
      )}
      <SupportContact />
    </Stack>
  );
}

/** Records the microclinic chosen, and the choice as done. */
function withMicroclinic(id: string): JourneyChange {
  return (state) => ({
    ...state,
    completed: [...new Set([...state.completed, MICROCLINIC_DONE])],
    records: { ...state.records, [MICROCLINIC_RECORD]: id },
  });
}
