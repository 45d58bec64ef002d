/**
 * The JSON:API response documents as JSON Schema, per type: resource objects
 * (attributes from the schema's JSON Schema fragments, relationships with links and
 * linkage), resource identifiers, and the documents of each route. Every object is
 * closed (`additionalProperties: false`): the serializer writes exactly these members.
 */
import type { ResolvedRelationship, ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import { CURSOR_PROFILE } from '../paging/cursor-profile.js';
import { anyOf, type JsonSchema } from './json-schema.js';

/** Where the schemas go and how they are referred to. */
export interface ComponentSink {
  readonly schemas: Map<string, JsonSchema>;
  readonly ref: (name: string) => JsonSchema;
}

const link: JsonSchema = { type: 'string' };
/** A link that is `null` at the end of a cursor walk. */
const nullableLink: JsonSchema = anyOf([link, { type: 'null' }]);
/** `meta.page.cursor` of a resource or identifier on a cursor page. */
const cursorMeta: JsonSchema = {
  type: 'object',
  properties: { page: { type: 'object', properties: { cursor: { type: 'string' } }, required: ['cursor'], additionalProperties: false } },
  required: ['page'],
  additionalProperties: false,
};
const closed = (properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/**
 * `jsonapi: { version: "1.0" }`, or `{ version: "1.1", profile: [<Cursor Pagination>] }`
 * on a cursor page and a profile error.
 */
export const JSONAPI_OBJECT = 'JsonApiObject';

/**
 * Adds `<type>.resource`, `<type>.identifier` and `<type>.relationship.<name>` for
 * every type of the schema, and the shared `JsonApiObject`.
 */
export function addResourceSchemas(schema: ResolvedSchema, sink: ComponentSink): void {
  sink.schemas.set(
    JSONAPI_OBJECT,
    anyOf([
      closed({ version: { const: '1.0' } }, ['version']),
      closed({ version: { const: '1.1' }, profile: { type: 'array', items: { const: CURSOR_PROFILE }, minItems: 1 } }, ['version', 'profile']),
    ]),
  );
  for (const type of schema.types.values()) {
    sink.schemas.set(
      identifierName(type.name),
      closed({ type: { const: type.name }, id: { type: 'string' }, meta: cursorMeta }, ['type', 'id']),
    );
  }
  for (const type of schema.types.values()) {
    const attributes: Record<string, JsonSchema> = {};
    for (const attribute of type.attributes.values()) {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- parser flags, not JSON Schema
      const { filterable: _f, sortable: _s, ...fragment } = attribute.definition;
      attributes[attribute.name] = fragment;
    }
    const relationships: Record<string, JsonSchema> = {};
    for (const relationship of type.relationships.values()) {
      const name = `${type.name}.relationship.${relationship.name}`;
      sink.schemas.set(
        name,
        closed(
          {
            data: linkageSchema(relationship, sink),
            links: closed({ self: link, related: link }, ['self', 'related']),
          },
          ['links'],
        ),
      );
      relationships[relationship.name] = sink.ref(name);
    }
    const members: Record<string, JsonSchema> = { type: { const: type.name }, id: { type: 'string' } };
    if (type.attributes.size > 0) members['attributes'] = closed(attributes, []);
    if (type.relationships.size > 0) members['relationships'] = closed(relationships, []);
    members['links'] = closed({ self: link }, ['self']);
    members['meta'] = cursorMeta;
    sink.schemas.set(resourceName(type.name), closed(members, ['type', 'id', 'links']));
  }
}

/**
 * Adds the documents whose primary data is `type`: `<type>.document.list` (a
 * collection or to-many related route: pagination links, `meta.count` (and
 * `meta.countKind` under `count: 'estimated'`), a cursor
 * page's `meta.page.rangeTruncated` and each resource's `meta.page.cursor`),
 * `<type>.document.one` (a resource) and `<type>.document.optional` (a to-one related
 * route: `data` may be `null`). `included` holds the types `includable` lists.
 */
export function addDocumentSchemas(type: ResolvedType, includable: readonly ResolvedType[], sink: ComponentSink): void {
  const resource = sink.ref(resourceName(type.name));
  const included = includedSchema(includable, sink);
  sink.schemas.set(
    `${type.name}.document.list`,
    documentSchema({ type: 'array', items: resource }, included, pageLinks({}), true, sink),
  );
  sink.schemas.set(`${type.name}.document.one`, documentSchema(resource, included, selfLinks({}), false, sink));
  sink.schemas.set(
    `${type.name}.document.optional`,
    documentSchema(anyOf([resource, { type: 'null' }]), included, selfLinks({}), false, sink),
  );
}

/**
 * Adds `<type>.document.relationship.<name>`, the document of a relationship route:
 * linkage as `data`, links `self` and `related` (and pagination on to-many ones).
 */
export function addRelationshipDocumentSchema(
  owner: ResolvedType,
  relationship: ResolvedRelationship,
  includable: readonly ResolvedType[],
  sink: ComponentSink,
): void {
  const links = relationship.toMany ? pageLinks({ related: link }) : selfLinks({ related: link });
  sink.schemas.set(
    relationshipDocumentName(owner.name, relationship.name),
    documentSchema(linkageSchema(relationship, sink), includedSchema(includable, sink), links, relationship.toMany, sink),
  );
}

/** The component names of a type's schemas. */
export const resourceName = (type: string): string => `${type}.resource`;
export const identifierName = (type: string): string => `${type}.identifier`;
export const relationshipDocumentName = (owner: string, relationship: string): string =>
  `${owner}.document.relationship.${relationship}`;

function linkageSchema(relationship: ResolvedRelationship, sink: ComponentSink): JsonSchema {
  const identifier = sink.ref(identifierName(relationship.target));
  return relationship.toMany ? { type: 'array', items: identifier } : anyOf([identifier, { type: 'null' }]);
}

function includedSchema(includable: readonly ResolvedType[], sink: ComponentSink): JsonSchema | undefined {
  if (includable.length === 0) return undefined;
  return { type: 'array', items: anyOf(includable.map((type) => sink.ref(resourceName(type.name)))) };
}

function selfLinks(extra: Record<string, JsonSchema>): JsonSchema {
  return closed({ self: link, ...extra }, ['self', ...Object.keys(extra)]);
}

function pageLinks(extra: Record<string, JsonSchema>): JsonSchema {
  return closed({ self: link, ...extra, first: link, last: link, prev: nullableLink, next: nullableLink }, ['self', ...Object.keys(extra)]);
}

function documentSchema(
  data: JsonSchema,
  included: JsonSchema | undefined,
  links: JsonSchema,
  counted: boolean,
  sink: ComponentSink,
): JsonSchema {
  const properties: Record<string, JsonSchema> = { data };
  if (included !== undefined) properties['included'] = included;
  properties['links'] = links;
  if (counted) {
    const page = closed({ rangeTruncated: { const: true } }, ['rangeTruncated']);
    const countKind = {
      enum: ['exact', 'estimated'],
      description: "Under count: 'estimated': whether meta.count is exact or the store's estimate (above maxExactCount).",
    };
    properties['meta'] = closed({ count: { type: 'integer', minimum: 0 }, countKind, page }, []);
  }
  properties['jsonapi'] = sink.ref(JSONAPI_OBJECT);
  return closed(properties, ['data', 'links', 'jsonapi']);
}
