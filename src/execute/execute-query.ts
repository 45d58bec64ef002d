import type { QueryAST } from '../ast/query-ast.js';
import { jsonApiError, QueryError } from '../errors/query-error.js';
import { DEFAULT_LIMITS } from '../limits.js';
import type { Id, RelatedReadRequest, Row } from '../layers/data-layer.js';
import { requireType, resolveSchema, type ResolvedType } from '../schema/resolved-schema.js';
import type { ExecuteOptions, Execution, RelationshipExecution, Resource } from './execution.js';
import { LinkageMap } from './linkage-map.js';
import { checkUnpaginated, pageWindow } from './page-window.js';
import { pathId } from './path-id.js';
import { attributeHint, resolveIncludes, type IncludeContext } from './resolve-includes.js';

/** The owner of a related or relationship route: `/persons/1/computers` → `{ type: 'person', id: '1', relationship: 'computers' }`. */
export interface RouteOwner {
  readonly type: string;
  readonly id: string;
  readonly relationship: string;
}

/**
 * Runs a collection read (`GET /persons?…`): filter, sort and page through the
 * layer, then the includes, one layer call per include path step.
 * Throws `QueryError` `too_many_rows` (unpaginated read over the limit) or
 * `too_many_included`.
 *
 * @example
 * const ast = parseQuery('filter[name]=John&include=computers', { schema, type: 'person' });
 * const { data, total, included, linkage } = await executeCollection(ast, { schema, layer });
 */
export async function executeCollection(ast: QueryAST, options: ExecuteOptions): Promise<Execution> {
  const context = contextOf(options, ast);
  const type = requireType(context.resolved, ast.type);
  const { offset, limit } = pageWindow(ast.page, context.limits);
  const attributes = attributeHint(type, ast.fields);
  const result = await options.layer.read(
    { type: type.name, filter: ast.filter, sort: ast.sort, offset, limit, ...(attributes === undefined ? {} : { attributes }) },
    { signal: context.signal },
  );
  checkUnpaginated(ast.page, result.rows.length, context.limits);
  return {
    data: resources(type, result.rows),
    ...(ast.page === null ? {} : { total: result.total }),
    ...(await included(type, result.rows, ast, context)),
    linkage: context.linkage,
  };
}

/**
 * Runs a single-resource read (`GET /persons/1?include=…`); `null` when there is no
 * such resource (a 404). Filter, sort and page have no effect here.
 *
 * @example
 * const execution = await executeOne(ast, '1', { schema, layer });
 * if (execution === null) notFound();
 */
export async function executeOne(ast: QueryAST, id: string, options: ExecuteOptions): Promise<Execution | null> {
  const context = contextOf(options, ast);
  const type = requireType(context.resolved, ast.type);
  const key = pathId(type, id);
  if (key === null) return null;
  const row = await options.layer.readOne(type.name, key, { signal: context.signal });
  if (row === null) return null;
  return { data: { type: type.name, row }, ...(await included(type, [row], ast, context)), linkage: context.linkage };
}

/**
 * Runs a related read (`GET /persons/1/computers`, `GET /computers/1/owner`); the
 * AST's type is the related type. `null` when the owner does not exist. A to-many
 * relationship is filtered, sorted and paged like a collection; a to-one gives one
 * resource or `null`.
 *
 * @example
 * const ast = parseQuery('sort=serial', { schema, type: 'computer' });
 * await executeRelated(ast, { type: 'person', id: '1', relationship: 'computers' }, { schema, layer });
 */
export async function executeRelated(ast: QueryAST, owner: RouteOwner, options: ExecuteOptions): Promise<Execution | null> {
  const context = contextOf(options, ast);
  const route = routeOf(context, owner);
  const { ownerId, target, toMany } = route;
  if (ownerId === null) return null;
  const attributes = attributeHint(target, ast.fields);
  const result = await options.layer.readRelated(
    { ...relatedRequest(route, ownerId, ast, context), ...(attributes === undefined ? {} : { attributes }) },
    { signal: context.signal },
  );
  if (result === null) return null;
  if (toMany) checkUnpaginated(ast.page, result.rows.length, context.limits);
  const first = result.rows[0];
  return {
    data: toMany ? resources(target, result.rows) : first === undefined ? null : { type: target.name, row: first },
    ...(toMany && ast.page !== null ? { total: result.total } : {}),
    ...(await included(target, result.rows, ast, context)),
    linkage: context.linkage,
  };
}

/**
 * Runs a relationship read (`GET /persons/1/relationships/computers`): the related
 * ids, filtered, sorted and paged by the AST (whose type is the related type) for a
 * to-many relationship. Include paths are named from the owner and start with the
 * route's relationship (`include=computers.owner`); they are followed from the
 * identifiers in `data`, never from the rest of the owner's relationship, so every
 * included resource is reachable from the primary data. A path through another
 * relationship of the owner is `invalid_include`. `null` when the owner does not exist.
 *
 * @example
 * const ast = parseQuery('include=computers', { schema, type: 'computer', includeFrom: 'person' });
 * await executeRelationship(ast, { type: 'person', id: '1', relationship: 'computers' }, { schema, layer });
 */
