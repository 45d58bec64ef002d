import type { CursorPage, KeyValue, Page, SortKey } from '../ast/query-ast.js';
import { jsonApiError, type ErrorInit, type JsonApiError } from '../errors/query-error.js';
import type { QueryLimits } from '../limits.js';
import { decodeCursor } from '../paging/cursor-codec.js';
import { cursorErrorType } from '../paging/cursor-profile.js';
import { cursorFields } from './cursor-fields.js';
import type { RawMember } from './input/raw-query.js';
import type { TypeTable } from './schema-tables.js';

/**
 * What decoding a cursor needs: the request's type and sort, and the table the sort's
 * fields are read from (`undefined` when the sort itself is at fault, so cursors are
 * not checked). The fields are only looked up for a page in the cursor form.
 */
export interface PageContext {
  readonly type: string;
  readonly sort: readonly SortKey[];
  readonly table: TypeTable | undefined;
  /** The client asked for cursor pages (`ParseOptions.preferCursor`). */
  readonly preferCursor?: boolean | undefined;
}

/** The `page` members of one request, read but not yet combined. */
interface PageMembers {
  size?: { readonly value: number; readonly parameter: string };
  number?: { readonly value: number; readonly parameter: string; readonly at: number };
  after?: { readonly value: string; readonly parameter: string; readonly at: number };
  before?: { readonly value: string; readonly parameter: string; readonly at: number };
}

/**
 * Parses `page[size]`, `page[number]`, `page[after]` and `page[before]`
 * (docs/query-syntax.md): base-10 counts without sign, decimal point or exponent;
 * the default size when none is given; `0` disabling pagination (`null`) where
 * allowed, then only with page 1 and never with a cursor; the maximum size (applied
 * to the default too); the maximum offset of numbered pages. A cursor is decoded
 * against the request's sort (`invalid_cursor` when it does not fit);
 * `page[number]` with a cursor, or in `pagination: 'cursor'` mode, is a 400. A
 * request naming neither `page[number]` nor a cursor gets the first page of a cursor
 * walk in cursor mode or when the client prefers cursors (`preferCursor`). A
 * request in the cursor form (a cursor, cursor mode, or a preference not overruled
 * by `page[number]`) has the Cursor Pagination profile's error types as
 * `links.type`. Any other `page[...]` member is a 400.
 */
export function parsePage(
  members: readonly RawMember[],
  limits: QueryLimits,
  errors: JsonApiError[],
  context: PageContext,
): Page | null {
  const count = errors.length;
  let named = false;
  let numbered = false;
  for (const { member } of members) {
    if (member === 'after' || member === 'before') named = true;
    else if (member === 'number') numbered = true;
  }
  const cursorForm = named || limits.pagination === 'cursor' || (context.preferCursor === true && !numbered);
  const type = cursorForm ? cursorErrorType('invalid-parameter-value') : undefined;
  const fault = (init: ErrorInit): null => {
    // Stryker disable next-line ConditionalExpression: { ...init, type: undefined } is the same error as init
    errors.push(jsonApiError(type === undefined || init.type !== undefined ? init : { ...init, type }));
    return null;
  };
  const read = readMembers(members, errors, fault);
  if (errors.length > count) return null;
  const cursor = read.after ?? read.before;
  if (read.number !== undefined && cursor !== undefined) {
    const given = [read.number, read.after, read.before].filter((member) => member !== undefined);
    // Stryker disable next-line EqualityOperator: members have distinct positions, so > and >= choose alike
    const later = given.reduce((a, b) => (b.at > a.at ? b : a));
    return fault({
      code: 'invalid_page_value',
      detail: `${read.number.parameter} cannot be combined with ${cursor.parameter}: a page is chosen by number or by cursor, not both`,
      parameter: later.parameter,
    });
  }
  if (read.number !== undefined && limits.pagination === 'cursor') {
    return fault({
      code: 'invalid_page_value',
      detail: `This server pages ${context.type} by cursor: use page[after] and page[before] (from the links of a page), not ${read.number.parameter}`,
      parameter: read.number.parameter,
    });
  }
  const size = read.size?.value ?? limits.defaultPageSize;
  const sizeParameter = read.size?.parameter ?? 'page[size]';
  if (size === 0 && cursor !== undefined) {
    return fault({ code: 'invalid_page_value', detail: `${sizeParameter}=0 cannot be combined with a cursor`, parameter: sizeParameter });
  }
  if (size === 0) return unpaginated(read, sizeParameter, limits, fault);
  if (size > limits.maxPageSize) {
    return fault({
      code: 'page_size_too_large',
      detail: `The page size ${String(size)} is larger than the maximum ${String(limits.maxPageSize)}`,
      parameter: sizeParameter,
      limit: limits.maxPageSize,
      ...(cursorForm ? { type: cursorErrorType('max-size-exceeded'), meta: { page: { maxSize: limits.maxPageSize } } } : {}),
    });
  }
  if (cursorForm) return cursorPage(read, size, limits, context, fault);
  return offsetPage(read.number, size, limits, fault);
}

