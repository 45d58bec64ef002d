/**
 * The conformance kit on the SQL layer, once per available engine: PGlite and
 * SQLite always; PostgreSQL and MariaDB when `JSONAPI_QUERY_POSTGRES_URL` /
 * `JSONAPI_QUERY_MYSQL_URL` are set and reachable. An engine not tested is listed
 * as a skipped test naming the reason.
 */
import { describe, it } from 'vitest';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { describeDataLayer } from '../../src/testing/conformance/index.js';
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
  const instances = new Map<DataLayer, EngineInstance>();
  describeDataLayer({
    name: `sql (${engine.name})`,
    create: async (schema, data) => {
      const instance = await engine.create(schema, data);
      instances.set(instance.layer, instance);
      return instance.layer;
    },
    destroy: async (layer) => {
      await instances.get(layer)?.close();
      instances.delete(layer);
    },
    // PGlite is PostgreSQL compiled to WebAssembly, ~20× slower per statement: its
    // random runs are cut to keep CI short; PostgreSQL itself runs the default 20.
    ...(engine.name === 'pglite' ? { properties: { numRuns: 6 } } : {}),
  });
}
