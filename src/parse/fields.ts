import type { Fieldsets } from '../ast/query-ast.js';
import { jsonApiError, type JsonApiError } from '../errors/query-error.js';
import type { RawMember } from './input/raw-query.js';
import type { SchemaTables } from './schema-tables.js';
import { splitList } from './split-list.js';

const NO_FIELDS: Fieldsets = Object.freeze({});
const NO_NAMES: readonly string[] = Object.freeze([]);

/**
 * Parses `fields[<type>]=<name>,<name>`: the type must exist, each name must be an
 * attribute or relationship of it, an empty value means no attributes and no
 * relationships, and duplicates are removed (first occurrence kept).
 */
export function parseFields(members: readonly RawMember[], tables: SchemaTables, errors: JsonApiError[]): Fieldsets {
  // Stryker disable next-line ConditionalExpression: a fast path; the loop over no members gives an equal empty, frozen object
  if (members.length === 0) return NO_FIELDS;
  // Keys are type names found in the schema, whose names cannot be `__proto__`
  // (schema member names never contain `__`), so plain assignment is safe here. The
  // key is the schema's own string for the name (equal to `member`), which V8 stores
  // without first looking the text cut out of the query up in its string table.
  const fieldsets: Record<string, readonly string[]> = {};
  for (const { parameter, member, value } of members) {
    const table = tables.types.get(member);
    if (table === undefined) {
      errors.push(jsonApiError({ code: 'unknown_type', detail: `Unknown resource type "${member}"`, parameter }));
      continue;
    }
    if (value.length === 0) {
      fieldsets[table.type.name] = NO_NAMES;
      continue;
    }
    const names: string[] = [];
    for (const name of splitList(value, ',')) {
      if (names.includes(name)) continue;
      const found = table.members.get(name);
      if (name.length === 0) {
        errors.push(jsonApiError({ code: 'invalid_fields', detail: `${parameter} has an empty name`, parameter }));
      } else if (found === undefined || name === 'id') {
        errors.push(
          jsonApiError({
            code: 'unknown_field',
            detail: `Type "${member}" has no attribute or relationship "${name}"`,
            parameter,
          }),
        );
      } else {
        names.push(name);
      }
    }
    fieldsets[table.type.name] = Object.freeze(names);
  }
  return Object.freeze(fieldsets) as Fieldsets;
}
