/**
 * Every refusal of `page[...]` (src/parse/page.ts) with its message, parameter and,
 * on a request in the cursor form, the Cursor Pagination profile's error type
 * (docs/errors.md, "page"); and the counts at their edges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParseQuery, type JsonApiError } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import { encodeCursor } from '../../src/paging/cursor-codec.js';
import { errorsOf, parse } from './test-schema.js';

const INVALID = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination/invalid-parameter-value';
const MAX_SIZE = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination/max-size-exceeded';
/** The cursor of person 7 under the default sort (written out, so no codec runs while Vitest collects the tests). */
const cursor = 'WyIxc3EyMnJoIiwiNyJd';
const cursorMode = { limits: { pagination: 'cursor' as const } };

/** Code, parameter, detail and profile type of each error. */
const faults = (query: string, options: Parameters<typeof errorsOf>[1] = {}) =>
  errorsOf(query, options).map((error: JsonApiError) => ({
    code: error.code,
    parameter: error.source?.parameter,
    detail: error.detail,
    ...(error.links?.type === undefined ? {} : { type: error.links.type }),
  }));

describe('page refusals and their messages', () => {
  it('the cursor used here is the codec’s', () => {
    expect(encodeCursor('person', [{ path: [], field: 'id', direction: 'asc' }], ['7'])).toBe(cursor);
  });

  it.each([
    ['page[offset]=10', 'unknown_page_parameter', 'page[offset]', 'Unknown page parameter "page[offset]": only page[size], page[number], page[after] and page[before] exist'],
    ['page[size]=-1', 'invalid_page_value', 'page[size]', 'page[size] must be a base-10 integer without sign, decimal point or exponent, not "-1"'],
    ['page[size]=', 'invalid_page_value', 'page[size]', 'page[size] must be a base-10 integer without sign, decimal point or exponent, not ""'],
    ['page[number]=1.5', 'invalid_page_value', 'page[number]', 'page[number] must be a base-10 integer without sign, decimal point or exponent, not "1.5"'],
    ['page[size]=%2F', 'invalid_page_value', 'page[size]', 'page[size] must be a base-10 integer without sign, decimal point or exponent, not "/"'],
    ['page[size]=%3A', 'invalid_page_value', 'page[size]', 'page[size] must be a base-10 integer without sign, decimal point or exponent, not ":"'],
    ['page[number]=0', 'invalid_page_value', 'page[number]', 'page[number] starts at 1'],
    ['page[size]=0&page[number]=2', 'invalid_page_value', 'page[number]', 'page[number] must be 1 when page[size]=0 disables pagination'],
    ['page[size]=101', 'page_size_too_large', 'page[size]', 'The page size 101 is larger than the maximum 100'],
    ['page[size]=10&page[number]=10002', 'page_offset_too_large', 'page[number]', 'Page 10002 of size 10 starts past the maximum offset 100000'],
    ['page[number]=3335', 'page_offset_too_large', 'page[number]', 'Page 3335 of size 30 starts past the maximum offset 100000'],
  ])('%s', (query, code, parameter, detail) => {
    expect(faults(query)).toEqual([{ code, parameter, detail }]);
  });

  it('the offset of the default page size is limited exactly at maxOffset', () => {
    expect(parse('page[number]=3335', { limits: { maxOffset: 100_020 } }).page).toEqual({ kind: 'offset', size: 30, number: 3335 });
    expect(faults('page[number]=3336', { limits: { maxOffset: 100_020 } })).toEqual([
      { code: 'page_offset_too_large', parameter: 'page[number]', detail: 'Page 3336 of size 30 starts past the maximum offset 100020' },
    ]);
  });

  it('page[size]=0 where pagination cannot be disabled', () => {
    expect(faults('page[size]=0', { limits: { allowUnpaginated: false } })).toEqual([
      { code: 'pagination_required', parameter: 'page[size]', detail: 'This server does not allow page[size]=0 (pagination cannot be disabled)' },
    ]);
    expect(faults('page%5Bsize%5D=0&page[number]=1', { limits: { allowUnpaginated: false } })).toMatchObject([{ code: 'pagination_required' }]);
    expect(parse('page[size]=0&page[number]=1').page).toBeNull();
  });

  it('page[number] with a cursor names the later of the two', () => {
    expect(faults(`page[number]=2&page[after]=${cursor}`)).toEqual([
      {
        code: 'invalid_page_value',
        parameter: 'page[after]',
        detail: 'page[number] cannot be combined with page[after]: a page is chosen by number or by cursor, not both',
        type: INVALID,
      },
    ]);
    expect(faults(`page[before]=${cursor}&page[number]=2`)).toEqual([
      {
        code: 'invalid_page_value',
        parameter: 'page[number]',
        detail: 'page[number] cannot be combined with page[before]: a page is chosen by number or by cursor, not both',
        type: INVALID,
      },
    ]);
    expect(faults(`page[after]=${cursor}&page[number]=2&page[before]=${cursor}`)).toMatchObject([{ parameter: 'page[before]' }]);
  });

  it('page[number] in cursor mode', () => {
    expect(faults('page[number]=1', cursorMode)).toEqual([
      {
        code: 'invalid_page_value',
        parameter: 'page[number]',
        detail: 'This server pages person by cursor: use page[after] and page[before] (from the links of a page), not page[number]',
        type: INVALID,
      },
    ]);
  });

  it('page[size]=0 with a cursor', () => {
    expect(faults(`page[size]=0&page[after]=${cursor}`)).toEqual([
      { code: 'invalid_page_value', parameter: 'page[size]', detail: 'page[size]=0 cannot be combined with a cursor', type: INVALID },
    ]);
  });

  it('a page size past the maximum on a cursor request is the profile’s max-size-exceeded', () => {
    const [error] = errorsOf(`page[size]=101&page[after]=${cursor}`);
    expect(error).toMatchObject({
      code: 'page_size_too_large',
      detail: 'The page size 101 is larger than the maximum 100',
      links: { type: MAX_SIZE },
      meta: { limit: 100, page: { maxSize: 100 } },
    });
    expect(errorsOf('page[size]=101')[0]?.links).toBeUndefined();
  });

  it('a count that is no count on a cursor request has the profile’s type; an unknown member never does', () => {
    expect(faults(`page[size]=x&page[after]=${cursor}`)).toEqual([
      { code: 'invalid_page_value', parameter: 'page[size]', detail: 'page[size] must be a base-10 integer without sign, decimal point or exponent, not "x"', type: INVALID },
    ]);
    expect(faults('page[size]=x', cursorMode)).toMatchObject([{ type: INVALID }]);
    expect(faults('page[size]=x')).toEqual([
      { code: 'invalid_page_value', parameter: 'page[size]', detail: 'page[size] must be a base-10 integer without sign, decimal point or exponent, not "x"' },
    ]);
    expect(faults(`page[limit]=1&page[after]=${cursor}`)).toEqual([
      { code: 'unknown_page_parameter', parameter: 'page[limit]', detail: 'Unknown page parameter "page[limit]": only page[size], page[number], page[after] and page[before] exist' },
    ]);
  });

  it('every member fault is reported, and no page is judged after one', () => {
    expect(faults('page[size]=x&page[number]=0&page[foo]=1').map(({ parameter }) => parameter)).toEqual(['page[size]', 'page[number]', 'page[foo]']);
    expect(faults(`page[size]=x&page[number]=2&page[after]=${cursor}`).map(({ parameter }) => parameter)).toEqual(['page[size]']);
    expect(faults(`page[number]=x&page[size]=0&page[after]=${cursor}`).map(({ parameter }) => parameter)).toEqual(['page[number]']);
  });
});

