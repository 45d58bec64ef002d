/**
 * fast-check arbitraries for property tests of code built on jsonapi-query:
 * schemas, records for a schema, valid filters, QueryASTs and query strings, and
 * near-valid mutations of them for fuzzing. See docs/testing.md.
 */
export { arbitrarySchema, type ArbitrarySchemaOptions } from './arbitrary-schema.js';
export { arbitraryData, type ArbitraryDataOptions, type Dataset } from './arbitrary-data.js';
export { arbitraryFilter, countNodes, type ArbitraryFilterOptions } from './arbitrary-filter.js';
export { arbitraryQueryAst, type ArbitraryQueryAstOptions } from './arbitrary-query-ast.js';
export { arbitraryCursorValues, arbitraryNearValidCursor, type ArbitraryCursorOptions } from './arbitrary-cursor.js';
export { arbitraryQueryCase, arbitraryQueryString, type QueryCase } from './arbitrary-query-string.js';
export { arbitraryNearValidQueryString } from './arbitrary-near-valid-query-string.js';
export type { ValueSources } from './value-pools.js';
