/**
 * The noninterference property on the SQL layer, once per available engine: PGlite
 * and SQLite always; PostgreSQL and MariaDB when `JSONAPI_QUERY_POSTGRES_URL` /
 * `JSONAPI_QUERY_MYSQL_URL` are set and reachable (an engine not tested is listed as
 * a skipped test naming the reason). Each twin gets its own database.
 */
import { createHandler, type Handler } from '../../src/http/handler.js';
import { describeNoninterference } from '../../src/testing/index.js';
import { availableEngines, describeUntestedEngines, type EngineInstance } from '../helpers/engines.js';

const engines = await availableEngines();
describeUntestedEngines(engines);

for (const engine of engines) {
  const instances = new Map<Handler, EngineInstance>();
  describeNoninterference({
    name: `sql (${engine.name})`,
    makeHandler: async ({ schema, data, policy }) => {
      const instance = await engine.create(schema, data);
      const handler = createHandler({ schema, policy, dataLayer: instance.layer });
      instances.set(handler, instance);
      return handler;
    },
    destroy: async (handler) => {
      await instances.get(handler)?.close();
      instances.delete(handler);
    },
    // PGlite (PostgreSQL in WebAssembly) answers about twenty times slower than the others: fewer twins there.
    properties: engine.name === 'pglite' ? { numRuns: 30, datasets: 3 } : { numRuns: 60, datasets: 8 },
  });
}
