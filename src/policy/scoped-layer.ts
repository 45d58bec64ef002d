/**
 * A data layer restricted to a scope (a policy's row filters) and its hidden fields:
 * every read of a scoped type only sees records inside the scope — collections, single
 * records (outside = not found), related records, relationship linkage, included
 * records, and the related records a dotted sort reads — and no read asks for a hidden
 * attribute.
 */
import { andNode, compareNode } from '../ast/filter-factories.js';
import type { SortKey } from '../ast/query-ast.js';
import { resolveCapabilities, type Capabilities } from '../layers/capabilities.js';
import { layerCapabilities, type DataLayer, type Id, type LayerContext, type RelatedReadRequest, type Row } from '../layers/data-layer.js';
import { withFallback } from '../layers/memory/fallback-layer.js';
import { ID_ORDER } from '../rules/id-tie-break.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';
import type { HiddenFields } from './project-schema.js';
import type { Scope } from './scope.js';

const NOTHING_HIDDEN: HiddenFields = new Map();

/**
 * Wraps a layer so that every read honours the scope. Filters are restricted
 * (`Scope.restrict`); one record is read as `id eq <id> AND <scope>`; reads that
 * take no filter (the owner of a relationship, a to-one relationship, included
 * records) carry their type's scope to a layer declaring `rowFilters` for it (the
 * SQL layer compiles it into the same statement), and are otherwise checked with one
 * batched `read` of `id in_ [...] AND <scope>`, the records outside dropped. A sort through a to-one relationship to a scoped
 * type (`sort=owner.name` with persons scoped) is evaluated by `withFallback` over
 * the scoped reads, so a related record outside the scope is absent and sorts as
 * `null`. Reads that would return every attribute ask for the visible ones only.
 */
