/**
 * Two bugs a custom layer plants easily, each caught by the kit at its default
 * settings whatever the seed: `ilike` taking `_` as a literal underscore (caught by
 * the differential run, whose patterns mask held strings with `_`, in every case),
 * and related rows included in the order the layer stores them rather than in
 * primary key order (caught by the include examples, whose data is stored out of
 * key order and whose `included` is compared in order, and by the differential run).
 */
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { PatternToken } from '../../src/ast/like-pattern.js';
import type { DataLayer, IncludeResult, Row } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { conformanceSchema } from '../../src/testing/conformance/conformance-schema.js';
import {
  compareQueries,
  randomDatasets,
  sweepIncludes,
  sweepOperators,
  type RandomDataset,
} from '../../src/testing/conformance/differential-suite.js';
import { checkIncludeCase, EXAMPLE_CASE_IDS } from '../../src/testing/conformance/example-suite.js';
import { INCLUDE_CASES } from '../../src/testing/conformance/include-cases.js';
import { skipTable } from '../../src/testing/conformance/skip-table.js';

type Data = Readonly<Record<string, readonly Row[]>>;

/** The bug: in `ilike` and `notilike`, `_` matches only an underscore. */
function literalUnderscore(node: FilterNode): FilterNode {
  switch (node.kind) {
    case 'compare': {
      if (node.op !== 'ilike' && node.op !== 'notilike') return node;
      const pattern = node.pattern.map((token): PatternToken => (token.kind === 'one' ? { kind: 'text', text: '_' } : token));
      return { ...node, value: node.value.replace(/(^|[^\\])_/g, '$1\\_'), pattern };
    }
    case 'and':
    case 'or':
      return { kind: node.kind, nodes: node.nodes.map(literalUnderscore) };
    case 'not':
    case 'any':
    case 'has':
      return { ...node, node: literalUnderscore(node.node) } as FilterNode;
    case 'compare_fields':
      return node;
  }
}

function underscoreBugLayer(schema: ResourceSchema, data: Data): DataLayer {
  const memory = createMemoryLayer(schema, data);
  const fix = <R extends { filter: FilterNode | null }>(request: R): R =>
    request.filter === null ? request : { ...request, filter: literalUnderscore(request.filter) };
  return {
    ...memory,
    read: (request, context) => memory.read(fix(request), context),
    readRelated: (request, context) => memory.readRelated(fix(request), context),
    readLinkage: (request, context) => memory.readLinkage(fix(request), context),
  };
}

/** The bug: `readIncluded` gives each owner's related rows in the order the data lists the related type's records. */
function storeOrderLayer(schema: ResourceSchema, data: Data): DataLayer {
  const memory = createMemoryLayer(schema, data);
  return {
    ...memory,
    async readIncluded(request, context): Promise<IncludeResult> {
      const target = schema.types[request.type]?.relationships?.[request.relationship]?.target ?? '';
      const stored = new Map((data[target] ?? []).map((row, index) => [row.id, index]));
      const result = await memory.readIncluded(request, context);
      return new Map([...result].map(([owner, rows]) => [owner, [...rows].sort((a, b) => (stored.get(a.id) ?? 0) - (stored.get(b.id) ?? 0))]));
    },
  };
}

/**
 * The differential run of one seed at the kit's defaults (5 datasets, 20 queries
 * each, then the operator sweep), against a broken layer: the first failure per
 * dataset, if any.
 */
async function differentialFailures(seed: number, broken: (schema: ResourceSchema, data: Data) => DataLayer): Promise<string[]> {
  const failures: string[] = [];
  const skips = skipTable(undefined, EXAMPLE_CASE_IDS);
  const datasets: readonly RandomDataset[] = randomDatasets({ seed, numRuns: 20, datasets: 5 });
  for (const [index, dataset] of datasets.entries()) {
    const reference = createMemoryLayer(dataset.schema, dataset.data);
    const layer = broken(dataset.schema, dataset.data);
    const datasetSeed = (seed + index) | 0;
    try {
      await compareQueries(dataset, reference, layer, skips, datasetSeed, 20);
      await sweepOperators(dataset, reference, layer, skips, datasetSeed, 7);
      await sweepIncludes(dataset, reference, layer, skips, datasetSeed, 7);
    } catch (error) {
      failures.push(error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error));
    }
  }
  return failures;
}

const SEEDS = [1, 2, 3, 7, 42, 1234, -99, 2_147_483_000];

describe('ilike taking "_" literally', () => {
  it.each(SEEDS)('is caught by the differential run under seed %i', async (seed) => {
    const failures = await differentialFailures(seed, underscoreBugLayer);
    expect(failures.length, 'datasets on which the bug showed').toBeGreaterThan(0);
    expect(failures.join('\n')).toMatch(/ilike/);
  });
});

describe('included rows in store order', () => {
  const signal = new AbortController().signal;

  it('fails the include examples, naming the order expected and given', async () => {
    const layer = storeOrderLayer(conformanceSchema, conformanceData);
    const failures = new Map<string, string>();
    for (const example of INCLUDE_CASES) {
      const failure = await checkIncludeCase(layer, example, signal);
      if (failure !== undefined) failures.set(example.id, failure);
    }
    expect(failures.size).toBeGreaterThan(0);
    expect([...failures.values()][0]).toMatch(/^GET \/\S+\?.*\nexpected included \(in order\) \[.*\]\nactual {3}included \(in order\) \[/);
  });

  it.each(SEEDS)('is caught by the differential run under seed %i', async (seed) => {
    const failures = await differentialFailures(seed, storeOrderLayer);
    expect(failures.length, 'datasets on which the bug showed').toBeGreaterThan(0);
  });
});
