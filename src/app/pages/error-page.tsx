import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getMarkdown } from '../../shared/api/content.ts';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { useNotifications } from '../../shared/notifications/notifications.tsx';
import { funnelConfig } from '../../contract/funnel-config.ts';
import { errorContentKeyOf } from '../../engine/code-groups.ts';
import type { ScreenName } from '../../engine/config-types.ts';
import { LazyRichText } from '../../shared/content/lazy-rich-text.tsx';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { SupportContact } from '../../shared/ui/support-contact.tsx';
import classes from './error-page.module.css';

const groups = funnelConfig.codeGroups;

/** The content entries the error page chooses from (SPEC §7), as config/code-groups.json names them. */
export const ERROR_CONTENT_KEYS: readonly string[] = [
  ...new Set([
    groups.defaultErrorContentKey,
    ...Object.values(groups.groups).flatMap((group) => group.errorContentKey ?? []),
  ]),
];

export interface ErrorPageProps {
  /** Shown in a very large heading, such as 404. */
  code?: string | undefined;
  /** The secondary heading; the page's heading when there is no code. */
  description?: string | undefined;
  /** A smaller heading under the description. */
  message?: string | undefined;
  /** The campaign code of the page, which chooses the content entry. */
  pathCode?: string | null | undefined;
  /** The screen the failed link opened, which chooses the content entry for a code in no group. */
  linkScreen?: ScreenName | undefined;
  /** Whether to show the content service's rich text (the error page of SPEC §2 does). @default true */
  withContent?: boolean;
  /** Plain words under the headings. */
  children?: ReactNode;
  /** The one primary action; null for none. @default "Start your assessment", to the brand's start */
  action?: { label: string; to: string; otherSite?: boolean } | null | undefined;
  /** How to reach the care team. @default the brand's phone and hours */
  contact?: ReactNode;
}

/** The content entry of the page's code, as the server has it for the visitor's brand. */
function useErrorContent(key: string, enabled: boolean): string | null {
  const { showSnackbar } = useNotifications();
  const [markdown, setMarkdown] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    getMarkdown(ERROR_CONTENT_KEYS).then(
      ({ results }) => {
        if (current) setMarkdown(results[key] ?? null);
      },
      (error: unknown) => {
        if (current) showSnackbar(error instanceof Error ? error.message : 'Request Timeout');
      },
    );
    return () => {
      current = false;
    };
  }, [key, enabled, showSnackbar]);
  return enabled ? markdown : null;
}

/**
 * Every page a patient reaches when a link fails (the error page of SPEC §2, the short-link
 * failure, the not-found page): a grey rounded card with the code, what happened in the
 * patient's words, the content for the code, and a way forward: the brand's phone to tap and
 * the brand's start as the one primary action.
 */
export function ErrorPage({
  code,
  description,
  message,
  pathCode,
  linkScreen,
  withContent = true,
  children,
  action,
  contact,
}: ErrorPageProps) {
  const { brand } = useBrand();
  const markdown = useErrorContent(errorContentKeyOf(groups, pathCode, linkScreen), withContent);
  const primary = action === undefined ? { label: 'Start your assessment', to: brand.startPath } : action;

  return (
    <Paper className={classes.card} radius={16} data-error-card="">
      <Stack gap="sm" align="center" ta="center">
        {code !== undefined && code !== '' ? (
          <>
            <Title order={1} className={classes.code}>
              {code}
            </Title>
            {description !== undefined && description !== '' && (
              <Title order={2} className={classes.description}>
                {description}
              </Title>
            )}
          </>
        ) : (
          <Title order={1} className={classes.description}>
            {description ?? 'Something went wrong'}
          </Title>
        )}
        {message !== undefined && message !== '' && (
          <Title order={3} className={classes.message}>
            {message}
          </Title>
        )}
        {children !== undefined && <div className={classes.content}>{children}</div>}
        {markdown !== null && (
          <Text component="div" className={classes.content}>
            <LazyRichText markdown={markdown} />
          </Text>
        )}
        <div className={classes.content}>{contact ?? <SupportContact lead="Questions? Call our care team at" />}</div>
        {primary !== null && (
          <div className={classes.actions}>
            <ActionBar>
              {/* Another brand's site is another origin: a plain link, not the router's. */}
              {primary.otherSite === true ? (
                <Button component="a" href={primary.to}>
                  {primary.label}
                </Button>
              ) : (
                <Button component={Link} to={primary.to}>
                  {primary.label}
                </Button>
              )}
            </ActionBar>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