export function scopedLayer(layer: DataLayer, scope: Scope, schema: ResolvedSchema, hidden: HiddenFields = NOTHING_HIDDEN): DataLayer {
  const visibleAttributes = (type: string, attributes: readonly string[] | undefined): readonly string[] | undefined => {
    const names = hidden.get(type);
    if (attributes !== undefined || names === undefined) return attributes;
    return [...(schema.types.get(type)?.attributes.keys() ?? [])].filter((name) => !names.has(name));
  };
  const withAttributes = <R extends { readonly type: string; readonly attributes?: readonly string[] }>(request: R, type: string): R => {
    const attributes = visibleAttributes(type, request.attributes);
    return attributes === undefined ? request : { ...request, attributes };
  };
  const visibleIds = async (type: string, ids: readonly Id[], context: LayerContext): Promise<ReadonlySet<string>> => {
    const filter = scope.of(type);
    if (filter === undefined) return new Set(ids.map(String));
    if (ids.length === 0) return new Set();
    const inIds = compareNode('id', 'in_', ids);
    const { rows } = await layer.read(
      { type, filter: andNode([inIds, filter]), sort: ID_ORDER, offset: 0, limit: null, attributes: [] },
      context,
    );
    return new Set(rows.map((row) => String(row.id)));
  };
  const visibleRows = async (type: string, rows: readonly Row[], context: LayerContext): Promise<readonly Row[]> => {
    if (scope.of(type) === undefined || rows.length === 0) return rows;
    const visible = await visibleIds(type, rows.map((row) => row.id), context);
    return rows.filter((row) => visible.has(String(row.id)));
  };
  /** Whether the layer applies the row filters of `type` inside its relationship reads (`rowFilters`). */
  const pushesDown = (type: string): boolean => resolveCapabilities(layer, type).rowFilters;
  /**
   * A related or linkage request with the owner's row filter for the layer to apply, or
   * the request as it is once its owner was read visible here; `null` for a hidden owner.
   */
  const ownerChecked = async (request: RelatedReadRequest, context: LayerContext): Promise<RelatedReadRequest | null> => {
    const ownerFilter = scope.of(request.type);
    if (ownerFilter === undefined) return request;
    if (pushesDown(request.type)) return { ...request, ownerFilter };
    return (await visibleIds(request.type, [request.id], context)).size > 0 ? request : null;
  };
  const relationshipOf = (type: string, name: string) => {
    const relationship = schema.types.get(type)?.relationships.get(name);
    if (relationship === undefined) throw new Error(`Unknown relationship "${type}.${name}"`);
    return relationship;
  };

  /** Whether a sort follows a to-one relationship to a scoped type: only the fallback reads it through the scope. */
  const sortsThroughScope = (type: string, sort: readonly SortKey[]): boolean =>
    sort.some((key) => {
      let current = type;
      for (const name of key.path) {
        current = relationshipOf(current, name).target;
        if (scope.of(current) !== undefined) return true;
      }
      return false;
    });

  const scoped: DataLayer = {
    ...layerCapabilities(layer),
    read: (request, context) => {
      const filter = scope.restrict(request.filter, request.type);
      const visible = withAttributes(request, request.type);
      if (filter === request.filter) return layer.read(visible, context);
      // A row filter narrowed the read: no estimate, which would weigh rows the requester cannot see.
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped, not read
      const { estimateAbove, ...exact } = visible;
      return layer.read({ ...exact, filter }, context);
    },
    async readOne(type, id, context) {
      const filter = scope.of(type);
      const attributes = visibleAttributes(type, undefined);
      if (filter === undefined && attributes === undefined) return layer.readOne(type, id, context);
      const byId = compareNode('id', 'eq', id);
      const { rows } = await layer.read(
        {
          type,
          filter: filter === undefined ? byId : andNode([byId, filter]),
          sort: ID_ORDER,
          offset: 0,
          limit: 1,
          withTotal: false,
          ...(attributes === undefined ? {} : { attributes }),
        },
        context,
      );
      return rows[0] ?? null;
    },
    // A to-one read's filter is the target's row filter (`restrict` of the executor's `null`):
    // a layer declaring `rowFilters` applies it, the others ignore it and are checked after.
    async readRelated(request, context) {
      const owned = await ownerChecked(request, context);
      if (owned === null) return null;
      const relationship = relationshipOf(request.type, request.relationship);
      const filter = scope.restrict(request.filter, relationship.target);
      const result = await layer.readRelated({ ...withAttributes(owned, relationship.target), filter }, context);
      if (result === null || relationship.toMany || pushesDown(relationship.target)) return result;
      const rows = await visibleRows(relationship.target, result.rows, context);
      return { rows, total: rows.length };
    },
    async readLinkage(request, context) {
      const owned = await ownerChecked(request, context);
      if (owned === null) return null;
      const relationship = relationshipOf(request.type, request.relationship);
      const filter = scope.restrict(request.filter, relationship.target);
      const result = await layer.readLinkage({ ...owned, filter }, context);
      if (result === null || relationship.toMany || pushesDown(relationship.target)) return result;
      const visible = await visibleIds(relationship.target, result.ids, context);
      const ids = result.ids.filter((id) => visible.has(String(id)));
      return { ids, total: ids.length };
    },
    async readIncluded(request, context) {
      const target = relationshipOf(request.type, request.relationship).target;
      const filter = scope.of(target);
      const visibleColumns = withAttributes(request, target);
      if (filter !== undefined && pushesDown(target)) return layer.readIncluded({ ...visibleColumns, filter }, context);
      const result = await layer.readIncluded(visibleColumns, context);
      if (filter === undefined) return result;
      const ids = new Map<string, Id>();
      for (const rows of result.values()) for (const row of rows) ids.set(String(row.id), row.id);
      const visible = await visibleIds(target, [...ids.values()], context);
      const scoped = new Map<string, readonly Row[]>();
      for (const [owner, rows] of result) scoped.set(owner, rows.filter((row) => visible.has(String(row.id))));
      return scoped;
    },
  };

  // The scoped reads, declared unable to sort through relationships: the fallback then
  // reads the related records of a dotted sort with the scoped `readIncluded`.
  const inner = (type: string): Capabilities => {
    const declared = typeof layer.capabilities === 'function' ? layer.capabilities(type) : layer.capabilities;
    return { ...declared, sort: { ...declared?.sort, paths: false } };
  };
  const sortedHere = withFallback(schema.schema, { ...scoped, capabilities: inner });
  return {
    ...scoped,
    read: (request, context) => (sortsThroughScope(request.type, request.sort) ? sortedHere : scoped).read(request, context),
    readRelated: (request, context) =>
      (sortsThroughScope(relationshipOf(request.type, request.relationship).target, request.sort) ? sortedHere : scoped).readRelated(request, context),
    readLinkage: (request, context) =>
      (sortsThroughScope(relationshipOf(request.type, request.relationship).target, request.sort) ? sortedHere : scoped).readLinkage(request, context),
  };
}
