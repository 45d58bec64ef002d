/**
 * The write routes of a writable handler (docs/writes.md): `POST` on a collection,
 * `PATCH`/`DELETE` on a resource, `POST`/`PATCH`/`DELETE` on a relationship, and
 * `POST /operations` with the Atomic Operations extension. The body becomes a list
 * of operations, the data layer applies it all or nothing, and the written resources
 * are read back through the handler's own `GET`.
 */
import { QueryError } from '../errors/query-error.js';
import { NEVER_ABORTED } from '../execute/never-aborted.js';
import type { Id, LayerContext, Row, WriteChange, WriteRequest, WriteResult } from '../layers/data-layer.js';
import type { QueryLimits } from '../limits.js';
import { isOperationError, OperationError } from '../operations/operation-error.js';
import type { Operation } from '../operations/operation-node.js';
import { parseAtomicDocument, ATOMIC_EXTENSION } from '../write/parse-atomic-document.js';
import { parseRouteDocument, type WriteTarget } from '../write/parse-route-document.js';
import type { ParsedWrite } from '../write/parsed-write.js';
import type { WriteParseOptions } from '../write/write-context.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { HandlerRequest, HandlerResponse } from './handler.js';
import { JSON_API_MEDIA_TYPE } from './negotiate.js';
import { primaryDataText } from './primary-data-text.js';
import { faultError, hookFault, typeOf } from './operation-fault.js';
import { bodyText, checkContentType } from './request-body.js';
import type { Route } from './routes.js';
import type { Scope } from '../policy/scope.js';
import { requestHooks } from './run-write-hooks.js';
import type { WriteHooks } from './write-hooks.js';
import { uriComponent } from '../serialize/uri-reference.js';
import { withHeader } from './with-header.js';
import type { WrittenRead } from './written-read.js';
import { checkBatchPrecondition, withPrecondition } from './write-precondition.js';
import type { Mutable } from '../mutable.js';

/** The path of Atomic Operations requests. */
export const OPERATIONS_PATH = '/operations';

/** What the write routes need from the handler. */
export interface WriterConfig {
  readonly schema: ResolvedSchema;
  /** The data layer's `apply`. */
  apply(request: WriteRequest, context: LayerContext): Promise<WriteResult>;
  readonly baseUrl: string;
  limitsOf(type: string): QueryLimits;
  /** The write hooks by type (`writable: { hooks }`). */
  readonly hooks?: WriteHooks<ResourceSchema>;
  /**
   * The scope and write permissions of a request (`undefined` when it has none), and
   * the options its body is parsed with: the requester's schema, without the fields
   * their policy hides and with those it may not write read-only.
   */
  accessOf(request: HandlerRequest): Promise<WriteAccess>;
  /** What every request may write, when it is the same for all (no policy, or a fixed one): `accessOf` is not called. */
  readonly fixedAccess?: WriteAccess;
  /** Checks the query of a write whose response carries a document, before anything is written. */
  checkQuery(request: HandlerRequest, type: string): void;
  /**
   * The handler's own answer to a `GET` of `path` (the read back of a written
   * resource); `written`: the resource's row as the layer returned it, served without reading it again.
   */
  read(request: HandlerRequest, path: string, query: string, written?: Row): Promise<HandlerResponse>;
  /** Serves the read back of a created row without `read`, where it gives the same bytes (`undefined`: never). */
  readonly written?: WrittenRead;
}

/** What one request may write, and how its body is parsed. */
export interface WriteAccess {
  readonly scope: Scope | undefined;
  readonly permits: WriteRequest['permits'];
  /** Whether the request may never make `change` to resources of `type` (`undefined`: it may). */
  readonly forbids: ((type: string, change: WriteChange) => boolean) | undefined;
  readonly parse: WriteParseOptions;
}

/** The write routes of one handler. */
export interface Writer {
  /** A write on a route of the schema (the method is one of the route's allowed writes). */
  single(request: HandlerRequest, route: Route): Promise<HandlerResponse>;
  /** `POST /operations`. */
  atomic(request: HandlerRequest): Promise<HandlerResponse>;
}

