/**
 * The cursor codec at its edges: every rejection reason with the message
 * docs/query-syntax.md ("Cursor pagination") promises, the bytes base64url and UTF-8
 * refuse (invalid UTF-8, a byte-order mark), and `-0`, which JSON writes as `0`.
 */
import { describe, expect, it } from 'vitest';
import type { KeyValue, SortKey } from '../../src/ast/query-ast.js';
import { decodeCursor, encodeCursor, type CursorTarget } from '../../src/paging/cursor-codec.js';
import { fromBase64Url, toBase64Url } from '../../src/paging/base64url.js';
import { sortFingerprint } from '../../src/paging/sort-fingerprint.js';
import { cursorFields } from '../../src/parse/cursor-fields.js';
import { schemaTables } from '../../src/parse/schema-tables.js';
import { errorsOf, parse, shopSchema } from '../parse/test-schema.js';

const ID_ASC: SortKey = { path: [], field: 'id', direction: 'asc' };
const BY_DISCOUNT: readonly SortKey[] = [{ path: [], field: 'discount', direction: 'asc' }, ID_ASC];
const BY_TOTAL: readonly SortKey[] = [{ path: [], field: 'total', direction: 'desc' }, ID_ASC];
const BY_STATUS: readonly SortKey[] = [{ path: [], field: 'status', direction: 'asc' }, ID_ASC];

/** What `parseQuery` decodes a cursor of `order` against, for a sort. */
function target(sort: readonly SortKey[], maxCursorLength = 1024): CursorTarget {
  const table = schemaTables(shopSchema).types.get('order');
  if (table === undefined) throw new Error('no order table');
  const fields = cursorFields(sort, table);
  if (fields === undefined) throw new Error('no cursor fields');
  return { type: 'order', sort, fields, maxCursorLength };
}

