/**
 * The framework-agnostic request handler: a plain request (method, raw path, raw
 * query string, headers) in, a plain response (status, headers, body) out. Serves
 * every route of the specification for every type of the schema; the adapters of
 * `jsonapi-query/http` connect it to node:http, Express, Fastify, Hono and Koa.
 */
import { andNode } from '../ast/filter-factories.js';
import type { FilterNode } from '../ast/filter-node.js';
import type { QueryAST } from '../ast/query-ast.js';
import { jsonApiError, QueryError, type ErrorInit, type JsonApiError } from '../errors/query-error.js';
import {
  executeCollection,
  executeOne,
  executeRelated,
  executeRelationship,
  pathId,
  type ExecuteOptions,
  type Execution,
  type Resource,
} from '../execute/index.js';
import { executeWritten } from '../execute/execute-query.js';
import { resolveCapabilities, type ResolvedCapabilities } from '../layers/capabilities.js';
import type { DataLayer, Row } from '../layers/data-layer.js';
import { entityTag } from './entity-tag.js';
import { resolveLimits, type LimitOptions, type QueryLimits } from '../limits.js';
import { CURSOR_PROFILE } from '../paging/cursor-profile.js';
import { parseQuery } from '../parse/parse-query.js';
import { checkLimits, TRUSTED_LIMITS } from '../rules/limit-rules.js';
import { queryTooLong, utf8Length } from '../rules/query-length.js';
import { resolveSchema, type ResolvedSchema, type ResolvedType } from '../schema/resolved-schema.js';
import { ATOMIC_EXTENSION } from '../write/parse-atomic-document.js';
import type { ResourceSchema } from '../schema/schema.js';
import {
  serializeErrorDocument,
  serializeRelationshipDocument,
  serializeResourceDocument,
  type SerializerOptions,
} from '../serialize/index.js';
import { isProfileError } from '../serialize/serialize-document.js';
import { pagesByCursor } from '../paging/page-window.js';
import { errorOutcome, type HandlerLogger } from './error-response.js';
import { acceptReader, type AcceptReading } from './accept-reader.js';
import { headerValue, isSupportedContentType, JSON_API_MEDIA_TYPE } from './negotiate.js';
import { matchRoute, type Route } from './routes.js';
import type { Policy } from '../policy/policy.js';
import { PolicyError } from '../policy/policy-error.js';
import { projectionCache, resolvePolicy, scopeAsPolicy, type PolicyContext, type ResolvedPolicy } from '../policy/resolve-policy.js';
import type { ScopeFilters, ScopeResolver } from '../policy/scope.js';
import { scopedLayer } from '../policy/scoped-layer.js';
import { allowedMethods, isWriteMethod } from './allowed-methods.js';
import type { BodyReader } from './request-body.js';
import type { WritableOptions, WriteHooks } from './write-hooks.js';
import { createWriter, OPERATIONS_PATH, type WriteAccess, type Writer } from './write-route.js';
import { withHeader } from './with-header.js';
import { writtenRead, type WrittenRead } from './written-read.js';
import type { Mutable } from '../mutable.js';

/** A plain HTTP request, as an adapter hands it over. */
export interface HandlerRequest {
  readonly method: string;
  /** The raw, percent-encoded path, without the query. */
  readonly path: string;
  /** The raw query string without `?`; `''` if none. */
  readonly query: string;
  /** Header values by lower-case name. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Aborts the data layer's work when the client goes away. */
  readonly signal?: AbortSignal;
  /**
   * The body of a write: its text, or a reader the handler calls with `maxBodyBytes`
   * (the node and fetch adapters pass one, reading no further than the limit).
   * Only a writable handler reads it.
   */
  readonly body?: string | BodyReader;
}

/** A plain HTTP response; `body` is `''` for HEAD. */
export interface HandlerResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Serves one request; never rejects. */
export type Handler = (request: HandlerRequest) => Promise<HandlerResponse>;

