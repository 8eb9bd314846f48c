import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { SelectedBrand } from '../contract/brand.ts';
import { funnelEngine } from '../contract/funnel-config.ts';
import type { RouteConfig } from '../engine/config-types.ts';
import { useBrand } from '../shared/brand/brand-context.tsx';
import { ActionBar } from '../shared/layout/action-bar.tsx';
import { AppPageLayout } from '../shared/layout/app-page-layout.tsx';
import { SupportContact } from '../shared/ui/support-contact.tsx';
import { emailNewLink, movesTo, openReturnLink } from './open-return-link.ts';
import type { FailedReturnLink } from './return-link.ts';

type Failure = FailedReturnLink['outcome'];

/** The layout for a path no route matches (the catch-all always does; this is belt and braces). */
const ANY_ROUTE: RouteConfig = { path: '*', screen: 'not-found', site: 'shared', title: 'Page Not Available' };

/** Each failure's heading, also the page's title (static: never anything of the patient's). */
const HEADINGS: Readonly<Record<Failure['kind'], string>> = {
  used: 'This link was opened in another browser',
  'other-brand': 'This link is for our other site',
  'not-valid': 'This link has expired',
  busy: 'Please wait a moment',
  unreachable: 'We could not open your details',
};

/** Whole seconds from now until `at`, never below 0. */
function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The time left before `retryAt`, counted down each second. Mount it anew (a key) for another time. */
function useSecondsLeft(retryAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(retryAt, now);
  useEffect(() => {
    if (left === 0) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [left]);
  return left;
}

function seconds(count: number): string {
  return `${String(count)} ${count === 1 ? 'second' : 'seconds'}`;
}

interface RetryProps {
  opening: boolean;
  onRetry: () => void;
}

/** When another try is allowed, counted down, and the button for it once the time is up. */
function RetryWhenAllowed({ retryAt, opening, onRetry }: RetryProps & { retryAt: number }) {
  const secondsLeft = useSecondsLeft(retryAt);
  return (
    <>
      <Text fw={600}>
        {secondsLeft > 0 ? `You can try again in ${seconds(secondsLeft)}.` : 'You can try again now.'}
      </Text>
      <ActionBar>
        <Button onClick={onRetry} loading={opening} disabled={opening || secondsLeft > 0}>
          Try again
        </Button>
      </ActionBar>
    </>
  );
}

type Sending = 'idle' | 'sending' | 'sent' | 'refused' | 'failed';

/**
 * "Email me a new link": a fresh link for this page goes to the email on the patient's record
 * (never one typed here, so nobody else's inbox), and the page says so in place of the button.
 * The patient is told it went whether or not the server sent one just before: it says nothing
 * more. A token the clinic did not make cannot ask; no answer gets another try.
 */
function EmailNewLink({ token, secondary }: { token: string; secondary?: ReactNode }) {
  const [sending, setSending] = useState<Sending>('idle');
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sending === 'sent' || sending === 'refused' || sending === 'failed') said.current?.focus();
  }, [sending]);
  const send = () => {
    setSending('sending');
    const { pathname, search } = window.location;
    void emailNewLink(token, `${pathname}${search}`).then(
      (taken) => {
        setSending(taken ? 'sent' : 'refused');
      },
      () => {
        setSending('failed');
      },
    );
  };
  if (sending === 'sent')
    return (
      <>
        <Text ref={said} tabIndex={-1} role="status" fw={600}>
          We have emailed you a new link, to the address we have for you. Open it in this browser: it works for 14 days.
        </Text>
        {secondary !== undefined && <ActionBar>{secondary}</ActionBar>}
      </>
    );
  return (
    <>
      {sending === 'refused' && (
        <Text ref={said} tabIndex={-1} role="alert" fw={600}>
          We could not send a new link from this one. Please call us for one.
        </Text>
      )}
      {sending === 'failed' && (
        <Text ref={said} tabIndex={-1} role="alert" fw={600}>
          We could not reach our servers. Check that you are connected to the internet, then try again.
        </Text>
      )}
      <ActionBar>
        {sending !== 'refused' && (
          <Button onClick={send} loading={sending === 'sending'} disabled={sending === 'sending'}>
            Email me a new link
          </Button>
        )}
        {secondary}
      </ActionBar>
    </>
  );
}

