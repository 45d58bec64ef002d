/**
 * `jsonapi-query/explorer`: the development pages for a person with a browser — the
 * query explorer at `/` and the API reference at `/docs` (docs/explorer.md).
 */
export { withExplorer, type ExplorerOptions } from './explorer-route.js';