/** Options of `createHandler`; `S` is the schema, typed when declared `as const`. */
export interface HandlerOptions<S extends ResourceSchema = ResourceSchema> {
  readonly schema: S;
  readonly dataLayer: DataLayer;
  /** Prefixed to every link (`https://api.example.com`). Default: links are paths. */
  readonly baseUrl?: string;
  /** The query budget (defaults in docs/query-syntax.md), per type where wanted; `allowUnpaginated` among them. */
  readonly limits?: LimitOptions;
  /** Strict JSON:API: never repeat a resource of `data` in `included`. Default `false` (the specification). */
  readonly strictIncluded?: boolean;
  /**
   * The specification's rule: an include has no effect unless its relationship is
   * listed in the owning type's `fields` entry. `false` gives JSON:API 1.1. Default `true`.
   */
  readonly includeRequiresFields?: boolean;
  /**
   * A server-side filter per type (a tenant, an owner), ANDed with every read of that
   * type; a client's filter can never widen it. Fixed scope filters are checked against
   * the schema here (a `ScopeError` at start-up); a function returns them per request,
   * and a wrong one makes that request a logged 500.
   */
  readonly scope?:
    | ScopeFilters<NoInfer<S>>
    | ((request: HandlerRequest) => ScopeFilters<NoInfer<S>> | undefined | Promise<ScopeFilters<NoInfer<S>> | undefined>);
  /**
   * What each requester may see (docs/policies.md): per type, a row filter (rows outside
   * it do not exist for them) and hidden attributes and relationships (absent for them,
   * as if the schema had none). A fixed policy is checked against the schema here (a
   * `PolicyError` at start-up); a function returns one per request, and a wrong one
   * makes that request a logged 500. `scope` is the same as a policy of row filters
   * only: give one of the two.
   */
  readonly policy?: Policy<NoInfer<S>> | ((request: HandlerRequest) => Policy<NoInfer<S>> | Promise<Policy<NoInfer<S>>>);
  /** Receives failures the client is not told about (500, 503). */
  readonly logger?: HandlerLogger;
  /**
   * Called with the resolved QueryAST of every request that gets as far as its query
   * (logging, metrics, and `createExplainHandler` of `jsonapi-query/explain`). It runs
   * before the data layer is called; what it throws becomes a logged 500.
   */
  readonly onQuery?: (ast: QueryAST, request: HandlerRequest) => void;
  /**
   * Serve writes (docs/writes.md): `POST`/`PATCH`/`DELETE` on the routes of every type
   * not declared `readOnly`, and `POST /operations` (Atomic Operations), applied by the
   * data layer's `apply`. Default `false`: every write is a 405. A data layer without
   * `apply` answers writes with a 405 either way. `true` with a type whose root is
   * `operations` is a `RangeError` (the path of Atomic Operations). An object serves
   * writes too, with typed hooks per type run inside each write's transaction
   * (`{ hooks: { note: { beforeCreate, … } } }`, docs/writes.md "Hooks").
   */
  readonly writable?: boolean | WritableOptions<NoInfer<S>>;
}

/** The extension a writable handler supports: Atomic Operations. */
const WRITE_EXTENSIONS: ReadonlySet<string> = new Set([ATOMIC_EXTENSION]);
const NO_EXTENSIONS: ReadonlySet<string> = new Set();
/**
 * Response headers, a fresh object per response so an adapter may add to it. A cursor
 * page, or an error of the Cursor Pagination profile, names the profile in the media
 * type (JSON:API 1.1); every other response is the plain media type.
 */
const headers = (profile = false): Record<string, string> => ({
  'content-type': profile ? `${JSON_API_MEDIA_TYPE}; profile="${CURSOR_PROFILE}"` : JSON_API_MEDIA_TYPE,
});
const MAX_CACHED_SCOPES = 512;
/** Projected schemas kept, one per distinct set of hidden fields. */
const MAX_CACHED_PROJECTIONS = 32;

