import { sql } from 'kysely';
import type { Id, Row } from '../data-layer.js';
import { ROOT } from './read-page.js';
import { aliasedTable, columnRef } from './relationship-sql.js';
import { selectPlan } from './row-codec.js';
import { requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import type { SqlRead } from './sql-read.js';

/**
 * One record by id (`GET /persons/1`): one statement; `null` when there is none.
 * `lock`: read it `for update` (a write hook's read, in the list's transaction), so
 * that no concurrent list changes the row before this one ends.
 */
export function oneRead(mapping: ResolvedSqlMapping, type: string, id: Id, lock = false): SqlRead<Row | null> {
  const mapped = requireMappedType(mapping, type);
  const plan = selectPlan(mapped, ROOT);
  return {
    filter: null,
    compile: (executor) => ({
      statements: [
        sql`select ${sql.join(plan.columns)} from ${aliasedTable(mapped.table, ROOT)} where ${columnRef(ROOT, mapped.primaryKey)} = ${id}${
          lock ? sql` for update` : sql``
        }`.compile(
          executor,
        ),
      ],
      inOrder: false,
      decode: ([result]) => {
        const raw = result?.rows[0];
        return raw === undefined ? null : plan.decode(raw);
      },
    }),
  };
}
