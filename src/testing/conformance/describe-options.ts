import type { DataLayer, Row } from '../../layers/data-layer.js';
import type { ResourceSchema } from '../../schema/schema.js';

/** Records by type: flat rows with `id`, attributes by name, and related ids per relationship. */
export type ConformanceData = { readonly [type: string]: readonly Row[] };

/** Options of the differential property suite. */
export interface PropertyOptions {
  /**
   * Random queries per random dataset (default 20). The environment variable
   * `JSONAPI_QUERY_RUNS` overrides it.
   */
  readonly numRuns?: number;
  /**
   * Random schema + data pairs per run (default 5): creating a layer can be slow,
   * so each dataset serves `numRuns` queries.
   */
  readonly datasets?: number;
  /**
   * The seed, to replay a run (its value is in every test name). The environment
   * variable `JSONAPI_QUERY_SEED` overrides it; default: a new seed each run.
   */
  readonly seed?: number;
}

/**
 * Options of `describeDataLayer`.
 *
 * @example
 * {
 *   name: 'my store',
 *   create: (schema, data) => createMyLayer(schema, data),
 *   skip: { 'ilike-medial-sigma': 'the store lower-cases with simple case mapping' },
 * }
 */
export interface DescribeDataLayerOptions {
  /** The suite's name in the test report. */
  readonly name: string;
  /**
   * Builds a layer holding exactly this data for this schema (both sides of each
   * relationship are given and agree; use whichever your store keeps).
   */
  create(schema: ResourceSchema, data: ConformanceData): DataLayer | Promise<DataLayer>;
  /** Releases a layer built by `create` (close connections, drop tables). */
  destroy?(layer: DataLayer): void | Promise<void>;
  /**
   * Cases to skip, each with the reason shown in the report: a case id
   * (`'like-underscore-astral'`), an operator (`'match'`: every case using it, and it
   * is left out of random queries), `'examples'`, `'differential'`, `'writes'` or
   * `'hooks'` (a whole suite; skipping `'writes'` skips `'hooks'` too).
   * An unknown key is an error, so a typo never silently keeps a case running.
   */
  readonly skip?: { readonly [caseIdOrOperator: string]: string };
  /** The differential property suite's settings. */
  readonly properties?: PropertyOptions;
}
