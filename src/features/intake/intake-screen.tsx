import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../shared/api/http.ts';
import type { JourneyState } from '../../contract/journey-state.ts';
import { getLead } from '../../shared/api/leads.ts';
import type { Lead, QuestionPage } from '../../contract/api-types.ts';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { EarlyFormSlot } from '../../shared/questions/early-form.tsx';
import { earlyPageKey } from '../../contract/early-form.ts';
import { routeIntro } from '../../shared/layout/route-intro.ts';
import { FormRunner, requestedPage } from '../../shared/ui/form-runner.tsx';
import { IdentityDocumentsStep } from './identity-documents-step.tsx';
import {
  aboutYouPages,
  CONTACT_PAGE,
  decodeAsks,
  firstVisitUrlFor,
  IDENTITY_PENDING,
  identityCustomerOf,
  identityDocumentQuestions,
  INTAKE_FORM_ID,
  INTAKE_RECORDS,
  intakeAsksContact,
  intakeAsksMarketing,
  intakeFormFor,
  stateOf,
  withShippingState,
} from './intake-pages.ts';
import { saveIntakeMove } from './intake-work.ts';
import { seedIntake } from './intake-seed.ts';
import { MARKETING_CONSENT_REF } from '../../domain/contact-questions.ts';
import { useLinkContext } from '../../shared/journey/link-context.ts';
import { journeyKeyOf, useJourney, useJourneyStore } from '../../shared/journey/journey-context.tsx';
import type { StepMove } from '../../shared/funnel-step.ts';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { PhoneLink } from '../../shared/ui/phone-link.tsx';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { track } from '../../shared/services/analytics.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

type Phase = 'form' | 'identity' | 'done';

/** Where a patient returning to the intake picks up, from what the journey says was finished. */
function phaseOf(state: JourneyState): Phase {
  const identity = state.records[INTAKE_RECORDS.identity];
  if (identity === IDENTITY_PENDING) return 'identity';
  // Answers saved but no identity result (the page closed between the two): check again.
  if (state.completed.includes(INTAKE_FORM_ID)) return identity === undefined ? 'identity' : 'done';
  return 'form';
}

