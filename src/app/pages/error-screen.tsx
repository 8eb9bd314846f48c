import { useLocation } from 'react-router-dom';
import { funnelEngine } from '../../contract/funnel-config.ts';
import type { LinkProblemKind, Site } from '../../engine/config-types.ts';
import { stepUrl } from '../../engine/funnel-plan.ts';
import { splitUrl, withoutQueryParam } from '../../engine/url.ts';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { readHistoryState } from '../funnel-sync.tsx';
import { ErrorPage } from './error-page.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';

/** What the patient reads for each reason a link has no funnel: short, so the heading fits a phone. */
const WORDS: Readonly<Record<LinkProblemKind, { description: string; message: string }>> = {
  'unknown-code': { description: 'We don’t recognize this link', message: 'It may be mistyped or out of date.' },
  'unknown-step-key': { description: 'This link is incomplete', message: 'Part of it is missing or mistyped.' },
};

/** For an error code config gives no reason for (a link to /error itself, or /error/410/...). */
const ANY_PROBLEM = { description: 'This link does not work', message: 'It may be incomplete or out of date.' };

/** The reason config/funnels.json gives the error code, if any. */
function reasonOf(code: string | undefined): LinkProblemKind | undefined {
  const { errorCodes } = funnelEngine.config.funnels;
  return (Object.keys(errorCodes) as LinkProblemKind[]).find((kind) => errorCodes[kind] === code);
}

/**
 * Where the code's own program starts on this site, with the link's query but not the part
 * that broke it (a pathOverride the site cannot follow) nor a form's page number; null when
 * the code has no funnel here.
 */
function programStart(code: string | undefined, site: Site, query: string): string | null {
  if (code === undefined || code === '') return null;
  const { stepKeys, funnels } = funnelEngine.config;
  const kept = withoutQueryParam(withoutQueryParam(query, stepKeys.queryParam), funnels.formPageParam);
  const planned = funnelEngine.planVisit({ code: code.toLowerCase(), brand: site, query: kept });
  return planned.ok ? stepUrl(planned.plan, 0) : null;
}

/**
 * /error and /error/{code}/{pathCode}: the code from the path, the description from the
 * navigation state's error, else the words for the reason config gives the code (a code we do
 * not know, a link whose step list is broken). The way forward is the start of the link's own
 * program when the code has one here, else the brand's start. With no code in the path the
 * description is the page's heading: no made-up code stands over it.
 */
export default function ErrorScreen({ params }: ScreenProps) {
  const location = useLocation();
  const { site } = useBrand();
  const { error, linkScreen } = readHistoryState(location.state);
  const reason = reasonOf(params.code);
  const words = reason === undefined ? ANY_PROBLEM : WORDS[reason];
  const start = programStart(params.pathCode, site, splitUrl(`${location.pathname}${location.search}`).query);
  return (
    <ErrorPage
      code={params.code}
      description={error ?? words.description}
      message={words.message}
      pathCode={params.pathCode}
      linkScreen={linkScreen}
      action={start === null ? undefined : { label: 'Start from the beginning', to: start }}
    />
  );
}
