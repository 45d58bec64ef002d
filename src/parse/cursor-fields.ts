import type { SortKey } from '../ast/query-ast.js';
import type { CursorField } from '../paging/cursor-codec.js';
import { sortKeyName } from '../rules/sort-key-text.js';
import type { TypeTable } from './schema-tables.js';

/**
 * The field each key of a parsed sort reads, for decoding cursors: the attribute at
 * the end of the key's path; `null` is a value of a nullable attribute and of every
 * key through a to-one relationship (which may be empty).
 */
export function cursorFields(sort: readonly SortKey[], table: TypeTable): readonly CursorField[] {
  return sort.map((key) => {
    let at = table;
    for (const step of key.path) {
      const member = at.members.get(step);
      // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: parseSort resolved every key against this table; the check narrows the type
      if (member?.kind !== 'relationship') throw new Error(`Sort path step "${step}" is not a relationship of ${at.type.name}`);
      at = member.target;
    }
    const member = at.members.get(key.field);
    // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: parseSort resolved every key against this table; the check narrows the type
    if (member?.kind !== 'attribute') throw new Error(`Sort field "${key.field}" is not an attribute of ${at.type.name}`);
    const name = sortKeyName(key);
    return { name, attribute: member.attribute, nullable: key.path.length > 0 || member.attribute.nullable };
  });
}
