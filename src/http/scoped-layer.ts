/**
 * A data layer restricted to a scope: every read of a scoped type only sees
 * records inside the scope — collections, single records (outside = not found),
 * related records, relationship linkage and included records.
 */
import { andNode, compareNode } from '../ast/filter-factories.js';
import { layerCapabilities, type DataLayer, type Id, type LayerContext, type Row } from '../layers/data-layer.js';
import { ID_ORDER } from '../rules/id-tie-break.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';
import type { Scope } from './scope.js';

/**
 * Wraps a layer so that every read honours the scope. Filters are restricted
 * (`Scope.restrict`); one record is read as `id eq <id> AND <scope>`; reads that
 * take no filter (the owner of a relationship, a to-one relationship, included
 * records) are checked with one batched `read` of `id in_ [...] AND <scope>` and
 * the records outside are dropped.
 */
export function scopedLayer(layer: DataLayer, scope: Scope, schema: ResolvedSchema): DataLayer {
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
  const ownerVisible = async (type: string, id: Id, context: LayerContext): Promise<boolean> =>
    scope.of(type) === undefined || (await visibleIds(type, [id], context)).size > 0;
  const relationshipOf = (type: string, name: string) => {
    const relationship = schema.types.get(type)?.relationships.get(name);
    if (relationship === undefined) throw new Error(`Unknown relationship "${type}.${name}"`);
    return relationship;
  };

  return {
    ...layerCapabilities(layer),
    read: (request, context) => layer.read({ ...request, filter: scope.restrict(request.filter, request.type) }, context),
    async readOne(type, id, context) {
      const filter = scope.of(type);
      if (filter === undefined) return layer.readOne(type, id, context);
      const byId = compareNode('id', 'eq', id);
      const { rows } = await layer.read(
        { type, filter: andNode([byId, filter]), sort: ID_ORDER, offset: 0, limit: 1 },
        context,
      );
      return rows[0] ?? null;
    },
    async readRelated(request, context) {
      if (!(await ownerVisible(request.type, request.id, context))) return null;
      const relationship = relationshipOf(request.type, request.relationship);
      const filter = scope.restrict(request.filter, relationship.target);
      const result = await layer.readRelated({ ...request, filter }, context);
      if (result === null || relationship.toMany) return result;
      const rows = await visibleRows(relationship.target, result.rows, context);
      return { rows, total: rows.length };
    },
    async readLinkage(request, context) {
      if (!(await ownerVisible(request.type, request.id, context))) return null;
      const relationship = relationshipOf(request.type, request.relationship);
      const filter = scope.restrict(request.filter, relationship.target);
      const result = await layer.readLinkage({ ...request, filter }, context);
      if (result === null || relationship.toMany) return result;
      const visible = await visibleIds(relationship.target, result.ids, context);
      const ids = result.ids.filter((id) => visible.has(String(id)));
      return { ids, total: ids.length };
    },
    async readIncluded(request, context) {
      const result = await layer.readIncluded(request, context);
      const target = relationshipOf(request.type, request.relationship).target;
      if (scope.of(target) === undefined) return result;
      const ids = new Map<string, Id>();
      for (const rows of result.values()) for (const row of rows) ids.set(String(row.id), row.id);
      const visible = await visibleIds(target, [...ids.values()], context);
      const scoped = new Map<string, readonly Row[]>();
      for (const [owner, rows] of result) scoped.set(owner, rows.filter((row) => visible.has(String(row.id))));
      return scoped;
    },
  };
}
