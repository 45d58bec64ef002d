/**
 * The statements of related reads and linkage (`GET /persons/1/computers`,
 * `GET /persons/1/relationships/computers`): the owner's existence check beside one
 * page of the related rows (and its count), which a to-one relationship neither
 * sorts nor pages. The owner's row filter (`ownerFilter`) is a condition of the
 * existence check, so a policy adds no statement.
 */
import { sql, type SqlBool } from 'kysely';
import type { LinkageResult, ReadRequest, RelatedReadRequest } from '../data-layer.js';
import { andNode } from '../../ast/filter-factories.js';
import { compileContext } from './compile-filter.js';
import { ID_ORDER } from '../../rules/id-tie-break.js';
import { compilePage, ownerExistsStatement, type PageResult, ROOT } from './read-page.js';
import { relatedSource } from './relationship-sql.js';
import { rowFilterCondition } from './row-filter-sql.js';
import { requireMappedRelationship, requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import type { SqlRead } from './sql-read.js';

/** How a related read selects its rows. */
export interface RelatedReadOptions {
  /** Only the related ids (linkage), not their attributes. */
  readonly idsOnly: boolean;
}

/** The related rows of one owner, or `null` when the owner does not exist. */
export function relatedRead(
  mapping: ResolvedSqlMapping,
  request: RelatedReadRequest,
  options: RelatedReadOptions,
): SqlRead<PageResult | null> {
  const owner = requireMappedType(mapping, request.type);
  const relationship = requireMappedRelationship(owner, request.relationship);
  const target = requireMappedType(mapping, relationship.relationship.target);
  const { from, ownerKey } = relatedSource(relationship, owner, target, ROOT);
  const link = sql<SqlBool>`${ownerKey} = ${request.id}`;
  const { toMany } = relationship.relationship;
  const page = toMany ? request : { filter: null, sort: ID_ORDER, offset: 0, limit: null };
  const pageRequest: Omit<ReadRequest, 'type'> =
    request.attributes === undefined ? page : { ...page, attributes: request.attributes };
  const { ownerFilter } = request;
  // A to-one read is neither sorted nor paged; its filter is the target's row filter (`rowFilters`), if any.
  const toOneFilter = toMany ? null : request.filter;
  const filters = [pageRequest.filter, toOneFilter, ownerFilter ?? null].filter((filter) => filter !== null);
  const scope = { mapped: target, alias: ROOT };
  return {
    filter: filters.length > 1 ? andNode(filters) : (filters[0] ?? null),
    compile: (executor, dialect) => {
      const ownerCondition =
        ownerFilter === undefined ? undefined : rowFilterCondition(ownerFilter, { mapped: owner, alias: ROOT }, compileContext(mapping, dialect, 's'));
      const exists = ownerExistsStatement(executor, owner, request.id, ownerCondition);
      const context = compileContext(mapping, dialect, 's');
      const related = compilePage(executor, context, {
        scope,
        from,
        conditions: toOneFilter === null ? [link] : [link, rowFilterCondition(toOneFilter, scope, context)],
        request: pageRequest,
        idsOnly: options.idsOnly,
      });
      return {
        statements: [exists, ...related.statements],
        inOrder: false,
        decode: ([found, ...results]) => ((found?.rows.length ?? 0) > 0 ? related.decode(results) : null),
      };
    },
  };
}

/** The linkage of a related read: its ids, with its total and keys. */
export function linkageOf(result: PageResult | null): LinkageResult | null {
  if (result === null) return null;
  const { rows, ...counted } = result;
  return { ids: rows.map((row) => row.id), ...counted };
}
