import type { QueryAST } from '../ast/query-ast.js';
import { jsonApiError, QueryError } from '../errors/query-error.js';
import { resolveCapabilities } from '../layers/capabilities.js';
import { DEFAULT_LIMITS } from '../limits.js';
import type { Id, ReadRequest, RelatedReadRequest, Row } from '../layers/data-layer.js';
import { requireType, resolveSchema, type ResolvedType } from '../schema/resolved-schema.js';
import type { ExecuteOptions, Execution, RelationshipExecution, Resource } from './execution.js';
import { LinkageMap } from './linkage-map.js';
import { pageResult } from '../paging/page-result.js';
import { checkCursorSort, checkUnpaginated, pageRead, type PageRead } from '../paging/page-window.js';
import { pathId } from './path-id.js';
import { attributeHint, resolveIncludes, type IncludeContext } from './resolve-includes.js';
import { checkDeclared } from './check-declared.js';
import { NEVER_ABORTED } from './never-aborted.js';
import type { Mutable } from '../mutable.js';

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
  checkDeclared(ast, options.layer, context.resolved);
  const type = requireType(context.resolved, ast.type);
  checkCursorSort(options.layer, type.name, ast.page, ast.sort);
  const read = pageRead(ast.page, ast.sort, context.limits, resolveCapabilities(options.layer, type.name).counts);
  const attributes = attributeHint(type, ast.fields);
  // Members set one by one, in the order the spreads gave them: spreads cost more in V8.
  const request: Mutable<ReadRequest> = { type: type.name, filter: ast.filter, sort: read.sort, offset: read.offset, limit: read.limit };
  addPaging(request, read);
  if (read.estimateAbove !== undefined) request.estimateAbove = read.estimateAbove;
  if (attributes !== undefined) request.attributes = attributes;
  const result = await options.layer.read(request, { signal: context.signal });
  checkUnpaginated(ast.page, result.rows.length, context.limits);
  const estimated = result.totalEstimated === true && read.estimateAbove !== undefined;
  const { items: rows, part } = pageResult(ast.page, read, result.rows, result.keys, result.total, type.name, ast.sort, estimated);
  // `linkage` last, as before: the members keep the order the spreads gave them.
  const execution: Partial<Mutable<Execution>> = { data: resources(type, rows) };
  if (part.total !== undefined) execution.total = part.total;
  if (part.countKind !== undefined) execution.countKind = part.countKind;
  if (part.cursorPage !== undefined) execution.cursorPage = part.cursorPage;
  if (part.hasNext !== undefined) execution.hasNext = part.hasNext;
  if (ast.include.length > 0) execution.included = await resolveIncludes(type, rows, ast.include, context);
  execution.linkage = context.linkage;
  return execution as Execution;
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
  checkDeclared(ast, options.layer, context.resolved);
  const type = requireType(context.resolved, ast.type);
  const key = pathId(type, id);
  if (key === null) return null;
  const row = await options.layer.readOne(type.name, key, { signal: context.signal });
  if (row === null) return null;
  return { data: { type: type.name, row }, ...(await included(type, [row], ast, context)), linkage: context.linkage };
}

/**
 * What `executeOne` gives for a resource a write has just returned (`WriteResult.rows`):
 * the row is not read again; its includes are read as `executeOne` reads them.
 *
 * @example
 * const { ids, rows } = await layer.apply(request, { signal });
 * const execution = await executeWritten(ast, rows[0], { schema, layer });
 */
