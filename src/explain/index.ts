/**
 * `jsonapi-query/explain`: what a request means (its QueryAST) and costs (data-layer
 * calls, SQL statements with parameters and plans). See docs/explorer.md.
 */
export { createExplainHandler } from './explain-route.js';
export { explainQuery, type ExplainQueryOptions } from './explain-query.js';
export { explainable } from './explainable-db.js';
export type { ExplainedStatement, Explanation } from './explanation.js';
export type { LayerCall } from './recorder.js';
