/**
 * The write request property: random sequences of write requests (every write route
 * and Atomic Operations batches; valid, near-valid and invalid) sent through a
 * writable handler over the layer under test and one over the memory layer must get
 * the same status, the same document and the same `Location`/`ETag`/`Allow` (the ids
 * each layer generates mapped between them), and leave the same state (every resource
 * and relationship read back through the handlers) after every request; a refused
 * request changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../http/handler.js';
import type { DataLayer } from '../../layers/data-layer.js';
import { createMemoryLayer } from '../../layers/memory/index.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { DescribeDataLayerOptions } from './describe-options.js';
import { propertySettings } from './differential-suite.js';
import { handlerTwin } from './handler-twin.js';
import type { SkipTable } from './skip-table.js';
import { writeRequestData, writeRequestSchema } from './write-request-schema.js';
import { requestSpec, writeRequest, type RequestSpec } from './write-requests.js';

/** The `skip` key of the property. */
export const WRITE_REQUEST_PROPERTY = 'write-requests';

/** Time allowed per random sequence: each builds a new layer and reads the whole state back after each request, slow on an embedded engine (PGlite) on a busy machine. */
const PER_RUN_MS = 60_000;

/** What the requests of a property run answered, counted by class: a run that never wrote or never refused proves little. */
export interface RequestTally {
  written: number;
  refused: number;
}

/**
 * The property over layers `create` builds (each sequence on a new one, released by
 * `destroy`): a sequence of requests, checked against the memory layer. A layer
 * without `apply` is not concerned (the property holds).
 *
 * @example
 * await fc.assert(writeRequestProperty((schema, data) => createMyLayer(schema, data), undefined, tally), { seed: 1 });
 */
export function writeRequestProperty(
  create: DescribeDataLayerOptions['create'],
  destroy: DescribeDataLayerOptions['destroy'],
  tally: RequestTally = { written: 0, refused: 0 },
): fc.IAsyncPropertyWithHooks<[RequestSpec[]]> {
  const resolved = resolveSchema(writeRequestSchema);
  return fc.asyncProperty(fc.array(requestSpec, { minLength: 1, maxLength: 6 }), async (specs) => {
    const layer: DataLayer = await create(writeRequestSchema, writeRequestData);
    try {
      if (layer.apply === undefined) return;
      const handlerOf = (dataLayer: DataLayer) => createHandler({ schema: writeRequestSchema, dataLayer, writable: true });
      const twin = handlerTwin(resolved, handlerOf(createMemoryLayer(writeRequestSchema, writeRequestData)), handlerOf(layer));
      let states = await twin.states();
      expect(states.tested).toEqual(states.reference);
      for (const spec of specs) {
        const existing = new Map(Object.entries(states.reference).map(([type, resources]) => [type, resources.map((resource) => resource['id'] as string)]));
        const { reference, tested } = await twin.send((own) => writeRequest(spec, { existing, own }));
        expect(tested).toEqual(reference);
        const before = states.reference;
        states = await twin.states();
        expect(states.tested).toEqual(states.reference);
        if (reference.status >= 400) {
          tally.refused += 1;
          expect(states.reference).toEqual(before);
        } else {
          tally.written += 1;
        }
        expect(reference.status).toBeLessThan(500);
      }
    } finally {
      await destroy?.(layer);
    }
  });
}

/**
 * Registers the write request property (skip key `write-requests`): `properties.numRuns`
 * random sequences of up to six requests, each on a new layer, so a shrunk
 * counterexample replays alone; the seed is in the test name.
 */
export function registerWriteRequestProperty(options: DescribeDataLayerOptions, skips: SkipTable): void {
  const reason = skips.reasonFor(WRITE_REQUEST_PROPERTY);
  const settings = propertySettings(options.properties);
  const title = `write requests through the handler against the memory layer (seed ${settings.seed}: replay with JSONAPI_QUERY_SEED=${settings.seed})`;
  if (reason !== undefined) {
    it.skip(`${title} (skipped: ${reason})`, () => undefined);
    return;
  }
  describe('write request property', () => {
    it(title, async () => {
      const tally: RequestTally = { written: 0, refused: 0 };
      await fc.assert(writeRequestProperty(options.create, options.destroy, tally), { seed: settings.seed, numRuns: settings.numRuns });
      // Both kinds of answer were met (unless the layer takes no writes): the property is not only about refusals.
      if (tally.written + tally.refused > 0) {
        expect(tally.refused).toBeGreaterThan(0);
        expect(tally.written).toBeGreaterThan(0);
      }
    }, PER_RUN_MS * (settings.numRuns + 2));
  });
}
