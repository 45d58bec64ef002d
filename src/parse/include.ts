import type { IncludePath } from '../ast/query-ast.js';
import { jsonApiError, type JsonApiError } from '../errors/query-error.js';
import type { QueryLimits } from '../limits.js';
import { knownRelationship } from '../rules/filter-rules.js';
import type { RawParameter } from './input/raw-query.js';
import type { TypeTable } from './schema-tables.js';
import { splitList } from './split-list.js';

const NO_INCLUDE: readonly IncludePath[] = Object.freeze([]);

/**
 * Parses `include`: comma-separated paths of dot-separated relationship names,
 * starting at `from` (the primary type, or the owner of the relationship on a
 * relationship route). Exact duplicate paths are ignored; empty segments,
 * attributes and unknown names are 400s, and so are paths past the depth limit
 * and more distinct paths than the path limit. An empty value (`include=`) asks for
 * no related resources, as JSON:API 1.1 says: no paths, not an error.
 */
export function parseInclude(
  raw: RawParameter | undefined,
  from: TypeTable,
  limits: QueryLimits,
  errors: JsonApiError[],
): readonly IncludePath[] {
  if (raw === undefined || raw.value === '') return NO_INCLUDE;
  const parameter = raw.parameter;
  const paths: IncludePath[] = [];
  const seen: string[] = [];
  const count = errors.length;
  for (const item of splitList(raw.value, ',')) {
    if (seen.includes(item)) continue;
    seen.push(item);
    if (seen.length > limits.maxIncludePaths) {
      errors.push(
        jsonApiError({
          code: 'too_many_include_paths',
          detail: `The include has more than ${limits.maxIncludePaths} paths`,
          parameter,
          limit: limits.maxIncludePaths,
        }),
      );
      break;
    }
    const path = parsePath(item, from, limits, parameter);
    if ('code' in path) errors.push(path);
    else paths.push(path);
  }
  return errors.length > count ? NO_INCLUDE : Object.freeze(paths);
}

function parsePath(item: string, from: TypeTable, limits: QueryLimits, parameter: string): IncludePath | JsonApiError {
  const single = from.includePaths.get(item);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; the walk below gives an equal one-relationship path
  if (single !== undefined && limits.maxIncludeDepth >= 1) return single;
  const segments = splitList(item, '.');
  if (segments.length > limits.maxIncludeDepth) {
    return jsonApiError({
      code: 'include_too_deep',
      detail: `The include path "${item}" has ${segments.length} relationships; the limit is ${limits.maxIncludeDepth}`,
      parameter,
      limit: limits.maxIncludeDepth,
    });
  }
  let current = from;
  for (const segment of segments) {
    if (segment.length === 0) {
      return jsonApiError({
        code: 'invalid_include',
        detail: item.length === 0 ? 'The include has an empty path' : `The include path "${item}" has an empty segment`,
        parameter,
      });
    }
    const member = current.members.get(segment);
    if (member?.kind !== 'relationship') {
      return jsonApiError({
        code: member === undefined ? knownRelationship.code : 'invalid_include',
        detail:
          member === undefined
            ? `${knownRelationship.message(current.type.name, segment)} (in include path "${item}")`
            : `"${segment}" is a field of "${current.type.name}", not a relationship (in include path "${item}")`,
        parameter,
      });
    }
    current = member.target;
  }
  return Object.freeze(segments);
}
