import { ApiError } from '../../shared/api/http.ts';
import { uploadIdDocument, type IdDocumentReceipt } from '../../shared/api/identity.ts';
import type { CustomerId } from '../../contract/api-types.ts';

/** The kinds of file the upload takes: a phone photo or a scan. */
export const ID_DOCUMENT_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];
/** The `accept` of the file input. */
export const ID_DOCUMENT_ACCEPT = ID_DOCUMENT_TYPES.join(',');
/** The largest file taken: 10 MB, more than a phone photo of a card needs. */
export const ID_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A 10 MB upload on a slow phone connection takes longer than the client's usual 30 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

const BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** The media type of a chosen file; some browsers give none, so the name's ending decides then. */
export function idDocumentType(file: File): string | undefined {
  if (ID_DOCUMENT_TYPES.includes(file.type)) return file.type;
  if (file.type !== '') return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : undefined;
}

/** A size as people read it: `850 KB`, `12.4 MB`. */
export function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${String(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What is wrong with a chosen file, in words a patient can act on, or null when it can be sent. */
export function idDocumentProblem(file: File): string | null {
  if (idDocumentType(file) === undefined) {
    return 'This kind of file cannot be used. Choose a photo (JPG or PNG) or a PDF.';
  }
  if (file.size === 0) return 'This file is empty. Choose the photo again, or take a new one.';
  if (file.size > ID_DOCUMENT_MAX_BYTES) {
    return `This file is ${readableSize(file.size)}, over the 10 MB limit. Choose a smaller photo, or take a new one with your phone's camera.`;
  }
  return null;
}

/**
 * Sends a customer's ID document from memory (the File the patient chose) with
 * `uploadIdDocument`: the bytes and their media type, never the file's name, which may hold
 * the patient's own.
 */
export async function sendIdDocument(
  customerId: CustomerId,
  file: File,
  options: { signal?: AbortSignal } = {},
): Promise<IdDocumentReceipt> {
  const type = idDocumentType(file);
  const problem = idDocumentProblem(file);
  if (!isUploadType(type) || problem !== null)
    throw new ApiError(problem ?? 'This file cannot be used.', null, 'uploadId');
  return uploadIdDocument(
    customerId,
    { bytes: new Uint8Array(await file.arrayBuffer()), type },
    { timeoutMs: UPLOAD_TIMEOUT_MS, ...(options.signal === undefined ? {} : { signal: options.signal }) },
  );
}

function isUploadType(type: string | undefined): type is 'image/jpeg' | 'image/png' | 'application/pdf' {
  return type !== undefined && ID_DOCUMENT_TYPES.includes(type);
}
