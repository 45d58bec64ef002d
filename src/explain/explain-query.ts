/**
 * `explainQuery`: what a collection request means and what it costs a data layer —
 * the resolved QueryAST, every data-layer call the include graph makes, and for a
 * SQL layer built over `explainable(db)` the statements with their bound parameters
 * (and the engine's plan on request). See docs/explorer.md.
 */
import { resolveCapabilities } from '../layers/capabilities.js';
import { executeCollection } from '../execute/index.js';
import type { DataLayer } from '../layers/data-layer.js';
import { resolveLimits, type LimitOptions } from '../limits.js';
import { parseQuery } from '../parse/parse-query.js';
import type { ResourceSchema } from '../schema/schema.js';
import { explanationOf, type Explanation } from './explanation.js';
import { observedLayer } from './observed-layer.js';
import { noteAst, record } from './recorder.js';

/** Options of `explainQuery`. */
export interface ExplainQueryOptions {
  readonly schema: ResourceSchema;
  readonly dataLayer: DataLayer;
  /** The type of the collection read (`person` for `GET /persons?…`). */
  readonly type: string;
  /** The query string, without `?`. */
  readonly query: string;
  readonly limits?: LimitOptions;
  /** Also run the engine's `EXPLAIN` of each SQL `select`. Default `false`. */
  readonly plan?: boolean;
  /** As the handler option of the same name. Default `true`. */
  readonly includeRequiresFields?: boolean;
  readonly signal?: AbortSignal;
}

/**
 * Parses the query (throwing its `QueryError` as `parseQuery` does), runs the
 * collection read through an observed data layer, and returns what happened.
 *
 * @example
 * const db = explainable(new Kysely({ dialect }));
 * const explanation = await explainQuery({
 *   schema: exampleSchema,
 *   dataLayer: createSqlLayer({ db, schema: exampleSchema }),
 *   type: 'person',
 *   query: 'filter[name]=John&include=computers',
 * });
 * explanation.callCount; // 2: the persons, then their computers
 * explanation.statements.map((statement) => statement.sql);
 */
export async function explainQuery(options: ExplainQueryOptions): Promise<Explanation> {
  const { recording } = await record(async () => {
    const ast = parseQuery(options.query.replace(/^\?/, ''), {
      schema: options.schema,
      type: options.type,
      operators: options.dataLayer.operators,
      capabilities: resolveCapabilities(options.dataLayer, options.type),
      limits: options.limits,
    });
    noteAst(ast);
    await executeCollection(ast, {
      schema: options.schema,
      layer: observedLayer(options.dataLayer),
      limits: resolveLimits(options.limits, options.type),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.includeRequiresFields === undefined ? {} : { includeRequiresFields: options.includeRequiresFields }),
    });
  });
  return explanationOf(recording, options.plan === true);
}
