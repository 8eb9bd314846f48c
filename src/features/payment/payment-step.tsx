import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { getProductInfo } from './products-api.ts';
import type { FollowOnProduct, LandingId, Product, UsState } from '../../contract/api-types.ts';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { useNotifications } from '../../shared/notifications/notifications.tsx';
import { withProductDefaults } from './product.ts';
import { productRequestFor } from '../../domain/product-choice.ts';
import { resolveRouteContext } from '../../domain/route-context.ts';
import type { Prefill } from '../../domain/prefill.ts';
import { formatMoney } from '../../domain/money.ts';
import { RecaptchaNotice } from './bot-check/recaptcha-notice.tsx';
import { prepareBotCheck } from './bot-check/verify-patient.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';
import type { FunnelStep } from '../../shared/funnel-step.ts';
import { useJourney, useJourneyStore } from '../../shared/journey/journey-context.tsx';
import { consoleLogger } from '../../shared/console-logger.ts';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { PhoneLink } from '../../shared/ui/phone-link.tsx';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { BillingForm } from '../../shared/billing/billing-form.tsx';
import { MARKETING_CONSENT_REF } from '../../domain/contact-questions.ts';
import {
  EMPTY_CARD,
  initialBillingValues,
  isCardField,
  type BillingErrors,
  type BillingField,
  type BillingValues,
} from '../../shared/billing/billing-values.ts';
import { paymentMachine, paymentViewOf, type PaymentContext } from './payment-machine.ts';
import { paymentActors } from './payment-actors.ts';
import { followOnPending, paymentInputOf, paymentOffersMarketing } from './payment-journey.ts';
import { orderReference, paidSummaryOf, type PaidSummary } from '../../shared/journey/paid-order.ts';
import { ProductSummary } from './product-summary.tsx';
import { EarlySummarySlot } from '../../shared/layout/early-part.tsx';
import { EARLY_BILLING_FORM, earlySummaryKey } from '../../contract/early-form.ts';
import { dropEarlyForm, EarlyFormSlot } from '../../shared/questions/early-form.tsx';
import { adoptEarlyForm } from '../../shared/questions/adopt-early-form.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { servedIn } from '../../shared/clinic/served-states.ts';
import { isUsStateCode } from '../../domain/us-states.ts';
import { focusWhenShown } from '../../lib/focus-when-shown.ts';
import classes from './payment-step.module.css';
import type { StatementTerms } from './pay-agreement.tsx';
import { getLegalDocuments } from '../../shared/api/legal.ts';
import { isoDayOf } from '../../domain/calendar.ts';
import { renewalFor } from '../../domain/product-choice.ts';
import { stepPathOf } from '../../domain/shown-text.ts';
import { PAYMENT_RECORDS } from '../../shared/journey/paid-order.ts';
import type { PayPress, PressAgreement } from './payment-machine.ts';

// The statement next to Pay and the receipt's renewal lines: their words and the Checkbox come
// in a chunk of their own, so a page that fetches the payment step ahead (the results) does not
// carry them in its first load.
const UNTICKED = 'Tick the box to agree to the renewal before you pay.';
const PayAgreement = lazy(async () => ({ default: (await import('./pay-agreement.tsx')).PayAgreement }));
const RenewalLines = lazy(async () => ({ default: (await import('./pay-agreement.tsx')).RenewalLines }));

// Only a patient whose state is not served fetches the notice and its waitlist form.
const NotServedNotice = lazy(async () => ({
  default: (await import('../../shared/clinic/not-served-notice.tsx')).NotServedNotice,
}));

/** What a page composed around the payment step adds: a word under its heading (the ED checkout's booked visit). */
export interface PaymentStepOptions {
  intro?: ReactNode;
}

/**
 * The payment step shared by /payment, /f/payment and /mip/checkout: the product and its
 * price, a billing form, and an order placed exactly once. The payment itself is a state
 * machine (payment-machine.ts) whose effects are the app's actors (payment-actors.ts); this
 * screen hands it what the patient typed and draws the state it is in. A journey that already
 * has its order shows the order instead of the form; one left mid-payment by a reload is
 * checked again, with the same key, before the patient is offered to pay again.
 */
