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
import { customerSiteUrl, openReturnLink } from './open-return-link.ts';
import type { FailedReturnLink } from './return-link.ts';

type Failure = FailedReturnLink['outcome'];

/** The layout for a path no route matches (the catch-all always does; this is belt and braces). */
const ANY_ROUTE: RouteConfig = { path: '*', screen: 'not-found', site: 'shared', title: 'Page Not Available' };

/** Each failure's heading, also the page's title (static: never anything of the patient's). */
const HEADINGS: Readonly<Record<Failure['kind'], string>> = {
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

/**
 * What a patient sees when the return link they came by did not open their details, in place
 * of the page they asked for (whose own "we could not find" would be a second, different
 * explanation): one heading saying what happened, what to do, and a way on. A link that has
 * expired, or is not valid, sends them to sign in or to the care team for a new one; when the
 * server asks to wait (too many tries, docs/limits.md) it says for how long and offers another
 * try once the time is up; when no answer came, another try at once. The token stays in memory
 * for the next try: the address bar no longer has it.
 */
function ReturnLinkProblemPage({ failure, opening, onRetry }: RetryProps & { failure: Failure }) {
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
        {failure.kind === 'not-valid' && (
          <>
            <Text>
              For your privacy, the links in our emails and texts stop working after a while, and only work exactly as
              we sent them. This one can no longer open your details.
            </Text>
            <Text>Sign in to your account to carry on.</Text>
            <ActionBar>
              <Button component="a" href={brand.portalLink}>
                Sign in to your account
              </Button>
            </ActionBar>
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
            failure.kind === 'not-valid' ? 'For a new link, call our care team at' : 'Questions? Call our care team at'
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
      if (outcome.kind !== 'opened') {
        setFailure(outcome);
        setOpening(false);
        return;
      }
      const theirs = customerSiteUrl(outcome.site, selected, window.location.href, failed.token);
      if (theirs !== null) window.location.replace(theirs);
      else setFailure(null);
    });
  };

  return <ReturnLinkProblemPage failure={failure} opening={opening} onRetry={retry} />;
}
