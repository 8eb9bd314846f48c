import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getProductInfo } from './products-api.ts';
import type { Product } from '../../contract/api-types.ts';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { useNotifications } from '../../shared/notifications/notifications.tsx';
import { withProductDefaults } from './product.ts';
import { productRequestFor } from '../../domain/product-choice.ts';
import { resolveRouteContext } from '../../domain/route-context.ts';
import { formatMoney } from '../../domain/money.ts';
import { RecaptchaNotice } from './bot-check/recaptcha-notice.tsx';
import { prepareBotCheck } from './bot-check/verify-patient.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { useJourney, useJourneyStore, type JourneyHandle } from '../../shared/journey/journey-context.tsx';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import { consoleLogger } from '../../shared/console-logger.ts';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { PhoneLink } from '../../shared/ui/phone-link.tsx';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { BillingForm } from '../../shared/billing/billing-form.tsx';
import { BILLING_ADDRESS_REF } from '../../shared/questions/known-address.ts';
import { MARKETING_CONSENT_REF } from '../../domain/contact-questions.ts';
import {
  billingAddressAnswer,
  EMPTY_CARD,
  initialBillingValues,
  isCardField,
  type BillingErrors,
  type BillingField,
  type BillingValues,
} from '../../shared/billing/billing-values.ts';
import {
  checkPendingOrder,
  followOnPending,
  orderFollowOn,
  pay,
  pendingAttemptOf,
  recordPaid,
  type PaymentOutcome,
  type PaymentPlan,
  paymentOffersMarketing,
} from './payment-flow.ts';
import { orderReference, paidSummaryOf, PAYMENT_RECORDS, type PaidSummary } from '../../shared/journey/paid-order.ts';
import { ProductSummary } from './product-summary.tsx';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { focusWhenShown } from '../../lib/focus-when-shown.ts';

type CheckState = { status: 'idle' | 'running' | 'done' } | { status: 'failed'; message: string };

/** The card the journey's billing token stands for, by the form's card edit count when it was made. */
interface TokenCard {
  token: string;
  cardVersion: number;
}

/**
 * The payment step shared by /payment, /f/payment and /mip/checkout: the product and its
 * price, a billing form, and an order placed exactly once (see payment-flow.ts). A journey
 * that already has its order shows the order instead of the form; one left mid-payment by a
 * reload is checked again, with the same key, before the patient is offered to pay again.
 */
