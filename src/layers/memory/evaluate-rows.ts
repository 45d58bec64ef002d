import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import type { ReadRequest, ReadResult, Row } from '../data-layer.js';
import { pathsOf } from './follow-paths.js';
import { requireStore } from './query-plan.js';
import { createQueryRunner } from './run-query.js';
import { RowClasses, ScanStore } from './scan-store.js';

/** The part of a read `evaluateRows` answers. */
export type RowsQuery = Pick<ReadRequest, 'filter' | 'sort' | 'offset' | 'limit' | 'keyset' | 'withTotal'>;

const runner = createQueryRunner('auto', 256);
const rowClasses = new WeakMap<ResourceSchema, RowClasses>();

/**
 * Evaluates a read over rows of one type that a layer already holds, with the
 * memory layer's compiled evaluators: the filter (three-valued, code-point order,
 * Unicode case folding, `like` escapes, exactly as docs/data-layer.md says), the
 * total sort with nulls last ascending, the keyset window (with each row's `keys`),
 * offset and limit, and the total — what the memory layer answers over the same
 * rows, in the same order, as a `ReadResult` of the rows given. A filter or sort that
 * follows a relationship (`any`, `has`, `owner.name`) needs the related rows: use
 * `withFallback`, which reads them; here it is a `TypeError`.
 *
 * @example
 * const { rows, total } = evaluateRows(schema, 'person', candidates, { filter: ast.filter, sort: ast.sort, offset: 0, limit: 10 });
 */
export function evaluateRows(schema: ResourceSchema, type: string, rows: readonly Row[], query: RowsQuery): ReadResult {
  const followed = [...pathsOf(query.filter, query.sort).keys()];
  if (followed.length > 0) {
    throw new TypeError(`evaluateRows: the query follows the relationship "${followed.join('", "')}"; withFallback reads related rows`);
  }
  let classes = rowClasses.get(schema);
  if (classes === undefined) {
    classes = new RowClasses();
    rowClasses.set(schema, classes);
  }
  const gathered = new ScanStore(resolveSchema(schema), classes);
  gathered.addAll(type, rows);
  const store = gathered.build();
  const typeStore = requireStore(store, type);
  const result = runner.run(store, typeStore, typeStore.rows, query, undefined);
  return { ...result, rows: result.rows.map((row) => gathered.source(row)) };
}
