/**
 * A partial data layer over one `Map` per type, as real back ends are: `eq` on
 * attributes and ANDs of those, one sort key (then `id`), limit/offset, no cursor
 * pages, no dotted sorts. It declares exactly that, so the handler refuses the rest
 * with 400s, and `withFallback` evaluates the rest in memory.
 */
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { SortKey } from '../../src/ast/query-ast.js';
import type { DataLayer, Id, ReadRequest, ReadResult, RelatedReadRequest, Row } from '../../src/layers/data-layer.js';
import { compareCodePoints } from '../../src/layers/memory/index.js';
import type { ResourceSchema } from '../../src/schema/schema.js';

export function createMapLayer(schema: ResourceSchema, data: { readonly [type: string]: readonly Row[] }): DataLayer {
  const tables = new Map(Object.keys(schema.types).map((type) => [type, new Map((data[type] ?? []).map((row) => [row.id, row]))]));
  const table = (type: string) => tables.get(type) ?? new Map<Id, Row>();
  const targetOf = (type: string, relationship: string) => schema.types[type]?.relationships?.[relationship]?.target ?? '';
  const related = (type: string, owner: Row, relationship: string): Row[] => {
    const linked = owner[relationship];
    const ids = Array.isArray(linked) ? (linked as Id[]) : linked === null || linked === undefined ? [] : [linked as Id];
    const target = table(targetOf(type, relationship));
    return ids.flatMap((id) => target.get(id) ?? []).sort((a, b) => order(a.id, b.id));
  };
  const query = (rows: readonly Row[], request: Omit<ReadRequest, 'type'>): ReadResult => {
    const matching = rows.filter((row) => matches(row, request.filter)).sort((a, b) => compareRows(a, b, request.sort));
    const end = request.limit === null ? undefined : request.offset + request.limit;
    return { rows: matching.slice(request.offset, end), total: matching.length };
  };
  const readRelated = async (request: RelatedReadRequest) => {
    const owner = table(request.type).get(request.id);
    return owner === undefined ? null : query(related(request.type, owner, request.relationship), request);
  };
  return {
    operators: new Set(['eq']),
    capabilities: { filter: { nodes: ['and'] }, sort: { maxKeys: 1, paths: false }, paging: { keyset: false } },
    read: async (request) => query([...table(request.type).values()], request),
    readOne: async (type, id) => table(type).get(id) ?? null,
    readRelated,
    readLinkage: async (request) => {
      const result = await readRelated(request);
      return result === null ? null : { ids: result.rows.map((row) => row.id), total: result.total ?? 0 };
    },
    readIncluded: async ({ type, relationship, ids }) =>
      new Map(ids.map((id) => {
        const owner = table(type).get(id);
        return [String(id), owner === undefined ? [] : related(type, owner, relationship)];
      })),
  };
}

function matches(row: Row, filter: FilterNode | null): boolean {
  if (filter === null) return true;
  if (filter.kind === 'and') return filter.nodes.every((node) => matches(row, node));
  if (filter.kind === 'compare' && filter.op === 'eq') return row[filter.field] === filter.value;
  throw new Error(`not declared: ${filter.kind}`);
}

/** Code-point order for strings, `<` for numbers, booleans and dates; nulls last ascending, first descending. */
function compareRows(a: Row, b: Row, sort: readonly SortKey[]): number {
  for (const key of sort) {
    const left = a[key.field];
    const right = b[key.field];
    if (left === right) continue;
    if (left === null || left === undefined) return key.direction === 'asc' ? 1 : -1;
    if (right === null || right === undefined) return key.direction === 'asc' ? -1 : 1;
    const result = order(left, right);
    return key.direction === 'asc' ? result : -result;
  }
  return 0;
}

function order(left: unknown, right: unknown): number {
  if (typeof left === 'string' && typeof right === 'string') return compareCodePoints(left, right);
  return (left as number) < (right as number) ? -1 : (left as number) > (right as number) ? 1 : 0;
}
