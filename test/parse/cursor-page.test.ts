/**
 * Cursor pages (docs/query-syntax.md, "Cursor pagination"): page[after], page[before]
 * and page[size] parse into a cursor page with decoded, typed key values; every fault
 * is a 400 naming the parameter as sent, with the Cursor Pagination profile's error type.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/index.js';
import { safeParseQuery } from '../../src/index.js';
import { arbitraryNearValidCursor } from '../../src/testing/index.js';
import { encodeCursor } from '../../src/paging/cursor-codec.js';
import { toBase64Url } from '../../src/paging/base64url.js';
import { sortFingerprint } from '../../src/paging/sort-fingerprint.js';
import type { KeyValue, SortKey } from '../../src/ast/query-ast.js';
import { errorsOf, parse, shopSchema } from './test-schema.js';

const PROFILE = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination';
const INVALID = `${PROFILE}/invalid-parameter-value`;
const ID_ASC: SortKey = { path: [], field: 'id', direction: 'asc' };
const BIRTH_DESC: SortKey = { path: [], field: 'birth_date', direction: 'desc' };
const byBirth = [BIRTH_DESC, ID_ASC];
const shop = { schema: shopSchema, type: 'order' } as const;
const cursorMode = { limits: { pagination: 'cursor' as const } };

/** A cursor of the example `person` type under `sort=-birth_date`. */
const personCursor = (values: readonly KeyValue[]) => encodeCursor('person', byBirth, values);
/** A payload as a forger would write it: any JSON, base64url-encoded. */
const forged = (payload: unknown) => toBase64Url(JSON.stringify(payload));

/** The one error of a parse: code, parameter, links.type and meta. */
function oneError(query: string, options: Parameters<typeof errorsOf>[1] = {}) {
  const errors = errorsOf(query, options);
  expect(errors).toHaveLength(1);
  const [error] = errors;
  return { code: error?.code, parameter: error?.source?.parameter, type: error?.links?.type, meta: error?.meta, detail: error?.detail };
}

describe('cursor pages', () => {
  it('page[after] decodes to the typed sort key values of the sort it was made for', () => {
    const after = personCursor(['1990-04-02', '7']);
    expect(parse(`sort=-birth_date&page[after]=${after}&page[size]=10`).page).toEqual({
      kind: 'cursor',
      size: 10,
      after: ['1990-04-02', '7'],
    });
    const before = personCursor([null, '2']);
    expect(parse(`sort=-birth_date&page[before]=${before}`).page).toEqual({ kind: 'cursor', size: 30, before: [null, '2'] });
  });

  it('page[after] and page[before] together select a range', () => {
    const after = personCursor(['1999-01-01', '1']);
    const before = personCursor(['1980-01-01', '9']);
    expect(parse(`sort=-birth_date&page[after]=${after}&page[before]=${before}`).page).toEqual({
      kind: 'cursor',
      size: 30,
      after: ['1999-01-01', '1'],
      before: ['1980-01-01', '9'],
    });
  });

  it('decodes integers, numbers, booleans and dotted to-one keys (null where the relationship may be empty)', () => {
    const sort: SortKey[] = [
      { path: [], field: 'total', direction: 'asc' },
      { path: [], field: 'paid', direction: 'desc' },
      { path: ['customer'], field: 'name', direction: 'asc' },
      ID_ASC,
    ];
    const after = encodeCursor('order', sort, [12.5, true, null, 42]);
    expect(parse(`sort=total,-paid,customer.name&page[after]=${after}`, shop).page).toEqual({
      kind: 'cursor',
      size: 30,
      after: [12.5, true, null, 42],
    });
  });

  it("pagination: 'cursor' makes a request without page[number] or a cursor the first page of a cursor walk", () => {
    expect(parse('', cursorMode).page).toEqual({ kind: 'cursor', size: 30 });
    expect(parse('page[size]=5', cursorMode).page).toEqual({ kind: 'cursor', size: 5 });
    expect(parse('page[size]=0', cursorMode).page).toBeNull();
    expect(parse('', { limits: { types: { person: { pagination: 'cursor' } } } }).page).toEqual({ kind: 'cursor', size: 30 });
    expect(parse('').page).toEqual({ kind: 'offset', size: 30, number: 1 });
  });

  it('preferCursor (the profile in Accept) gives a cursor walk unless page[number] or page[size]=0 says otherwise', () => {
    const prefer = (query: string, limits = {}) => safeParseQuery(query, { schema: exampleSchema, type: 'person', limits, preferCursor: true });
    const pageOf = (query: string, limits = {}) => {
      const result = prefer(query, limits);
      return result.success ? result.ast.page : result.error.errors;
    };
    expect(pageOf('')).toEqual({ kind: 'cursor', size: 30 });
    expect(pageOf('page[size]=5&sort=-birth_date')).toEqual({ kind: 'cursor', size: 5 });
    expect(pageOf('page[size]=5&page[number]=2')).toEqual({ kind: 'offset', size: 5, number: 2 });
    expect(pageOf('page[number]=1')).toEqual({ kind: 'offset', size: 30, number: 1 });
    expect(pageOf('page[size]=0')).toBeNull();
    expect(pageOf(`page[after]=${encodeCursor('person', [ID_ASC], ['1'])}`)).toEqual({ kind: 'cursor', size: 30, after: ['1'] });
    // Errors of the cursor form carry the profile's types; those of a page by number do not.
    expect(pageOf('page[size]=500')).toMatchObject([{ code: 'page_size_too_large', links: { type: `${PROFILE}/max-size-exceeded` } }]);
    expect(pageOf('page[size]=500&page[number]=2')).toMatchObject([{ code: 'page_size_too_large' }]);
    expect(pageOf('page[size]=500&page[number]=2')).not.toMatchObject([{ links: {} }]);
    // Cursor mode refuses page[number] with or without the preference.
    expect(pageOf('page[number]=2', { pagination: 'cursor' })).toMatchObject([{ code: 'invalid_page_value', source: { parameter: 'page[number]' } }]);
    expect(pageOf('page[after]=')).toMatchObject([{ code: 'invalid_cursor', source: { parameter: 'page[after]' } }]);
  });

  it("a cursor is honoured in offset mode too, and page[number] is a 400 in cursor mode", () => {
    expect(parse(`page[after]=${encodeCursor('person', [ID_ASC], ['1'])}`).page).toEqual({ kind: 'cursor', size: 30, after: ['1'] });
    expect(oneError('page[number]=2', cursorMode)).toMatchObject({ code: 'invalid_page_value', parameter: 'page[number]', type: INVALID });
  });
});