/** Sorts the members, reporting unknown ones and counts that are not counts. */
function readMembers(members: readonly RawMember[], errors: JsonApiError[], fault: Fault): PageMembers {
  const read: PageMembers = {};
  for (let at = 0; at < members.length; at++) {
    const { parameter, member, value } = members[at] as RawMember;
    if (member === 'after' || member === 'before') {
      read[member] = { value, parameter, at };
      continue;
    }
    if (member !== 'size' && member !== 'number') {
      errors.push(
        jsonApiError({
          code: 'unknown_page_parameter',
          detail: `Unknown page parameter "${parameter}": only page[size], page[number], page[after] and page[before] exist`,
          parameter,
        }),
      );
      continue;
    }
    const parsed = parseCount(value);
    if (parsed === undefined) {
      fault({
        code: 'invalid_page_value',
        detail: `${parameter} must be a base-10 integer without sign, decimal point or exponent, not ${JSON.stringify(value)}`,
        parameter,
      });
    } else if (member === 'size') {
      read.size = { value: parsed, parameter };
    } else if (parsed === 0) {
      fault({ code: 'invalid_page_value', detail: `${parameter} starts at 1`, parameter });
    } else {
      read.number = { value: parsed, parameter, at };
    }
  }
  return read;
}

type Fault = (init: ErrorInit) => null;

/** `page[size]=0`: no pagination, where allowed, and then only with page 1. */
function unpaginated(read: PageMembers, sizeParameter: string, limits: QueryLimits, fault: Fault): null {
  if (!limits.allowUnpaginated) {
    // Always an explicit page[size]=0: a default page size of 0 with allowUnpaginated
    // false is refused where the limits enter (src/rules/limit-rules.ts).
    return fault({
      code: 'pagination_required',
      detail: 'This server does not allow page[size]=0 (pagination cannot be disabled)',
      parameter: sizeParameter,
    });
  }
  if (read.number !== undefined && read.number.value !== 1) {
    return fault({
      code: 'invalid_page_value',
      detail: `${read.number.parameter} must be 1 when page[size]=0 disables pagination`,
      parameter: read.number.parameter,
    });
  }
  return null;
}

function offsetPage(number: PageMembers['number'], size: number, limits: QueryLimits, fault: Fault): Page | null {
  const pageNumber = number?.value ?? 1;
  if ((pageNumber - 1) * size > limits.maxOffset) {
    return fault({
      code: 'page_offset_too_large',
      detail: `Page ${String(pageNumber)} of size ${String(size)} starts past the maximum offset ${String(limits.maxOffset)}`,
      // Stryker disable next-line OptionalChaining,LogicalOperator,StringLiteral: without page[number] the offset is 0, never past a maxOffset ≥ 0
      parameter: number?.parameter ?? 'page[number]',
      limit: limits.maxOffset,
    });
  }
  return Object.freeze({ kind: 'offset', size, number: pageNumber });
}

/** A cursor page, its cursors decoded against the request's sort. */
function cursorPage(read: PageMembers, size: number, limits: QueryLimits, context: PageContext, fault: Fault): Page | null {
  if (context.table === undefined) return null;
  const { type, sort } = context;
  const target = { type, sort, fields: cursorFields(sort, context.table), maxCursorLength: limits.maxCursorLength };
  const bounds: { after?: readonly KeyValue[]; before?: readonly KeyValue[] } = {};
  let failed = false;
  for (const bound of ['after', 'before'] as const) {
    const member = read[bound];
    if (member === undefined) continue;
    const decoded = decodeCursor(member.value, target);
    if ('fault' in decoded) {
      fault({ code: 'invalid_cursor', detail: `The cursor in ${member.parameter} ${decoded.fault}`, parameter: member.parameter });
      // Stryker disable next-line BooleanLiteral: after a fault parseQuery throws its errors and never reads the page
      failed = true;
    } else {
      bounds[bound] = decoded;
    }
  }
  // Stryker disable next-line ConditionalExpression: after a fault parseQuery throws its errors and never reads the page
  if (failed) return null;
  const page: CursorPage = { kind: 'cursor', size, ...bounds };
  return Object.freeze(page);
}

/** A non-empty run of ASCII digits as a number (huge values become large or infinite, never wrap). */
function parseCount(text: string): number | undefined {
  if (text.length === 0) return undefined;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 /* 0 */ || code > 57 /* 9 */) return undefined;
  }
  return Number(text);
}