async function leadOrNone(landingId: string, signal: AbortSignal): Promise<Lead | null> {
  try {
    return await getLead({ landing_id: landingId }, { signal, maxRetries: 2 });
  } catch (error) {
    // A link whose lead is gone starts a new one: the patient gives their contact details.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The intake (/mip/form, /f/intake): the MIP-H2 questions from the API, preceded by the
 * contact details when the patient has no lead yet (the ED funnels start here) and followed by
 * birthdate and state when no earlier form asked them (and the optional marketing choice on
 * its consent page when no assessment asked it); then the identity check with the
 * documents the patient's state asks for. The answers are saved on the lead; the documents
 * are held only in the identity step's component state and sent once to the check.
 */
export default function IntakeScreen({ route, code, step }: ScreenProps) {
  const journey = useJourney(code);
  const location = useLocation();
  const link = useLinkContext();
  const { site } = useBrand();
  const journeys = useJourneyStore();
  const [phase, setPhase] = useState<Phase | null>(null);

  const journeyReady = journey.status !== 'loading';
  const linkLeadId =
    journeyReady && journey.state.landingId === undefined && link.landingId !== '' ? link.landingId : null;
  const linkLead = useApiData(linkLeadId === null ? null : `intake-lead:${linkLeadId}`, (signal) =>
    leadOrNone(linkLeadId ?? '', signal),
  );
  const lead = linkLeadId === null ? null : linkLead.status === 'ready' ? linkLead.data : undefined;
  const seeded = journeyReady && lead !== undefined ? seedIntake(journey.state, link.prefill, lead) : null;

  // Kept, not written: the press that brought the patient here made its one write, and a
  // reload seeds the same again; the first typing or press saves it.
  useEffect(() => {
    if (seeded === null) return;
    journeys.keep(journeyKeyOf(code), (state) => seedIntake(state, link.prefill, lead ?? null) ?? state);
  }, [seeded, journeys, code, link.prefill, lead]);

  if (!route.form) {
    return (
      <Stack gap="md" py="lg">
        <Title order={1}>{route.title}</Title>
        <Text>
          This page has no questions set up. Please call us at <PhoneLink />.
        </Text>
      </Stack>
    );
  }
  // /mip/form serves the HRT and the ED funnels: an ED code asks its own health page.
  const form = intakeFormFor(route.form, code);

  const header = (
    <>
      <Title order={1}>{route.title}</Title>
      <Text>{routeIntro(route)?.text}</Text>
    </>
  );

  if (linkLeadId !== null && linkLead.status === 'failed') {
    return (
      <Stack gap="md" py="lg">
        {header}
        <LoadProblem what="your details" error={linkLead.error} onRetry={linkLead.retry} />
      </Stack>
    );
  }
  const asksRecord = journey.state.records[INTAKE_RECORDS.asks];
  if (!journeyReady || lead === undefined || seeded !== null || asksRecord === undefined) {
    // Where the page's HTML showed them (its shell): the heading and the intro stay put, and
    // the contact details' page the HTML may have brought (issue 28) stays on show.
    return (
      <Stack gap="md" py="lg">
        {header}
        <EarlyFormSlot page={earlyPageKey(CONTACT_PAGE.formId, CONTACT_PAGE.id)} />
      </Stack>
    );
  }

  // Asked once: the contact page stays once the lead is saved, so the pages keep their numbers
  // (a journey seeded before the record existed decides now).
  const contactRecord = journey.state.records[INTAKE_RECORDS.asksContact];
  const needsContact = contactRecord === undefined ? intakeAsksContact(journey.state, lead) : contactRecord === 'yes';
  const asks = decodeAsks(asksRecord);
  // Asked once: a patient who made the marketing choice on the assessment is not asked again
  // (a journey seeded before the record existed decides now).
  const marketingRecord = journey.state.records[INTAKE_RECORDS.asksMarketing];
  const asksMarketing =
    marketingRecord === undefined ? intakeAsksMarketing(journey.state.completed, lead) : marketingRecord === 'yes';
  // A page of the form named in the address (the browser's Back from the next step, a reload
  // there) shows that page, with its answers, even when the intake is finished.
  const resumed = phaseOf(journey.state);
  const current = phase ?? (resumed === 'done' && requestedPage(location.search) !== null ? 'form' : resumed);
  const identityStatus = journey.state.records[INTAKE_RECORDS.identity];

  /**
   * Hands the intake's move to the funnel machine: its work actors save the lead and run the
   * identity check, then it writes the journey once with their records, the screen's and the
   * step (src/app/step-work.ts). Where there is no next step, the same work and one write
   * without it. Rejects, with the patient still here and nothing written, when any part fails.
   * Still here once it has settled (the check is pending its documents, or did not verify the
   * patient), the page shows what the journey now says.
   */
  const moveOn = async (move: StepMove) => {
    const moving = step?.canNext === true;
    if (moving) await step.advance(move);
    else await saveIntakeMove(move, journey);
    if (move.identity?.customer != null) track('intake_complete');
    const identity = journeys.snapshot(journeyKeyOf(code)).state.records[INTAKE_RECORDS.identity];
    if (identity === IDENTITY_PENDING) setPhase('identity');
    else if (!moving || identity !== 'verified') setPhase('done');
  };

  /**
   * The form's last press: the lead, with the shipping address's state as the state answer
   * when it was not asked. Where the patient's state asks for no documents, the identity check
   * runs in the same move; else the check is recorded pending and the documents' page follows
   * (its own press runs the check).
   */
  const complete = async (pages: readonly QuestionPage[]) => {
    // The runner stays on screen, busy, until everything below has settled.
    setPhase('form');
    const saved = withShippingState(pages, journey.state.answers);
    const { state: shippingState } = saved.answers;
    const documentsAsked = identityDocumentQuestions(stateOf(saved.answers)).length > 0;
    await moveOn({
      lead: {
        journey: { ...journey, state: { ...journey.state, answers: saved.answers } },
        pages: saved.pages,
        pathCode: code ?? '',
        formId: INTAKE_FORM_ID,
        linkLandingId: link.landingId,
      },
      identity: { customer: documentsAsked ? null : identityCustomerOf(saved.answers, {}) },
      ...(saved.answers !== journey.state.answers && shippingState !== undefined
        ? { record: (state) => ({ ...state, answers: { ...state.answers, state: [...shippingState] } }) }
        : {}),
    });
  };

  // A renewal (a2-renewal) says first who it is for, with the way to a first visit for anyone else.
  const firstVisit = firstVisitUrlFor(code, site);
  let body;
  if (current === 'form') {
    body = (
      <FormRunner
        form={form}
        journey={journey}
        pagesBefore={needsContact ? [CONTACT_PAGE] : []}
        omitRefs={asksMarketing ? [] : [MARKETING_CONSENT_REF]}
        pagesAfter={(answers) => aboutYouPages(asks, answers)}
        onComplete={complete}
        onBack={step?.canBack ? step.onBack : undefined}
        finishLabel="Continue"
        what="your intake questions"
        intro={
          firstVisit !== null && (
            <Alert color="blue" role="note" title="Renewing your ED prescription">
              Renewal is for patients who already have an ED prescription from us. New to us, or never prescribed ED
              medicine?{' '}
              <Anchor component={Link} to={firstVisit} fw={600}>
                Start a first visit
              </Anchor>
              .
            </Alert>
          )
        }
      />
    );
  } else if (current === 'identity') {
    body = (
      <IdentityDocumentsStep
        key={stateOf(journey.state.answers)}
        state={stateOf(journey.state.answers)}
        onSubmit={(documents) =>
          moveOn({ identity: { customer: identityCustomerOf(journey.state.answers, documents) } })
        }
        onBack={() => {
          setPhase('form');
        }}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <Title order={2}>Your intake is complete</Title>
        {identityStatus !== 'verified' && (
          <Alert color="blue" title="Our care team may contact you">
            We could not confirm your identity automatically. You can go on: a member of our care team may call or email
            you to confirm a few details before your provider approves treatment. Questions? Call us at <PhoneLink />,
            Mon-Sun 8am-8pm (EST).
          </Alert>
        )}
        <ActionBar>
          {step?.canNext && <Button onClick={step.onNext}>Continue</Button>}
          <Button
            variant="default"
            onClick={() => {
              setPhase('form');
            }}
          >
            Review my answers
          </Button>
        </ActionBar>
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="lg">
      {header}
      {body}
    </Stack>
  );
}
