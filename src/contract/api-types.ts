/**
 * Request and response types of the `/api` contract (schemas/api.openapi.json): generated from
 * its component schemas (npm run types, src/contract/generated/api-schemas.ts) and named like
 * them, so each has one declaration, the schema. tests/api checks every client function
 * against the contract's examples and validates what it returns with the contract.
 */
// Every schema's type, under its schema's name (npm run types writes them): no list to keep
// in step with the schemas.
export type * from './generated/api-schemas.ts';
import type { Error as ApiErrorSchema } from './generated/api-schemas.ts';

/** A JSON value, for the free-form bodies of the contract. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** The one error body of the API (`Error`: a name the global Error takes in this code). */
export type ErrorBody = ApiErrorSchema;
/** An ISO 8601 timestamp. */
export type DateTime = string;
/** An ISO 8601 date, YYYY-MM-DD. */
export type IsoDate = string;

export type ProductCategory = 'hrt' | 'fhrt';