/**
 * Creates the request handler of a JSON:API server over a data layer. Throws a
 * `RangeError` naming the option when the `limits` are unusable (a `maxPageSize`
 * below the default page size, an unknown limit or type) or the layer's
 * `capabilities` are not a declaration, so a misconfiguration fails at start-up
 * instead of answering clients with 400s. Every query is checked against the
 * layer's declaration before the layer is called.
 *
 * @example
 * const handle = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) });
 * const response = await handle({ method: 'GET', path: '/persons', query: 'sort=-name', headers: {} });
 * response.status; // 200
 */
export function createHandler<S extends ResourceSchema>(options: HandlerOptions<S>): Handler;
export function createHandler(options: HandlerOptions): Handler {
  const schema = resolveSchema(options.schema);
  checkLimits(options.limits, [...schema.types.keys()], 'createHandler');
  const capabilities = new Map<string, ResolvedCapabilities>(
    [...schema.types.keys()].map((type) => [type, resolveCapabilities(options.dataLayer, type)]),
  );
  const capabilityOf = (type: string): ResolvedCapabilities => capabilities.get(type) ?? resolveCapabilities(options.dataLayer, type);
  const serializer: SerializerOptions = {
    schema: options.schema,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.strictIncluded === undefined ? {} : { strictIncluded: options.strictIncluded }),
  };
  const { dataLayer, onQuery } = options;
  const policyContext: PolicyContext = {
    schema,
    resolve: scopeResolver(options),
    operators: dataLayer.operators,
    capabilitiesOf: capabilityOf,
    project: projectionCache(options.schema, MAX_CACHED_PROJECTIONS),
  };
  const accessOf = policyResolver(options, policyContext);
  const fixedLayer = accessOf.fixed === undefined ? undefined : policyLayer(dataLayer, accessOf.fixed, schema);
  const limitsOf = (type: string): QueryLimits => resolveLimits(options.limits, type);
  // Without a policy or onQuery, the read back of a created row is its row serialized (the same bytes as its GET).
  const written =
    isWritable(options.writable) && options.policy === undefined && options.scope === undefined && onQuery === undefined
      ? writtenRead({
          schema,
          dataLayer,
          serializer,
          limitsOf,
          emptyQuery: (type) =>
            parseQuery('', {
              schema: options.schema,
              type,
              operators: dataLayer.operators,
              capabilities: capabilities.get(type),
              ...(options.limits === undefined ? {} : { limits: options.limits }),
            }),
        })
      : undefined;
  const writer =
    isWritable(options.writable)
      ? writerOf(options, schema, limitsOf, accessOf, written, (request, negotiation, known) => serve(request, negotiation, known))
      : undefined;
  const extensions = writer === undefined ? NO_EXTENSIONS : WRITE_EXTENSIONS;
  const readAccept = acceptReader(extensions);

  /** Serves a request; `written`: the row a write returned, which the read back of its resource serves without reading it. */
  const serve = async (request: HandlerRequest, negotiation: { reached: boolean }, written?: Row): Promise<HandlerResponse> => {
    const access = accessOf.fixed ?? (accessOf.unrestricted ? undefined : await accessOf(request));
    const requesterSchema = access?.schema ?? options.schema;
    // Routes of the requester's schema: a hidden relationship has no route, as a misspelled one.
    const route = matchRoute(requesterSchema === options.schema ? schema : resolveSchema(requesterSchema), request.path);
    if (route === undefined) {
      if (writer !== undefined && request.path === OPERATIONS_PATH) {
        const refused = refusal(request, undefined, limitsOf(''), negotiation, ['POST'], extensions, readAccept);
        return refused ?? (await writer.atomic(request));
      }
      return failure({ code: 'not_found', detail: 'No resource or route at this path.' });
    }
    const limits = limitsOf(route.type.name);
    const refused = refusal(request, route, limits, negotiation, allowedMethods(route, writer !== undefined), extensions, readAccept);
    if (refused !== undefined) return refused;
    if (writer !== undefined && isWriteMethod(request.method)) return writer.single(request, route);

    const primaryType = route.kind === 'related' || route.kind === 'relationship' ? route.relationship.target : route.type.name;
    // The query arrives without its `?`; one more leading `?` belongs to the first name
    // (`??sort=x` names `?sort`), so keep it from being taken as the separator.
    const query = request.query.startsWith('?') ? `?${request.query}` : request.query;
    const preferCursor = pagesMany(route) && readAccept(headerValue(request.headers['accept'])).cursorPages;
    // Options left unset are `undefined` rather than spread in: spreads cost more in V8.
    const parsed = parseQuery(query, {
      schema: requesterSchema,
      type: primaryType,
      operators: options.dataLayer.operators,
      capabilities: capabilities.get(primaryType),
      limits: options.limits,
      includeFrom: route.kind === 'relationship' ? route.type.name : undefined,
      preferCursor,
    });
    const ast = preferCursor ? withinLayer(parsed, options.dataLayer, limitsOf(primaryType)) : parsed;
    onQuery?.(ast, request);

    const layer = fixedLayer ?? (access === undefined ? dataLayer : policyLayer(dataLayer, access, schema));
    const execute: Mutable<ExecuteOptions> = { schema: requesterSchema, layer, limits: limitsOf(primaryType) };
    if (request.signal !== undefined) execute.signal = request.signal;
    if (options.includeRequiresFields !== undefined) execute.includeRequiresFields = options.includeRequiresFields;
    const requesterSerializer = requesterSchema === options.schema ? serializer : { ...serializer, schema: requesterSchema };
    // A policy filters and projects what a requester reads: the written row is served as it is only without one.
    const known = access === undefined ? written : undefined;
    const { body, profile, etag } = await respond(route, ast, execute, request, requesterSerializer, limits, known);
    return { status: 200, headers: etag === undefined ? headers(profile) : withHeader(headers(profile), 'etag', etag), body };
  };

  const handle: Handler = async (request) => {
    const negotiation = { reached: false };
    let reply: HandlerResponse;
    try {
      reply = await serve(request, negotiation);
    } catch (error) {
      const outcome = errorOutcome(error, options.logger, request.signal?.aborted === true);
      const retry = outcome.retryAfterSeconds === undefined ? {} : { 'retry-after': String(outcome.retryAfterSeconds) };
      reply = {
        status: outcome.status,
        headers: { ...headers(isProfileError(outcome.errors)), ...retry },
        body: serializeErrorDocument(outcome.errors),
      };
    }
    if (negotiation.reached) reply = { status: reply.status, headers: withHeader(reply.headers, 'vary', 'Accept'), body: reply.body };
    return request.method === 'HEAD' ? { ...reply, body: '' } : reply;
  };
  return handle;
}