/** A cursor as a forger writes it: the JSON text as given, base64url-encoded. */
const raw = (json: string) => toBase64Url(json);
/** base64url of raw bytes. */
const bytes = (...values: number[]) => btoa(String.fromCharCode(...values)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

// Cursors and targets are made inside the tests, never while Vitest collects them
// (docs/testing.md, "Mutation testing").
describe('decodeCursor: every rejection, with its message', () => {
  const byTotal = (): CursorTarget => target(BY_TOTAL);
  const fingerprint = 'd4hr9z'; // sortFingerprint('order', BY_TOTAL), checked below

  it.each([
    ['not base64url', () => 'W$', 'is not a cursor of this server'],
    ['base64url of one byte too many', () => 'WyJ4Il0xx', 'is not a cursor of this server'],
    ['empty', () => '', 'is not a cursor of this server'],
    ['not JSON', () => raw('[x'), 'is not a cursor of this server'],
    ['JSON that is not an array', () => raw('{"0":"x"}'), 'is not a cursor of this server'],
    ['an array without a fingerprint', () => raw('[1,2]'), 'is not a cursor of this server'],
    ['an empty array', () => raw('[]'), 'is not a cursor of this server'],
    ['invalid UTF-8', () => bytes(0x5b, 0x22, 0xff, 0x22, 0x5d), 'is not a cursor of this server'],
    ['another sort', () => encodeCursor('order', BY_DISCOUNT, [1, 2]), 'was made for another sort or resource type; start again from the first page'],
    ['another type', () => encodeCursor('line', BY_TOTAL, [1, 2]), 'was made for another sort or resource type; start again from the first page'],
    ['one value too few', () => raw(JSON.stringify([fingerprint, 1])), 'does not hold one value per sort key'],
    ['one value too many', () => raw(JSON.stringify([fingerprint, 1, 2, 3])), 'does not hold one value per sort key'],
    ['null for a field that is not nullable', () => raw(JSON.stringify([fingerprint, null, 2])), 'holds a value that is not valid for "total"'],
    ['an object', () => raw(JSON.stringify([fingerprint, {}, 2])), 'holds a value that is not valid for "total"'],
    ['an array', () => raw(JSON.stringify([fingerprint, [1], 2])), 'holds a value that is not valid for "total"'],
    ['a string for a number', () => raw(JSON.stringify([fingerprint, '1', 2])), 'holds a value that is not valid for "total"'],
    ['a fraction for an integer id', () => raw(JSON.stringify([fingerprint, 1, 2.5])), 'holds a value that is not valid for "id"'],
    ['an integer past 2^53 for an integer id', () => raw(`["${fingerprint}",1,9007199254740993]`), 'holds a value that is not valid for "id"'],
    ['a number too large for a double', () => raw(`["${fingerprint}",1e400,2]`), 'holds a value that is not valid for "total"'],
  ])('%s', (_, text, fault) => {
    expect(decodeCursor(text(), target(BY_TOTAL))).toEqual({ fault });
  });

  it('the fingerprint the forged cursors above use is that of the sort', () => {
    expect(sortFingerprint('order', BY_TOTAL)).toBe(fingerprint);
  });

  it('a string holding a NUL or a lone surrogate is not a value', () => {
    const byStatus = target(BY_STATUS);
    const print = sortFingerprint('order', BY_STATUS);
    expect(decodeCursor(raw(`["${print}","open\\u0000",1]`), byStatus)).toEqual({ fault: 'holds a value that is not valid for "status"' });
    expect(decodeCursor(raw(`["${print}","\\ud800",1]`), byStatus)).toEqual({ fault: 'holds a value that is not valid for "status"' });
    expect(decodeCursor(raw(`["${print}","pending",1]`), byStatus)).toEqual({ fault: 'holds a value that is not valid for "status"' });
    expect(decodeCursor(raw(`["${print}","open",1]`), byStatus)).toEqual(['open', 1]);
  });

  it('a cursor starting with a byte-order mark is refused: the BOM is kept, and JSON does not start with it', () => {
    const valid = encodeCursor('order', BY_TOTAL, [10, 2]);
    const text = fromBase64Url(valid) as string;
    const withBom = bytes(0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text));
    expect(fromBase64Url(withBom)).toBe(`\uFEFF${text}`);
    expect(decodeCursor(withBom, byTotal())).toEqual({ fault: 'is not a cursor of this server' });
    expect(decodeCursor(valid, byTotal())).toEqual([10, 2]);
  });

  it('null is a value of a nullable field; the result is frozen', () => {
    const decoded = decodeCursor(encodeCursor('order', BY_DISCOUNT, [null, 3]), target(BY_DISCOUNT));
    expect(decoded).toEqual([null, 3]);
    expect(Object.isFrozen(decoded)).toBe(true);
  });

  it('-0 decodes as 0, as JSON writes it', () => {
    const decoded = decodeCursor(raw(`["${fingerprint}",-0,-0]`), byTotal()) as readonly KeyValue[];
    expect(decoded).toEqual([0, 0]);
    expect(Object.is(decoded[0], 0)).toBe(true);
    expect(Object.is(decoded[1], 0)).toBe(true);
    expect(parse(`sort=-total&page[after]=${raw(`["${fingerprint}",-0,-0]`)}`, { schema: shopSchema, type: 'order' }).page).toSatisfy(
      (page: { after: readonly KeyValue[] }) => Object.is(page.after[0], 0) && Object.is(page.after[1], 0),
    );
  });

  it('the length limit is checked first, and counts characters of the text as sent', () => {
    const valid = encodeCursor('order', BY_TOTAL, [10, 2]);
    expect(decodeCursor(valid, target(BY_TOTAL, valid.length))).toEqual([10, 2]);
    expect(decodeCursor(`${valid}$`, target(BY_TOTAL, valid.length))).toEqual({
      fault: `is ${String(valid.length + 1)} characters long; the limit is ${String(valid.length)}`,
    });
  });

  it('the message reaches the error of parseQuery, naming the parameter', () => {
    expect(errorsOf('sort=-total&page[before]=W$', { schema: shopSchema, type: 'order' })).toMatchObject([
      { code: 'invalid_cursor', detail: 'The cursor in page[before] is not a cursor of this server', source: { parameter: 'page[before]' } },
    ]);
  });
});

describe('base64url', () => {
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['é', 'w6k'],
    ['\u{1F600}', '8J-YgA'],
    ['??>', 'Pz8-'],
    ['???', 'Pz8_'],
    ['>>>>>>', 'Pj4-Pj4-'],
    ['??????', 'Pz8_Pz8_'],
    ['>?>?>?', 'Pj8-Pz4_'],
  ])('%j ⇄ %j (no padding, - and _ for + and /)', (text, encoded) => {
    expect(toBase64Url(text)).toBe(encoded);
    expect(fromBase64Url(encoded)).toBe(text);
  });

  it.each([
    ['a character outside the alphabet', 'Pz8+'],
    ['padding', 'Zg=='],
    ['a length of 4n + 1', 'Zm9vY'],
    ['invalid UTF-8 (a lone continuation byte)', 'gA'],
    ['invalid UTF-8 (a truncated sequence)', '4oI'],
    ['an encoded surrogate', '7aCA'],
  ])('%s is undefined', (_, encoded) => {
    expect(fromBase64Url(encoded)).toBeUndefined();
  });

  it('keeps a leading byte-order mark', () => {
    expect(fromBase64Url(bytes(0xef, 0xbb, 0xbf, 0x61))).toBe('\uFEFFa');
  });
});
