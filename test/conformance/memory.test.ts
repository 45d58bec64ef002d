import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { describeDataLayer } from '../../src/testing/conformance/index.js';

describeDataLayer({
  name: 'memory',
  create: (schema, data) => createMemoryLayer(schema, data),
});

describeDataLayer({
  name: 'memory (closures, no code generation)',
  create: (schema, data) => createMemoryLayer(schema, data, { evaluation: 'closures' }),
  properties: { datasets: 3 },
});
