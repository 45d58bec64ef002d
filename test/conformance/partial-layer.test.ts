/**
 * The proof of issue 22: a partial layer over a `Map` (eq only, one sort key,
 * limit/offset, no cursors) passes the whole kit with the fallback on.
 */
import { withFallback } from '../../src/layers/memory/index.js';
import { describeDataLayer } from '../../src/testing/conformance/index.js';
import { createMapLayer } from '../helpers/map-layer.js';

describeDataLayer({
  name: 'eq-only Map layer with the fallback',
  create: (schema, data) => withFallback(schema, createMapLayer(schema, data)),
});
