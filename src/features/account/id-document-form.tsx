import { Button, Image, Input, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { ID_DOCUMENT_ACCEPT, idDocumentProblem, idDocumentType, readableSize } from './id-document.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

export interface IdDocumentFormProps {
  /** Whether the file is being sent: the form is read-only and the button busy. */
  submitting: boolean;
  /** Called with a file that passed the checks; it stays chosen if sending fails. */
  onSubmit: (file: File) => void;
}

/**
 * A preview address for a chosen image: made when a file is chosen, released when another is
 * chosen or the form goes. Browsers without object URLs (and jsdom) get no preview.
 */
function usePreviewUrl(): [string | null, (file: File | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current !== null) URL.revokeObjectURL(current.current);
    },
    [],
  );
  function show(file: File | null) {
    if (current.current !== null) URL.revokeObjectURL(current.current);
    const isImage = file !== null && idDocumentType(file)?.startsWith('image/') === true;
    current.current = isImage && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setUrl(current.current);
  }
  return [url, show];
}

/**
 * The ID document picker: one file (JPG, PNG or PDF up to 10 MB), checked as soon as it is
 * chosen with a message next to the field, a preview of a photo, and a send button. The file
 * stays in memory: nothing is written to storage, and the preview is a memory address.
 */
export function IdDocumentForm({ submitting, onSubmit }: IdDocumentFormProps) {
  const inputId = useId();
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const titleId = `${inputId}-title`;
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, showPreview] = usePreviewUrl();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    if (chosen === null) return;
    const found = idDocumentProblem(chosen);
    setProblem(found);
    const usable = found === null ? chosen : null;
    setFile(usable);
    showPreview(usable);
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (file === null) {
      setProblem((previous) => previous ?? 'Choose a photo or a PDF of your ID first.');
      input.current?.focus();
      return;
    }
    onSubmit(file);
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          Your photo ID
        </Title>
        <Text size="sm">
          A driver&apos;s license, state ID or passport that has not expired. Make sure all four corners are in the
          picture and the text is easy to read.
        </Text>
        <Input.Wrapper
          id={inputId}
          label="Photo or scan of your ID"
          description="JPG, PNG or PDF, up to 10 MB"
          descriptionProps={{ id: descriptionId }}
          error={problem}
          errorProps={{ id: errorId }}
          required
        >
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ID_DOCUMENT_ACCEPT}
            required
            aria-required
            aria-invalid={problem !== null}
            aria-describedby={problem === null ? descriptionId : `${descriptionId} ${errorId}`}
            disabled={submitting}
            onChange={choose}
            style={{ display: 'block', marginTop: 'var(--mantine-spacing-xs)' }}
          />
        </Input.Wrapper>
        {file !== null && (
          <Stack gap="xs">
            <Text size="sm">
              Chosen: {file.name} ({readableSize(file.size)})
            </Text>
            {preview !== null && (
              <Image src={preview} alt="Preview of the ID you chose" maw={420} mah={320} fit="contain" radius="sm" />
            )}
          </Stack>
        )}
        <ActionBar>
          <Button type="submit" loading={submitting} disabled={submitting}>
            Send my ID
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}
