/**
 * The proof of issue 22: a partial layer over a `Map` (eq only, ANDs of it, one sort
 * key, limit/offset, no cursors) passes the kit with no hand-listed skip — every
 * case with the fallback on; without it, each case beyond its declaration skipped
 * with the reason the declaration gives. And a layer whose `canPageByCursor` refuses
 * dotted sorts is never asked for such a window.
 */
import type { SortKey } from '../../src/ast/query-ast.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer, withFallback } from '../../src/layers/memory/index.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { describeDataLayer, type ConformanceData } from '../../src/testing/conformance/index.js';
import { createMapLayer } from '../helpers/map-layer.js';

describeDataLayer({
  name: 'eq-only Map layer with the fallback',
  create: (schema, data) => withFallback(schema, createMapLayer(schema, data)),
});

describeDataLayer({
  name: 'eq-only Map layer, no fallback',
  create: (schema, data) => createMapLayer(schema, data),
});

/** A layer that cannot read keyset windows on a dotted sort, says so with `canPageByCursor`, and throws if asked anyway. */
function ownFieldCursorsOnly(schema: ResourceSchema, data: ConformanceData): DataLayer {
  const memory = createMemoryLayer(schema, data);
  const dotted = (sort: readonly SortKey[]) => sort.some((key) => key.path.length > 0);
  const refuse = (request: { keyset?: unknown; sort: readonly SortKey[] }) => {
    if (request.keyset !== undefined && dotted(request.sort)) throw new Error('no keyset window on a dotted sort');
  };
  return {
    ...memory,
    canPageByCursor: (_type, sort) => !dotted(sort),
    read: (request, context) => (refuse(request), memory.read(request, context)),
    readRelated: (request, context) => (refuse(request), memory.readRelated(request, context)),
    readLinkage: (request, context) => (refuse(request), memory.readLinkage(request, context)),
  };
}

describeDataLayer({
  name: 'memory layer paging by cursor on its own fields only (canPageByCursor)',
  create: (schema, data) => ownFieldCursorsOnly(schema, data),
  properties: { datasets: 2 },
});
