import type { FilterNode } from '../../ast/filter-node.js';
import type { Id, Row } from '../../layers/data-layer.js';
import { evaluateRows } from '../../layers/memory/evaluate-rows.js';
import { compareCodePoints } from '../../layers/memory/code-point-order.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import type { Dataset } from '../arbitraries/arbitrary-data.js';
import type { Policy } from '../../policy/policy.js';

/**
 * What a requester may see of a dataset under a policy, as one canonical JSON text:
 * per type, the rows its row filter admits (in primary key order), each with its
 * visible attributes and, for each visible relationship, the visible rows it links
 * to (a to-one pointing at a hidden row is `null`; a to-many lists visible ids in
 * key order). Two datasets with the same view must get the same answers.
 *
 * @example
 * policyView(schema, policy, first) === policyView(schema, policy, second); // twins
 */
export function policyView(schema: ResourceSchema, policy: Policy, data: Dataset): string {
  const resolved = resolveSchema(schema);
  const visible = visibleIds(schema, policy, data);
  const view: Record<string, unknown[]> = {};
  for (const type of resolved.types.values()) {
    const hidden = new Set(policy.types[type.name]?.hidden ?? []);
    const ids = visible.get(type.name) ?? new Set<string>();
    const rows = (data[type.name] ?? []).filter((row) => ids.has(idKey(row.id))).sort((a, b) => compareIdValues(a.id, b.id));
    view[type.name] = rows.map((row) => {
      const shown: unknown[] = [row.id];
      for (const attribute of type.attributes.values()) if (!hidden.has(attribute.name)) shown.push(row[attribute.name] ?? null);
      for (const relationship of type.relationships.values()) {
        if (hidden.has(relationship.name)) continue;
        const targets = visible.get(relationship.target) ?? new Set<string>();
        const value = row[relationship.name];
        if (relationship.toMany) {
          const linked = ((value ?? []) as Id[]).filter((id) => targets.has(idKey(id)));
          shown.push([...linked].sort(compareIdValues));
        } else {
          shown.push(value !== null && value !== undefined && targets.has(idKey(value as Id)) ? value : null);
        }
      }
      return shown;
    });
  }
  return JSON.stringify(view);
}

/**
 * The ids (as `idKey` texts) of the rows of each type that the policy's row filter
 * admits; every row of a type without a filter.
 */
export function visibleIds(schema: ResourceSchema, policy: Policy, data: Dataset): Map<string, Set<string>> {
  const visible = new Map<string, Set<string>>();
  for (const type of resolveSchema(schema).types.keys()) visible.set(type, new Set(visibleRows(schema, policy, type, data[type] ?? []).map((row) => idKey(row.id))));
  return visible;
}

/**
 * The rows of one type that the policy's row filter admits. The kit evaluates row
 * filters given as `FilterNode`s on the type's own fields (as `arbitraryPolicy` makes
 * them); entries in the JSON syntax are a `TypeError` here.
 */
export function visibleRows(schema: ResourceSchema, policy: Policy, type: string, rows: readonly Row[]): readonly Row[] {
  const filter = policy.types[type]?.filter;
  if (filter === undefined || rows.length === 0) return rows;
  if (Array.isArray(filter)) throw new TypeError(`policyView: the row filter of "${type}" is filter entries; give it as a FilterNode`);
  return evaluateRows(schema, type, rows, { filter: filter as FilterNode, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: null }).rows;
}

/** An id as a map key: integer and string ids never collide within one type. */
export function idKey(id: Id): string {
  return `${typeof id}:${String(id)}`;
}

function compareIdValues(left: Id, right: Id): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return compareCodePoints(String(left), String(right));
}
