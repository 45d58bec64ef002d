/**
 * The JSON:API documents of the specification, section 2, as JSON text: primary
 * data (collections, single resources, related routes), relationship linkage, and
 * errors. Built from the QueryAST, the execution result and the request.
 */
import type { QueryAST } from '../ast/query-ast.js';
import type { JsonApiError } from '../errors/query-error.js';
import type { Id } from '../layers/data-layer.js';
import { CURSOR_PROFILE } from '../paging/cursor-profile.js';
import type { ResourceSchema } from '../schema/schema.js';
import { documentPlan, type DocumentPlan, type TypePlan } from './document-plan.js';
import { cursorLinks } from './cursor-links.js';
import { paginationLinksOf } from './pagination-links.js';
import { toUriReference } from './uri-reference.js';
import type { DocumentRequest, RelationshipExecution, Resource, Execution } from './serialize-input.js';
import { encodeSegment, writeLinkage, writeResource } from './write-resource.js';

/** Options of the serializer. */
export interface SerializerOptions {
  readonly schema: ResourceSchema;
  /** Prefixed to every link (`https://api.example.com`). Default `''`: links are paths. */
  readonly baseUrl?: string;
  /**
   * Strict JSON:API: never repeat a resource of `data` in `included`. Default `false`:
   * the specification's rule, a resource of `data` is still listed in `included`
   * when an include path leads to it.
   */
  readonly strictIncluded?: boolean;
}

/** The owner of a relationship route (`/persons/1/relationships/computers`). */
export interface RelationshipOwner {
  readonly type: string;
  /** The id as it appeared in the path, decoded. */
  readonly id: string;
  readonly relationship: string;
}

/**
 * What the serializer reads of the QueryAST: the primary type, the page, the include
 * paths and the fieldsets. Any QueryAST fits, typed by an `as const` schema or not.
 */
export type DocumentQuery = Pick<QueryAST, 'type' | 'page' | 'include' | 'fields'>;

const JSONAPI = '"jsonapi":{"version":"1.0"}';
/** A document that applies the Cursor Pagination profile is a JSON:API 1.1 document naming it. */
const JSONAPI_CURSOR = `"jsonapi":{"version":"1.1","profile":[${JSON.stringify(CURSOR_PROFILE)}]}`;

/**
 * Serializes the result of a read of resources: a collection (`/persons`), one
 * resource (`/persons/1`) or a related route (`/persons/1/computers`,
 * `/computers/1/owner`, where an empty to-one gives `data: null`).
 *
 * @example
 * const body = serializeResourceDocument(ast, await executeCollection(ast, { schema, layer }),
 *   { path: '/persons', query: 'page[size]=10' }, { schema });
 */
export function serializeResourceDocument(
  ast: DocumentQuery,
  result: Execution,
  request: DocumentRequest,
  options: SerializerOptions,
): string {
  const plan = planFor(ast, ast.type, options);
  const data = result.data;
  let out = '{"data":';
  if (data === null) {
    out += 'null';
  } else if (isList(data)) {
    const metas = cursorMetas(result);
    out += '[';
    for (let index = 0; index < data.length; index++) {
      if (index > 0) out += ',';
      const resource = data[index] as Resource;
      out += writeResource(typePlan(plan, resource.type), resource, result.linkage, metas?.[index]);
    }
    out += ']';
  } else {
    out += writeResource(typePlan(plan, data.type), data, result.linkage);
  }
  if (ast.include.length > 0) {
    const excluded = options.strictIncluded === true && data !== null ? primaryKeys(data) : undefined;
    out += `,"included":${writeIncluded(plan, result, excluded)}`;
  }
  out += `,"links":${topLinks(ast, request, plan, isList(data), result)}`;
  return `${out}${topMeta(result)},${result.cursorPage === undefined ? JSONAPI : JSONAPI_CURSOR}}`;
}

/**
 * Serializes a relationship route: `data` is the linkage (resource identifiers, or
 * `null` for an empty to-one), `links` has `self` (the request) and `related`.
 *
 * @example
 * serializeRelationshipDocument(ast, result, { type: 'person', id: '1', relationship: 'computers' },
 *   { path: '/persons/1/relationships/computers', query: '' }, { schema });
 * // '{"data":[{"type":"computer","id":"1"}],"links":{"self":…,"related":"/persons/1/computers"},…}'
 */
export function serializeRelationshipDocument(
  ast: DocumentQuery,
  result: RelationshipExecution,
  owner: RelationshipOwner,
  request: DocumentRequest,
  options: SerializerOptions,
): string {
  const plan = planFor(ast, owner.type, options);
  const identifierOpen = `{"type":${JSON.stringify(result.targetType)},"id":`;
  let out = `{"data":${writeLinkage({ identifierOpen }, result.data, cursorMetas(result))}`;
  // `data` holds identifiers, not resource objects: nothing of it can be repeated in `included`.
  if (ast.include.length > 0) out += `,"included":${writeIncluded(plan, result, undefined)}`;
  const ownerPlan = typePlan(plan, owner.type);
  const related = `${ownerPlan.linkPrefix}${encodeSegment(owner.id)}/${encodeSegment(owner.relationship)}`;
  out += `,"links":${topLinks(ast, request, plan, isList(result.data), result, `,"related":"${related}"`)}`;
  return `${out}${topMeta(result)},${result.cursorPage === undefined ? JSONAPI : JSONAPI_CURSOR}}`;
}

