import { describe } from 'vitest';
import type { DescribeDataLayerOptions } from './describe-options.js';
import { registerDifferentialSuite } from './differential-suite.js';
import { EXAMPLE_CASE_IDS, registerExampleSuite } from './example-suite.js';
import { HOOK_CASE_IDS, registerHookSuite } from './hook-suite.js';
import { skipTable } from './skip-table.js';
import { WRITE_REQUEST_PROPERTY } from './write-request-property.js';
import { registerWriteSuite, WRITE_CASE_IDS } from './write-suite.js';

/**
 * Registers the conformance suite of a data layer with vitest: the example suite
 * (hand-written cases over the conformance dataset, covering every rule of
 * docs/data-layer.md and every operator on every field kind, include batching counted)
 * and the differential property suite (random schemas, data and queries; the layer
 * must answer exactly what the memory layer answers), and the write suite (every write
 * route, status and pointer through a writable handler, each case on a fresh layer;
 * a layer without `apply` must be refused with 405), the write property (random
 * write lists on the layer against the memory layer) and the write request property
 * (random write requests through writable handlers over both, skip key
 * `write-requests`), and the hook suite (`apply` runs `WriteRequest.hooks` before and
 * after each operation, in order, inside the list's transaction, and rolls the list
 * back when one throws; skip key `hooks`). Cases using an operator the
 * layer does not declare are skipped with that reason; `skip` skips others by name.
 * Call it at the top level of a test file.
 *
 * @example
 * import { describeDataLayer } from 'jsonapi-query/testing';
 * import { createMyLayer } from '../src/my-layer.js';
 *
 * describeDataLayer({
 *   name: 'my layer',
 *   create: (schema, data) => createMyLayer(schema, data),
 *   destroy: (layer) => (layer as MyLayer).close(),
 *   skip: { match: 'no portable word match yet' },
 *   properties: { numRuns: 50 },
 * });
 */
export function describeDataLayer(options: DescribeDataLayerOptions): void {
  const skips = skipTable(options.skip, new Set([...EXAMPLE_CASE_IDS, ...WRITE_CASE_IDS, ...HOOK_CASE_IDS, WRITE_REQUEST_PROPERTY]));
  describe(`data layer conformance: ${options.name}`, () => {
    registerExampleSuite(options, skips);
    registerDifferentialSuite(options, skips);
    registerWriteSuite(options, skips);
    registerHookSuite(options, skips);
  });
}
