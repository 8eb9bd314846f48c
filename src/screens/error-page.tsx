import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getMarkdown } from '../api/content.ts';
import { useNotifications } from '../app/notifications.tsx';
import { funnelConfig } from '../config/funnel-config.ts';
import { LazyRichText } from '../content/lazy-rich-text.tsx';
import classes from './error-page.module.css';

/** The two content entries the error page chooses from (SPEC §7). */
export const ERROR_CONTENT_KEYS = ['error404-ED', 'error404-HRT'] as const;

/** error404-HRT for a code in the configured HRT group, error404-ED otherwise. */
export function errorContentKey(pathCode: string | null | undefined): (typeof ERROR_CONTENT_KEYS)[number] {
  const hrt = funnelConfig.codeGroups.groups.hrt?.codes ?? [];
  return pathCode !== null && pathCode !== undefined && hrt.includes(pathCode.toLowerCase())
    ? 'error404-HRT'
    : 'error404-ED';
}

export interface ErrorPageProps {
  /** Shown in a very large heading, such as 404. */
  code?: string | undefined;
  /** The secondary heading. */
  description?: string | undefined;
  /** A smaller heading under the description. */
  message?: string | undefined;
  /** The campaign code of the page, which chooses the content entry. */
  pathCode?: string | null | undefined;
}

/** The error page of SPEC §2: a grey rounded card with the code, description, message and content. */
export function ErrorPage({ code, description, message, pathCode }: ErrorPageProps) {
  const { showSnackbar } = useNotifications();
  const [markdown, setMarkdown] = useState<string | null>(null);
  const key = errorContentKey(pathCode);

  useEffect(() => {
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
  }, [key, showSnackbar]);

  return (
    <Paper className={classes.card} radius={16}>
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
        {markdown !== null && (
          <Text component="div" className={classes.content}>
            <LazyRichText markdown={markdown} />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
