import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/http.ts';
import { resolveShortLink } from '../short-links.ts';
import { classifyShortLinkTarget } from '../short-link-target.ts';
import { MEMBER_SATISFACTION_PATH, VIDEO_VISIT_HOSTS } from '../short-link-config.ts';
import { ErrorPage } from './error-page.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

export interface Failure {
  status: string;
  message: string;
}

/** The failure title of SPEC §2. */
export const SHORT_LINK_ERROR_TITLE = 'Error: URL Shortener';

/**
 * What the patient reads for a failure. The state keeps SPEC §4's status and message ("short url
 * hash not found", a refusal's reason, the server's message) for developers; the page says in
 * plain words what happened, by kind: no such link, a link refused, or a lookup that failed.
 */
export function shortLinkFailureText(failure: Failure): string {
  if (failure.status === '404') return 'This link does not work. It may be mistyped, or it may have expired.';
  if (failure.status === '400')
    return 'This link cannot be opened here. It may have been changed or copied only in part.';
  return 'We could not open this link just now. Please try again in a moment.';
}

/**
 * /s/{hash}: looks the link up and goes there. An internal path opens in the app with the
 * current query and state; the member-satisfaction path and video-visit hosts get a full
 * navigation; anything else is refused.
 */
export default function ShortLinkScreen({ params }: ScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const hash = params.pathCode ?? '';

  useEffect(() => {
    let current = true;
    resolveShortLink(hash).then(
      (url) => {
        if (!current) return;
        if (url === null) {
          setFailure({ status: '404', message: 'short url hash not found' });
          return;
        }
        const target = classifyShortLinkTarget(url, {
          origin: window.location.origin,
          currentSearch: location.search,
          memberSatisfactionPath: MEMBER_SATISFACTION_PATH,
          videoVisitHosts: VIDEO_VISIT_HOSTS,
        });
        // A link to another short link (it would loop) is refused by the classifier, however encoded.
        if (target.kind === 'internal') void navigate(target.to, { replace: true, state: location.state as unknown });
        else if (target.kind === 'full') window.location.assign(target.href);
        else setFailure({ status: '400', message: target.reason });
      },
      (error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiError && error.status !== null ? String(error.status) : 'err';
        setFailure({ status, message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
    // Resolve once per hash; the query and state are read when the answer comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);

  useEffect(() => {
    if (failure) document.title = SHORT_LINK_ERROR_TITLE;
  }, [failure]);

  if (failure) return <ErrorPage code={failure.status} description={shortLinkFailureText(failure)} />;
  return (
    <Stack align="center" py="xl" role="status" aria-busy="true">
      <Loader aria-hidden />
      <Text>Opening your link…</Text>
    </Stack>
  );
}