/**
 * The answers a request gets before its query is read: 404 for an id no record can
 * have, 405, 406, 415, 414. `undefined`: the request goes on. Sets
 * `negotiation.reached` once the status depends on `Accept`.
 */
function refusal(
  request: HandlerRequest,
  route: Route | undefined,
  limits: QueryLimits,
  negotiation: { reached: boolean },
  allowed: readonly string[],
  extensions: ReadonlySet<string>,
  readAccept: (accept: string | undefined) => AcceptReading,
): HandlerResponse | undefined {
  if (
    route !== undefined &&
    route.kind !== 'collection' &&
    (route.id.length > limits.maxIdLength || pathId(route.type, route.id) === null)
  ) {
    return errorReply(notFound(route.type.name, route.id, limits));
  }
  if (!allowed.includes(request.method)) {
    const allow = allowed.join(', ');
    return {
      ...failure({ code: 'method_not_allowed', detail: `Only ${allow} are allowed on this route.` }),
      headers: withHeader(headers(), 'allow', allow),
    };
  }
  // From here on the status depends on Accept (406 or not): responses say so with `Vary`.
  negotiation.reached = true;
  if (!readAccept(headerValue(request.headers['accept'])).acceptable) {
    return failure({
      code: 'not_acceptable',
      detail: `Every ${JSON_API_MEDIA_TYPE} in Accept carries media type parameters (other than ext and profile) or extensions this server does not support.`,
    });
  }
  if (!isSupportedContentType(headerValue(request.headers['content-type']), extensions)) {
    return failure({
      code: 'unsupported_media_type',
      detail: `The ${JSON_API_MEDIA_TYPE} Content-Type carries media type parameters (other than ext and profile) or extensions this server does not support.`,
    });
  }
  const tooLong = queryTooLong(utf8Length(request.query, limits.maxQueryLength), limits.maxQueryLength);
  return tooLong === undefined ? undefined : failure(tooLong);
}

