/** The executor: runs a QueryAST against a DataLayer and gathers what the serializer needs. */
export type { ExecuteOptions, Execution, Linkage, RelationshipExecution, Resource } from './execution.js';
export {
  executeCollection,
  executeOne,
  executeRelated,
  executeRelationship,
  type RouteOwner,
} from './execute-query.js';
export { pathId } from './path-id.js';
