/**
 * `jsonapi-query/testing`: what users need to test code built on jsonapi-query —
 * fast-check arbitraries (schemas, records, filters, QueryASTs, query strings,
 * near-valid mutations) and the conformance kit for data layers. See docs/testing.md.
 */

// arbitraries
export * from './arbitraries/index.js';

// conformance kit
export * from './conformance/index.js';

// noninterference property
export * from './noninterference/index.js';