describe('counts', () => {
  it.each([
    ['page[size]=0009', { kind: 'offset', size: 9, number: 1 }],
    ['page[size]=1', { kind: 'offset', size: 1, number: 1 }],
    ['page[number]=00002', { kind: 'offset', size: 30, number: 2 }],
    ['page[size]=100&page[number]=1', { kind: 'offset', size: 100, number: 1 }],
  ])('%s', (query, page) => {
    expect(parse(query).page).toEqual(page);
  });

  it('a huge page[number] is refused as an offset, never wrapped', () => {
    expect(faults(`page[number]=${'9'.repeat(400)}`)).toMatchObject([{ code: 'page_offset_too_large', parameter: 'page[number]' }]);
  });

  it('cursor mode without a cursor is the first cursor page; a cursor page keeps its size', () => {
    expect(parse('', cursorMode).page).toEqual({ kind: 'cursor', size: 30 });
    expect(parse('page[size]=5', cursorMode).page).toEqual({ kind: 'cursor', size: 5 });
    expect(parse(`page[size]=5&page[after]=${cursor}`).page).toEqual({ kind: 'cursor', size: 5, after: ['7'] });
    expect(parse('page[size]=0', cursorMode).page).toBeNull();
  });

  it('the page is frozen', () => {
    expect(Object.isFrozen(parse('page[size]=5').page)).toBe(true);
    expect(Object.isFrozen(parse(`page[after]=${cursor}`).page)).toBe(true);
  });
});

