/**
 * The noninterference property for writes on the SQL layer, once per available
 * engine: PGlite and SQLite always; PostgreSQL and MariaDB when
 * `JSONAPI_QUERY_POSTGRES_URL` / `JSONAPI_QUERY_MYSQL_URL` are set and reachable (an
 * engine not tested is listed as a skipped test naming the reason). Each twin of each
 * sequence gets its own database.
 *
 * The SQL layer gives a new string-keyed resource a random UUID. The property renames
 * generated ids between the twins (docs/policies.md, "What writes can reveal", W1),
 * but a random id also sorts at random among the others (in to-many linkage), which
 * would make the twins differ by chance: here the UUIDs count up, so both twins'
 * new ids sort alike.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { createHandler, type Handler } from '../../src/http/handler.js';
import { describeWriteNoninterference } from '../../src/testing/index.js';
import { availableEngines, describeUntestedEngines, type EngineInstance } from '../helpers/engines.js';

const engines = await availableEngines();
describeUntestedEngines(engines);

let generated = 0;
beforeAll(() => {
  vi.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(() => `00000000-0000-4000-8000-${String((generated += 1)).padStart(12, '0')}`);
});
afterAll(() => {
  vi.restoreAllMocks();
});

/**
 * Sequences and requests per engine. Every sequence builds two databases: a few
 * milliseconds on SQLite, a schema or database of a server, seconds for a PGlite
 * instance (PostgreSQL in WebAssembly), which gets one longer sequence of one twin pair.
 */
const SETTINGS: Record<string, { readonly properties: { readonly numRuns: number; readonly datasets: number }; readonly maxRequests: number }> = {
  sqlite: { properties: { numRuns: 10, datasets: 5 }, maxRequests: 5 },
  postgres: { properties: { numRuns: 4, datasets: 3 }, maxRequests: 5 },
  mariadb: { properties: { numRuns: 4, datasets: 3 }, maxRequests: 5 },
  pglite: { properties: { numRuns: 1, datasets: 1 }, maxRequests: 8 },
};

for (const engine of engines) {
  const instances = new Map<Handler, EngineInstance>();
  describeWriteNoninterference({
    name: `sql (${engine.name})`,
    makeHandler: async ({ schema, data, policy }) => {
      const instance = await engine.create(schema, data);
      const handler = createHandler({ schema, policy, writable: true, dataLayer: instance.layer });
      instances.set(handler, instance);
      return handler;
    },
    destroy: async (handler) => {
      await instances.get(handler)?.close();
      instances.delete(handler);
    },
    ...SETTINGS[engine.name],
  });
}
