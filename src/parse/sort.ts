import type { SortKey } from '../ast/query-ast.js';
import { jsonApiError, type JsonApiError } from '../errors/query-error.js';
import type { QueryLimits } from '../limits.js';
import { knownField, knownRelationship } from '../rules/filter-rules.js';
import { ID_ORDER, withIdTieBreak } from '../rules/id-tie-break.js';
import { sortKeyName } from '../rules/sort-key-text.js';
import type { RawParameter } from './input/raw-query.js';
import type { TypeTable } from './schema-tables.js';
import { splitList } from './split-list.js';

const NO_PATH: readonly string[] = Object.freeze([]);

/**
 * Parses `sort`: comma-separated keys, a leading `-` for descending, dotted paths
 * through to-one relationships (`owner.name`). The result is total: `id` ascending
 * is appended unless `id` is already a key. Every faulty key is reported (empty
 * keys, `+` or spaces, unknown or non-sortable fields, relationships, paths through
 * to-many relationships, keys given twice), each with `source.parameter: sort`.
 */
export function parseSort(
  raw: RawParameter | undefined,
  table: TypeTable,
  limits: QueryLimits,
  errors: JsonApiError[],
): readonly SortKey[] {
  if (raw === undefined) return ID_ORDER;
  const parameter = raw.parameter;
  const items = splitList(raw.value, ',');
  if (items.length > limits.maxSortKeys) {
    errors.push(
      jsonApiError({
        code: 'too_many_sort_keys',
        detail: `The sort has ${items.length} keys; the limit is ${limits.maxSortKeys}`,
        parameter,
        limit: limits.maxSortKeys,
      }),
    );
    return ID_ORDER;
  }
  const keys: SortKey[] = [];
  // Stryker disable next-line ArrayDeclaration: a key name has no space, so a stray entry matches no key
  const seen: string[] = [];
  let failed = false;
  for (const item of items) {
    const key = parseSortKey(item, table, limits, parameter);
    if ('code' in key) {
      errors.push(key);
      failed = true;
      continue;
    }
    const name = sortKeyName(key);
    if (seen.includes(name)) {
      errors.push(
        jsonApiError({ code: 'duplicate_sort_field', detail: `The sort names "${name}" twice`, parameter }),
      );
      failed = true;
      continue;
    }
    seen.push(name);
    keys.push(key);
  }
  if (failed) return ID_ORDER;
  return withIdTieBreak(keys);
}

function parseSortKey(item: string, table: TypeTable, limits: QueryLimits, parameter: string): SortKey | JsonApiError {
  const plain = table.sortKeys.get(item);
  // Stryker disable next-line ConditionalExpression: a fast path; the walk below gives an equal key
  if (plain !== undefined) return plain;
  const descending = item.charCodeAt(0) === 45; /* - */
  const text = descending ? item.slice(1) : item;
  const fault = (code: 'invalid_sort' | 'unknown_field' | 'unknown_relationship' | 'field_not_sortable', detail: string) =>
    jsonApiError({ code, detail, parameter });
  if (text.length === 0) return fault('invalid_sort', 'The sort has an empty key');
  if (!isNameText(text) || text.charCodeAt(0) === 45) {
    return fault(
      'invalid_sort',
      `The sort key ${JSON.stringify(item)} is not a field name (only a leading "-" is allowed; "+" means a space)`,
    );
  }
  const segments = splitList(text, '.');
  if (segments.length - 1 > limits.maxPathHops) {
    return jsonApiError({
      code: 'path_too_long',
      detail: `The sort path "${text}" follows ${segments.length - 1} relationships; the limit is ${limits.maxPathHops}`,
      parameter,
      limit: limits.maxPathHops,
    });
  }
  let current = table;
  for (let index = 0; index < segments.length - 1; index++) {
    const segment = segments[index] as string;
    if (segment.length === 0) return fault('invalid_sort', `The sort key "${text}" has an empty segment`);
    const member = current.members.get(segment);
    if (member?.kind !== 'relationship') {
      return fault(knownRelationship.code, `${knownRelationship.message(current.type.name, segment)} (in "${text}")`);
    }
    if (member.relationship.toMany) {
      return fault('invalid_sort', `The sort path "${text}" goes through the to-many relationship "${segment}"`);
    }
    current = member.target;
  }
  const field = segments[segments.length - 1] as string;
  if (field.length === 0) return fault('invalid_sort', `The sort key "${text}" has an empty segment`);
  const member = current.members.get(field);
  if (member === undefined) return fault(knownField.code, knownField.message(current.type.name, field));
  if (member.kind === 'relationship') {
    return fault('invalid_sort', `"${field}" is a relationship; sort by one of its fields (${field}.<field>)`);
  }
  if (!member.attribute.sortable) return fault('field_not_sortable', `The field "${field}" cannot be sorted on`);
  return Object.freeze({
    // Stryker disable next-line ConditionalExpression: NO_PATH is a shared empty path; the slice gives an equal empty one
    path: segments.length === 1 ? NO_PATH : Object.freeze(segments.slice(0, -1)),
    field,
    direction: descending ? 'desc' : 'asc',
  });
}

/** Letters, digits, `_`, `-` and `.`: what member names and dotted paths are made of. */
function isNameText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const ok =
      (code >= 97 && code <= 122) ||
      (code >= 65 && code <= 90) ||
      (code >= 48 && code <= 57) ||
      code === 95 ||
      code === 45 ||
      code === 46;
    if (!ok) return false;
  }
  return true;
}