describe('limits no request could satisfy are a configuration error wherever limits enter', () => {
  const message = 'limits.defaultPageSize is 0 (no pagination) while limits.allowUnpaginated is false for type person: every request without page[size] would be refused';

  it('names parseQuery in the RangeError of a limit out of range', () => {
    expect(() => parse('', { limits: { maxPageSize: -1 } })).toThrow(new RangeError('parseQuery: limits.maxPageSize must be a non-negative integer or Infinity, not -1'));
  });

  it('parseQuery and safeParseQuery throw a RangeError naming the options, not a 400 or a TypeError', () => {
    const limits = { defaultPageSize: 0, allowUnpaginated: false };
    expect(() => parse('', { limits })).toThrow(RangeError);
    expect(() => parse('', { limits })).toThrow(message);
    expect(() => parse('page[size]=10', { limits })).toThrow(message);
    expect(() => safeParseQuery('', { schema: exampleSchema, type: 'person', limits })).toThrow(message);
  });

  it('names a per-type override as written, whichever type a query reads (the configuration is wrong for the schema)', () => {
    const limits = { allowUnpaginated: false, types: { person: { defaultPageSize: 0 } } };
    const override = 'limits.types.person.defaultPageSize is 0 (no pagination) while limits.allowUnpaginated is false for type person';
    expect(() => parse('', { limits })).toThrow(override);
    expect(() => parse('', { type: 'computer', limits })).toThrow(override);
    expect(parse('', { type: 'computer', limits: { types: { person: { defaultPageSize: 0 } } } }).page).toEqual({ kind: 'offset', size: 30, number: 1 });
  });

  it('a default page size of 0 where pagination may be disabled is no conflict', () => {
    expect(parse('', { limits: { defaultPageSize: 0 } }).page).toBeNull();
  });
});


describe('page counts', () => {
  /** Texts near counts: ASCII and other digits, signs, points, exponents, spaces, line ends. */
  const texts = fc
    .array(fc.oneof(fc.constantFrom('0', '7', '9', '٣', '１', '+', '-', '.', 'e', ' ', '\n', '/', ':'), fc.string({ maxLength: 2 })), {
      maxLength: 6,
    })
    .map((parts) => parts.join(''));

  it('are read exactly when the value is a non-empty run of ASCII digits (as /^[0-9]+$/ says)', () => {
    const limits = { maxPageSize: Infinity, maxOffset: Infinity };
    fc.assert(
      fc.property(texts, fc.constantFrom('size', 'number'), (value, member) => {
        const query = `page[${member}]=${encodeURIComponent(value)}`;
        const result = safeParseQuery(query, { schema: exampleSchema, type: 'person', limits });
        if (!/^[0-9]+$/.test(value)) {
          expect(result.success ? [] : result.error.errors.map((error) => error.detail)).toEqual([
            `page[${member}] must be a base-10 integer without sign, decimal point or exponent, not ${JSON.stringify(value)}`,
          ]);
        } else if (Number(value) > 0) {
          expect(result.success && result.ast.page).toMatchObject(member === 'size' ? { size: Number(value) } : { number: Number(value) });
        } else {
          expect(result.success ? '' : String(result.error.errors[0]?.detail)).not.toMatch(/base-10/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
