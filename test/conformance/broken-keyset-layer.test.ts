/**
 * The conformance kit catches a custom layer whose keyset window compares null key
 * values the naive way (null before every value, whatever the direction), both in
 * the keyset example cases and in the random cursor walks.
 */
import { describe, expect, it } from 'vitest';
import type { KeyValue, SortKey } from '../../src/ast/query-ast.js';
import type { DataLayer, ReadRequest, Row } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { checkKeysetCase } from '../../src/testing/conformance/check-keyset-case.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { conformanceSchema } from '../../src/testing/conformance/conformance-schema.js';
import { compareWalks } from '../../src/testing/conformance/cursor-walk.js';
import { datasetQueries, randomDatasets } from '../../src/testing/conformance/differential-suite.js';
import { EXAMPLE_CASE_IDS } from '../../src/testing/conformance/example-suite.js';
import { KEYSET_CASES } from '../../src/testing/conformance/keyset-cases.js';
import { skipTable } from '../../src/testing/conformance/skip-table.js';

/** The bug: a null is smaller than every value, in both directions. */
function naiveCompare(left: KeyValue, right: KeyValue): number {
  if (left === right) return 0;
  if (left === null) return -1;
  if (right === null) return 1;
  return left < right ? -1 : 1;
}

function compareRow(keys: readonly KeyValue[], bound: readonly KeyValue[], sort: readonly SortKey[]): number {
  for (const [index, key] of sort.entries()) {
    const order = naiveCompare(keys[index] ?? null, bound[index] ?? null);
    if (order !== 0) return key.direction === 'asc' ? order : -order;
  }
  return 0;
}

/** The memory layer, except that a window is cut with `naiveCompare` from the whole sorted read. */
function brokenKeysetLayer(schema: ResourceSchema, data: Readonly<Record<string, readonly Row[]>>): DataLayer {
  const memory = createMemoryLayer(schema, data);
  const read = async (request: ReadRequest, context: { signal: AbortSignal }) => {
    const { keyset } = request;
    if (keyset === undefined) return memory.read(request, context);
    const all = await memory.read({ ...request, keyset: {}, limit: null }, context);
    const allKeys = all.keys ?? [];
    const inside = all.rows
      .map((row, index) => ({ row, keys: allKeys[index] ?? [] }))
      .filter(({ keys }) => keyset.after === undefined || compareRow(keys, keyset.after, request.sort) > 0)
      .filter(({ keys }) => keyset.before === undefined || compareRow(keys, keyset.before, request.sort) < 0)
      .slice(0, request.limit ?? undefined);
    return { rows: inside.map(({ row }) => row), keys: inside.map(({ keys }) => keys), total: all.total ?? 0 };
  };
  return { ...memory, read };
}

describe('a custom layer whose keyset window orders nulls naively', () => {
  const layer = brokenKeysetLayer(conformanceSchema, conformanceData);
  const signal = new AbortController().signal;

  it('fails the keyset cases that cross nulls, each reported with its request and both answers', async () => {
    const failures = new Map<string, string>();
    for (const example of KEYSET_CASES.filter((candidate) => candidate.related === undefined)) {
      const failure = await checkKeysetCase(layer, example, signal);
      if (failure !== undefined) failures.set(example.id, failure);
    }
    expect(failures.get('keyset-after-into-nulls')).toBe(
      'read author sort=score,id keyset {"after":[100,7]} limit 5\n' +
        'expected ids [2,9] keys [[null,2],[null,9]] (total 12)\n' +
        'actual   ids [] keys [] (total 12)',
    );
    expect(failures.has('keyset-desc-after-value')).toBe(true);
    expect(failures.has('keyset-after-ties')).toBe(false);
  });

  it('fails the random cursor walks over nullable sort keys', async () => {
    const seed = 7;
    const failures: string[] = [];
    for (const [index, dataset] of randomDatasets({ seed, numRuns: 40, datasets: 5 }).entries()) {
      const reference = createMemoryLayer(dataset.schema, dataset.data);
      const broken = brokenKeysetLayer(dataset.schema, dataset.data);
      const queries = datasetQueries(dataset, broken, skipTable(undefined, EXAMPLE_CASE_IDS));
      await compareWalks({ ...dataset, queries, reference, layer: broken }, seed + index, 40).catch((error: unknown) => {
        // fast-check reports the property's own error as the cause.
        failures.push(error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error));
      });
    }
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatch(
      /^cursor walk of GET \/\S+\?.* with pages of \d\nexpected \(one unpaginated read\): ids .*\nforward pages: {2}.*\nbackward pages \(flipped sort\): /,
    );
  });
});