export async function executeRelationship(
  ast: QueryAST,
  owner: RouteOwner,
  options: ExecuteOptions,
): Promise<RelationshipExecution | null> {
  const context = contextOf(options, ast);
  const route = routeOf(context, owner);
  const { ownerType, ownerId, target, toMany } = route;
  if (ownerId === null) return null;
  checkRelationshipInclude(ast, route.relationship);
  const request = relatedRequest(route, ownerId, ast, context);
  let ids: readonly Id[];
  let total: number | undefined;
  let includedPart: { included?: readonly Resource[] } = {};
  if (ast.include.length === 0) {
    const result = await options.layer.readLinkage(request, { signal: context.signal });
    if (result === null) return null;
    ({ ids, total } = result);
  } else {
    const attributes = attributeHint(target, ast.fields);
    const result = await options.layer.readRelated(
      { ...request, ...(attributes === undefined ? {} : { attributes }) },
      { signal: context.signal },
    );
    if (result === null) return null;
    ids = result.rows.map((row) => row.id);
    total = result.total;
    // The owner's linkage is only the whole relationship when nothing was filtered or paged away.
    const complete = !toMany || (request.filter === null && result.rows.length === result.total);
    const seed = { relationship: route.relationship, rows: result.rows, complete };
    includedPart = { included: await resolveIncludes(ownerType, [{ id: ownerId }], ast.include, context, seed) };
  }
  if (toMany) checkUnpaginated(ast.page, ids.length, context.limits);
  return {
    data: toMany ? ids : (ids[0] ?? null),
    targetType: target.name,
    ...(toMany && ast.page !== null && total !== undefined ? { total } : {}),
    ...includedPart,
    linkage: context.linkage,
  };
}

/** Every include path of a relationship route starts with the route's relationship. */
function checkRelationshipInclude(ast: QueryAST, relationship: string): void {
  const [first, ...rest] = ast.include
    .filter((path) => path[0] !== relationship)
    .map((path) =>
      jsonApiError({
        code: 'invalid_include',
        detail: `Include path "${path.join('.')}" does not start with "${relationship}": on a relationship route, includes start from the related resources in data.`,
        parameter: 'include',
      }),
    );
  if (first !== undefined) throw new QueryError([first, ...rest]);
}

function contextOf(options: ExecuteOptions, ast: QueryAST): IncludeContext {
  return {
    resolved: resolveSchema(options.schema),
    layer: options.layer,
    limits: options.limits ?? DEFAULT_LIMITS,
    signal: options.signal ?? new AbortController().signal,
    fields: ast.fields,
    includeRequiresFields: options.includeRequiresFields ?? true,
    linkage: new LinkageMap(),
  };
}

/** A related or relationship route, resolved: the owner's type and id, the target, the cardinality. */
interface ResolvedRoute {
  readonly ownerType: ResolvedType;
  /** `null` when the path id cannot be an id of the owner's type (a 404). */
  readonly ownerId: Id | null;
  readonly relationship: string;
  readonly target: ResolvedType;
  readonly toMany: boolean;
}

function routeOf(context: IncludeContext, owner: RouteOwner): ResolvedRoute {
  const ownerType = requireType(context.resolved, owner.type);
  const relationship = ownerType.relationships.get(owner.relationship);
  if (relationship === undefined) {
    throw new Error(`Unknown relationship "${owner.relationship}" of type "${owner.type}"`);
  }
  return {
    ownerType,
    ownerId: pathId(ownerType, owner.id),
    relationship: owner.relationship,
    target: requireType(context.resolved, relationship.target),
    toMany: relationship.toMany,
  };
}

/** The layer request of a related or relationship route; only a to-many one is filtered and paged. */
function relatedRequest(route: ResolvedRoute, ownerId: Id, ast: QueryAST, context: IncludeContext): RelatedReadRequest {
  const { offset, limit } = route.toMany ? pageWindow(ast.page, context.limits) : { offset: 0, limit: null };
  return {
    type: route.ownerType.name,
    id: ownerId,
    relationship: route.relationship,
    filter: route.toMany ? ast.filter : null,
    sort: ast.sort,
    offset,
    limit,
  };
}

function resources(type: ResolvedType, rows: readonly Row[]): Resource[] {
  return rows.map((row) => ({ type: type.name, row }));
}

async function included(
  type: ResolvedType,
  rows: readonly Row[],
  ast: QueryAST,
  context: IncludeContext,
): Promise<{ included?: readonly Resource[] }> {
  if (ast.include.length === 0) return {};
  return { included: await resolveIncludes(type, rows, ast.include, context) };
}