export function PaymentStep({ route, code, step, intro }: ScreenProps & PaymentStepOptions) {
  const { site, brand } = useBrand();
  const location = useLocation();
  const { showSnackbar } = useNotifications();
  const journey = useJourney(code);
  const search = location.search;
  const navigationState: unknown = location.state;
  const context = useMemo(
    () =>
      resolveRouteContext({ query: search, state: navigationState, portalLinkBase: brand.portalLink }, consoleLogger),
    [search, navigationState, brand.portalLink],
  );
  const request = productRequestFor(code ?? '', context.mpid, site);
  const product = useApiData(`${request.id}|${request.category}|${request.type}`, (signal) =>
    getProductInfo({ id: request.id, category: request.category, type: request.type }, { signal, maxRetries: 2 }).then(
      (loaded) => withProductDefaults(loaded, request.id),
    ),
  );

  // The bot check's script loads while the patient fills the form, not when they press Pay.
  useEffect(() => {
    prepareBotCheck();
  }, []);

  const failedLoad = product.status === 'failed' ? product.error : null;
  useEffect(() => {
    if (failedLoad) showSnackbar(failedLoad.message);
  }, [failedLoad, showSnackbar]);

  const ready = journey.status !== 'loading';
  const paidBefore = ready && paidSummaryOf(journey.state) !== null;
  // While the journey and the product load, the order summary and the billing form the page's
  // HTML brought stay where the screen's own will be (the shell's layout:
  // src/shared/layout/screen-shell.tsx), the form with what the patient has typed in it.
  const loading = (
    <Stack gap="xl">
      <EarlySummarySlot product={earlySummaryKey(request)} />
      <EarlyFormSlot page={EARLY_BILLING_FORM} />
    </Stack>
  );
  let content;
  if (!ready) {
    content = loading;
  } else if (product.status === 'ready' || paidBefore) {
    // The machine starts once what it starts from is known: the journey, and what is bought
    // (a journey already paid needs no product to show its receipt).
    return (
      <PaymentFlow
        key={code ?? 'none'}
        title={route.title}
        code={code}
        step={step}
        product={product.status === 'ready' ? product.data : null}
        linkLandingId={context.landingId}
        prefill={context.prefill}
        followOn={request.followOn}
        productId={request.id}
        intro={intro}
      />
    );
  } else if (product.status === 'loading') {
    content = loading;
  } else {
    content = <LoadProblem what="your order details" error={product.error} onRetry={product.retry} />;
  }
  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{route.title}</Title>
      {content}
    </Stack>
  );
}

interface PaymentFlowProps {
  title: string;
  code: string | null;
  step: FunnelStep | null;
  /** What is bought; null only for a journey whose order is placed already. */
  product: Product | null;
  linkLandingId: LandingId;
  prefill: Prefill;
  followOn: FollowOnProduct | undefined;
  /** The product the code sells (config/products.json), whose renewal the page states. */
  productId: string;
  intro: ReactNode;
}

