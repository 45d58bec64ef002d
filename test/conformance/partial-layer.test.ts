/**
 * The proof of issue 22: a partial layer over a `Map` (eq only, ANDs of it, one sort
 * key, limit/offset, no cursors) passes the kit with no hand-listed skip — every
 * case with the fallback on; without it, each case beyond its declaration skipped
 * with the reason the declaration gives.
 */
import { withFallback } from '../../src/layers/memory/index.js';
import { describeDataLayer } from '../../src/testing/conformance/index.js';
import { createMapLayer } from '../helpers/map-layer.js';

describeDataLayer({
  name: 'eq-only Map layer with the fallback',
  create: (schema, data) => withFallback(schema, createMapLayer(schema, data)),
});

describeDataLayer({
  name: 'eq-only Map layer, no fallback',
  create: (schema, data) => createMapLayer(schema, data),
});