/**
 * What a patient sees when the return link they came by did not open their details, in place
 * of the page they asked for (whose own "we could not find" would be a second, different
 * explanation): one heading saying what happened, what to do, and a way on. A link opened in
 * another browser already, or that has expired or is not valid, offers a new one by email (and
 * signing in, or the care team); when the
 * server asks to wait (too many tries, docs/limits.md) it says for how long and offers another
 * try once the time is up; when no answer came, another try at once. The token stays in memory
 * for the next try: the address bar no longer has it.
 */
function ReturnLinkProblemPage({ failure, token, opening, onRetry }: RetryProps & { failure: Failure; token: string }) {
  const { brand } = useBrand();
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = HEADINGS[failure.kind];
  const route = funnelEngine.locate(pathname)?.match.route ?? ANY_ROUTE;

  useEffect(() => {
    document.title = `${title} | ${brand.brandName}`;
  }, [title, brand.brandName]);

  // Another try that failed again says so where the patient's focus is (the button may have
  // just become unavailable): on the heading, which a screen reader then reads out.
  const tries = useRef(0);
  useEffect(() => {
    if (tries.current > 0) heading.current?.focus();
  }, [failure]);

  const retry = () => {
    tries.current += 1;
    onRetry();
  };

  return (
    <AppPageLayout route={route} pathname={pathname}>
      <Stack gap="lg" py="lg" maw={640}>
        <Title order={1} ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {failure.kind === 'used' && (
          <>
            <Text>
              For your privacy, each link in our emails and texts opens your details in one browser only, and this one
              has been opened in another browser or on another device already.
            </Text>
            <Text>We can email you a new link to open here.</Text>
            <EmailNewLink token={token} />
          </>
        )}
        {failure.kind === 'other-brand' && (
          <>
            <Text>
              This link opens your details on the site of the brand you are with, and we could not take you there from
              this address.
            </Text>
            <Text>We can email you a new link that goes to the right site.</Text>
            <EmailNewLink token={token} />
          </>
        )}
        {failure.kind === 'not-valid' && (
          <>
            <Text>
              For your privacy, the links in our emails and texts stop working after a while, and only work exactly as
              we sent them. This one can no longer open your details.
            </Text>
            <Text>We can email you a new link, or you can sign in to your account to carry on.</Text>
            <EmailNewLink
              token={token}
              secondary={
                <Button component="a" href={brand.portalLink} variant="default">
                  Sign in to your account
                </Button>
              }
            />
          </>
        )}
        {failure.kind === 'busy' && (
          <>
            <Text>
              For your security, details can be opened only a few times a minute from one network, and that limit has
              been reached.
            </Text>
            <RetryWhenAllowed key={failure.retryAt} retryAt={failure.retryAt} opening={opening} onRetry={retry} />
          </>
        )}
        {failure.kind === 'unreachable' && (
          <>
            <Text>Check that you are connected to the internet, then try again.</Text>
            <ActionBar>
              <Button onClick={retry} loading={opening} disabled={opening}>
                Try again
              </Button>
            </ActionBar>
          </>
        )}
        <SupportContact
          lead={
            failure.kind === 'busy' || failure.kind === 'unreachable'
              ? 'Questions? Call our care team at'
              : 'Or for a new link, call our care team at'
          }
        />
      </Stack>
    </AppPageLayout>
  );
}

/**
 * Shows the page the patient asked for once their return link has opened their details, and
 * until then the page saying why it has not (ReturnLinkProblemPage). A try that opens them
 * moves a customer of the other brand to their brand's host, as on arrival (src/main.tsx).
 */
export default function ReturnLinkGate({
  failed,
  selected,
  children,
}: {
  failed: FailedReturnLink;
  selected: Pick<SelectedBrand, 'site' | 'source'>;
  children: ReactNode;
}) {
  const [failure, setFailure] = useState<Failure | null>(failed.outcome);
  const [opening, setOpening] = useState(false);

  if (failure === null) return children;

  const retry = () => {
    setOpening(true);
    void openReturnLink(failed.token).then((outcome) => {
      const theirs = movesTo(outcome, selected, window.location.href, failed.token);
      if (theirs !== null) window.location.replace(theirs);
      else if (outcome.kind === 'opened') setFailure(null);
      else {
        setFailure(outcome);
        setOpening(false);
      }
    });
  };

  return <ReturnLinkProblemPage failure={failure} token={failed.token} opening={opening} onRetry={retry} />;
}
