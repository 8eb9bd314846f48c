import { createHash } from 'node:crypto';
import { statement } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { newId, notFound, nowIso, ok } from './support.ts';

/** The media types an ID document may have, with the first bytes each must start with. */
export const ID_DOCUMENT_TYPES: Readonly<Record<string, { name: string; magic: readonly number[] }>> = {
  'image/jpeg': { name: 'a JPEG image', magic: [0xff, 0xd8, 0xff] },
  'image/png': { name: 'a PNG image', magic: [0x89, 0x50, 0x4e, 0x47] },
  'application/pdf': { name: 'a PDF', magic: [0x25, 0x50, 0x44, 0x46] },
};

/** 10 MiB: a phone photo fits; anything larger is refused before it is read. */
export const ID_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /mipH2/uploadId/{id}: keeps the document for the clinic and marks the customer as
 * having an ID. The body's first bytes must match its media type, so a renamed file of
 * another kind is refused. Its content is never logged.
 */
const uploadIdDocument: OperationHandler = ({ db, params, body, contentType, access }) => {
  const customerId = params.id ?? '';
  const type = ID_DOCUMENT_TYPES[contentType];
  if (!type) throw new HttpProblem(415, 'Unsupported Media Type', 'Send a JPEG, PNG or PDF.');
  if (!(body instanceof Buffer) || body.length === 0)
    throw new HttpProblem(400, 'The request is not valid', 'The file is empty.');
  if (!type.magic.every((byte, index) => body[index] === byte)) {
    throw new HttpProblem(400, 'The request is not valid', `The file is not ${type.name}.`);
  }
  if (!access.hasCustomer(customerId)) notFound('No customer with this id.');
  const receivedAt = nowIso();
  statement(
    db,
    'INSERT INTO id_documents (id, kt_customer_id, media_type, size, sha256, content, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    newId('doc'),
    customerId,
    contentType,
    body.length,
    createHash('sha256').update(body).digest('hex'),
    body,
    receivedAt,
  );
  statement(db, 'UPDATE customers SET has_id = 1 WHERE kt_customer_id = ?').run(customerId);
  return ok({ customerId, hasId: true, receivedAt });
};

export const ID_DOCUMENT_HANDLERS = { uploadIdDocument } satisfies Record<string, OperationHandler>;
