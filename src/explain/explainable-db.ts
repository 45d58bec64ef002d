/**
 * `explainable(db)`: a Kysely instance that records every statement it runs while a
 * request is being explained (see recorder.ts), compiled to the text and bound
 * parameters the driver receives. Outside an explained request it runs as `db` does.
 */
import type { Kysely, KyselyPlugin, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { currentRecording } from './recorder.js';

/** The engine's plan statement for each dialect, prefixed to a `select`. */
const PLAN_PREFIX = { postgres: 'explain ', mysql: 'explain ', sqlite: 'explain query plan ' } as const;

/**
 * Returns `db` with a plugin that records statements for `explainQuery` and the
 * handler's `explain` option. Build the SQL layer over the returned instance.
 *
 * @example
 * const layer = createSqlLayer({ db: explainable(db), schema: exampleSchema });
 * const explanation = await explainQuery({ schema: exampleSchema, dataLayer: layer, type: 'person', query: 'sort=name' });
 * explanation.statements[0]?.sql; // 'select … from "person" as "t0" … order by …'
 */
export function explainable<DB>(db: Kysely<DB>): Kysely<DB> {
  const executor = db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }): RootOperationNode {
      const recording = currentRecording();
      if (recording !== undefined) {
        const compiled = executor.compileQuery(node, queryId);
        const plan = /^\s*select\b/i.test(compiled.sql)
          ? async (): Promise<readonly Record<string, unknown>[]> => {
              const { detectDialect } = await import('../layers/sql/sql-dialect.js');
              const prefix = PLAN_PREFIX[detectDialect(db as Kysely<unknown>)];
              const result = await executor.executeQuery({ ...compiled, sql: `${prefix}${compiled.sql}` });
              return result.rows as readonly Record<string, unknown>[];
            }
          : undefined;
        recording.statements.push({
          sql: compiled.sql,
          parameters: compiled.parameters,
          ...(plan === undefined ? {} : { plan }),
        });
      }
      return node;
    },
    transformResult({ result }): Promise<QueryResult<UnknownRow>> {
      return Promise.resolve(result);
    },
  };
  return db.withPlugin(plugin);
}
