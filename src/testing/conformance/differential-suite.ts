import fc from 'fast-check';
import { describe, it } from 'vitest';
import { COMPARISON_OPERATORS, OPERATORS } from '../../ast/operators.js';
import type { QueryAST } from '../../ast/query-ast.js';
import { isQueryError } from '../../errors/query-error.js';
import { executeCollection } from '../../execute/index.js';
import { resolveCapabilities } from '../../layers/capabilities.js';
import type { DataLayer, Row } from '../../layers/data-layer.js';
import { compareCodePoints, createMemoryLayer } from '../../layers/memory/index.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { stringifyQuery } from '../../stringify/stringify-query.js';
import { arbitraryData, arbitraryFilter, arbitraryQueryAst, arbitrarySchema, type Dataset } from '../arbitraries/index.js';
import { queryRefusal, refusalOf } from './layer-refusal.js';
import type { DescribeDataLayerOptions, PropertyOptions } from './describe-options.js';
import { summarize } from './example-suite.js';
import { compareWalks } from './cursor-walk.js';
import { decodeQuery } from './query-text.js';
import type { SkipTable } from './skip-table.js';

/** The differential suite's settings after the environment and the defaults. */
export interface PropertySettings {
  readonly seed: number;
  readonly numRuns: number;
  readonly datasets: number;
}

/**
 * Resolves the property settings: `JSONAPI_QUERY_SEED` (an integer, or `random` for a
 * fresh seed) and `JSONAPI_QUERY_RUNS` from the environment first, then the options,
 * then the defaults (a fresh seed, 20 queries per dataset, 5 datasets).
 */
export function propertySettings(options: PropertyOptions = {}): PropertySettings {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  return {
    seed: (env['JSONAPI_QUERY_SEED']?.trim() === 'random' ? freshSeed() : integerFrom(env['JSONAPI_QUERY_SEED'], 'JSONAPI_QUERY_SEED')) ?? options.seed ?? freshSeed(),
    numRuns: integerFrom(env['JSONAPI_QUERY_RUNS'], 'JSONAPI_QUERY_RUNS') ?? options.numRuns ?? 20,
    datasets: options.datasets ?? 5,
  };
}

/** One random schema with its random records. */
export interface RandomDataset {
  readonly schema: ResourceSchema;
  readonly data: Dataset;
}

/**
 * The random datasets of a differential run: `settings.datasets` of them, drawn from
 * `settings.seed`. The records of each type, and the related ids of each to-many
 * relationship, never come in primary key order (a list that does is reversed), so a
 * layer answering in the order it stores rows differs from one answering in key order.
 */
export function randomDatasets(settings: PropertySettings): readonly RandomDataset[] {
  return fc.sample(
    arbitrarySchema().chain((schema) =>
      arbitraryData(schema, { minRecords: 3, maxRecords: 10 }).map((data): RandomDataset => ({ schema, data: outOfKeyOrder(data) })),
    ),
    { seed: settings.seed, numRuns: settings.datasets },
  );
}

/** The dataset with every list of records or of related ids that is in key order reversed. */
function outOfKeyOrder(data: Dataset): Dataset {
  const unsorted = <T>(list: readonly T[], id: (item: T) => unknown): readonly T[] => {
    const ids = list.map(id);
    const sorted = [...ids].sort(compareIds);
    return list.length > 1 && ids.every((value, index) => value === sorted[index]) ? [...list].reverse() : list;
  };
  return Object.fromEntries(
    Object.entries(data).map(([type, rows]) => [
      type,
      unsorted(
        rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Array.isArray(value) ? unsorted(value, (item) => item) : value])) as Row),
        (row) => row.id,
      ),
    ]),
  );
}

/** Primary key order: integers by value, strings by code point. */
function compareIds(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return compareCodePoints(String(left), String(right));
}

/**
 * Registers the differential suite: random schemas with random data, each loaded
 * into the layer under test and into the memory layer, then random valid queries
 * (within what the layer declares) run through `executeCollection` on both; ids,
 * order, total (when the layer counts) and `included`, in order, must be the same.
 * Then, per operator, queries of that one comparison, and queries with includes; then random cursor walks
 * where the layer reads keyset windows: every page forward and backward must give
 * the order of one unpaginated read.
 */