/** The payment machine of one visit to the step, and the screen of the state it is in. */
function PaymentFlow({
  title,
  code,
  step,
  product,
  linkLandingId,
  prefill,
  followOn,
  productId,
  intro,
}: PaymentFlowProps) {
  const { showSnackbar } = useNotifications();
  const { site, brand } = useBrand();
  const location = useLocation();
  const journey = useJourney(code);
  const journeys = useJourneyStore();
  const journeyKey = code ?? 'none';
  // The actors read the step when Continue is pressed, not as it was when the payment began.
  const stepNow = useRef(step);
  useEffect(() => {
    stepNow.current = step;
  }, [step]);
  // The ref is read by the moveOn actor when Continue is pressed, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const [machine] = useState(() =>
    paymentMachine.provide({
      actors: paymentActors({
        journeys,
        journeyKey,
        pathCode: code ?? '',
        linkLandingId,
        product,
        followOn,
        step: () => stepNow.current,
      }),
    }),
  );
  const actor = useActorRef(machine, { input: paymentInputOf(journeys.snapshot(journeyKey).state, linkLandingId) });
  const view = useSelector(actor, paymentViewOf);
  const shown = useSelector(actor, (snapshot) => snapshot.context, sameShown);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const termsChanged = useSelector(actor, (snapshot) => snapshot.context.termsChanged);

  // The agreement before money (issue 38 point 3): the documents in force, what paying means
  // for this product today, and for a plan that renews the box agreeing to it, unticked.
  const legal = useApiData(`legal|${String(termsChanged)}`, (signal) => getLegalDocuments({ signal, maxRetries: 2 }));
  const renewal = renewalFor(productId);
  const cancel = useMemo(
    () => ({ portalLink: brand.portalLink, supportEmail: brand.supportEmail ?? '', phone: brand.phone }),
    [brand],
  );
  // What the statement next to Pay last drew: the press agrees to exactly that.
  const shownStatement = useRef<{ text: string; shownOn: string } | null>(null);
  const [statementShown, setStatementShown] = useState(false);
  const keepShown = useCallback((shown: { text: string; shownOn: string }) => {
    shownStatement.current = shown;
    setStatementShown(true);
  }, []);
  const [renewalAccepted, setRenewalAccepted] = useState(false);
  const [renewalError, setRenewalError] = useState<string | null>(null);
  const renewalBox = useRef<HTMLInputElement>(null);
  // New terms, perhaps a new price: the box agreed to the old ones, so it is asked again.
  const [termsSeen, setTermsSeen] = useState(termsChanged);
  if (termsSeen !== termsChanged) {
    setTermsSeen(termsChanged);
    setRenewalAccepted(false);
  }

  // A journey paid already, or a payment being checked: the page's form (and a Pay held in
  // it) is not this visit's to take.
  const showsForm = view === 'form' || view === 'paying';
  useEffect(() => {
    if (!showsForm) dropEarlyForm();
  }, [showsForm]);

  // A failure is told once each time it happens (a numbered message), in the snackbar.
  useEffect(() => {
    if (failure !== null) showSnackbar(failure.message);
  }, [failure, showSnackbar]);

  const [edited, setEdited] = useState<BillingValues | null>(null);
  const [errors, setErrors] = useState<BillingErrors>({});
  // The optional marketing box: unticked until the patient (or the agent, for them) ticks it.
  const [editedMarketing, setMarketing] = useState<readonly string[] | null>(null);
  const cardVersion = useRef(0);

  const values = edited ?? initialBillingValues(journey.state.answers, prefill);
  const offersMarketing = paymentOffersMarketing(journey.state, linkLandingId, step?.laterScreens ?? null);
  // After a reload the box shows the choice this form already saved, so a new attempt keeps it.
  const marketing = editedMarketing ?? journey.state.answers[MARKETING_CONSENT_REF] ?? [];
  // The server's word on the fields, over the form's own until the patient changes one.
  const shownErrors = { ...errors, ...shown.fieldErrors };
  // A state the code's product is not served in stops the form before the card (issue 38).
  const notServed = code !== null && isUsStateCode(values.state) && !servedIn(code, site, values.state);

  // Paid: the card fields are emptied (the card never outlives the payment).
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('receipt'))
        setEdited((current) => (current === null ? null : { ...current, ...EMPTY_CARD }));
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [actor]);

  function change(field: BillingField, value: string) {
    setEdited({ ...values, [field]: value });
    if (errors[field] !== undefined) {
      setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
    }
    if (isCardField(field)) cardVersion.current += 1;
    actor.send({ type: 'edit', card: isCardField(field) });
  }

  /** The press Pay makes now, or why it cannot be made yet (nothing is changed here). */
  function pressNow(): PayPress | 'waiting' | 'failed' | 'unticked' {
    const shown = shownStatement.current;
    if (legal.status === 'failed') return 'failed';
    if (legal.status !== 'ready' || shown === null) return 'waiting';
    if (renewal !== null && !renewalAccepted) return 'unticked';
    const agreement: PressAgreement = {
      documents: legal.data.map(({ document, version, sha256 }) => ({ document, version, sha256 })),
      statement: shown.text,
      shownOn: shown.shownOn,
      renewalAccepted: renewal !== null && renewalAccepted,
      step: stepPathOf(location.pathname),
      funnelVersion: journey.state.funnel?.version,
    };
    return { values, agreement, marketing: offersMarketing ? marketing : null, cardVersion: cardVersion.current };
  }

  function pay() {
    const press = pressNow();
    // A failed load is said next to Pay, with Try again.
    if (press === 'failed') return;
    if (press === 'waiting') actor.send({ type: 'pay.awaitTerms' });
    else if (press === 'unticked') {
      setRenewalError(UNTICKED);
      renewalBox.current?.focus();
    } else actor.send({ type: 'pay', press });
  }

  // A press held for the terms goes once they are drawn, or is let go if it cannot go: the
  // terms failed to load, or the renewal box (not on the page the patient pressed in) is unticked.
  const awaitingTerms = useSelector(actor, (snapshot) => snapshot.matches('awaitingTerms'));
  const heldUnticked = useSelector(actor, (snapshot) => snapshot.context.heldUnticked);
  const payWhenTermsArrive = useEffectEvent(() => {
    const press = pressNow();
    if (press === 'waiting') return;
    if (press === 'failed' || press === 'unticked') {
      actor.send({ type: 'pay.release', unticked: press === 'unticked' });
      if (press === 'unticked') renewalBox.current?.focus();
    } else actor.send({ type: 'pay', press });
  });
  useEffect(() => {
    if (awaitingTerms) payWhenTermsArrive();
  }, [awaitingTerms, legal.status, statementShown]);

  let content;
  if (view === 'receipt' || view === 'continuing' || view === 'done') {
    const paid = shown.paid;
    return (
      <Stack gap="lg" py="lg">
        {/* Once paid, the receipt's heading is the page's: the route's title over a receipt would
            read as if payment were still due, and a second heading would say it twice. */}
        {paid !== null && (
          <PaymentComplete
            summary={paid}
            paidElsewhere={shown.paidElsewhere}
            renewalTerms={{
              amount: paid.total ?? product?.total ?? '',
              renewal,
              shownOn: agreedOn(journey.state.records) || isoDayOf(new Date(), 'local'),
              cancel,
            }}
            followOnMissing={followOnPending(followOn, journey.state)}
            onContinue={
              step
                ? () => {
                    actor.send({ type: 'continue' });
                  }
                : null
            }
            busy={view !== 'receipt'}
          />
        )}
      </Stack>
    );
  } else if (view === 'recognised') {
    return (
      <Stack gap="lg" py="lg">
        <RecognisedElsewhere
          email={journey.state.answers.email?.[0] ?? ''}
          onBack={() => {
            actor.send({ type: 'recognised.back' });
          }}
        />
      </Stack>
    );
  } else if (view === 'checkFailed') {
    content = (
      <Alert color="red" title="We could not check your payment" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Your earlier payment may have gone through, so we will not ask you to pay again until we know. Please try
            again, or call us at <PhoneLink />.
          </Text>
          <Text size="xs" c="dimmed">
            {shown.checkFailure}
          </Text>
          <Button
            variant="default"
            onClick={() => {
              actor.send({ type: 'check.retry' });
            }}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (view === 'checking') {
    content = (
      <Group gap="sm" role="status" py="lg">
        <Loader size="sm" aria-hidden="true" />
        <Text>We are checking your payment…</Text>
      </Group>
    );
  } else if (product === null) {
    content = <LoadingIndicator />;
  } else {
    const submitting = view === 'paying';
    const terms: StatementTerms = { amount: product.total, renewal, shownOn: isoDayOf(new Date(), 'local'), cancel };
    content = (
      <Stack gap="xl">
        <ProductSummary product={product} />
        <TakesEarlyForm>
          <BillingForm
            values={values}
            onChange={change}
            marketing={offersMarketing ? { value: marketing, onChange: setMarketing } : null}
            errors={shownErrors}
            onErrors={setErrors}
            onSubmit={pay}
            note={
              <Suspense fallback={null}>
                <PayAgreement
                  ref={renewalBox}
                  site={site}
                  terms={terms}
                  onShown={keepShown}
                  renewalAccepted={renewalAccepted}
                  onRenewalChange={(accepted) => {
                    setRenewalAccepted(accepted);
                    if (accepted) setRenewalError(null);
                  }}
                  renewalError={renewalError ?? (heldUnticked && !renewalAccepted ? UNTICKED : null)}
                  loadProblem={
                    legal.status === 'failed' ? { message: legal.error.message, onRetry: legal.retry } : null
                  }
                  termsChanged={termsChanged > 0}
                  disabled={submitting}
                />
              </Suspense>
            }
            declineReason={shown.declineReason}
            formProblem={shown.formProblem}
            submitLabel={`Pay ${formatMoney(product.total)}`}
            submitting={submitting}
            stop={
              notServed ? (
                <Suspense fallback={null}>
                  <NotServedNotice
                    code={code}
                    state={values.state as UsState}
                    email={values.email.trim()}
                    change="form"
                  />
                </Suspense>
              ) : null
            }
            extraActions={
              step?.canBack === true ? (
                <Button variant="default" onClick={step.onBack} disabled={submitting}>
                  Back
                </Button>
              ) : null
            }
          />
        </TakesEarlyForm>
        {/* Right under Pay: the bot check refused this attempt, so the way on is a call. */}
        {shown.refused && (
          <Alert color="red" role="alert" title="We could not take your payment online">
            Our security check could not confirm this payment, so nothing was charged. Please call us at <PhoneLink />{' '}
            (Mon-Sun 8am-8pm EST) and we will complete your order with you.
          </Alert>
        )}
        <RecaptchaNotice />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{title}</Title>
      {intro}
      {content}
    </Stack>
  );
}

/**
 * Where the billing form first renders: it takes what the patient typed in the page's early
 * billing form (the server sent it under the order summary, issue 28), field by field, and a
 * press of Pay made before the app ran. Paired by each field's autocomplete: this form may ask
 * the marketing box, which the page's could not know it would.
 */
function TakesEarlyForm({ children }: { children: ReactNode }) {
  const area = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    adoptEarlyForm(EARLY_BILLING_FORM, area.current, 'by-autocomplete');
  }, []);
  return (
    <div ref={area} className={classes.formArea}>
      {children}
    </div>
  );
}