describe('cursor page faults', () => {
  // Cursors are made inside the tests, never while Vitest collects them (see docs/testing.md, "Mutation testing").
  const good = (): string => personCursor(['1990-04-02', '7']);

  it.each([
    ['garbage', () => 'not*base64'],
    ['base64url of no JSON', () => toBase64Url('{nope')],
    ['base64url of JSON that is no array', () => forged({ a: 1 })],
    ['an empty cursor', () => ''],
    ['a base64url length no encoding gives', () => 'abcde'],
    ['no fingerprint', () => forged([1, '1990-04-02', '7'])],
    ['another sort', () => encodeCursor('person', [{ path: [], field: 'name', direction: 'asc' }, ID_ASC], ['1990-04-02', '7'])],
    ['another direction', () => encodeCursor('person', [{ ...BIRTH_DESC, direction: 'asc' }, ID_ASC], ['1990-04-02', '7'])],
    ['another type', () => encodeCursor('computer', byBirth, ['1990-04-02', '7'])],
    ['too few values', () => personCursor(['1990-04-02'])],
    ['too many values', () => personCursor(['1990-04-02', '7', '8'])],
    ['an impossible date', () => personCursor(['2021-02-30', '7'])],
    ['a number for a date', () => personCursor([19900402, '7'])],
    ['null for the id', () => personCursor(['1990-04-02', null])],
    ['an object value', () => forged([sortFingerprint('person', byBirth), { $gt: 1 }, '7'])],
    ['a NUL character', () => personCursor(['1990-04-02', 'a\u0000b'])],
    ['a lone surrogate', () => forged([sortFingerprint('person', byBirth), '1990-04-02', '\uD800'])],
  ])('%s is invalid_cursor naming page[after]', (_, make) => {
    const cursor = make();
    const fault = oneError(`sort=-birth_date&page[after]=${encodeURIComponent(cursor)}`);
    expect(fault).toMatchObject({ code: 'invalid_cursor', parameter: 'page[after]', type: INVALID });
    expect(fault.detail).not.toMatch(/JSON|Unexpected|position|token/u);
  });

  it('integer fields refuse unsafe integers, fractions and strings; enums refuse other values', () => {
    const sort: SortKey[] = [{ path: [], field: 'quantity', direction: 'asc' }, ID_ASC];
    for (const values of [[2 ** 53, 1], [1.5, 1], ['3', 1], [3, 2 ** 53], [3, '1']]) {
      expect(oneError(`sort=quantity&page[before]=${encodeCursor('order', sort, values)}`, shop)).toMatchObject({
        code: 'invalid_cursor',
        parameter: 'page[before]',
      });
    }
    const byStatus: SortKey[] = [{ path: [], field: 'status', direction: 'asc' }, ID_ASC];
    expect(parse(`sort=status&page[after]=${encodeCursor('order', byStatus, ['open', 1])}`, shop).page).toMatchObject({ after: ['open', 1] });
    expect(oneError(`sort=status&page[after]=${encodeCursor('order', byStatus, ['lost', 1])}`, shop)).toMatchObject({ code: 'invalid_cursor' });
    expect(oneError(`sort=status&page[after]=${encodeCursor('order', byStatus, [null, 1])}`, shop)).toMatchObject({ code: 'invalid_cursor' });
  });

  it('a value past maxStringLength is accepted: a cursor holds the row values the server wrote', () => {
    const long = 'x'.repeat(600);
    expect(parse(`sort=-birth_date&page[after]=${personCursor(['1990-04-02', long])}`).page).toMatchObject({
      after: ['1990-04-02', long],
    });
  });

  it('a cursor longer than maxCursorLength is invalid_cursor, before any decoding', () => {
    const long = 'A'.repeat(1025);
    expect(oneError(`page[after]=${long}`)).toMatchObject({ code: 'invalid_cursor', parameter: 'page[after]' });
    expect(oneError(`sort=-birth_date&page[after]=${good()}`, { limits: { maxCursorLength: good().length - 1 } })).toMatchObject({
      code: 'invalid_cursor',
    });
  });

  it('the parameter is named exactly as sent, and both bad cursors are reported', () => {
    expect(oneError('sort=-birth_date&page%5Bbefore%5D=zz')).toMatchObject({ parameter: 'page[before]' });
    const errors = errorsOf('page[after]=x&page[before]=y');
    expect(errors.map((error) => [error.code, error.source?.parameter])).toEqual([
      ['invalid_cursor', 'page[after]'],
      ['invalid_cursor', 'page[before]'],
    ]);
  });

  it('page[number] with a cursor is a 400 naming the later of the two', () => {
    expect(oneError(`sort=-birth_date&page[number]=2&page[after]=${good()}`)).toMatchObject({
      code: 'invalid_page_value',
      parameter: 'page[after]',
      type: INVALID,
    });
    expect(oneError(`sort=-birth_date&page[before]=${good()}&page[number]=2`)).toMatchObject({
      code: 'invalid_page_value',
      parameter: 'page[number]',
    });
  });

  it('page[size]=0 with a cursor is a 400 naming page[size]', () => {
    expect(oneError(`sort=-birth_date&page[after]=${good()}&page[size]=0`)).toMatchObject({
      code: 'invalid_page_value',
      parameter: 'page[size]',
      type: INVALID,
    });
  });

  it("a page size over the maximum is the profile's max-size-exceeded with meta.page.maxSize", () => {
    expect(oneError(`sort=-birth_date&page[after]=${good()}&page[size]=101`)).toMatchObject({
      code: 'page_size_too_large',
      parameter: 'page[size]',
      type: `${PROFILE}/max-size-exceeded`,
      meta: { limit: 100, page: { maxSize: 100 } },
    });
    expect(oneError('page[size]=500', cursorMode)).toMatchObject({ type: `${PROFILE}/max-size-exceeded`, meta: { page: { maxSize: 100 } } });
  });

  it('an offset request keeps its errors exactly as before: no profile error type', () => {
    expect(oneError('page[size]=101')).toEqual({
      code: 'page_size_too_large',
      parameter: 'page[size]',
      type: undefined,
      meta: { limit: 100 },
      detail: 'The page size 101 is larger than the maximum 100',
    });
    expect(oneError('page[size]=x')).toMatchObject({ code: 'invalid_page_value', type: undefined });
  });

  it('a page[size] that is no count is a profile invalid-parameter-value on a cursor request', () => {
    expect(oneError(`sort=-birth_date&page[after]=${good()}&page[size]=-1`)).toMatchObject({
      code: 'invalid_page_value',
      parameter: 'page[size]',
      type: INVALID,
    });
  });

  it('a sort fault is reported alone: the cursor is not judged against a sort that failed', () => {
    const errors = errorsOf(`sort=nope&page[after]=${good()}`);
    expect(errors.map((error) => error.code)).toEqual(['unknown_field']);
  });

  it.each([
    ['person', 'sort=-birth_date', byBirth],
    ['computer', 'sort=-owner.name', [{ path: ['owner'], field: 'name', direction: 'desc' }, ID_ASC] as SortKey[]],
    ['order', 'sort=quantity,-paid', [{ path: [], field: 'quantity', direction: 'asc' }, { path: [], field: 'paid', direction: 'desc' }, ID_ASC] as SortKey[]],
  ])('every near-valid cursor of %s is invalid_cursor naming the parameter', (type, sort, keys) => {
    const schema = type === 'order' ? shopSchema : exampleSchema;
    fc.assert(
      fc.property(arbitraryNearValidCursor(schema, type, keys), fc.constantFrom('after', 'before'), (cursor, bound) => {
        const result = safeParseQuery(`${sort}&page[${bound}]=${encodeURIComponent(cursor)}`, { schema, type } as never);
        expect(result.success).toBe(false);
        if (result.success) return;
        expect(result.error.errors.map((error) => [error.code, error.source?.parameter, error.links?.type])).toEqual([
          ['invalid_cursor', `page[${bound}]`, INVALID],
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
