/**
 * The noninterference property on the SQL layer, once per available engine: PGlite
 * and SQLite always; PostgreSQL and MariaDB when `JSONAPI_QUERY_POSTGRES_URL` /
 * `JSONAPI_QUERY_MYSQL_URL` are set and reachable (an engine not tested is listed as
 * a skipped test naming the reason). Each twin gets its own database.
 */
import { describe, it } from 'vitest';
import { createHandler, type Handler } from '../../src/http/handler.js';
import { describeNoninterference } from '../../src/testing/index.js';
import { ALL_ENGINE_NAMES, availableEngines, skippedEngines, type EngineInstance } from '../helpers/engines.js';

const engines = await availableEngines();
const tested = new Set(engines.map((engine) => engine.name));
const reasons = new Map(skippedEngines().map(({ name, reason }) => [name, reason]));

const untested = ALL_ENGINE_NAMES.filter((candidate) => !tested.has(candidate));
if (untested.length > 0) {
  describe('SQL engines not tested', () => {
    for (const name of untested) {
      it.skip(`${name}: ${reasons.get(name) ?? 'server unreachable (see the warning printed above)'}`, () => undefined);
    }
  });
}

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