/** What the screen draws of the machine's context: it rerenders when one of these changes. */
function sameShown(a: PaymentContext, b: PaymentContext): boolean {
  return (
    a.paid === b.paid &&
    a.paidElsewhere === b.paidElsewhere &&
    a.declineReason === b.declineReason &&
    a.fieldErrors === b.fieldErrors &&
    a.formProblem === b.formProblem &&
    a.refused === b.refused &&
    a.checkFailure === b.checkFailure
  );
}

/**
 * The payment was not taken: the details given are those of a patient who has paid for this
 * already in another browser, and the server emailed them a link back to it. Said in words that
 * hold whether or not that is so for the person reading ("if you already have..."), with the
 * way on: the email, a call, or back to the form to change what was typed.
 */
function RecognisedElsewhere({ email, onBack }: { email: string; onBack: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusWhenShown(() => title.current, { scroll: true }), []);
  return (
    <>
      <Title order={1} ref={title}>
        Check your email
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>You have not been charged.</Text>
          <Text>
            If you already have a treatment plan with us, we have emailed a link to{' '}
            {email === '' ? 'your email address' : <strong>{email}</strong>} so you can continue where you left off, on
            this device or any other. It can take a few minutes to arrive; check your spam folder too.
          </Text>
          <Text size="sm">
            No email, or not you? Call us at <PhoneLink /> (Mon-Sun 8am-8pm EST) and we will help.
          </Text>
          <ActionBar>
            <Button variant="default" onClick={onBack}>
              Change my details
            </Button>
          </ActionBar>
        </Stack>
      </Card>
    </>
  );
}

