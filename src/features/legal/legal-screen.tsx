import { Stack, Text, Title } from '@mantine/core';
import { getLegalDocument } from '../../shared/api/legal.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { LazyRichText } from '../../shared/content/lazy-rich-text.tsx';
import { unbreakablePhone } from '../../shared/layout/phone.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { isLegalDocumentId } from '../../domain/legal-documents.ts';

/**
 * A legal document of the brand (issue 38 point 3): the Terms, the Privacy Policy or the
 * telehealth consent, as the server keeps it in force now, the same text whose hash the Pay
 * page's agreement names. The route's variant says which; the Pay page opens these in a new
 * tab, so the card form there loses nothing.
 */
export default function LegalScreen({ route }: ScreenProps) {
  const document = route.variant !== undefined && isLegalDocumentId(route.variant) ? route.variant : null;
  const text = useApiData(document, (signal) => getLegalDocument(document ?? 'terms', undefined, { signal }));
  let content;
  if (document === null) content = <Text>This document does not exist.</Text>;
  else if (text.status === 'failed')
    content = <LoadProblem what="this document" error={text.error} onRetry={text.retry} />;
  else if (text.status !== 'ready') content = <LoadingIndicator />;
  else {
    // The page's heading is the route's title: the document's own first heading would say it
    // twice. Its version and date are the document's own words, under it.
    content = (
      <LazyRichText
        // The same words; a phone number only kept from breaking across lines (docs/design.md).
        markdown={text.data.markdown.replace(/^# [^\n]*\n+/, '').replace(/\(\d{3}\) \d{3}-\d{4}/g, unbreakablePhone)}
        mode="small"
      />
    );
  }
  return (
    <Stack gap="md" py="lg" maw={720}>
      <Title order={1}>{route.title}</Title>
      {content}
    </Stack>
  );
}
