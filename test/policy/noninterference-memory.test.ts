/**
 * The noninterference property on the memory layer: random schemas, policies and
 * twin datasets; every read request gets the same bytes from both twins.
 */
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { createHandler } from '../../src/http/handler.js';
import { describeNoninterference } from '../../src/testing/index.js';

describeNoninterference({
  name: 'memory layer',
  makeHandler: ({ schema, data, policy }) => createHandler({ schema, policy, dataLayer: createMemoryLayer(schema, data) }),
  properties: { numRuns: 100, datasets: 20 },
});
