import fc from 'fast-check';
import type { KeyValue, QueryAST, SortKey } from '../../ast/query-ast.js';
import type { DataLayer, Id, ReadRequest, Row } from '../../layers/data-layer.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { stringifyQuery } from '../../stringify/stringify-query.js';
import type { Dataset } from '../arbitraries/index.js';
import { flipSort } from './check-keyset-case.js';
import { decodeQuery } from './query-text.js';

/** The rows of a walk, each page's ids, and each row's keys. */
interface Walk {
  readonly ids: Id[];
  readonly keys: (readonly KeyValue[])[];
  readonly pages: Id[][];
}

/**
 * Reads every page of `size` rows, each page after the last row's keys of the
 * previous one, without counting; fails when a page lacks its keys or the walk
 * does not end after `bound` pages.
 */
async function walk(layer: DataLayer, request: Omit<ReadRequest, 'offset' | 'limit'>, size: number, bound: number): Promise<Walk> {
  const result: Walk = { ids: [], keys: [], pages: [] };
  let after: readonly KeyValue[] | undefined;
  for (let page = 0; page < bound; page++) {
    const { rows, keys } = await layer.read(
      { ...request, offset: 0, limit: size, keyset: after === undefined ? {} : { after }, withTotal: false },
      { signal: AbortSignal.timeout(60_000) },
    );
    if (keys?.length !== rows.length) {
      throw new Error(`page ${page + 1} has ${rows.length} rows and ${keys?.length ?? 'no'} keys`);
    }
    result.ids.push(...rows.map((row) => row.id));
    result.keys.push(...keys);
    result.pages.push(rows.map((row) => row.id));
    if (rows.length < size) return result;
    after = keys.at(-1);
  }
  throw new Error(`the walk did not end after ${bound} pages: ${JSON.stringify(result.pages)}`);
}

/** A sort key's value for a record of the dataset, following a dotted path through its to-one ids. */
function keyValue(schema: ResourceSchema, data: Dataset, type: string, row: Row, key: SortKey): KeyValue {
  let current: Row | undefined = row;
  let currentType = type;
  for (const hop of key.path) {
    const target = schema.types[currentType]?.relationships?.[hop]?.target ?? '';
    const related: unknown = current?.[hop];
    current = data[target]?.find((candidate) => candidate.id === related);
    currentType = target;
  }
  if (current === undefined) return null;
  return (key.field === 'id' ? current.id : (current[key.field] ?? null)) as KeyValue;
}

/** What the walks run on: random queries over a dataset, the reference layer, the layer under test. */
export interface WalkSubject {
  readonly queries: fc.Arbitrary<QueryAST>;
  readonly schema: ResourceSchema;
  readonly data: Dataset;
  readonly reference: DataLayer;
  readonly layer: DataLayer;
}

/**
 * Random cursor walks over one dataset: for random queries (filter and sort) and
 * page sizes, every page read forward (after the last row's keys) and backward (the
 * flipped sort) must give exactly the rows, order and keys of one unpaginated read
 * of `reference`; rejects with the first difference (shrunk), with the pages read.
 */
export async function compareWalks(subject: WalkSubject, seed: number, numRuns: number): Promise<void> {
  const { schema, data, reference, layer } = subject;
  const walks = fc.record({ ast: subject.queries, size: fc.integer({ min: 1, max: 4 }) });
  await fc.assert(
    fc.asyncProperty(walks, async ({ ast, size }: { ast: QueryAST; size: number }) => {
      const request = { type: ast.type, filter: ast.filter, sort: ast.sort };
      const { rows } = await reference.read({ ...request, offset: 0, limit: null }, { signal: AbortSignal.timeout(60_000) });
      const records = new Map((data[ast.type] ?? []).map((record) => [record.id, record]));
      const expected = {
        ids: rows.map((row) => row.id),
        keys: rows.map((row) => ast.sort.map((key) => keyValue(schema, data, ast.type, records.get(row.id) ?? row, key))),
      };
      const bound = rows.length + 2;
      const forward = await walk(layer, request, size, bound);
      const backward = await walk(layer, { ...request, sort: flipSort(ast.sort) }, size, bound);
      const reversed = { ids: [...backward.ids].reverse(), keys: [...backward.keys].reverse() };
      const same = (actual: { ids: Id[]; keys: (readonly KeyValue[])[] }): boolean =>
        JSON.stringify({ ids: actual.ids, keys: actual.keys }) === JSON.stringify(expected);
      if (same(forward) && same(reversed)) return;
      const query = stringifyQuery({ ...ast, page: null });
      throw new Error(
        `cursor walk of GET /${schema.types[ast.type]?.root ?? ast.type}?${decodeQuery(query)} with pages of ${size}\n` +
          `expected (one unpaginated read): ids ${JSON.stringify(expected.ids)} keys ${JSON.stringify(expected.keys)}\n` +
          `forward pages:  ${JSON.stringify(forward.pages)} keys ${JSON.stringify(forward.keys)}\n` +
          `backward pages (flipped sort): ${JSON.stringify(backward.pages)} keys ${JSON.stringify(backward.keys)}`,
      );
    }),
    { seed, numRuns },
  );
}
