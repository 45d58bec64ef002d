/**
 * `jsonapi-query/memory`: the in-memory reference data layer.
 */
export { createMemoryLayer, type MemoryLayer, type MemoryLayerOptions } from './memory-layer.js';
export { MemoryDataError } from './memory-data-error.js';
export type { MemoryData } from './load-store.js';
export { compareCodePoints } from './code-point-order.js';
export { withFallback, DEFAULT_MAX_SCAN_ROWS, type FallbackOptions } from './fallback-layer.js';
export { evaluateRows, type RowsQuery } from './evaluate-rows.js';
