/**
 * The write operations of a writable handler's document (docs/writes.md): `POST` on
 * collections, `PATCH`/`DELETE` on resources, the relationship routes' writes and
 * `POST /operations`, with their request documents as JSON Schema (the attributes a
 * create must give, read-only fields left out, client ids where the type takes them)
 * and their responses.
 */
import type { ResolvedRelationship, ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import type { QueryLimits } from '../limits.js';
import { anyOf, type JsonSchema } from './json-schema.js';
import { identifierName, resourceName, type ComponentSink } from './resource-schemas.js';

const MEDIA_TYPE = 'application/vnd.api+json';
/** Where a write may fail, beyond 500 and 503. */
const WRITE_ERRORS = ['400', '403', '404', '406', '409', '412', '413', '415', '500', '503'] as const;
const DELETE_ERRORS = ['404', '406', '412', '500', '503'] as const;
/** The statuses a write hook may refuse any write with (docs/writes.md, "Hooks"). */
const HOOK_ERRORS = ['400', '403', '404', '409', '422'] as const;
const ETAG = { ETag: { description: 'The entity tag of the resource\'s version (a versioned type).', schema: { type: 'string' } } };

/** What the write operations need of the document under construction. */
export interface WriteBuild {
  readonly resolved: ResolvedSchema;
  readonly sink: ComponentSink;
  readonly limitsOf: (type: string) => QueryLimits;
  /** The `$ref`s of a type's `id` path parameter. */
  readonly idParameter: (type: ResolvedType) => readonly JsonSchema[];
  /** The handler has write hooks: every write may be refused with their statuses. */
  readonly hooks: boolean;
}

/**
 * Adds the write operations to `paths` (whose read routes exist already): every
 * type not declared `readOnly`, its relationships not declared `readOnly`, and
 * `/operations`.
 */
export function addWriteOperations(paths: Record<string, Record<string, unknown>>, build: WriteBuild): void {
  const { resolved, sink } = build;
  const writable = [...resolved.types.values()].filter((type) => !type.readOnly);
  for (const type of writable) {
    const id = build.idParameter(type);
    const guarded = [...id, ...ifMatchParameter(type)];
    const tagged = type.version === undefined ? {} : ETAG;
    const document = sink.ref(`${type.name}.document.one`);
    sink.schemas.set(`${type.name}.request.create`, requestDocument(resourceRequest(type, build, 'create')));
    sink.schemas.set(`${type.name}.request.update`, requestDocument(resourceRequest(type, build, 'update')));
    Object.assign(paths[`/${type.root}`] ?? {}, {
      post: write(build, type, `post.${type.name}.collection`, `Create a ${type.name}`, [], `${type.name}.request.create`, {
        '201': {
          description: 'Created: the new resource, as `GET` of its `Location` reads it (with the query\'s `include` and `fields`).',
          headers: { Location: { description: 'The URL of the new resource.', schema: { type: 'string' } }, ...tagged },
          content: { [MEDIA_TYPE]: { schema: document } },
        },
      }),
    });
    Object.assign(paths[`/${type.root}/{id}`] ?? {}, {
      patch: write(build, type, `patch.${type.name}.resource`, `Update a ${type.name}`, guarded, `${type.name}.request.update`, {
        '200': {
          description: 'The resource after the update.',
          ...(type.version === undefined ? {} : { headers: ETAG }),
          content: { [MEDIA_TYPE]: { schema: document } },
        },
        ...errors(requiredErrors(type)),
      }),
      delete: {
        operationId: `delete.${type.name}.resource`,
        tags: [type.name],
        summary: `Delete a ${type.name}`,
        description: 'The resource is unlinked from every relationship that points at it.',
        parameters: guarded,
        responses: { '204': { description: 'Deleted.' }, ...errors([...DELETE_ERRORS, ...requiredErrors(type)]), ...hookErrors(build) },
      },
    });
    for (const relationship of type.relationships.values()) {
      if (relationship.readOnly) continue;
      const path = paths[`/${type.root}/{id}/relationships/${relationship.name}`] ?? {};
      const base = `${type.name}.request.relationship.${relationship.name}`;
      sink.schemas.set(base, requestDocument(linkageRequest(relationship, build)));
      const changed = { '204': { description: 'The relationship was changed as asked.' }, ...errors(requiredErrors(type)) };
      const name = `${type.name}.relationship.${relationship.name}`;
      Object.assign(path, { patch: write(build, type, `patch.${name}`, `Replace the ${relationship.name} of a ${type.name}`, guarded, base, changed) });
      if (relationship.toMany) {
        const members = `${type.name}.request.members.${relationship.name}`;
        sink.schemas.set(members, requestDocument(membersRequest(relationship, build)));
        Object.assign(path, {
          post: write(build, type, `post.${name}`, `Add to the ${relationship.name} of a ${type.name}`, guarded, members, changed),
          delete: write(build, type, `delete.${name}`, `Remove from the ${relationship.name} of a ${type.name}`, guarded, members, changed),
        });
      }
    }
  }
  paths['/operations'] = { post: atomicOperation(writable, build) };
}

function write(
  build: WriteBuild,
  type: ResolvedType,
  operationId: string,
  summary: string,
  parameters: readonly JsonSchema[],
  request: string,
  success: Record<string, unknown>,
): Record<string, unknown> {
  return {
    operationId,
    tags: [type.name],
    summary,
    parameters,
    requestBody: { required: true, content: { [MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${request}` } } } },
    responses: { ...success, ...errors(WRITE_ERRORS), ...hookErrors(build) },
  };
}

/** `If-Match` on the writes of a versioned type's resource (docs/writes.md, "Versions"); required where the type says so. */
function ifMatchParameter(type: ResolvedType): JsonSchema[] {
  if (type.version === undefined) return [];
  return [
    {
      name: 'If-Match',
      in: 'header',
      required: type.requireIfMatch,
      description: 'The `ETag` of the version the write expects: a stale one is a 412 and nothing is written.',
      schema: { type: 'string' },
    },
  ];
}

/** 428 for a type whose writes must carry `If-Match`. */
function requiredErrors(type: ResolvedType): string[] {
  return type.requireIfMatch ? ['428'] : [];
}

function errors(statuses: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/Error${status}` }]));
}

/** The refusals of write hooks, when the handler has hooks. */
function hookErrors(build: WriteBuild): Record<string, unknown> {
  return build.hooks ? errors(HOOK_ERRORS) : {};
}

/** `{ data, meta? }`: the request document around `data`. */
function requestDocument(data: JsonSchema): JsonSchema {
  return { type: 'object', properties: { data, meta: { type: 'object' } }, required: ['data'] };
}

/** A resource object of a create or an update of `type`. */
function resourceRequest(type: ResolvedType, build: WriteBuild, mode: 'create' | 'update'): JsonSchema {
  const attributes: Record<string, JsonSchema> = {};
  for (const attribute of type.attributes.values()) {
    if (attribute.readOnly) continue;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- parser flags, not JSON Schema
    const { filterable: _f, sortable: _s, ...fragment } = attribute.definition;
    attributes[attribute.name] = fragment;
  }
  const relationships: Record<string, JsonSchema> = {};
  for (const relationship of type.relationships.values()) {
    if (!relationship.readOnly) relationships[relationship.name] = requestDocument(linkageRequest(relationship, build));
  }
  const required = mode === 'create' ? [...type.requiredOnCreate] : [];
  const id = idSchema(type, build.limitsOf(type.name));
  const takesId = mode === 'update' || type.clientIds !== 'forbidden';
  return {
    type: 'object',
    properties: {
      type: { const: type.name },
      // `false`: the server chooses the ids of this type, and a client id is a 403.
      id: takesId ? id : false,
      lid: { type: 'string', minLength: 1 },
      attributes: { type: 'object', properties: attributes, required, additionalProperties: false },
      relationships: { type: 'object', properties: relationships, additionalProperties: false },
    },
    required: ['type', ...(mode === 'update' || type.clientIds === 'required' ? ['id'] : []), ...(required.length > 0 ? ['attributes'] : [])],
  };
}

/** A resource identifier of `type` in a request: by `id`, or by the `lid` of a create earlier in an atomic request. */
function identifierRequest(type: ResolvedType, build: WriteBuild): JsonSchema {
  return anyOf([
    { type: 'object', properties: { type: { const: type.name }, id: idSchema(type, build.limitsOf(type.name)) }, required: ['type', 'id'] },
    { type: 'object', properties: { type: { const: type.name }, lid: { type: 'string', minLength: 1 } }, required: ['type', 'lid'] },
  ]);
}

function linkageRequest(relationship: ResolvedRelationship, build: WriteBuild): JsonSchema {
  if (relationship.toMany) return membersRequest(relationship, build);
  return anyOf([identifierRequest(targetOf(relationship, build), build), { type: 'null' }]);
}

function membersRequest(relationship: ResolvedRelationship, build: WriteBuild): JsonSchema {
  const { maxLinkageItems } = build.limitsOf(relationship.owner);
  return { type: 'array', items: identifierRequest(targetOf(relationship, build), build), maxItems: maxLinkageItems };
}

function targetOf(relationship: ResolvedRelationship, build: WriteBuild): ResolvedType {
  const target = build.resolved.types.get(relationship.target);
  if (target === undefined) throw new Error(`Unknown relationship target "${relationship.target}"`);
  return target;
}

function idSchema(type: ResolvedType, limits: QueryLimits): JsonSchema {
  return { type: 'string', minLength: 1, maxLength: limits.maxIdLength };
}

/** `POST /operations`: the Atomic Operations extension. */
function atomicOperation(writable: readonly ResolvedType[], build: WriteBuild): Record<string, unknown> {
  const { maxOperations } = build.limitsOf('');
  const operation: JsonSchema = {
    type: 'object',
    properties: {
      op: { enum: ['add', 'update', 'remove'] },
      ref: {
        type: 'object',
        properties: { type: { enum: writable.map((type) => type.name) }, id: { type: 'string' }, lid: { type: 'string' }, relationship: { type: 'string' } },
        required: ['type'],
      },
      data: {},
    },
    required: ['op'],
  };
  const request: JsonSchema = {
    type: 'object',
    properties: { 'atomic:operations': { type: 'array', items: operation, minItems: 1, maxItems: maxOperations } },
    required: ['atomic:operations'],
  };
  const result: JsonSchema = {
    type: 'object',
    // The resource a create or update left, or its identifier when a later operation removed it.
    properties: { data: anyOf(writable.flatMap((type) => [build.sink.ref(resourceName(type.name)), build.sink.ref(identifierName(type.name))])) },
    additionalProperties: false,
  };
  const results: JsonSchema = {
    type: 'object',
    properties: {
      'atomic:results': { type: 'array', items: result },
      jsonapi: { type: 'object', properties: { version: { const: '1.1' }, ext: { type: 'array', items: { type: 'string' } } }, required: ['version'] },
    },
    required: ['atomic:results', 'jsonapi'],
    additionalProperties: false,
  };
  build.sink.schemas.set('AtomicRequest', request);
  build.sink.schemas.set('AtomicResults', results);
  return {
    operationId: 'post.operations',
    summary: 'Apply a list of operations, all or nothing (Atomic Operations)',
    description:
      'Sent and answered with `Content-Type: application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"`. Every result of an `add` or `update` is the resource after the whole list; errors point at their operation (`/atomic:operations/3/…`).',
    requestBody: { required: true, content: { [MEDIA_TYPE]: { schema: build.sink.ref('AtomicRequest') } } },
    responses: {
      '200': { description: 'Every operation applied.', content: { [MEDIA_TYPE]: { schema: build.sink.ref('AtomicResults') } } },
      '204': { description: 'Every operation applied; none returns data.' },
      ...errors(WRITE_ERRORS),
      ...errors(writable.some((type) => type.requireIfMatch) ? ['428'] : []),
      ...hookErrors(build),
    },
  };
}