/**
 * The write routes of a handler created with `writable: true` over a layer that
 * applies writes; `undefined` (every write a 405) over a read-only layer.
 */
function writerOf(
  options: HandlerOptions,
  schema: ResolvedSchema,
  limitsOf: (type: string) => QueryLimits,
  accessOf: PolicyResolver,
  written: WrittenRead | undefined,
  serve: (request: HandlerRequest, negotiation: { reached: boolean }, written?: Row) => Promise<HandlerResponse>,
): Writer | undefined {
  const { dataLayer } = options;
  const taken = schema.roots.get(OPERATIONS_PATH.slice(1));
  if (taken !== undefined) {
    throw new RangeError(`createHandler: a writable handler serves Atomic Operations at ${OPERATIONS_PATH}, the root of type ${taken.name}: rename that root`);
  }
  const { apply } = dataLayer;
  if (apply === undefined) return undefined;
  const hooks = typeof options.writable === 'object' ? options.writable.hooks : undefined;
  if (hooks !== undefined) checkHooks(hooks, schema);
  const emptyQueryChecked = new Set<string>();
  const parseOptions = (schema: ResourceSchema): WriteAccess['parse'] => ({ schema, ...(options.limits === undefined ? {} : { limits: options.limits }) });
  const accessFrom = (access: ResolvedPolicy | undefined): WriteAccess => ({
    scope: access?.scope,
    permits: access?.write.permits,
    forbids: access?.write.forbids,
    parse: parseOptions(access?.writeSchema ?? options.schema),
  });
  // The same for every request without a policy or with a fixed one: made once.
  const fixedAccess = accessOf.fixed !== undefined || accessOf.unrestricted ? accessFrom(accessOf.fixed) : undefined;
  return createWriter({
    schema,
    ...(hooks === undefined ? {} : { hooks }),
    apply: (request, context) => apply.call(dataLayer, request, context),
    baseUrl: options.baseUrl ?? '',
    limitsOf,
    async accessOf(request) {
      return fixedAccess ?? accessFrom(await accessOf(request));
    },
    ...(fixedAccess === undefined ? {} : { fixedAccess }),
    checkQuery(request, type) {
      // An empty query parses the same way every time: once per type is enough.
      if (request.query === '' && emptyQueryChecked.has(type)) return;
      const query = request.query.startsWith('?') ? `?${request.query}` : request.query;
      parseQuery(query, {
        schema: options.schema,
        type,
        operators: dataLayer.operators,
        ...(options.limits === undefined ? {} : { limits: options.limits }),
      });
      if (request.query === '') emptyQueryChecked.add(type);
    },
    read: (request, path, query, row) => serve({ ...request, method: 'GET', path, query }, { reached: false }, row),
    ...(written === undefined ? {} : { written }),
  });
}

/** Whether the `writable` option serves writes: `true`, or an object of write options. */
export function isWritable(writable: HandlerOptions['writable']): boolean {
  return writable === true || (typeof writable === 'object' && writable !== null);
}