export function registerDifferentialSuite(options: DescribeDataLayerOptions, skips: SkipTable): void {
  const settings = propertySettings(options.properties);
  const title = `differential against the memory layer (seed ${settings.seed}: replay with JSONAPI_QUERY_SEED=${settings.seed})`;
  const suiteReason = skips.reasonFor('differential');
  if (suiteReason !== undefined) {
    describe.skip(`${title} (skipped: ${suiteReason})`, () => {
      it('random queries over random data', () => undefined);
    });
    return;
  }
  describe(title, () => {
    const datasets = randomDatasets(settings);
    const sweep = Math.max(6, Math.ceil(settings.numRuns / 3));
    datasets.forEach((dataset, index) => {
      const types = Object.keys(dataset.schema.types);
      const records = Object.values(dataset.data).reduce((sum, rows) => sum + rows.length, 0);
      it(
        `dataset ${index + 1}/${datasets.length} (${types.join(', ')}; ${records} records): ${settings.numRuns} queries, ${sweep} per operator, ${sweep} with includes, ${settings.numRuns} cursor walks where the layer reads keyset windows`,
        async () => {
          let layer: DataLayer | undefined;
          try {
            const reference = createMemoryLayer(dataset.schema, dataset.data);
            layer = await options.create(dataset.schema, dataset.data);
            const seed = (settings.seed + index) | 0;
            await compareQueries(dataset, reference, layer, skips, seed, settings.numRuns);
            await sweepOperators(dataset, reference, layer, skips, seed, sweep);
            await sweepIncludes(dataset, reference, layer, skips, seed, sweep);
            const walked = walkedQueries(dataset, layer, skips);
            if (walked !== undefined) await compareWalks({ ...dataset, queries: walked, reference, layer }, seed, settings.numRuns);
          } catch (error) {
            throw new Error(
              `${options.name}: dataset ${index + 1} of seed ${settings.seed} failed ` +
                `(replay with JSONAPI_QUERY_SEED=${settings.seed}).\n${messages(error)}\n` +
                `Schema: ${JSON.stringify(dataset.schema)}\nData: ${JSON.stringify(dataset.data)}`,
              { cause: error },
            );
          } finally {
            if (layer !== undefined) await options.destroy?.(layer);
          }
        },
        600_000,
      );
    });
  });
}

/**
 * Runs `numRuns` random queries over one dataset on the layer and on the memory
 * layer; rejects with the first difference (shrunk), as a request line with both outcomes.
 */
export async function compareQueries(
  dataset: RandomDataset,
  reference: DataLayer,
  layer: DataLayer,
  skips: SkipTable,
  seed: number,
  numRuns: number,
): Promise<void> {
  await compareOn(datasetQueries(dataset, layer, skips), dataset.schema, reference, layer, seed, numRuns);
}

/** Runs the queries on both layers; rejects with the first difference (shrunk). */
async function compareOn(
  queries: fc.Arbitrary<QueryAST>,
  schema: ResourceSchema,
  reference: DataLayer,
  layer: DataLayer,
  seed: number,
  numRuns: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(queries, async (ast) => {
      const counted = resolveCapabilities(layer, ast.type).counts;
      const expected = await outcome(ast, schema, reference, counted);
      const actual = await outcome(ast, schema, layer, counted);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        throw new Error(
          `GET /${schema.types[ast.type]?.root ?? ast.type}?${decodeQuery(stringifyQuery(ast))}\n` +
            `expected (memory layer): ${JSON.stringify(expected)}\n` +
            `got:                     ${JSON.stringify(actual)}`,
        );
      }
    }),
    { seed, numRuns },
  );
}

/**
 * Random valid queries on any type of a dataset that the layer answers: within the
 * operators and capabilities it declares (filter nodes and operators per field kind,
 * sort shapes, pages, cursor pages where `canPageByCursor` allows, includes) and the
 * operators `skip` does not name.
 */
export function datasetQueries(dataset: RandomDataset, layer: DataLayer, skips: SkipTable): fc.Arbitrary<QueryAST> {
  const { schema, data } = dataset;
  const operators = OPERATORS.filter((operator) => layer.operators.has(operator) && !skips.operators.has(operator));
  // One generator per type, built once per dataset (building one draws nothing random).
  const byType = Object.keys(schema.types).map((type) =>
    arbitraryQueryAst(schema, type, { operators, data, cursorPages: true, capabilities: resolveCapabilities(layer, type) }),
  );
  return fc
    .constantFrom(...byType)
    .chain((arbitrary) => arbitrary)
    .filter((ast) => queryRefusal(layer, schema, ast) === undefined);
}

