import { sql } from 'kysely';
import type { Id, IncludeRequest, IncludeResult, Row } from '../data-layer.js';
import { compileContext } from './compile-filter.js';
import { compileSort, ID_ORDER } from './compile-sort.js';
import { ROOT } from './read-page.js';
import { relatedSource } from './relationship-sql.js';
import { decodeId, selectPlan } from './row-codec.js';
import { requireMappedRelationship, requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import type { SqlRead } from './sql-read.js';

/**
 * The related rows of many owners along one relationship, for `include`: one
 * statement per `chunkSize` owners (`IN` over their ids), rows in primary key order,
 * every owner present in the result.
 *
 * @example
 * await session.execute(signal, includedRead(mapping, { type: 'person', relationship: 'computers', ids: ['1', '2'] }, 5_000));
 * // Map { '1' => [{ id: '1', serial: 'SN1001' }], '2' => [] }
 */
export function includedRead(mapping: ResolvedSqlMapping, request: IncludeRequest, chunkSize: number): SqlRead<IncludeResult> {
  const owner = requireMappedType(mapping, request.type);
  const relationship = requireMappedRelationship(owner, request.relationship);
  const target = requireMappedType(mapping, relationship.relationship.target);
  const { from, ownerKey } = relatedSource(relationship, owner, target, ROOT);
  const plan = selectPlan(target, ROOT, request.attributes);
  const ids = [...new Set(request.ids)];
  const chunks: Id[][] = [];
  for (let start = 0; start < ids.length; start += chunkSize) chunks.push(ids.slice(start, start + chunkSize));
  return {
    filter: null,
    run: async (executor, dialect) => {
      const sort = compileSort(ID_ORDER, { mapped: target, alias: ROOT }, compileContext(mapping, dialect, 's'));
      const orderBy = sort.orderBy === null ? sql`` : sql` order by ${sort.orderBy}`;
      const result = new Map<string, Row[]>(request.ids.map((id) => [String(id), []]));
      for (const chunk of chunks) {
        const { rows } = await sql<Record<string, unknown>>`select ${ownerKey} as ${sql.id('o')}, ${sql.join(plan.columns)} from ${from} where ${ownerKey} in (${sql.join(chunk)})${orderBy}`.execute(
          executor,
        );
        for (const raw of rows) {
          result.get(String(decodeId(owner.type.id, raw['o'])))?.push(plan.decode(raw));
        }
      }
      return result;
    },
  };
}
