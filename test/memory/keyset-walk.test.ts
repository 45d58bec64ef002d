/**
 * Walking a whole result by keyset (docs/data-layer.md), on the example data and on
 * random datasets: forward, feeding each page's last keys as `after`; backward, the
 * same on the flipped sort; and every `after`/`before` range. Each gives exactly
 * the rows and order of one unpaginated read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { KeyValue, SortKey } from '../../src/ast/query-ast.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import type { Id, Keyset, LinkageResult, ReadResult } from '../../src/layers/data-layer.js';
import { createMemoryLayer, type MemoryLayer } from '../../src/layers/memory/index.js';
import { arbitraryData, arbitraryQueryAst } from '../../src/testing/arbitraries/index.js';

const signal = new AbortController().signal;
type Evaluation = 'generate' | 'closures';
const evaluations = fc.constantFrom<Evaluation>('generate', 'closures');

/** One page of a walk: the ids and keys a layer call gives for a window. */
type Read = (sort: readonly SortKey[], keyset: Keyset | undefined, limit: number | null) => Promise<{ ids: Id[]; keys: readonly (readonly KeyValue[])[] | undefined; total: number | undefined }>;

const fromRows = (result: ReadResult | null) => ({ ids: (result?.rows ?? []).map((row) => row.id), keys: result?.keys, total: result?.total });
const fromLinkage = (result: LinkageResult | null) => ({ ids: [...(result?.ids ?? [])], keys: result?.keys, total: result?.total });

function collectionReader(layer: MemoryLayer, type: string, filter: FilterNode | null): Read {
  return async (sort, keyset, limit) => fromRows(await layer.read({ type, filter, sort, offset: 0, limit, ...(keyset === undefined ? {} : { keyset }) }, { signal }));
}

function relatedReader(layer: MemoryLayer, owner: string, filter: FilterNode | null, linkage: boolean): Read {
  return async (sort, keyset, limit) => {
    const request = { type: 'person', id: owner, relationship: 'computers', filter, sort, offset: 0, limit, ...(keyset === undefined ? {} : { keyset }) };
    return linkage ? fromLinkage(await layer.readLinkage(request, { signal })) : fromRows(await layer.readRelated(request, { signal }));
  };
}

const flip = (sort: readonly SortKey[]): SortKey[] => sort.map((key) => ({ ...key, direction: key.direction === 'asc' ? 'desc' : 'asc' }));

/** Every row of a walk by `after`, page by page; each page's total is the whole count. */
async function walk(read: Read, sort: readonly SortKey[], size: number, expectedTotal: number | undefined): Promise<Id[]> {
  const seen: Id[] = [];
  let after: readonly KeyValue[] | undefined;
  for (let pages = 0; pages <= 200; pages++) {
    const page = await read(sort, after === undefined ? {} : { after }, size);
    expect(page.total).toBe(expectedTotal);
    expect(page.keys).toHaveLength(page.ids.length);
    seen.push(...page.ids);
    if (page.ids.length < size) return seen;
    after = page.keys?.[page.keys.length - 1];
  }
  throw new Error('the walk does not end');
}

async function checkWalks(read: Read, sort: readonly SortKey[], size: number, between: readonly [number, number]): Promise<void> {
  const whole = await read(sort, undefined, null);
  expect(await walk(read, sort, size, whole.total)).toEqual(whole.ids);
  expect((await walk(read, flip(sort), size, whole.total)).reverse()).toEqual(whole.ids);
  // Any range between two rows' keys is the slice strictly between them.
  const all = await read(sort, {}, null);
  expect(all.ids).toEqual(whole.ids);
  const [low, high] = [Math.min(...between), Math.max(...between)].map((index) => index % Math.max(1, all.ids.length)) as [number, number];
  const [after, before] = [all.keys?.[low], all.keys?.[high]];
  if (after === undefined || before === undefined) return;
  expect((await read(sort, { after, before }, null)).ids).toEqual(whole.ids.slice(low + 1, high));
  expect((await read(sort, { before }, null)).ids).toEqual(whole.ids.slice(0, high));
}

const pageSize = fc.integer({ min: 1, max: 7 });
const range = fc.tuple(fc.nat(40), fc.nat(40));

describe('memory keyset walks', () => {
  it('walk the example collections forward and backward, for random filters and sorts', async () => {
    const type = fc.constantFrom('person', 'computer');
    const cases = type.chain((name) => fc.tuple(fc.constant(name), arbitraryQueryAst(exampleSchema, name)));
    await fc.assert(
      fc.asyncProperty(evaluations, cases, pageSize, range, async (evaluation, [name, ast], size, between) => {
        const layer = createMemoryLayer(exampleSchema, exampleData, { evaluation });
        await checkWalks(collectionReader(layer, name, ast.filter), ast.sort, size, between);
      }),
      { numRuns: 150 },
    );
  });

  it('walk related records and linkage of the example data', async () => {
    const owners = fc.constantFrom(...exampleData.person.map((person) => person.id));
    await fc.assert(
      fc.asyncProperty(evaluations, owners, fc.boolean(), arbitraryQueryAst(exampleSchema, 'computer'), pageSize, range, async (evaluation, owner, linkage, ast, size, between) => {
        const layer = createMemoryLayer(exampleSchema, exampleData, { evaluation });
        await checkWalks(relatedReader(layer, owner, ast.filter, linkage), ast.sort, size, between);
      }),
      { numRuns: 100 },
    );
  });

  it('walk random datasets', async () => {
    const datasets = arbitraryData(exampleSchema, { maxRecords: 12 });
    await fc.assert(
      fc.asyncProperty(evaluations, datasets, arbitraryQueryAst(exampleSchema, 'person'), pageSize, range, async (evaluation, data, ast, size, between) => {
        const layer = createMemoryLayer(exampleSchema, data, { evaluation });
        await checkWalks(collectionReader(layer, 'person', ast.filter), ast.sort, size, between);
      }),
      { numRuns: 150 },
    );
  });
});
