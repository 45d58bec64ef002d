import { sql } from 'kysely';
import type { Id, IncludeRequest, IncludeResult, Row } from '../data-layer.js';
import { compileContext } from './compile-filter.js';
import { ID_ORDER } from '../../rules/id-tie-break.js';
import { compileSort } from './compile-sort.js';
import { ROOT } from './read-page.js';
import { relatedSource } from './relationship-sql.js';
import { rowFilterCondition } from './row-filter-sql.js';
import { decodeId, selectPlan } from './row-codec.js';
import { requireMappedRelationship, requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import type { SqlRead } from './sql-read.js';

/** How an include read splits its owners. */
export interface IncludedReadOptions {
  /** Owner ids per statement (`IN` list). */
  readonly chunkSize: number;
}

/**
 * The related rows of many owners along one relationship, for `include`: one
 * statement per `chunkSize` owners (`IN` over their ids), run one after another, rows
 * in primary key order, every owner present in the result. The request's row filter
 * (a policy's, `rowFilters`) is one more condition of the same statements.
 */
export function includedRead(
  mapping: ResolvedSqlMapping,
  request: IncludeRequest,
  options: IncludedReadOptions,
): SqlRead<IncludeResult> {
  const owner = requireMappedType(mapping, request.type);
  const relationship = requireMappedRelationship(owner, request.relationship);
  const target = requireMappedType(mapping, relationship.relationship.target);
  const { from, ownerKey } = relatedSource(relationship, owner, target, ROOT);
  const plan = selectPlan(target, ROOT, request.attributes);
  const ids = [...new Set(request.ids)];
  const chunks: Id[][] = [];
  for (let start = 0; start < ids.length; start += options.chunkSize) chunks.push(ids.slice(start, start + options.chunkSize));
  const scope = { mapped: target, alias: ROOT };
  return {
    filter: request.filter ?? null,
    compile: (executor, dialect) => {
      const context = compileContext(mapping, dialect, 's');
      const sort = compileSort(ID_ORDER, scope, context);
      const orderBy = sort.orderBy === null ? sql`` : sql` order by ${sort.orderBy}`;
      const rowFilter = request.filter === undefined ? sql`` : sql` and ${rowFilterCondition(request.filter, scope, context)}`;
      return {
        statements: chunks.map((chunk) =>
          sql`select ${ownerKey} as ${sql.id('o')}, ${sql.join(plan.columns)} from ${from} where ${ownerKey} in (${sql.join(chunk)})${rowFilter}${orderBy}`.compile(
            executor,
          ),
        ),
        inOrder: true,
        decode: (results) => {
          const result = new Map<string, Row[]>(request.ids.map((id) => [String(id), []]));
          for (const { rows } of results) {
            for (const raw of rows) result.get(String(decodeId(owner.type.id, raw['o'])))?.push(plan.decode(raw));
          }
          return result;
        },
      };
    },
  };
}