const HOOK_NAMES: ReadonlySet<string> = new Set([
  'beforeCreate',
  'afterCreate',
  'beforeUpdate',
  'afterUpdate',
  'beforeDelete',
  'afterDelete',
  'beforeRelationship',
  'afterRelationship',
]);

/** Refuses hooks for a type the schema does not have, or under a name that is not a hook, or that are not functions (a `RangeError` at start-up). */
function checkHooks(hooks: WriteHooks<ResourceSchema>, schema: ResolvedSchema): void {
  for (const [type, own] of Object.entries(hooks)) {
    const resolved = schema.types.get(type);
    if (resolved === undefined) throw new RangeError(`createHandler: writable.hooks names type ${JSON.stringify(type)}, which the schema does not have`);
    for (const [name, hook] of Object.entries(own ?? {})) {
      if (!HOOK_NAMES.has(name)) throw new RangeError(`createHandler: writable.hooks.${type}.${name} is not a hook (${[...HOOK_NAMES].join(', ')})`);
      if (typeof hook !== 'function') throw new RangeError(`createHandler: writable.hooks.${type}.${name} is not a function`);
    }
    if (resolved.readOnly && Object.keys(own ?? {}).length > 0) {
      throw new RangeError(`createHandler: writable.hooks.${type} hooks a read-only type, which takes no writes`);
    }
  }
}

/** Whether the route's document is a paged list: a collection, or a to-many related or relationship route. */
function pagesMany(route: Route): boolean {
  return route.kind === 'collection' || (route.kind !== 'resource' && route.relationship.toMany);
}

/**
 * A cursor page the client only asked for in `Accept` (no cursor sent, `pagination:
 * 'offset'`) becomes page 1 by number when the data layer cannot page by cursor on the
 * request's sort: a profile in `Accept` is a request, not a demand, so it never turns
 * a query that works into a 400 `unsupported_cursor_sort`.
 */
function withinLayer(ast: QueryAST, layer: DataLayer, limits: QueryLimits): QueryAST {
  const { page } = ast;
  if (page?.kind !== 'cursor' || page.after !== undefined || page.before !== undefined || limits.pagination === 'cursor') return ast;
  if (pagesByCursor(layer, ast.type, ast.sort)) return ast;
  return Object.freeze({ ...ast, page: Object.freeze({ kind: 'offset', size: page.size, number: 1 } as const) });
}

/** The document of a route, and whether it applies the Cursor Pagination profile (a cursor page). */
async function respond(
  route: Route,
  ast: QueryAST,
  execute: ExecuteOptions,
  request: HandlerRequest,
  serializer: SerializerOptions,
  limits: QueryLimits,
  written: Row | undefined,
): Promise<{ readonly body: string; readonly profile: boolean; readonly etag?: string }> {
  switch (route.kind) {
    case 'collection': {
      const result = await executeCollection(ast, execute);
      return { body: serializeResourceDocument(ast, result, request, serializer), profile: result.cursorPage !== undefined };
    }
    case 'resource': {
      const result = written === undefined ? await executeOne(ast, route.id, execute) : await executeWritten(ast, written, execute);
      if (result === null) throw new QueryError([notFound(route.type.name, route.id, limits)]);
      const etag = entityTagOf(route.type, result.data);
      return { body: serializeResourceDocument(ast, result, request, serializer), profile: false, ...(etag === undefined ? {} : { etag }) };
    }
    case 'related': {
      const owner = { type: route.type.name, id: route.id, relationship: route.relationship.name };
      const result = await executeRelated(ast, owner, execute);
      if (result === null) throw new QueryError([notFound(route.type.name, route.id, limits)]);
      return { body: serializeResourceDocument(ast, result, request, serializer), profile: result.cursorPage !== undefined };
    }
    case 'relationship': {
      const owner = { type: route.type.name, id: route.id, relationship: route.relationship.name };
      const result = await executeRelationship(ast, owner, execute);
      if (result === null) throw new QueryError([notFound(route.type.name, route.id, limits)]);
      return { body: serializeRelationshipDocument(ast, result, owner, request, serializer), profile: result.cursorPage !== undefined };
    }
  }
}

