import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import type { RichTextProps } from './rich-text.tsx';

// The markdown parser is the bulk of this chunk; pages without rich text never download it.
// loadChunk gives it the same reload-once handling as the screens after a deploy.
const RichTextChunk = lazy(() =>
  loadChunk(() => import('./rich-text.tsx')).then((module) => ({ default: module.RichText })),
);

function RichTextFallback() {
  // Lines of roughly the text's height, so the page does not jump when the text arrives.
  return (
    <Stack gap="xs" role="status" aria-label="Loading text">
      <Skeleton height={16} />
      <Skeleton height={16} />
      <Skeleton height={16} width="70%" />
    </Stack>
  );
}

/** RichText, loaded on first use; shows placeholder lines meanwhile. */
export function LazyRichText(props: RichTextProps) {
  return (
    <Suspense fallback={<RichTextFallback />}>
      <RichTextChunk {...props} />
    </Suspense>
  );
}
