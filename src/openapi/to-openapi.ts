/**
 * `toOpenApi`: the OpenAPI 3.1 document of the handler's API, for every type and
 * every route it serves, built from the resource schema, the limits and the data
 * layer's operators. Docs: docs/openapi.md.
 */
import { ERROR_CODES } from '../errors/error-codes.js';
import { resolveLimits, type QueryLimits } from '../limits.js';
import { resolveSchema, type ResolvedRelationship, type ResolvedType } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import { ERROR_DOCUMENT, addErrorSchemas } from './error-schemas.js';
import type { FilterSchemaOptions } from './filter-json-schema.js';
import { addFilterSchema } from './filter-schema-builder.js';
import type { JsonSchema } from './json-schema.js';
import { includableTypes } from './member-paths.js';
import {
  fieldsParameter,
  filterParameter,
  idParameter,
  includeParameter,
  pageParameters,
  simpleFilterParameters,
  sortParameter,
  type Parameter,
} from './query-parameters.js';
import {
  addDocumentSchemas,
  addRelationshipDocumentSchema,
  addResourceSchemas,
  relationshipDocumentName,
  type ComponentSink,
} from './resource-schemas.js';

/** Options of `toOpenApi`: the handler's `limits` and data layer `operators`, and the document's own details. */
export interface OpenApiOptions extends FilterSchemaOptions {
  /** `info.title`. Default `'JSON:API'`. */
  readonly title?: string;
  /** `info.version`, the version of your API. Default `'1.0.0'`. */
  readonly version?: string;
  /** `info.description`. */
  readonly description?: string;
  /** The server's base URL (`servers[0].url`), as the handler's `baseUrl`. */
  readonly baseUrl?: string;
  /** The path the document itself is served at (`/openapi.json`): described as a route too. */
  readonly documentPath?: string;
}

/** An OpenAPI 3.1 document as plain JSON. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly paths: { readonly [path: string]: { readonly [method: string]: unknown } };
  readonly components: {
    readonly schemas: { readonly [name: string]: JsonSchema };
    readonly parameters: { readonly [name: string]: Parameter };
    readonly responses: { readonly [name: string]: unknown };
  };
  readonly [member: string]: unknown;
}

/** The JSON:API media type of every request and response document. */
const MEDIA_TYPE = 'application/vnd.api+json';
const ERROR_STATUSES = ['400', '404', '406', '414', '415', '500', '503'] as const;
const WHY: Record<(typeof ERROR_STATUSES)[number], string> = {
  '400': 'The query is invalid or over a limit; `source.parameter` names the parameter, `meta.pointer` the place in the filter.',
  '404': 'No resource with this id.',
  '406': 'Every JSON:API media type in Accept carries unsupported parameters.',
  '414': 'The query string is over its length limit.',
  '415': 'The JSON:API Content-Type carries unsupported parameters.',
  '500': 'An unexpected failure; the body leaks nothing internal.',
  '503': 'The data layer is unavailable or timed out.',
};

/**
 * The OpenAPI 3.1 document of a JSON:API server built on the schema: for every type,
 * the collection, resource, related and relationship routes (GET and HEAD), their
 * query parameters with the exact names, operators, values and limits the parser
 * accepts, and the response documents (resource objects from the attributes' JSON
 * Schema fragments, linkage, `included`, links, `meta.count`, errors with this
 * package's codes).
 *
 * @example
 * const document = toOpenApi(exampleSchema, { title: 'People', operators: dataLayer.operators });
 * document.paths['/persons/{id}/computers']?.['get'];
 */
