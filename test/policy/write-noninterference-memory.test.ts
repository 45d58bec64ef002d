/**
 * The noninterference property for writes on the memory layer: random policies and
 * twin datasets; every sequence of write requests gets the same answers from both
 * twins and leaves the same state for the requester to read back.
 */
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { createHandler } from '../../src/http/handler.js';
import { describeWriteNoninterference } from '../../src/testing/index.js';

describeWriteNoninterference({
  name: 'memory layer',
  makeHandler: ({ schema, data, policy }) => createHandler({ schema, policy, writable: true, dataLayer: createMemoryLayer(schema, data) }),
  properties: { numRuns: 20, datasets: 8 },
});