/**
 * The queries of the cursor walks: those of `datasetQueries` whose keyset windows the
 * layer reads; `undefined` when it reads none on any type.
 */
function walkedQueries(dataset: RandomDataset, layer: DataLayer, skips: SkipTable): fc.Arbitrary<QueryAST> | undefined {
  const { schema } = dataset;
  if (!Object.keys(schema.types).some((type) => resolveCapabilities(layer, type).keyset)) return undefined;
  const walks = (ast: QueryAST) =>
    refusalOf(layer, schema, { type: ast.type, filter: ast.filter, sort: ast.sort, offset: false, keyset: true, include: false }) === undefined;
  return datasetQueries(dataset, layer, skips).filter(walks);
}

/**
 * For every operator the layer answers, `perOperator` random queries whose filter is
 * one comparison with that operator (values and `like` patterns from the dataset and
 * the stress pools), compared with the memory layer: a bug in one operator is met
 * whatever the seed, not only when a random tree happens to hold it.
 */
export async function sweepOperators(
  dataset: RandomDataset,
  reference: DataLayer,
  layer: DataLayer,
  skips: SkipTable,
  seed: number,
  perOperator: number,
): Promise<void> {
  const { schema, data } = dataset;
  for (const [offset, op] of COMPARISON_OPERATORS.entries()) {
    if (!layer.operators.has(op) || skips.operators.has(op)) continue;
    const byType = Object.keys(schema.types).flatMap((type) => {
      const capabilities = resolveCapabilities(layer, type);
      try {
        const leaf = arbitraryFilter(schema, type, { operators: [op], data, maxDepth: 0, capabilities });
        const rest = arbitraryQueryAst(schema, type, { filter: false, data, maxIncludePaths: 0, capabilities });
        return [fc.tuple(leaf, rest).map(([filter, ast]): QueryAST => ({ ...ast, filter }))];
      } catch {
        return []; // no field of this type takes the operator
      }
    });
    if (byType.length === 0) continue;
    const queries = fc
      .constantFrom(...byType)
      .chain((arbitrary) => arbitrary)
      .filter((ast) => queryRefusal(layer, schema, ast) === undefined);
    await compareOn(queries, schema, reference, layer, (seed + offset) | 0, perOperator);
  }
}

/**
 * `runs` random queries that follow includes (when the layer reads them), compared
 * with the memory layer: `included` must come in the same order, which follows each
 * `readIncluded` answer (related rows in primary key order, whatever order the
 * layer stores them in).
 */
export async function sweepIncludes(
  dataset: RandomDataset,
  reference: DataLayer,
  layer: DataLayer,
  skips: SkipTable,
  seed: number,
  runs: number,
): Promise<void> {
  const { schema } = dataset;
  const following = Object.values(schema.types).some((type) => Object.keys(type.relationships ?? {}).length > 0);
  if (!following || !Object.keys(schema.types).some((type) => resolveCapabilities(layer, type).includes)) return;
  const queries = datasetQueries(dataset, layer, skips).filter((ast) => ast.include.length > 0);
  await compareOn(queries, schema, reference, layer, seed, runs);
}

/** What a query gives: the summary of its execution (`included` in order), or the code of the query error it raises. */
async function outcome(ast: QueryAST, schema: ResourceSchema, layer: DataLayer, counted: boolean): Promise<unknown> {
  try {
    const execution = await executeCollection(ast, { schema, layer });
    return summarize(execution.data, counted ? execution.total : undefined, execution.included);
  } catch (error) {
    if (isQueryError(error)) return { error: error.errors.map((item) => item.code) };
    throw error;
  }
}

/** The messages of an error and of its causes (fast-check keeps the property's own error as the cause). */
function messages(error: unknown): string {
  const lines: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    lines.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\n');
}

function integerFrom(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got "${text}"`);
  return value;
}

let processSeed: number | undefined;

/** One seed per process, so every layer of a test file replays with the same value. */
function freshSeed(): number {
  processSeed ??= (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  return processSeed;
}
