/**
 * The data-layer conformance kit: `describeDataLayer` proves a layer evaluates every
 * QueryAST exactly as docs/data-layer.md says, and exactly as the memory layer does.
 * See docs/data-layer.md and docs/testing.md.
 */
export { describeDataLayer } from './describe-data-layer.js';
export type { ConformanceData, DescribeDataLayerOptions, PropertyOptions } from './describe-options.js';
export type { PropertySettings } from './differential-suite.js';
export { conformanceSchema, type ConformanceSchema } from './conformance-schema.js';
export { conformanceData } from './conformance-data.js';
export { countingLayer, type CountingLayer, type LayerMethod } from './counting-layer.js';
export { writeConformanceSchema } from './write-schema.js';
export { writeRequestData, writeRequestSchema } from './write-request-schema.js';
