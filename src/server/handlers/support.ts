import { randomBytes } from 'node:crypto';
import { statement, type Db } from '../database.ts';
import type { OperationResult } from '../operation.ts';
import { HttpProblem } from '../problem.ts';

/** A success in the contract's envelope: `{ data }`, 200 unless told. */
export function ok(data: unknown, status = 200): OperationResult {
  return { status, body: { data } };
}

/** A 201 Created in the contract's envelope. */
export function created(data: unknown): OperationResult {
  return ok(data, 201);
}

/** Answers 404 with the contract's wording: message "Not found", details what is missing. */
export function notFound(details: string): never {
  throw new HttpProblem(404, 'Not found', details);
}

/** Now, as the ISO timestamps the contract uses. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A new id such as `ord_3kP0aZ9xQw1L`: a prefix and 72 random bits, URL-safe. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

/** Crockford's base32: digits and capitals without I, L, O and U, so no two read alike on the phone. */
const READABLE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new id a patient reads out, such as `ord_7K2M9QXH4T0BW8RZ`: a prefix and 16 characters of
 * Crockford's base32 (80 random bits), one case and no `_` or `-`, so the reference shown in
 * groups of four ("7K2M 9QXH 4T0B W8RZ") is easy to say and to type.
 */
export function newReadableId(prefix: string): string {
  // 32 divides 256: each byte's low five bits pick a character with no bias.
  const characters = Array.from(randomBytes(16), (byte) => READABLE_ALPHABET[byte & 31] ?? '0');
  return `${prefix}_${characters.join('')}`;
}

/** The request body as an object (the contract has validated its shape). */
export function bodyOf(body: unknown): Readonly<Record<string, unknown>> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A validated string input; a missing one is a server bug, not bad input, as the schema requires it. */
export function text(values: Readonly<Record<string, unknown>>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string') throw new Error(`The validated input has no string ${name}`);
  return value;
}

/** An optional validated string input. */
export function optionalText(values: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A validated boolean input (query values are coerced by the schema). */
export function flag(values: Readonly<Record<string, unknown>>, name: string): boolean | undefined {
  const value = values[name];
  return typeof value === 'boolean' ? value : undefined;
}

/** A validated number input (query values are coerced by the schema). */
export function numberOf(values: Readonly<Record<string, unknown>>, name: string): number {
  const value = values[name];
  if (typeof value !== 'number') throw new Error(`The validated input has no number ${name}`);
  return value;
}

/** Parses JSON this server wrote itself (callers know its shape: they wrote it). */
export function stored(json: string): unknown {
  return JSON.parse(json);
}

/** Whether a lead is saved under a landing id. */
export function leadExists(db: Db, landingId: string): boolean {
  return (
    statement<[string], { found: number }>(db, 'SELECT 1 AS found FROM leads WHERE landing_id = ?').get(landingId) !==
    undefined
  );
}

/** Leaves out the keys whose value is undefined or null, as optional fields of the contract are absent. */
export function present<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== null),
  ) as Partial<T>;
}
