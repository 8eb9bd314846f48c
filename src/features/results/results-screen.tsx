import { lazy, Suspense } from 'react';
import { servedIn } from '../../shared/clinic/served-states.ts';
import { patientStateOf } from '../../shared/questions/patient-state.ts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { funnelConfig } from '../../contract/funnel-config.ts';
import type { ScreenName } from '../../engine/config-types.ts';
import { ageBand } from '../../domain/age-band.ts';
import { localIsoDate } from '../../domain/dates.ts';
import { bandOf, OVERALL_SCORE } from '../../domain/scores.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { NoTreatmentOnline } from '../../shared/ui/no-treatment-online.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { patientQualification, type PatientQualification } from '../../shared/journey/patient-qualification.ts';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { useRouteContext } from '../../shared/journey/use-route-context.ts';
import { track } from '../../shared/services/analytics.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { ValueBar } from '../../shared/ui/value-bar.tsx';
import { EarlyNoteSlot, focusLikeEarlyNote } from '../../shared/layout/early-part.tsx';
import { NO_ANSWERS_NOTE } from '../../contract/early-form.ts';
import { assessmentPath, NoAnswersYet } from './no-answers-yet.tsx';
import { NotYou } from '../../shared/session/not-you.tsx';

// Only a patient whose state is not served fetches the notice and its waitlist form.
const NotServedNotice = lazy(async () => ({
  default: (await import('../../shared/clinic/not-served-notice.tsx')).NotServedNotice,
}));

/**
 * Continue names what it leads to, by the next step's screen: the results lead to one product
 * at checkout in every funnel of SPEC §2, so "treatment options" promised a choice there is not.
 * A step list of another kind (a pathOverride) gets its own words, or plain Continue.
 */
const CONTINUE_TO: Partial<Record<ScreenName, string>> = {
  payment: 'Continue to checkout',
  checkout: 'Continue to checkout',
  intake: 'Continue to your health questions',
  'about-consult': 'Continue to your consult',
  scheduling: 'Continue to book your consult',
};

/**
 * The assessment's results, from the lead saved on the server (its scores and birthdate) and
 * whether the answers qualify for treatment online. The page shows bands and plain words,
 * not the answers themselves.
 */
export default function ResultsScreen({ route, code, step }: ScreenProps) {
  const journey = useJourney(code);
  const context = useRouteContext();
  const { site, brand } = useBrand();
  const landingId = context.landingId !== '' ? context.landingId : journey.state.landingId;
  const results = useApiData<PatientQualification | null>(
    journey.status === 'loading' || landingId === undefined ? null : landingId,
    async (signal) => {
      // No saved lead (a link whose landing id has none): there are no results to show yet.
      const results = await patientQualification(
        { pathCode: code ?? '', linkLandingId: context.landingId },
        { signal },
      );
      if (results === null) return null;
      // That it was finished, never what the answers say (whether they qualify, the bands): the
      // tag manager hears the same of every patient here (src/contract/data-layer.ts).
      track('assessment_complete');
      return results;
    },
  );

  const heading = <Title order={1}>{route.title}</Title>;
  if (journey.status === 'loading') {
    // The page may have come with the note for a visitor with no answers (no session): it
    // stays, as sent, until the journey says what to show.
    return (
      <Stack py="lg">
        {heading}
        <EarlyNoteSlot note={NO_ANSWERS_NOTE} />
      </Stack>
    );
  }
  if (landingId === undefined || (results.status === 'ready' && results.data === null)) {
    return (
      <Stack gap="md" py="lg">
        {heading}
        <NoAnswersYet
          action={
            step?.canBack ? (
              <Button ref={focusLikeEarlyNote} onClick={step.onBack}>
                Take the assessment
              </Button>
            ) : (
              <Button ref={focusLikeEarlyNote} component={Link} to={assessmentPath(site, code, brand.startPath)}>
                Take the assessment
              </Button>
            )
          }
        />
      </Stack>
    );
  }
  if (results.status === 'loading') {
    return (
      <Stack py="lg">
        {heading}
        <LoadingIndicator />
      </Stack>
    );
  }
  if (results.status === 'failed') {
    return (
      <Stack py="lg">
        {heading}
        <LoadProblem what="your results" error={results.error} onRetry={results.retry} />
      </Stack>
    );
  }

  if (results.data === null) return null;
  const { lead, qualified, reasons } = results.data;
  const scores = lead.scores ?? {};
  const overall = scores[OVERALL_SCORE];
  const band = overall === undefined ? undefined : bandOf(funnelConfig.scores, overall);
  const birthdate = lead.answers.find((answer) => answer.ref === 'birthdate')?.value[0];
  const age = birthdate === undefined ? null : ageBand(birthdate, localIsoDate(new Date()));
  const nextScreen = step?.laterScreens[0];
  const state = patientStateOf(Object.fromEntries(lead.answers.map((answer) => [answer.ref, answer.value])));
  const unservedState = state !== undefined && !servedIn(code, site, state) ? state : undefined;

  return (
    <Stack gap="lg" py="lg">
      {heading}
      <Stack gap={4}>
        <Text size="lg">Thank you, {lead.firstName}. Here is what your answers tell us.</Text>
        <NotYou startAt={assessmentPath(site, code, brand.startPath)} />
      </Stack>
      {band && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h3">
              Your symptom level: {band.label}
            </Title>
            <Text>{band.summary}</Text>
            {age !== null && (
              <Text size="sm" c="dimmed">
                Compared with other people in your age group ({age}).
              </Text>
            )}
          </Stack>
        </Card>
      )}
      <Stack gap="sm">
        {funnelConfig.scores.scores.map((rule) => {
          const value = scores[rule.name];
          if (value === undefined) return null;
          const id = `score-${rule.name}`;
          const scoreBand = bandOf(funnelConfig.scores, value).label;
          return (
            <Stack key={rule.name} gap={4}>
              <Group justify="space-between">
                <Text id={id} fw={600}>
                  {rule.label}
                </Text>
                <Text size="sm">{scoreBand}</Text>
              </Group>
              <ValueBar kind="meter" value={value} valueText={scoreBand} labelledBy={id} />
            </Stack>
          );
        })}
      </Stack>
      {/* The state the clinic does not serve yet is said here, before checkout (issue 38). */}
      {qualified && unservedState !== undefined ? (
        <Stack gap="sm">
          <Suspense fallback={null}>
            <NotServedNotice code={code ?? ''} state={unservedState} email={lead.email} change="answers" />
          </Suspense>
          {step?.canBack === true && (
            <ActionBar>
              <Button variant="default" onClick={step.onBack}>
                Back to my answers
              </Button>
            </ActionBar>
          )}
        </Stack>
      ) : qualified ? (
        <Stack gap="sm">
          <Text>A licensed provider reviews your answers and talks you through your options in a video consult.</Text>
          {step && (
            <ActionBar>
              <Button disabled={!step.canNext} onClick={step.onNext}>
                {nextScreen === undefined ? 'Continue' : (CONTINUE_TO[nextScreen] ?? 'Continue')}
              </Button>
            </ActionBar>
          )}
        </Stack>
      ) : (
        <NoTreatmentOnline reasons={reasons} />
      )}
    </Stack>
  );
}
