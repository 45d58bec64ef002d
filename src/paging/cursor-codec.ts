/**
 * The opaque cursors of cursor pages (docs/query-syntax.md, "Cursor pagination"):
 * base64url of the compact JSON `[fingerprint, ...values]`, one value per key of the
 * AST's total sort (the last is the `id`), the fingerprint naming the type and sort
 * the cursor was made for.
 */
import type { KeyValue, SortKey } from '../ast/query-ast.js';
import type { ResolvedAttribute } from '../schema/resolved-schema.js';
import { exactInteger, withoutNegativeZero } from '../rules/number-rules.js';
import { isUnstorable } from '../rules/string-rules.js';
import { fromBase64Url, toBase64Url } from './base64url.js';
import { sortFingerprint } from './sort-fingerprint.js';

/**
 * The field one sort key reads, as the decoder checks a value for it: the
 * attribute's schema, and whether `null` is a value (a nullable attribute, or any
 * key through a to-one relationship, which may be empty).
 */
export interface CursorField {
  /** The key as `sort` writes it (`owner.name`), for messages. */
  readonly name: string;
  readonly attribute: ResolvedAttribute;
  readonly nullable: boolean;
}

/** What decoding checks a cursor against: the request's type, sort and limits. */
export interface CursorTarget {
  readonly type: string;
  readonly sort: readonly SortKey[];
  /** One per key of `sort`. */
  readonly fields: readonly CursorField[];
  readonly maxCursorLength: number;
}

/** The cursor of one row: its sort key values under the request's sort. */
export function encodeCursor(type: string, sort: readonly SortKey[], values: readonly KeyValue[]): string {
  return cursorEncoder(type, sort)(values);
}

/**
 * The cursor maker of one page: the fingerprint of the type and sort computed once,
 * then one cursor per row.
 */
export function cursorEncoder(type: string, sort: readonly SortKey[]): (values: readonly KeyValue[]) => string {
  // `JSON.stringify([fingerprint, ...values])`, without the array and its walk: the
  // opening is the same for every row.
  const opening = `[${JSON.stringify(sortFingerprint(type, sort))}`;
  return (values) => {
    let json = opening;
    for (const value of values) json += `,${JSON.stringify(value)}`;
    return toBase64Url(`${json}]`);
  };
}

/**
 * The key values of a cursor, checked: at most `maxCursorLength` characters,
 * base64url of a JSON array, the fingerprint of the request's type and sort, one
 * value per sort key, each valid for its field's schema (ajv; dates as dates) and
 * obeying the rules of every value (no NUL or lone surrogate, integers within
 * ±2^53 − 1). `maxStringLength` does not apply: a cursor holds the row's own values,
 * however long, and `maxCursorLength` bounds it whole. The result is a
 * frozen array, or a message saying what is wrong (never an internal error's text).
 */
export function decodeCursor(text: string, target: CursorTarget): readonly KeyValue[] | { readonly fault: string } {
  if (text.length > target.maxCursorLength) {
    return { fault: `is ${String(text.length)} characters long; the limit is ${String(target.maxCursorLength)}` };
  }
  const json = fromBase64Url(text);
  let payload: unknown;
  try {
    // Stryker disable next-line ConditionalExpression: JSON.parse refuses undefined as it refuses any text that is no JSON; the guard spares the throw
    payload = json === undefined ? undefined : JSON.parse(json);
  }
  // Stryker disable next-line BlockStatement: payload is still undefined when JSON.parse throws
  catch {
    payload = undefined;
  }
  if (!Array.isArray(payload) || typeof payload[0] !== 'string') return { fault: 'is not a cursor of this server' };
  if (payload[0] !== sortFingerprint(target.type, target.sort)) {
    return { fault: 'was made for another sort or resource type; start again from the first page' };
  }
  const values = payload.slice(1) as unknown[];
  if (values.length !== target.fields.length) return { fault: 'does not hold one value per sort key' };
  for (let index = 0; index < values.length; index++) {
    const fault = checkValue(values[index], target.fields[index] as CursorField);
    if (fault !== undefined) return { fault };
    values[index] = withoutNegativeZero(values[index]);
  }
  return Object.freeze(values as KeyValue[]);
}

function checkValue(value: unknown, field: CursorField): string | undefined {
  const bad = `holds a value that is not valid for "${field.name}"`;
  if (value === null) return field.nullable ? undefined : bad;
  // Objects and arrays fail every field's schema below.
  if (typeof value === 'number' && (!Number.isFinite(value) || (field.attribute.integer && !exactInteger.check(value)))) {
    return bad;
  }
  // Stryker disable next-line ConditionalExpression: isUnstorable finds no NUL or lone surrogate in a number or boolean
  if (typeof value === 'string' && isUnstorable(value)) return bad;
  return field.attribute.validate(value) ? undefined : bad;
}
