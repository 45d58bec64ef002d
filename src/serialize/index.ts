/** The serializer: QueryAST + execution result + request → JSON:API document text. */
export {
  serializeErrorDocument,
  serializeRelationshipDocument,
  serializeResourceDocument,
  type DocumentQuery,
  type RelationshipOwner,
  type SerializerOptions,
} from './serialize-document.js';
export type {
  DocumentRequest,
  Linkage,
  RelationshipExecution,
  Resource,
  Execution,
} from './serialize-input.js';
export { paginationLinks, type PaginationLinks } from './pagination-links.js';
