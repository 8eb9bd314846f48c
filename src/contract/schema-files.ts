import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type Options } from 'ajv/dist/2020.js';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';

// Where the schemas and the config are, how their JSON is read, and the one AJV factory: used by
// the config checks (scripts/, the build), the OpenAPI contract (./openapi.ts) and the server's
// request validation. Node only; the browser bundle validates nothing at run time.

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's root folder. */
export const ROOT_DIR = path.resolve(here, '../..');
export const CONFIG_DIR = path.join(ROOT_DIR, 'config');
export const SCHEMA_DIR = path.join(ROOT_DIR, 'schemas');

/**
 * The one AJV factory: draft 2020-12, every error at once, the schemas' own `errorMessage`
 * wording, and strict mode so a typo in a schema is an error rather than a silent no-op.
 * `options` adds to these, never loosens strictness: the server coerces query text to the
 * schema's types and leaves out the schema and data from its errors (`verbose: false`).
 */
export function createAjv(options: Pick<Options, 'coerceTypes' | 'verbose'> = {}): Ajv2020 {
  // strictRequired is off because some maps require named keys (the four code groups).
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, verbose: true, ...options });
  addFormats(ajv);
  addErrors(ajv);
  return ajv;
}

const PARSE_WORDS = new Map<string, string>(
  Object.entries({
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'expected a property name in double quotes (is there a trailing comma?)',
    ValueExpected: 'expected a value (is there a trailing comma?)',
    ColonExpected: "expected ':'",
    CommaExpected: "expected ','",
    CloseBraceExpected: "expected '}'",
    CloseBracketExpected: "expected ']'",
    EndOfFileExpected: 'unexpected text after the end of the document',
    InvalidCommentToken: 'comments are not allowed in JSON',
    UnexpectedEndOfComment: 'comments are not allowed in JSON',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in a string',
  }),
);

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

/**
 * Parses strict JSON; a broken file gives its first error with line and column. When the
 * parser stops on a later line than the value before it ended (a missing comma is found only
 * at the next property), the error is placed where that value ended, and says both lines.
 */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; where: string; message: string } {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, {
    allowTrailingComma: false,
    disallowComments: true,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (!first) return { ok: true, value };
  const stop = lineAndColumn(text, first.offset);
  const code = printParseErrorCode(first.error);
  const words = `invalid JSON: ${PARSE_WORDS.get(code) ?? code}`;
  // The last character before the parser's stop that is not white space ends the value before it.
  const ended = text.slice(0, first.offset).trimEnd().length;
  const end = ended > 0 ? lineAndColumn(text, ended) : stop;
  if (end.line === stop.line) return { ok: false, where: `line ${stop.line}, column ${stop.column}`, message: words };
  const stopped = `the parser stopped on line ${stop.line}, column ${stop.column}`;
  if (text[ended - 1] === ',')
    return {
      ok: false,
      where: `line ${end.line}, column ${end.column - 1}`,
      message: `${words}: the ',' that ends line ${end.line} is followed by no value (${stopped})`,
    };
  return {
    ok: false,
    where: `line ${end.line}, column ${end.column}`,
    message: `${words} after the value that ends on line ${end.line} (${stopped})`,
  };
}