export function PaymentStep({ route, code, step }: ScreenProps) {
  const { site, brand } = useBrand();
  const location = useLocation();
  const { showSnackbar } = useNotifications();
  const journey = useJourney(code);
  const store = useJourneyStore();
  const journeyKey = code ?? 'none';
  const search = location.search;
  const navigationState: unknown = location.state;
  const context = useMemo(
    () =>
      resolveRouteContext({ query: search, state: navigationState, portalLinkBase: brand.portalLink }, consoleLogger),
    [search, navigationState, brand.portalLink],
  );
  const request = productRequestFor(code ?? '', context.mpid, site);
  const { followOn } = request;
  const product = useApiData(`${request.id}|${request.category}|${request.type}`, (signal) =>
    getProductInfo({ id: request.id, category: request.category, type: request.type }, { signal, maxRetries: 2 }).then(
      (loaded) => withProductDefaults(loaded, request.id),
    ),
  );

  // The journey as the store holds it now: the flow saves several times between two renders.
  const latest = useCallback((): JourneyHandle => {
    const snapshot = store.snapshot(journeyKey);
    return {
      status: snapshot.status,
      state: snapshot.state,
      update: (change: JourneyChange) => {
        store.update(journeyKey, change);
      },
      save: (change?: JourneyChange) => store.save(journeyKey, change),
    };
  }, [store, journeyKey]);

  const loadedProduct: Product | null = product.status === 'ready' ? product.data : null;
  const plan = useMemo<PaymentPlan | null>(
    () =>
      loadedProduct === null
        ? null
        : { pathCode: code ?? '', linkLandingId: context.landingId, product: loadedProduct },
    [loadedProduct, code, context.landingId],
  );

  const [edited, setEdited] = useState<BillingValues | null>(null);
  const [errors, setErrors] = useState<BillingErrors>({});
  const [declineReason, setDeclineReason] = useState<string | null>(null);
  const [declinedToken, setDeclinedToken] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [paidHere, setPaidHere] = useState<PaidSummary | null>(null);
  const [continuing, setContinuing] = useState(false);
  const [check, setCheck] = useState<CheckState>({ status: 'idle' });
  const [tokenCard, setTokenCard] = useState<TokenCard | null>(null);
  const [refused, setRefused] = useState(false);
  // The optional marketing box: unticked until the patient (or the agent, for them) ticks it.
  const [editedMarketing, setMarketing] = useState<readonly string[] | null>(null);
  // Read only in handlers: a click in the same tick as another must not start a second payment.
  const busy = useRef(false);
  const cardVersion = useRef(0);
  const checkStarted = useRef(false);

  // The bot check's script loads while the patient fills the form, not when they press Pay.
  useEffect(() => {
    prepareBotCheck();
  }, []);

  const failedLoad = product.status === 'failed' ? product.error : null;
  useEffect(() => {
    if (failedLoad) showSnackbar(failedLoad.message);
  }, [failedLoad, showSnackbar]);

  const ready = journey.status !== 'loading';
  const paid = paidHere ?? (ready ? paidSummaryOf(journey.state) : null);
  const pending = ready ? pendingAttemptOf(journey.state) : null;
  const mustCheck = plan !== null && paid === null && pending !== null && check.status !== 'done';
  const values = edited ?? initialBillingValues(journey.state.answers, context.prefill);
  const offersMarketing = paymentOffersMarketing(journey.state, context.landingId, step?.laterScreens ?? null);
  // After a reload the box shows the choice this form already saved, so a new attempt keeps it.
  const marketing = editedMarketing ?? journey.state.answers[MARKETING_CONSENT_REF] ?? [];

  const finishPaid = useCallback(
    async (summary: PaidSummary, moveOn: boolean) => {
      setPaidHere(summary);
      setEdited((current) => (current === null ? null : { ...current, ...EMPTY_CARD }));
      try {
        await orderFollowOn(followOn, context.landingId, latest);
      } catch (error) {
        showSnackbar(error instanceof Error ? error.message : 'Your lab kit could not be ordered. Please try again.');
        return;
      }
      if (moveOn) step?.onNext();
    },
    [followOn, context.landingId, latest, showSnackbar, step],
  );

  const runCheck = useCallback(
    async (current: PaymentPlan) => {
      const outcome = await checkPendingOrder(current, latest);
      if (outcome.kind === 'paid') {
        setCheck({ status: 'done' });
        // The patient sees the result and moves on with Continue.
        await finishPaid(outcome.summary, false);
      } else if (outcome.kind === 'declined') {
        setCheck({ status: 'done' });
        setDeclinedToken(outcome.billingToken);
        setDeclineReason(outcome.reason);
      } else {
        setCheck({ status: 'failed', message: outcome.message });
        showSnackbar(outcome.message);
      }
    },
    [latest, finishPaid, showSnackbar],
  );

  // After a reload mid-payment: send the same order once more before anything else is offered.
  useEffect(() => {
    if (!mustCheck || check.status !== 'idle' || checkStarted.current) return;
    checkStarted.current = true;
    void runCheck(plan);
  }, [mustCheck, check.status, plan, runCheck]);

  function change(field: BillingField, value: string) {
    setEdited({ ...values, [field]: value });
    if (errors[field] !== undefined) {
      setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
    }
    if (isCardField(field)) {
      cardVersion.current += 1;
      setDeclineReason(null);
    }
    setFormProblem(null);
  }

  function applyOutcome(outcome: PaymentOutcome) {
    switch (outcome.kind) {
      case 'paid':
        // The patient sees "Your payment is complete" and the order reference, then moves on with Continue.
        return finishPaid(outcome.summary, false);
      case 'declined':
        setDeclinedToken(outcome.billingToken);
        setDeclineReason(outcome.reason);
        return undefined;
      case 'invalid':
        if (Object.keys(outcome.errors).length > 0) setErrors(outcome.errors);
        else setFormProblem(outcome.message);
        return undefined;
      case 'refused':
        setRefused(true);
        return undefined;
      case 'failed':
        showSnackbar(outcome.message);
        return undefined;
    }
  }

  async function submit() {
    if (busy.current || plan === null) return;
    busy.current = true;
    setSubmitting(true);
    setCheck({ status: 'done' });
    setDeclineReason(null);
    setFormProblem(null);
    setRefused(false);
    const versionAtPress = cardVersion.current;
    const tokenBefore = latest().state.records[PAYMENT_RECORDS.billingToken];
    const currentToken = tokenBefore ?? null;
    try {
      const outcome = await pay(
        plan,
        latest,
        values,
        {
          declinedToken,
          tokenIsForTypedCard:
            tokenCard !== null && tokenCard.token === currentToken && tokenCard.cardVersion === versionAtPress,
        },
        offersMarketing ? marketing : null,
      );
      const tokenAfter = latest().state.records[PAYMENT_RECORDS.billingToken];
      if (tokenAfter !== undefined && tokenAfter !== tokenBefore) {
        setTokenCard({ token: tokenAfter, cardVersion: versionAtPress });
      }
      if (outcome.kind === 'paid') {
        // Kept for the intake's "Same as my billing address" (the card never is).
        const address = billingAddressAnswer(values);
        latest().update((state) => ({ ...state, answers: { ...state.answers, [BILLING_ADDRESS_REF]: address } }));
      }
      await applyOutcome(outcome);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  async function continueOn() {
    if (busy.current || paid === null) return;
    busy.current = true;
    setContinuing(true);
    try {
      // An order placed while the journey could not be saved is recorded before moving on.
      if (paidHere !== null && latest().state.records[PAYMENT_RECORDS.orderId] === undefined) {
        await recordPaid(latest, paidHere);
      }
      await orderFollowOn(followOn, context.landingId, latest);
      step?.onNext();
    } catch (error) {
      showSnackbar(error instanceof Error ? error.message : 'Please try again.');
    } finally {
      busy.current = false;
      setContinuing(false);
    }
  }

  function retryCheck() {
    if (plan === null) return;
    setCheck({ status: 'running' });
    void runCheck(plan);
  }

  let content;
  if (!ready) {
    content = <LoadingIndicator />;
  } else if (paid !== null) {
    content = (
      <PaymentComplete
        summary={paid}
        followOnMissing={followOnPending(followOn, journey.state)}
        onContinue={step ? () => void continueOn() : null}
        busy={continuing}
      />
    );
  } else if (product.status === 'loading') {
    content = <LoadingIndicator />;
  } else if (product.status === 'failed') {
    content = <LoadProblem what="your order details" error={product.error} onRetry={product.retry} />;
  } else if (mustCheck && check.status === 'failed') {
    content = (
      <Alert color="red" title="We could not check your payment" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Your earlier payment may have gone through, so we will not ask you to pay again until we know. Please try
            again, or call us at <PhoneLink />.
          </Text>
          <Text size="xs" c="dimmed">
            {check.message}
          </Text>
          <Button variant="default" onClick={retryCheck}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (mustCheck) {
    content = (
      <Group gap="sm" role="status" py="lg">
        <Loader size="sm" aria-hidden="true" />
        <Text>We are checking your payment…</Text>
      </Group>
    );
  } else {
    content = (
      <Stack gap="xl">
        <ProductSummary product={product.data} />
        <BillingForm
          values={values}
          onChange={change}
          marketing={offersMarketing ? { value: marketing, onChange: setMarketing } : null}
          errors={errors}
          onErrors={setErrors}
          onSubmit={() => void submit()}
          declineReason={declineReason}
          formProblem={formProblem}
          submitLabel={`Pay ${formatMoney(product.data.total)}`}
          submitting={submitting}
          extraActions={
            step?.canBack === true ? (
              <Button variant="default" onClick={step.onBack} disabled={submitting}>
                Back
              </Button>
            ) : null
          }
        />
        {/* Right under Pay: the bot check refused this attempt, so the way on is a call. */}
        {refused && (
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
      {/* Once paid, the receipt's heading is the page's: the route's title over a receipt would
          read as if payment were still due, and a second heading would say it twice. */}
      {paid === null && <Title order={1}>{route.title}</Title>}
      {content}
    </Stack>
  );
}

function PaymentComplete({
  summary,
  followOnMissing,
  onContinue,
  busy,
}: {
  summary: PaidSummary;
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
          <Text>
            {summary.total !== undefined && summary.last4 !== undefined
              ? `We charged ${formatMoney(summary.total)} to the card ending in ${summary.last4}.`
              : summary.total !== undefined
                ? `We charged ${formatMoney(summary.total)}.`
                : 'Your order is placed.'}{' '}
            You will not be charged again.
          </Text>
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
