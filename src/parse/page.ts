import type { Page } from '../ast/query-ast.js';
import { jsonApiError, type JsonApiError } from '../errors/query-error.js';
import type { QueryLimits } from '../limits.js';
import type { RawMember } from './input/raw-query.js';

/**
 * Parses `page[size]` and `page[number]` (docs/query-syntax.md): base-10 integers without
 * sign, decimal point or exponent; the default size when none is given; `0`
 * disabling pagination (`null`) where allowed, and then only with page 1; the
 * maximum size (applied to the default too) and the maximum offset. Any other
 * `page[...]` member is a 400. Faults of both members are reported together.
 *
 * @example
 * parsePage([{ parameter: 'page[size]', member: 'size', value: '10' }], limits, errors);
 * // { kind: 'offset', size: 10, number: 1 }
 */
export function parsePage(members: readonly RawMember[], limits: QueryLimits, errors: JsonApiError[]): Page | null {
  let size: number | undefined;
  let number: number | undefined;
  let sizeParameter = 'page[size]';
  let numberParameter = 'page[number]';
  const count = errors.length;
  for (const { parameter, member, value } of members) {
    if (member !== 'size' && member !== 'number') {
      errors.push(
        jsonApiError({
          code: 'unknown_page_parameter',
          detail: `Unknown page parameter "${parameter}": only page[size] and page[number] exist`,
          parameter,
        }),
      );
      continue;
    }
    const parsed = parseCount(value);
    if (parsed === undefined) {
      errors.push(
        jsonApiError({
          code: 'invalid_page_value',
          detail: `${parameter} must be a base-10 integer without sign, decimal point or exponent, not ${JSON.stringify(value)}`,
          parameter,
        }),
      );
    } else if (member === 'size') {
      size = parsed;
      sizeParameter = parameter;
    } else if (parsed === 0) {
      errors.push(jsonApiError({ code: 'invalid_page_value', detail: `${parameter} starts at 1`, parameter }));
    } else {
      number = parsed;
      numberParameter = parameter;
    }
  }
  if (errors.length > count) return null;
  const effectiveSize = size ?? limits.defaultPageSize;
  if (effectiveSize === 0) {
    if (!limits.allowUnpaginated) {
      errors.push(
        jsonApiError({
          code: 'pagination_required',
          detail: 'This server does not allow page[size]=0 (pagination cannot be disabled)',
          parameter: sizeParameter,
        }),
      );
    } else if (number !== undefined && number !== 1) {
      errors.push(
        jsonApiError({
          code: 'invalid_page_value',
          detail: `${numberParameter} must be 1 when page[size]=0 disables pagination`,
          parameter: numberParameter,
        }),
      );
    }
    return null;
  }
  if (effectiveSize > limits.maxPageSize) {
    errors.push(
      jsonApiError({
        code: 'page_size_too_large',
        detail: `The page size ${effectiveSize} is larger than the maximum ${limits.maxPageSize}`,
        parameter: sizeParameter,
        limit: limits.maxPageSize,
      }),
    );
    return null;
  }
  const pageNumber = number ?? 1;
  if ((pageNumber - 1) * effectiveSize > limits.maxOffset) {
    errors.push(
      jsonApiError({
        code: 'page_offset_too_large',
        detail: `Page ${pageNumber} of size ${effectiveSize} starts past the maximum offset ${limits.maxOffset}`,
        parameter: numberParameter,
        limit: limits.maxOffset,
      }),
    );
    return null;
  }
  return Object.freeze({ kind: 'offset', size: effectiveSize, number: pageNumber });
}

/** A non-empty run of ASCII digits as a number (huge values become large or infinite, never wrap). */
function parseCount(text: string): number | undefined {
  if (text.length === 0) return undefined;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return undefined;
  }
  return Number(text);
}
