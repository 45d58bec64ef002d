/**
 * The statements of related reads and linkage (`GET /persons/1/computers`,
 * `GET /persons/1/relationships/computers`): the owner's existence check beside one
 * page of the related rows (and its count), which a to-one relationship neither
 * filters, sorts nor pages.
 */
import { sql, type SqlBool } from 'kysely';
import type { LinkageResult, ReadRequest, RelatedReadRequest } from '../data-layer.js';
import { compileContext } from './compile-filter.js';
import { ID_ORDER } from './compile-sort.js';
import { ownerExists, type PageResult, readPage, ROOT } from './read-page.js';
import { relatedSource } from './relationship-sql.js';
import { requireMappedRelationship, requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import type { SqlRead } from './sql-read.js';

/**
 * The related rows of one owner (only their ids when `idsOnly`), or `null` when the
 * owner does not exist.
 *
 * @example
 * await session.execute(signal, relatedRead(mapping, { type: 'person', id: '1', relationship: 'computers', … }, false));
 */
export function relatedRead(mapping: ResolvedSqlMapping, request: RelatedReadRequest, idsOnly: boolean): SqlRead<PageResult | null> {
  const owner = requireMappedType(mapping, request.type);
  const relationship = requireMappedRelationship(owner, request.relationship);
  const target = requireMappedType(mapping, relationship.relationship.target);
  const { from, ownerKey } = relatedSource(relationship, owner, target, ROOT);
  const link = sql<SqlBool>`${ownerKey} = ${request.id}`;
  const page = relationship.relationship.toMany ? request : { filter: null, sort: ID_ORDER, offset: 0, limit: null };
  const pageRequest: Omit<ReadRequest, 'type'> =
    request.attributes === undefined ? page : { ...page, attributes: request.attributes };
  return {
    filter: pageRequest.filter,
    run: async (executor, dialect) => {
      const context = compileContext(mapping, dialect, 's');
      const [exists, result] = await Promise.all([
        ownerExists(executor, owner, request.id),
        readPage(executor, context, { mapped: target, alias: ROOT }, from, [link], pageRequest, idsOnly),
      ]);
      return exists ? result : null;
    },
  };
}

/**
 * The linkage of a related read: its ids, with its total and keys.
 *
 * @example
 * linkageOf({ rows: [{ id: '1' }], total: 1 }); // { ids: ['1'], total: 1 }
 */
export function linkageOf(result: PageResult | null): LinkageResult | null {
  if (result === null) return null;
  const { rows, ...counted } = result;
  return { ids: rows.map((row) => row.id), ...counted };
}