export function toOpenApi(schema: ResourceSchema, options: OpenApiOptions = {}): OpenApiDocument {
  const resolved = resolveSchema(schema);
  const schemas = new Map<string, JsonSchema>();
  const parameters = new Map<string, Parameter>();
  const schemaRef = (name: string): string => `#/components/schemas/${name}`;
  const sink: ComponentSink = { schemas, ref: (name) => ({ $ref: schemaRef(name) }) };
  const limitsOf = (type: string): QueryLimits => resolveLimits(options.limits, type);
  const variant = variants();
  const parameter = (name: string, build: () => Parameter | undefined): JsonSchema[] => {
    if (!parameters.has(name)) {
      const built = build();
      if (built === undefined) return [];
      parameters.set(name, built);
    }
    return [{ $ref: `#/components/parameters/${name}` }];
  };

  addResourceSchemas(resolved, sink);
  addErrorSchemas(sink);
  for (const type of resolved.types.values()) {
    const limits = limitsOf(type.name);
    const filterKey = JSON.stringify([
      limits.maxPathHops,
      limits.maxFilterNodes,
      limits.maxListItems,
      limits.maxStringLength,
      limits.maxWildcards,
      limits.maxMatchWords,
    ]);
    schemas.set(
      `${type.name}.filter`,
      addFilterSchema(resolved, type, limits, options.operators, { defs: schemas, ref: schemaRef }, variant('filter', filterKey), false),
    );
    addDocumentSchemas(type, includableTypes(resolved, type, limits.maxIncludeDepth), sink);
    for (const relationship of type.relationships.values()) {
      const from = includableTypes(resolved, type, limitsOf(relationship.target).maxIncludeDepth);
      addRelationshipDocumentSchema(type, relationship, from, sink);
    }
  }

  const fields = [...resolved.types.values()].flatMap((type) => parameter(`${type.name}.fields`, () => fieldsParameter(type)));
  /** `include` from `from`, under the limits of the type the route reads. */
  const include = (from: ResolvedType, primary: ResolvedType): JsonSchema[] => {
    const limits = limitsOf(primary.name);
    const suffix = variant(`include.${from.name}`, JSON.stringify([limits.maxIncludeDepth, limits.maxIncludePaths]));
    return parameter(`${from.name}.include${suffix}`, () => includeParameter(resolved, from, limits));
  };
  /** `filter`, the simple filters, `sort` and `page` of a to-many read of `primary`. */
  const toMany = (primary: ResolvedType): JsonSchema[] => {
    const limits = limitsOf(primary.name);
    const name = primary.name;
    return [
      ...parameter(`${name}.filter`, () => filterParameter(primary, sink.ref(`${name}.filter`), limits)),
      ...simpleFilterParameters(resolved, primary, limits, options.operators).flatMap((simple) =>
        parameter(`${name}.filter.simple.${String(simple['name']).slice('filter['.length, -1)}`, () => simple),
      ),
      ...parameter(`${name}.sort`, () => sortParameter(resolved, primary, limits)),
      ...pageParameters(limits).flatMap((page) =>
        parameter(`${name}.page.${String(page['name']).slice('page['.length, -1)}`, () => page),
      ),
    ];
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const type of resolved.types.values()) {
    const id = parameter(`${type.name}.id`, () => idParameter(type, limitsOf(type.name)));
    paths[`/${type.root}`] = operations({
      name: `${type.name}.collection`,
      tag: type.name,
      summary: `List ${type.name} resources`,
      parameters: [...toMany(type), ...include(type, type), ...fields],
      document: `${type.name}.document.list`,
      identified: false,
    });
    paths[`/${type.root}/{id}`] = operations({
      name: `${type.name}.resource`,
      tag: type.name,
      summary: `Read one ${type.name}`,
      parameters: [...id, ...include(type, type), ...fields],
      document: `${type.name}.document.one`,
      identified: true,
    });
    for (const relationship of type.relationships.values()) {
      const target = resolved.types.get(relationship.target) as ResolvedType;
      const reads = relationship.toMany ? toMany(target) : [];
      paths[`/${type.root}/{id}/${relationship.name}`] = operations({
        name: `${type.name}.related.${relationship.name}`,
        tag: type.name,
        summary: `Read the ${describe(relationship)} of a ${type.name}`,
        parameters: [...id, ...reads, ...include(target, target), ...fields],
        document: `${target.name}.document.${relationship.toMany ? 'list' : 'optional'}`,
        identified: true,
      });
      paths[`/${type.root}/{id}/relationships/${relationship.name}`] = operations({
        name: `${type.name}.relationship.${relationship.name}`,
        tag: type.name,
        summary: `Read the linkage of the ${describe(relationship)} of a ${type.name}`,
        parameters: [...id, ...reads, ...include(type, target), ...fields],
        document: relationshipDocumentName(type.name, relationship.name),
        identified: true,
      });
    }
  }
  if (options.documentPath !== undefined) paths[options.documentPath] = documentOperations();

  const responses: Record<string, unknown> = { HeadError: { description: 'An error (the body is empty for HEAD).' } };
  for (const status of ERROR_STATUSES) {
    const codes = Object.entries(ERROR_CODES)
      .filter(([, entry]) => String(entry.status) === status)
      .map(([code]) => `\`${code}\``);
    responses[`Error${status}`] = {
      description: `${WHY[status]} Codes: ${codes.join(', ')}.`,
      content: { [MEDIA_TYPE]: { schema: sink.ref(ERROR_DOCUMENT) } },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'JSON:API',
      version: options.version ?? '1.0.0',
      ...(options.description === undefined ? {} : { description: options.description }),
    },
    ...(options.baseUrl === undefined ? {} : { servers: [{ url: options.baseUrl }] }),
    tags: [...resolved.types.values()].map((type) => ({ name: type.name, description: `${type.name} resources, under /${type.root}.` })),
    paths,
    components: {
      schemas: Object.fromEntries(schemas),
      parameters: Object.fromEntries(parameters),
      responses,
    },
  };
}