/** The `ETag` of a resource of a versioned type (docs/writes.md, "Versions"); `undefined` without a version. */
function entityTagOf(type: ResolvedType, data: Execution['data']): string | undefined {
  if (type.version === undefined || data === null || isList(data)) return undefined;
  const { row } = data;
  const version = row[type.version];
  return typeof version === 'number' ? entityTag(type.name, row.id, version) : undefined;
}

function isList(data: Resource | readonly Resource[]): data is readonly Resource[] {
  return Array.isArray(data);
}

function failure(init: ErrorInit): HandlerResponse {
  return errorReply(jsonApiError(init));
}

function errorReply(error: JsonApiError): HandlerResponse {
  return { status: Number(error.status), headers: headers(), body: serializeErrorDocument([error]) };
}

function notFound(type: string, id: string, limits: QueryLimits): JsonApiError {
  const detail =
    id.length > limits.maxIdLength
      ? `No ${type} with an id longer than ${String(limits.maxIdLength)} characters.`
      : `No ${type} with id ${JSON.stringify(id)}.`;
  return jsonApiError({ code: 'not_found', detail });
}

/**
 * The resolved policy of a request (`undefined`: unrestricted); `fixed` is set when it
 * is the same for every request, `unrestricted` when no request has one.
 */
interface PolicyResolver {
  (request: HandlerRequest): Promise<ResolvedPolicy | undefined>;
  readonly fixed?: ResolvedPolicy;
  readonly unrestricted?: boolean;
}

/**
 * The handler's `policy` (or `scope`, a policy of row filters) as a resolver: a fixed
 * one is resolved once, here, so a wrong one throws at start-up.
 */
function policyResolver(options: HandlerOptions, context: PolicyContext): PolicyResolver {
  const { policy, scope } = options;
  if (policy !== undefined && scope !== undefined) {
    throw new PolicyError('Give either "policy" or "scope" to createHandler, not both: a scope is a policy of row filters.', { pointer: '' });
  }
  if (policy !== undefined) {
    if (typeof policy !== 'function') return Object.assign(async () => Promise.resolve(undefined), { fixed: resolvePolicy(policy, context) });
    return async (request) => resolvePolicy(await policy(request), context);
  }
  if (scope === undefined) return Object.assign(async () => Promise.resolve(undefined), { unrestricted: true });
  if (typeof scope !== 'function') return Object.assign(async () => Promise.resolve(undefined), { fixed: scopeAsPolicy(scope, context) });
  return async (request) => {
    const filters = await scope(request);
    return filters === undefined ? undefined : scopeAsPolicy(filters, context);
  };
}

/** The data layer as one requester sees it: their row filters and hidden fields. */
function policyLayer(layer: DataLayer, access: ResolvedPolicy, schema: ResolvedSchema): DataLayer {
  return scopedLayer(layer, access.scope, schema, access.hidden);
}

/** Resolves JSON scope entries with the parser's own filter resolver, caching by text. */
function scopeResolver(options: HandlerOptions<ResourceSchema>): ScopeResolver {
  const cache = new Map<string, FilterNode>();
  return (type, entries) => {
    const json = JSON.stringify(entries);
    const key = `${type}\u0000${json}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const { filter } = parseQuery(`filter=${encodeURIComponent(json)}`, {
      schema: options.schema,
      type,
      operators: options.dataLayer.operators,
      limits: TRUSTED_LIMITS,
    });
    const node = filter ?? andNode([]);
    if (cache.size >= MAX_CACHED_SCOPES) cache.clear();
    cache.set(key, node);
    return node;
  };
}
