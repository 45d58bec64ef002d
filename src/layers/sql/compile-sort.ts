/**
 * Compiles the sort keys of the QueryAST into ORDER BY items, with LEFT JOINs for
 * dotted to-one paths (`owner.name`), code-point string order and nulls last
 * ascending / first descending on every engine.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SortKey } from '../../ast/query-ast.js';
import { type CompileContext, fieldOperand, type TableScope } from './compile-filter.js';
import { leftJoinToOne } from './relationship-sql.js';
import { requireMappedRelationship, requireMappedType } from './sql-mapping.js';
import { comparable } from './sql-operators.js';

/** The joins a sort needs and its ORDER BY clause (`null` for no keys). */
export interface CompiledSort {
  readonly joins: readonly RawBuilder<unknown>[];
  readonly orderBy: RawBuilder<unknown> | null;
}

/**
 * ORDER BY for sort keys on the records of `scope`. The AST's sort is total (it
 * ends with the primary key), so pages never overlap.
 *
 * @example
 * compileSort([{ path: ['owner'], field: 'name', direction: 'asc' }, { path: [], field: 'id', direction: 'asc' }], scope, context);
 * // joins: left join "person" as "s1" on …; orderBy: "s1"."name" collate "C" asc, "t0"."id" asc
 */
export function compileSort(keys: readonly SortKey[], scope: TableScope, context: CompileContext): CompiledSort {
  const joins: RawBuilder<unknown>[] = [];
  const joined = new Map<string, TableScope>();
  const items: RawBuilder<unknown>[] = [];
  for (const key of keys) {
    let current = scope;
    let nullable = false;
    for (let hop = 0; hop < key.path.length; hop++) {
      const pathKey = key.path.slice(0, hop + 1).join('.');
      const known = joined.get(pathKey);
      if (known !== undefined) {
        current = known;
      } else {
        const relationship = requireMappedRelationship(current.mapped, key.path[hop] ?? '');
        const target = requireMappedType(context.mapping, relationship.relationship.target);
        const alias = context.nextAlias();
        joins.push(leftJoinToOne(relationship, current.mapped, current.alias, target, alias));
        current = { mapped: target, alias };
        joined.set(pathKey, current);
      }
      nullable = true;
    }
    const operand = fieldOperand(current, key.field);
    items.push(
      ...context.dialect.orderBy(
        comparable(operand, context.dialect, 'order'),
        key.direction,
        nullable || operand.attribute.nullable,
      ),
    );
  }
  return { joins, orderBy: items.length === 0 ? null : sql.join(items) };
}
