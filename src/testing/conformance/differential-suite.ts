import fc from 'fast-check';
import { describe, it } from 'vitest';
import { OPERATORS } from '../../ast/operators.js';
import type { QueryAST } from '../../ast/query-ast.js';
import { isQueryError } from '../../errors/query-error.js';
import { executeCollection } from '../../execute/index.js';
import type { DataLayer } from '../../layers/data-layer.js';
import { createMemoryLayer } from '../../layers/memory/index.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { stringifyQuery } from '../../stringify/stringify-query.js';
import { arbitraryData, arbitraryQueryAst, arbitrarySchema, type Dataset } from '../arbitraries/index.js';
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
function propertySettings(options: PropertyOptions = {}): PropertySettings {
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

/** The random datasets of a differential run: `settings.datasets` of them, drawn from `settings.seed`. */
export function randomDatasets(settings: PropertySettings): readonly RandomDataset[] {
  return fc.sample(
    arbitrarySchema().chain((schema) => arbitraryData(schema, { minRecords: 3, maxRecords: 10 }).map((data): RandomDataset => ({ schema, data }))),
    { seed: settings.seed, numRuns: settings.datasets },
  );
}

/**
 * Registers the differential suite: random schemas with random data, each loaded
 * into the layer under test and into the memory layer, then random valid queries
 * (within the operators the layer declares) run through `executeCollection` on both;
 * ids, order, total and the included set must be the same. Then random cursor
 * walks: every page forward and backward must give the order of one unpaginated read.
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
    datasets.forEach((dataset, index) => {
      const types = Object.keys(dataset.schema.types);
      const records = Object.values(dataset.data).reduce((sum, rows) => sum + rows.length, 0);
      it(
        `dataset ${index + 1}/${datasets.length} (${types.join(', ')}; ${records} records): ${settings.numRuns} queries, ${settings.numRuns} cursor walks`,
        async () => {
          let layer: DataLayer | undefined;
          try {
            const reference = createMemoryLayer(dataset.schema, dataset.data);
            layer = await options.create(dataset.schema, dataset.data);
            await compareQueries(dataset, reference, layer, skips, (settings.seed + index) | 0, settings.numRuns);
            const queries = datasetQueries(dataset, layer, skips);
            await compareWalks({ ...dataset, queries, reference, layer }, (settings.seed + index) | 0, settings.numRuns);
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
  const { schema } = dataset;
  const queries = datasetQueries(dataset, layer, skips);
  await fc.assert(
    fc.asyncProperty(queries, async (ast) => {
      const expected = await outcome(ast, schema, reference);
      const actual = await outcome(ast, schema, layer);
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
 * Random valid queries on any type of a dataset, within the operators the layer
 * declares and `skip` does not name.
 */
export function datasetQueries(dataset: RandomDataset, layer: DataLayer, skips: SkipTable): fc.Arbitrary<QueryAST> {
  const { schema, data } = dataset;
  const operators = OPERATORS.filter((operator) => layer.operators.has(operator) && !skips.operators.has(operator));
  // One generator per type, built once per dataset (building one draws nothing random).
  const byType = Object.keys(schema.types).map((type) => arbitraryQueryAst(schema, type, { operators, data, cursorPages: true }));
  return fc.constantFrom(...byType).chain((arbitrary) => arbitrary);
}

/** What a query gives: the summary of its execution, or the code of the query error it raises. */
async function outcome(ast: QueryAST, schema: ResourceSchema, layer: DataLayer): Promise<unknown> {
  try {
    const execution = await executeCollection(ast, { schema, layer });
    return summarize(execution.data, execution.total, execution.included);
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
