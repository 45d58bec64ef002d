/**
 * `jsonapi-query/memory`: the in-memory reference data layer.
 */
export { createMemoryLayer, type MemoryLayer, type MemoryLayerOptions } from './memory-layer.js';
export { MemoryDataError } from './memory-data-error.js';
export type { MemoryData } from './load-store.js';
export { compareCodePoints } from './code-point-order.js';