export async function executeWritten(ast: QueryAST, row: Row, options: ExecuteOptions): Promise<Execution> {
  const context = contextOf(options, ast);
  checkDeclared(ast, options.layer, context.resolved);
  const type = requireType(context.resolved, ast.type);
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
  checkDeclared(ast, options.layer, context.resolved);
  const route = routeOf(context, owner);
  const { ownerId, target, toMany } = route;
  if (ownerId === null) return null;
  const attributes = attributeHint(target, ast.fields);
  const { request, read } = relatedRequest(route, ownerId, ast, context);
  const result = await options.layer.readRelated(
    { ...request, ...(attributes === undefined ? {} : { attributes }) },
    { signal: context.signal },
  );
  if (result === null) return null;
  if (!toMany) {
    const first = result.rows[0];
    return {
      data: first === undefined ? null : { type: target.name, row: first },
      ...(await included(target, result.rows.slice(0, 1), ast, context)),
      linkage: context.linkage,
    };
  }
  checkUnpaginated(ast.page, result.rows.length, context.limits);
  const { items: rows, part } = pageResult(ast.page, read, result.rows, result.keys, result.total, target.name, ast.sort);
  return {
    data: resources(target, rows),
    ...part,
    ...(await included(target, rows, ast, context)),
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
  checkDeclared(ast, options.layer, context.resolved);
  const route = routeOf(context, owner);
  const { ownerType, ownerId, target, toMany } = route;
  if (ownerId === null) return null;
  checkRelationshipInclude(ast, route.relationship);
  const { request, read } = relatedRequest(route, ownerId, ast, context);
  if (ast.include.length === 0) {
    const result = await options.layer.readLinkage(request, { signal: context.signal });
    if (result === null) return null;
    if (!toMany) return { data: result.ids[0] ?? null, targetType: target.name, linkage: context.linkage };
    checkUnpaginated(ast.page, result.ids.length, context.limits);
    const { items, part } = pageResult(ast.page, read, result.ids, result.keys, result.total, target.name, ast.sort);
    return { data: items, targetType: target.name, ...part, linkage: context.linkage };
  }
  const attributes = attributeHint(target, ast.fields);
  const result = await options.layer.readRelated(
    { ...request, ...(attributes === undefined ? {} : { attributes }) },
    { signal: context.signal },
  );
  if (result === null) return null;
  if (toMany) checkUnpaginated(ast.page, result.rows.length, context.limits);
  const { items: rows, part } = toMany
    ? pageResult(ast.page, read, result.rows, result.keys, result.total, target.name, ast.sort)
    : { items: result.rows.slice(0, 1), part: {} };
  // The owner's linkage is only the whole relationship when nothing was filtered or paged away.
  const total = read.withTotal ? result.total : undefined;
  const complete = !toMany || (request.filter === null && total !== undefined && rows.length === total);
  const seed = { relationship: route.relationship, rows, complete };
  const included = await resolveIncludes(ownerType, [{ id: ownerId }], ast.include, context, seed);
  const ids = rows.map((row) => row.id);
  return { data: toMany ? ids : (ids[0] ?? null), targetType: target.name, ...part, included, linkage: context.linkage };
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
    signal: options.signal ?? NEVER_ABORTED,
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
function relatedRequest(
  route: ResolvedRoute,
  ownerId: Id,
  ast: QueryAST,
  context: IncludeContext,
): { readonly request: RelatedReadRequest; readonly read: PageRead } {
  if (route.toMany) checkCursorSort(context.layer, route.target.name, ast.page, ast.sort);
  const counts = resolveCapabilities(context.layer, route.target.name).counts;
  const read = pageRead(route.toMany ? ast.page : null, ast.sort, context.limits, counts);
  const owner = { type: route.ownerType.name, id: ownerId, relationship: route.relationship };
  if (!route.toMany) return { request: { ...owner, filter: null, sort: ast.sort, offset: 0, limit: null }, read };
  return { request: { ...owner, filter: ast.filter, ...layerPaging(read) }, read };
}

/** The paging members of a layer request. */
function layerPaging(read: PageRead): Pick<ReadRequest, 'sort' | 'offset' | 'limit' | 'keyset' | 'withTotal'> {
  const paging: Mutable<Pick<ReadRequest, 'sort' | 'offset' | 'limit' | 'keyset' | 'withTotal'>> = { sort: read.sort, offset: read.offset, limit: read.limit };
  addPaging(paging, read);
  return paging;
}

/** Adds the paging members that follow `limit` in a layer request: `keyset`, and `withTotal: false` when nobody counts. */
function addPaging(request: Mutable<Pick<ReadRequest, 'keyset' | 'withTotal'>>, read: PageRead): void {
  if (read.keyset !== undefined) request.keyset = read.keyset;
  if (!read.withTotal) request.withTotal = false;
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