/** The write routes over a layer that applies lists of operations. */
export function createWriter(config: WriterConfig): Writer {
  /** Applies the list; `guarded`: the request carried `If-Match`, so a target that is gone fails the precondition (412). */
  const apply = async (request: HandlerRequest, parsed: ParsedWrite, access: WriteAccess, guarded = false): Promise<WriteResult> => {
    const hooks = config.hooks === undefined ? undefined : requestHooks(config.schema, config.hooks, request);
    const { scope, permits, forbids } = access;
    // A create the policy never allows is refused before the layer sees the list: the refusal depends on no data (so it leaks none), and no store constraint answers first.
    const create = forbids === undefined ? -1 : parsed.operations.findIndex((operation) => operation.kind === 'create' && forbids(operation.type, 'create'));
    if (create !== -1) throw new QueryError([faultError(new OperationError('forbidden_write', create), parsed)]);
    // Set member by member: a request without a scope, permits or hooks has none of them, not one `undefined`.
    const write: Mutable<WriteRequest> = { operations: parsed.operations };
    if (scope !== undefined) write.scope = (type) => scope.of(type);
    if (permits !== undefined) write.permits = permits;
    if (hooks !== undefined) write.hooks = hooks.hooks;
    try {
      const result = await config.apply(write, { signal: request.signal ?? NEVER_ABORTED });
      if (hooks?.failure() !== undefined) throw new Error('The data layer applied a list one of its hooks refused');
      return result;
    } catch (error) {
      // A hook's failure is the answer, whatever the layer wrapped it in while rolling back.
      const failure = hooks?.failure();
      if (failure !== undefined) throw hookFault(failure, parsed);
      if (isOperationError(error)) {
        const gone = guarded && error.reason === 'not_found';
        throw new QueryError([faultError(gone ? new OperationError('precondition_failed', error.operation) : error, parsed)]);
      }
      throw error;
    }
  };
  const pathOf = (type: string, id: Id): string => `/${config.schema.types.get(type)?.root ?? type}/${uriComponent(String(id))}`;

  return {
    async single(request, route) {
      const target = writeTarget(request.method, route);
      if (target.kind !== 'delete') checkContentType(request, false);
      const limits = config.limitsOf(route.type.name);
      const body = target.kind === 'delete' ? undefined : await bodyText(request, limits.maxBodyBytes);
      if (target.kind === 'create' || target.kind === 'update') config.checkQuery(request, route.type.name);
      const access = config.fixedAccess ?? (await config.accessOf(request));
      const { parsed, guarded } = withPrecondition(request, parseRouteDocument(body, target, access.parse), config.schema);
      const { ids, rows } = await apply(request, parsed, access, guarded);
      if (target.kind !== 'create' && target.kind !== 'update') return { status: 204, headers: {}, body: '' };
      const id = ids[0] as Id;
      const path = pathOf(route.type.name, id);
      const row = rows?.[0] ?? undefined;
      const direct = row === undefined || request.query !== '' ? undefined : config.written?.response(route.type, path, id, row);
      const read = direct ?? (await config.read(request, path, request.query, row));
      if (read.status !== 200) return read;
      return target.kind === 'create'
        ? { status: 201, headers: withHeader(read.headers, 'location', `${config.baseUrl}${path}`), body: read.body }
        : read;
    },
    async atomic(request) {
      checkContentType(request, true);
      const limits = config.limitsOf('');
      const access = config.fixedAccess ?? (await config.accessOf(request));
      const parsed = parseAtomicDocument(await bodyText(request, limits.maxBodyBytes), access.parse);
      checkBatchPrecondition(request, parsed, config.schema);
      const { ids, rows } = await apply(request, parsed, access);
      const results = await Promise.all(
        parsed.operations.map(async (operation, index) => {
          const id = ids[index];
          if (id === null || id === undefined || !returnsData(operation)) return undefined;
          const path = pathOf(typeOf(operation), id);
          const row = rows?.[index] ?? undefined;
          const type = config.schema.types.get(typeOf(operation));
          const direct = row === undefined || type === undefined ? undefined : config.written?.data(type, id, row);
          if (direct !== undefined) return direct;
          const read = await config.read({ ...request, method: 'GET', headers: {} }, path, '', row).catch((error: unknown) => {
            if (error instanceof QueryError && error.status === 404) return undefined;
            throw error;
          });
          // A later operation of the batch removed it (the batch is applied): its identifier still tells the client the id it was given.
          if (read === undefined || read.status === 404) return JSON.stringify({ type: typeOf(operation), id: String(id) });
          if (read.status !== 200) throw new Error(`Reading back ${path} answered ${String(read.status)}`);
          return primaryDataText(read.body);
        }),
      );
      if (results.every((data) => data === undefined)) return { status: 204, headers: {}, body: '' };
      // The documents' data as the serializer wrote it: not parsed and written again.
      const listed = results.map((data) => (data === undefined ? '{}' : `{"data":${data}}`)).join(',');
      return {
        status: 200,
        headers: { 'content-type': `${JSON_API_MEDIA_TYPE}; ext="${ATOMIC_EXTENSION}"` },
        body: `{"jsonapi":${JSON.stringify({ version: '1.1', ext: [ATOMIC_EXTENSION] })},"atomic:results":[${listed}]}`,
      };
    },
  };
}

function returnsData(operation: Operation): boolean {
  return operation.kind === 'create' || operation.kind === 'update';
}

/** What a write on a route of the schema does. */
function writeTarget(method: string, route: Route): WriteTarget {
  const type = route.type.name;
  if (route.kind === 'collection') return { kind: 'create', type };
  if (route.kind === 'related') throw new Error('A related route takes no writes');
  if (route.kind === 'resource') return method === 'PATCH' ? { kind: 'update', type, id: pathIdOf(route) } : { kind: 'delete', type, id: pathIdOf(route) };
  const kind = method === 'PATCH' ? 'set_relationship' : method === 'POST' ? 'add_to_relationship' : 'remove_from_relationship';
  return { kind, type, id: pathIdOf(route), relationship: route.relationship.name };
}

/** The normalised path id of a route the handler already checked (`pathId` is not `null` for it). */
function pathIdOf(route: Extract<Route, { id: string }>): Id {
  return route.type.idType === 'integer' ? Number(route.id) : route.id;
}