/** The day the attempt's statement was made for (its next charge date counts from it), or ''. */
function agreedOn(records: Readonly<Record<string, string>>): string {
  try {
    const agreement = JSON.parse(records[PAYMENT_RECORDS.agreement] ?? '{}') as { shownOn?: unknown };
    return typeof agreement.shownOn === 'string' ? agreement.shownOn : '';
  } catch {
    return '';
  }
}

function PaymentComplete({
  summary,
  paidElsewhere,
  renewalTerms,
  followOnMissing,
  onContinue,
  busy,
}: {
  summary: PaidSummary;
  /** The order was paid by another window's press (this one's was refused): said first, in plain words. */
  paidElsewhere: boolean;
  /** What happens next with the card: the renewal's terms as agreed at Pay, or that a one-off is not charged again. */
  renewalTerms: StatementTerms;
  followOnMissing: boolean;
  onContinue: (() => void) | null;
  busy: boolean;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  // Paying keeps the patient on this page: focus and view move to the receipt, so a screen
  // reader announces it and a phone shows it rather than the bottom of the old form.
  useEffect(() => focusWhenShown(() => title.current, { scroll: true }), []);
  return (
    <>
      <Title order={1} ref={title}>
        Your payment is complete
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          {paidElsewhere && (
            <Text fw={600}>
              You have already paid for this order in another window, so nothing more was charged now.
            </Text>
          )}
          <Text>
            {summary.total !== undefined && summary.last4 !== undefined
              ? `We charged ${formatMoney(summary.total)} to the card ending in ${summary.last4}.`
              : summary.total !== undefined
                ? `We charged ${formatMoney(summary.total)}.`
                : 'Your order is placed.'}
          </Text>
          <Suspense fallback={null}>
            <RenewalLines terms={renewalTerms} />
          </Suspense>
          {summary.orderId !== '' && (
            <Text>
              Order reference: <strong data-testid="order-reference">{orderReference(summary.orderId)}</strong>
              <Text span size="sm" c="dimmed" display="block">
                Quote it if you call us about your order.
              </Text>
            </Text>
          )}
          {followOnMissing && (
            <Text size="sm">We still need to add your complimentary lab kit to your order; Continue will do it.</Text>
          )}
          {onContinue && (
            <ActionBar>
              <Button onClick={onContinue} disabled={busy}>
                {busy ? 'Processing…' : 'Continue'}
              </Button>
            </ActionBar>
          )}
        </Stack>
      </Card>
    </>
  );
}
