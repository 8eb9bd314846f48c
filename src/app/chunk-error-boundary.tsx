import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CHUNK_LOAD_MESSAGE, ChunkLoadError } from '../lib/lazy-chunk.ts';
import { ActionBar } from '../shared/layout/action-bar.tsx';

export interface ChunkErrorBoundaryProps {
  children: ReactNode;
  /** Reloads the page. @default location.reload */
  onReload?: () => void;
  /** Told about the error, for logging; never shown to the patient. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ChunkErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

function reloadPage() {
  window.location.reload();
}

/**
 * Catches what a screen throws while loading or rendering. A chunk that would not load (a new
 * deploy, after the one automatic reload) gets the update message; anything else gets a
 * generic one, since error details mean nothing to a patient and may hold their data.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, ChunkErrorBoundaryState> {
  override state: ChunkErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ChunkErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    // By name too: a copy of the class from another chunk would fail instanceof.
    const isChunkError = error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
    return (
      <Stack role="alert" align="flex-start" gap="sm" p="md">
        <Title order={2} size="h4">
          {isChunkError ? 'This page has been updated' : 'Something went wrong'}
        </Title>
        <Text>{isChunkError ? CHUNK_LOAD_MESSAGE : 'Please reload the page to try again.'}</Text>
        <ActionBar>
          <Button onClick={this.props.onReload ?? reloadPage}>Reload page</Button>
        </ActionBar>
      </Stack>
    );
  }
}