interface Route {
  readonly name: string;
  readonly tag: string;
  readonly summary: string;
  readonly parameters: readonly JsonSchema[];
  readonly document: string;
  /** Has an `{id}`: may answer 404. */
  readonly identified: boolean;
}

/** GET and HEAD of one route. */
function operations(route: Route): Record<string, unknown> {
  const statuses = ERROR_STATUSES.filter((status) => route.identified || status !== '404');
  const errors = (name: (status: string) => string) =>
    Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${name(status)}` }]));
  return {
    get: {
      operationId: `get.${route.name}`,
      tags: [route.tag],
      summary: route.summary,
      parameters: route.parameters,
      responses: {
        '200': {
          description: 'The JSON:API document.',
          content: { [MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${route.document}` } } },
        },
        ...errors((status) => `Error${status}`),
      },
    },
    head: {
      operationId: `head.${route.name}`,
      tags: [route.tag],
      summary: `${route.summary} (headers only)`,
      parameters: route.parameters,
      responses: { '200': { description: 'As GET, without a body.' }, ...errors(() => 'HeadError') },
    },
  };
}

/** GET and HEAD of the document itself. */
function documentOperations(): Record<string, unknown> {
  const operation = (method: string, description: string, content: boolean) => ({
    operationId: `${method}.openapi`,
    summary: 'This OpenAPI document',
    responses: {
      '200': {
        description,
        ...(content
          ? {
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' } } },
                },
              },
            }
          : {}),
      },
    },
  });
  return { get: operation('get', 'The OpenAPI 3.1 document.', true), head: operation('head', 'As GET, without a body.', false) };
}

function describe(relationship: ResolvedRelationship): string {
  return `${relationship.name} (to-${relationship.toMany ? 'many' : 'one'} ${relationship.target})`;
}

/**
 * Suffixes that tell apart components built under different limits within one
 * category: `''` for the first limits seen, then `'2'`, `'3'`…
 */
function variants(): (category: string, key: string) => string {
  const seen = new Map<string, string[]>();
  return (category, key) => {
    let keys = seen.get(category);
    if (keys === undefined) {
      keys = [];
      seen.set(category, keys);
    }
    let index = keys.indexOf(key);
    if (index === -1) index = keys.push(key) - 1;
    return index === 0 ? '' : String(index + 1);
  };
}