/**
 * Serializes an error document: `{ errors, jsonapi }` (JSON:API 1.1 naming the
 * Cursor Pagination profile when an error has one of its types).
 *
 * @example
 * serializeErrorDocument(error.errors); // '{"errors":[{"status":"400",…}],"jsonapi":{"version":"1.0"}}'
 */
export function serializeErrorDocument(errors: readonly JsonApiError[]): string {
  return `{"errors":${JSON.stringify(errors)},${isProfileError(errors) ? JSONAPI_CURSOR : JSONAPI}}`;
}

/**
 * Whether errors use the Cursor Pagination profile (an error type of it in
 * `links.type`): their document and media type then name the profile.
 */
export function isProfileError(errors: readonly JsonApiError[]): boolean {
  return errors.some((error) => error.links?.type.startsWith(`${CURSOR_PROFILE}/`) === true);
}

function planFor(ast: DocumentQuery, includeFrom: string, options: SerializerOptions): DocumentPlan {
  return documentPlan({
    schema: options.schema,
    baseUrl: options.baseUrl ?? '',
    fields: ast.fields,
    include: ast.include,
    includeFrom,
  });
}

function typePlan(plan: DocumentPlan, type: string): TypePlan {
  const found = plan.types.get(type);
  if (found === undefined) throw new Error(`Cannot serialize a resource of type "${type}": not in the schema`);
  return found;
}

function isList<T>(value: T | readonly T[]): value is readonly T[] {
  return Array.isArray(value);
}

function writeIncluded(
  plan: DocumentPlan,
  result: Execution | RelationshipExecution,
  excluded: ReadonlySet<string> | undefined,
): string {
  const included = result.included ?? [];
  let out = '[';
  let first = true;
  for (let index = 0; index < included.length; index++) {
    const resource = included[index] as Resource;
    if (excluded?.has(key(resource.type, resource.row.id)) === true) continue;
    if (!first) out += ',';
    first = false;
    out += writeResource(typePlan(plan, resource.type), resource, result.linkage);
  }
  return `${out}]`;
}

/**
 * The top-level `links` as JSON text. Every link is the base URL (JSON-escaped once
 * per plan) followed by URI-reference text, which holds nothing JSON escapes: the
 * links are written between quotes as they are.
 */
function topLinks(
  ast: DocumentQuery,
  request: DocumentRequest,
  plan: DocumentPlan,
  toMany: boolean,
  result: Execution | RelationshipExecution,
  extra = '',
): string {
  const url = plan.baseUrlJson + toUriReference(request.path);
  // Escaped once: the pagination links take it as it is; the cursor links escape it again, which keeps it as it is.
  const query = toUriReference(request.query);
  let out = `{"self":"${query === '' ? url : `${url}?${query}`}"${extra}`;
  if (toMany && result.cursorPage !== undefined) {
    const links = cursorLinks(url, query, result.cursorPage);
    out += `,"first":"${links.first}","prev":${quoted(links.prev)},"next":${quoted(links.next)}`;
  } else if (toMany && ast.page?.kind === 'offset') {
    // An estimated count gives no `last`: the links rest on the extra row read (`hasNext`).
    const exact = result.countKind === 'estimated' ? undefined : result.total;
    const counted = exact ?? (result.hasNext === undefined ? undefined : { hasNext: result.hasNext });
    if (counted !== undefined) {
      const links = paginationLinksOf(url, query, ast.page, counted);
      out += `,"first":"${links.first}"`;
      if (links.last !== undefined) out += `,"last":"${links.last}"`;
      if (links.prev !== undefined) out += `,"prev":"${links.prev}"`;
      if (links.next !== undefined) out += `,"next":"${links.next}"`;
    }
  }
  return `${out}}`;
}

/** A link already JSON-safe, between quotes; `null` stays `null`. */
function quoted(link: string | null): string {
  return link === null ? 'null' : `"${link}"`;
}

/**
 * `meta.count` when counted (with `meta.countKind` under `count: 'estimated'`),
 * `meta.page.rangeTruncated` when a range was cut; `''` when neither.
 */
function topMeta(result: Execution | RelationshipExecution): string {
  const members: string[] = [];
  if (result.total !== undefined) members.push(`"count":${String(result.total)}`);
  if (result.countKind !== undefined) members.push(`"countKind":"${result.countKind}"`);
  if (result.cursorPage?.rangeTruncated === true) members.push('"page":{"rangeTruncated":true}');
  return members.length === 0 ? '' : `,"meta":{${members.join(',')}}`;
}

/** The `meta` JSON text of each item of a cursor page: `{"page":{"cursor":"…"}}`. */
function cursorMetas(result: Execution | RelationshipExecution): readonly string[] | undefined {
  return result.cursorPage?.cursors.map((cursor) => `{"page":{"cursor":${JSON.stringify(cursor)}}}`);
}

function key(type: string, id: Id): string {
  return `${type}\u0000${String(id)}`;
}

function primaryKeys(data: Resource | readonly Resource[]): ReadonlySet<string> {
  const list = isList(data) ? data : [data];
  return new Set(list.map((resource) => key(resource.type, resource.row.id)));
}
