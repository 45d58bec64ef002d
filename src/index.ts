/**
 * jsonapi-query: JSON:API query strings → a typed, validated QueryAST.
 * The core (schema, parser, AST, stringify) imports nothing Node-only.
 */

// schema
export type {
  AttributeDefinition,
  AttributeJsonType,
  ClientIds,
  IdType,
  RelationshipDefinition,
  ResourceSchema,
  ResourceTypeDefinition,
} from './schema/schema.js';
export type {
  AttributeName,
  AttributeValue,
  FieldValue,
  FilterableFieldName,
  IdValue,
  RelationshipName,
  Scalar,
  SortableFieldName,
  TargetOf,
  ToManyName,
  ToOneName,
  TypeName,
} from './schema/infer.js';
export { defineSchema } from './schema/define-schema.js';
export { SchemaError, type SchemaIssue } from './schema/schema-error.js';
export {
  resolveSchema,
  type FieldKind,
  type ResolvedAttribute,
  type ResolvedRelationship,
  type ResolvedSchema,
  type ResolvedType,
} from './schema/resolved-schema.js';

// ast
export type {
  AndNode,
  AnyNode,
  CompareFieldsNode,
  CompareNode,
  CompareValue,
  FilterNode,
  FilterNodeKind,
  HasNode,
  NotNode,
  OrNode,
} from './ast/filter-node.js';
export type { Fieldsets, IncludePath, Page, QueryAST, SortKey } from './ast/query-ast.js';
export {
  andNode,
  compareFieldsNode,
  compareNode,
  junctionNode,
  notNode,
  relationshipNode,
  type NodeValue,
} from './ast/filter-factories.js';
export { foldFilter, mapFilter, type FilterFolder, type FilterNodeOf } from './ast/fold-filter.js';
export { lowerCasePattern, tokenizePattern, type PatternToken } from './ast/like-pattern.js';
export { matchWords, words } from './ast/match-words.js';
export {
  FIELD_OPERATORS,
  OPERATORS,
  OPERATORS_BY_KIND,
  type ComparisonOperator,
  type FieldOperator,
  type IsOperator,
  type ListOperator,
  type Operator,
  type PatternOperator,
  type RelationshipOperator,
  type ScalarOperator,
  type TextOperator,
} from './ast/operators.js';

// errors and limits
export { ERROR_CODES, type ErrorCode } from './errors/error-codes.js';
export {
  QueryError,
  isQueryError,
  jsonApiError,
  type ErrorInit,
  type JsonApiError,
} from './errors/query-error.js';
export { DEFAULT_LIMITS, resolveLimits, type LimitOptions, type QueryLimits } from './limits.js';

// data layers
export {
  DataLayerError,
  layerCapabilities,
  type DataLayer,
  type Id,
  type IncludeRequest,
  type IncludeResult,
  type Keyset,
  type LayerContext,
  type LinkageResult,
  type ReadRequest,
  type ReadResult,
  type RelatedReadRequest,
  type Row,
  type OperationHooks,
  type OperationList,
  type WriteChange,
  type WriteRequest,
  type WriteResult,
} from './layers/data-layer.js';
export type { KeyValue } from './ast/query-ast.js';
export {
  COMBINING_NODE_KINDS,
  resolveCapabilities,
  type Capabilities,
  type CombiningNodeKind,
  type Declaring,
  type FilterCapabilities,
  type PagingCapabilities,
  type ResolvedCapabilities,
  type SortCapabilities,
} from './layers/capabilities.js';

// writes: the operation AST and request documents
export type {
  AddToRelationshipOperation,
  CreateOperation,
  DeleteOperation,
  Guarded,
  GuardedOperation,
  IdRef,
  LidRef,
  RelationshipValue,
  Operation,
  OperationKind,
  RemoveFromRelationshipOperation,
  ResourceFields,
  ResourceRef,
  SetRelationshipOperation,
  UpdateOperation,
} from './operations/operation-node.js';
export {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  guardedOperation,
  idRef,
  lidRef,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from './operations/operation-factories.js';
export {
  OperationError,
  isOperationError,
  type OperationFaultPlace,
  type OperationFaultReason,
} from './operations/operation-error.js';
export { ATOMIC_EXTENSION, parseAtomicDocument } from './write/parse-atomic-document.js';
export { parseRouteDocument, type WriteTarget } from './write/parse-route-document.js';
export type { OperationSource, ParsedWrite } from './write/parsed-write.js';
export type { WriteParseOptions } from './write/write-context.js';

// parse
export { parseQuery } from './parse/parse-query.js';
export { safeParseQuery, type SafeParseResult } from './parse/safe-parse-query.js';
export type { ParseOptions } from './parse/parse-options.js';
export type { QueryInput } from './parse/input/read-input.js';
export type { ParsedQueryObject } from './parse/input/read-object.js';

// stringify and builder
export { stringifyQuery, type StringifyOptions } from './stringify/stringify-query.js';
export { filterJson, type FilterEntry } from './stringify/filter-json.js';
export { query, type FilterInput, type PageInput, type QueryBuilder, type QueryBuilderOptions } from './query-builder/query-builder.js';
export { filterHelper, type FilterHelper } from './query-builder/filter-helper.js';
export type {
  ComparableFieldName,
  FieldKindOf,
  FieldOperatorFor,
  FieldsetsInput,
  FilterableToManyName,
  FilterableToOneName,
  IncludeName,
  IsValue,
  OrderedFieldName,
  PresentValue,
  SortName,
  SortPath,
  TextFieldName,
} from './query-builder/typed-names.js';

// execute
export {
  executeCollection,
  executeOne,
  executeRelated,
  executeRelationship,
  type ExecuteOptions,
  type Execution,
  type Linkage,
  type RelationshipExecution,
  type Resource,
  type RouteOwner,
} from './execute/index.js';

// serialize
export {
  paginationLinks,
  serializeErrorDocument,
  serializeRelationshipDocument,
  serializeResourceDocument,
  type DocumentQuery,
  type DocumentRequest,
  type PaginationLinks,
  type RelationshipOwner,
  type SerializerOptions,
} from './serialize/index.js';
