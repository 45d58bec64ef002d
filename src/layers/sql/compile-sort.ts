/**
 * Compiles the sort keys of the QueryAST into ORDER BY items, with LEFT JOINs for
 * dotted to-one paths (`owner.name`), code-point string order and nulls where the
 * sort rule puts them (src/rules/sort-direction.ts), on every engine.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { SortKey } from '../../ast/query-ast.js';
import { nullsFirst } from '../../rules/sort-direction.js';
import { type CompileContext, fieldOperand, type TableScope } from './compile-filter.js';
import { leftJoinToOne } from './relationship-sql.js';
import { requireMappedRelationship, requireMappedType } from './sql-mapping.js';
import { comparable, type ColumnOperand } from './sql-operators.js';

/** One sort key as SQL: the column, the expression ORDER BY compares, and how it sorts. */
export interface CompiledSortKey {
  readonly operand: ColumnOperand;
  /** The expression as ordered (`"t0"."name" collate "C"` on PostgreSQL): comparisons with the key use it too. */
  readonly ordered: Expression<unknown>;
  readonly direction: 'asc' | 'desc';
  /** The key can be null: a nullable attribute, or any field reached through a dotted path. */
  readonly nullable: boolean;
  /** The key is a primary key (`id`, or `owner.id`). */
  readonly isId: boolean;
}

/** The joins a sort needs, its ORDER BY clause (`null` for no keys) and its keys. */
export interface CompiledSort {
  readonly joins: readonly RawBuilder<unknown>[];
  readonly orderBy: RawBuilder<unknown> | null;
  readonly keys: readonly CompiledSortKey[];
}

/**
 * ORDER BY for sort keys on the records of `scope`. The AST's sort is total (it
 * ends with the primary key), so pages never overlap.
 */
export function compileSort(keys: readonly SortKey[], scope: TableScope, context: CompileContext): CompiledSort {
  const joins: RawBuilder<unknown>[] = [];
  const joined = new Map<string, TableScope>();
  const items: RawBuilder<unknown>[] = [];
  const compiled: CompiledSortKey[] = [];
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
    const ordered = comparable(operand, context.dialect, 'order');
    const sortKey = { operand, ordered, direction: key.direction, nullable: nullable || operand.attribute.nullable };
    const nulls = !sortKey.nullable ? 'none' : nullsFirst(sortKey.direction) ? 'first' : 'last';
    items.push(...context.dialect.orderBy(ordered, sortKey.direction, nulls));
    compiled.push({ ...sortKey, isId: key.field === 'id' });
  }
  return { joins, orderBy: items.length === 0 ? null : sql.join(items), keys: compiled };
}
