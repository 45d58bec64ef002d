/**
 * The statement cache changes no answer: the conformance kit's random queries (random
 * trees, one comparison per operator, includes, cursor walks) over random schemas and
 * data give the same responses through a layer with the cache on as through one with
 * it off, over the same database, on every available engine (on SQLite the layer with
 * the cache also keeps its statements prepared on the database, the one without it
 * prepares every statement through Kysely). Each run also checks that
 * shapes did repeat with other values (the cursor walks' pages do), so the cache was used.
 */
import { describe, expect, it } from 'vitest';
import type { DataLayer, ReadRequest } from '../../src/layers/data-layer.js';
import { createSqlLayer } from '../../src/layers/sql/index.js';
import { readShape } from '../../src/layers/sql/read-shape.js';
import { compareWalks } from '../../src/testing/conformance/cursor-walk.js';
import {
  compareQueries,
  datasetQueries,
  propertySettings,
  randomDatasets,
  sweepIncludes,
  sweepOperators,
} from '../../src/testing/conformance/differential-suite.js';
import { skipTable } from '../../src/testing/conformance/skip-table.js';
import { availableEngines, skippedEngines } from '../helpers/engines.js';

const engines = await availableEngines();
const settings = propertySettings({ datasets: 3 });
const skips = skipTable(undefined, new Set());

for (const { name, reason } of skippedEngines()) {
  describe.skip(`statement cache on and off on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

/** The layer, with every read's shape key counted: `repeated` counts reads of a shape read before with other values. */
function counting(layer: DataLayer): { layer: DataLayer; repeated: () => number } {
  const seen = new Map<string, string>();
  let repeated = 0;
  const read = (request: ReadRequest, context: Parameters<DataLayer['read']>[1]) => {
    const shaped = readShape(request);
    if (shaped !== undefined) {
      const values = JSON.stringify(shaped.values);
      const before = seen.get(shaped.key);
      if (before !== undefined && before !== values) repeated++;
      seen.set(shaped.key, values);
    }
    return layer.read(request, context);
  };
  return { layer: { ...layer, read }, repeated: () => repeated };
}

describe.each(engines.map((engine) => [engine.name, engine] as const))(`statement cache on and off on %s (seed ${settings.seed})`, (_, engine) => {
  const runs = engine.name === 'pglite' ? 6 : settings.numRuns;
  it.each(randomDatasets(settings).map((dataset, index) => [index + 1, dataset] as const))(
    `dataset %s: the same responses with the cache on and off (replay with JSONAPI_QUERY_SEED=${settings.seed})`,
    async (index, dataset) => {
      const instance = await engine.create(dataset.schema, dataset.data);
      try {
        const off = createSqlLayer({ db: instance.kysely, schema: dataset.schema, statementCacheSize: 0 });
        const on = counting(instance.layer);
        const seed = (settings.seed + index) | 0;
        await compareQueries(dataset, off, on.layer, skips, seed, runs);
        await sweepOperators(dataset, off, on.layer, skips, seed, runs);
        await sweepIncludes(dataset, off, on.layer, skips, seed, runs);
        await compareWalks({ ...dataset, queries: datasetQueries(dataset, on.layer, skips), reference: off, layer: on.layer }, seed, runs);
        expect(on.repeated()).toBeGreaterThan(0);
      } finally {
        await instance.close();
      }
    },
    600_000,
  );
});
