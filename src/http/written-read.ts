/**
 * The read back of a resource a write has just created, served from the row the data
 * layer returned (`WriteResult.rows`) without the handler's `GET`: no route match, no
 * second negotiation, no query parse, no execution. It applies only where that `GET`
 * would serve the row as it is, and gives the same bytes: no policy or scope (which
 * filter and project what a requester reads), no `onQuery` (which sees each read's
 * query), no query string, and a type whose empty query includes nothing. Anywhere
 * else it gives `undefined` and the handler's `GET` answers.
 */
import type { QueryAST } from '../ast/query-ast.js';
import { checkDeclared } from '../execute/check-declared.js';
import { LinkageMap } from '../execute/linkage-map.js';
import { pathId } from '../execute/path-id.js';
import type { DataLayer, Id, Row } from '../layers/data-layer.js';
import type { QueryLimits } from '../limits.js';
import type { ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import { documentPlan, type TypePlan } from '../serialize/document-plan.js';
import { serializeResourceDocument, type SerializerOptions } from '../serialize/serialize-document.js';
import { writeResource } from '../serialize/write-resource.js';
import { entityTag } from './entity-tag.js';
import type { HandlerResponse } from './handler.js';
import { JSON_API_MEDIA_TYPE } from './negotiate.js';

/** What the handler's `GET` of a written resource is made of, fixed when the handler is created. */
export interface WrittenReadConfig {
  readonly schema: ResolvedSchema;
  readonly dataLayer: DataLayer;
  readonly serializer: SerializerOptions;
  limitsOf(type: string): QueryLimits;
  /** The query of a `GET` of one resource of `type` with an empty query string, as the handler parses it. */
  emptyQuery(type: string): QueryAST;
}

/** Serves the read backs of written rows, or leaves them (`undefined`) to the handler's `GET`. */
export interface WrittenRead {
  /** The `200` the handler's `GET` of `path` (`/<root>/<id>`, no query) would give for `row`; `undefined`: ask the handler. */
  response(type: ResolvedType, path: string, id: Id, row: Row): HandlerResponse | undefined;
  /** The JSON text of `data` of that response (a resource object of an `atomic:results` entry); `undefined`: ask the handler. */
  data(type: ResolvedType, id: Id, row: Row): string | undefined;
}

/** What the read back of one type needs, worked out at its first write. */
interface TypeRead {
  readonly query: QueryAST;
  readonly plan: TypePlan;
}

/** Never written to: a query without includes follows no relationship. */
const NO_LINKAGE = new LinkageMap();

/**
 * The read back of written rows for a handler without a policy, scope or `onQuery`
 * (with one, every read back goes through its `GET`).
 *
 * @example
 * const written = writtenRead({ schema, dataLayer, serializer, limitsOf, emptyQuery });
 * written.response(computerType, `/computers/${id}`, id, rows[0]); // { status: 200, headers, body } as GET /computers/<id>
 */
export function writtenRead(config: WrittenReadConfig): WrittenRead {
  const { schema, dataLayer, serializer } = config;
  const reads = new Map<string, TypeRead | null>();

  /** The type's read, or `null` when its empty query is not the plain one (it includes), or would not be served. */
  const readOf = (type: ResolvedType): TypeRead | null => {
    const known = reads.get(type.name);
    if (known !== undefined) return known;
    let read: TypeRead | null = null;
    try {
      const query = config.emptyQuery(type.name);
      checkDeclared(query, dataLayer, schema);
      const plan = documentPlan({ schema: serializer.schema, baseUrl: serializer.baseUrl ?? '', fields: query.fields, include: query.include, includeFrom: type.name });
      const typePlan = plan.types.get(type.name);
      // A root the route table does not give back to this type: its GET decides.
      const routed = schema.roots.get(type.root) === type && !type.root.includes('/') && !type.root.includes('%');
      if (query.type === type.name && query.include.length === 0 && typePlan !== undefined && routed) read = { query, plan: typePlan };
    } catch {
      // The handler's GET gives this type's answer, refusal or not.
    }
    reads.set(type.name, read);
    return read;
  };

  /** Whether `GET` of the resource's path finds the route and gets past its refusals (an id no record can have is a 404). */
  const servable = (type: ResolvedType, text: string): boolean =>
    text !== '' && text.length <= config.limitsOf(type.name).maxIdLength && pathId(type, text) !== null;

  return {
    response(type, path, id, row) {
      const read = readOf(type);
      if (read === null || !servable(type, String(id))) return undefined;
      const data = { type: type.name, row };
      const body = serializeResourceDocument(read.query, { data, linkage: NO_LINKAGE }, { path, query: '' }, serializer);
      const version = type.version === undefined ? undefined : row[type.version];
      const headers: Record<string, string> =
        typeof version === 'number' ? { 'content-type': JSON_API_MEDIA_TYPE, etag: entityTag(type.name, row.id, version) } : { 'content-type': JSON_API_MEDIA_TYPE };
      return { status: 200, headers, body };
    },
    data(type, id, row) {
      const read = readOf(type);
      if (read === null || !servable(type, String(id))) return undefined;
      return writeResource(read.plan, { type: type.name, row }, NO_LINKAGE);
    },
  };
}
