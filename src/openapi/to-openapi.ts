/**
 * `toOpenApi`: the OpenAPI 3.1 document of the handler's API, for every type and
 * every route it serves, built from the resource schema, the limits and the data
 * layer's operators and capabilities. Docs: docs/openapi.md.
 */
import { OPERATORS } from '../ast/operators.js';
import { resolveCapabilities, type Declaring, type ResolvedCapabilities } from '../layers/capabilities.js';
import { resolveLimits, type QueryLimits } from '../limits.js';
import { resolveSchema, type ResolvedRelationship, type ResolvedSchema, type ResolvedType } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import { addErrorSchemas } from './error-schemas.js';
import type { FilterSchemaOptions } from './filter-json-schema.js';
import { addFilterSchema } from './filter-schema-builder.js';
import type { JsonSchema } from './json-schema.js';
import { includableTypes } from './member-paths.js';
import { addWriteOperations } from './write-operations.js';
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
import { pruneComponents } from './prune-components.js';
import { CURSOR_PROFILE } from '../paging/cursor-profile.js';
import { documentOperations, errorResponses, operations } from './route-operations.js';

/** The OpenAPI Info Object: what the API is, its version, its terms. */
export interface OpenApiInfo {
  readonly title?: string;
  readonly version?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly termsOfService?: string;
  readonly contact?: { readonly name?: string; readonly url?: string; readonly email?: string };
  /** The API's license: `{ name: 'MIT', identifier: 'MIT' }` (SPDX) or `{ name, url }`. */
  readonly license?: { readonly name: string; readonly identifier?: string; readonly url?: string };
  readonly [extension: `x-${string}`]: unknown;
}

/** An OpenAPI Server Object: where the API is served. */
export interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
  readonly variables?: { readonly [name: string]: { readonly default: string; readonly enum?: readonly string[]; readonly description?: string } };
}

/** An OpenAPI Security Requirement Object: scheme names and their scopes; `{}` makes the requirement optional. */
export type OpenApiSecurityRequirement = { readonly [scheme: string]: readonly string[] };

/**
 * What the document says about the API beyond its routes: its `info`, `servers` and
 * `security`. The handler's `openapi` option takes the same (docs/openapi.md).
 */
export interface OpenApiDescription {
  /** The Info Object, over the defaults `title: 'JSON:API'`, `version: '1.0.0'`; give `license` here. */
  readonly info?: OpenApiInfo;
  /** The Server Objects. Default: `[{ url: baseUrl }]`, or `[{ url: '/' }]` (the origin the document is served from). */
  readonly servers?: readonly OpenApiServer[];
  /**
   * The security requirements of every operation. Default `[]`: the API is open (the
   * handler authenticates nobody; a `scope` narrows what is read, it does not
   * authenticate). Name the schemes your server checks, and define them in `securitySchemes`.
   */
  readonly security?: readonly OpenApiSecurityRequirement[];
  /** `components.securitySchemes`: the schemes `security` names (`{ bearer: { type: 'http', scheme: 'bearer' } }`). */
  readonly securitySchemes?: { readonly [name: string]: { readonly type: string; readonly [member: string]: unknown } };
}

/** Options of `toOpenApi`: the handler's `limits` and data layer `operators` and `capabilities`, and the document's own details. */
export interface OpenApiOptions extends FilterSchemaOptions, OpenApiDescription {
  /** `info.title` (`info.title` wins). Default `'JSON:API'`. */
  readonly title?: string;
  /** `info.version`, the version of your API (`info.version` wins). Default `'1.0.0'`. */
  readonly version?: string;
  /** `info.description` (`info.description` wins). */
  readonly description?: string;
  /** The server's base URL (`servers[0].url` unless `servers` is given), as the handler's `baseUrl`. */
  readonly baseUrl?: string;
  /** The path the document itself is served at (`/openapi.json`): described as a route too. */
  readonly documentPath?: string;
  /** Describe the writes of a writable handler (docs/writes.md). Default `false`. */
  readonly writable?: boolean;
  /**
   * The writable handler has write hooks (docs/writes.md, "Hooks"): every write may
   * also answer 400, 403, 404, 409 or 422 with the application's own error code.
   * Default `false`.
   */
  readonly hooks?: boolean;
}

/** An OpenAPI 3.1 document as plain JSON. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: OpenApiInfo & { readonly title: string; readonly version: string };
  readonly servers: readonly OpenApiServer[];
  readonly security: readonly OpenApiSecurityRequirement[];
  readonly paths: { readonly [path: string]: { readonly [method: string]: unknown } };
  readonly components: {
    readonly schemas: { readonly [name: string]: JsonSchema };
    readonly parameters: { readonly [name: string]: Parameter };
    readonly responses: { readonly [name: string]: unknown };
    readonly securitySchemes?: { readonly [name: string]: unknown };
  };
  readonly [member: string]: unknown;
}

/**
 * The OpenAPI 3.1 document of a JSON:API server built on the schema: for every type,
 * the collection, resource, related and relationship routes (GET and HEAD), their
 * query parameters with the exact names, operators, values and limits the parser
 * accepts, and the response documents (resource objects from the attributes' JSON
 * Schema fragments, linkage, `included`, links, `meta.count`, errors with this
 * package's codes), the writes with `writable` (request documents, responses and
 * `/operations`), with the `info`, `servers` and `security` the options give (an
 * open API on the document's own origin by default). Components no route uses are left out.
 *
 * @example
 * const document = toOpenApi(exampleSchema, {
 *   info: { title: 'People', version: '2.1.0', license: { name: 'MIT', identifier: 'MIT' } },
 *   operators: dataLayer.operators,
 * });
 * document.paths['/persons/{id}/computers']?.['get'];
 */
export function toOpenApi(schema: ResourceSchema, options: OpenApiOptions = {}): OpenApiDocument {
  const resolved = resolveSchema(schema);
  const schemas = new Map<string, JsonSchema>();
  const parameters = new Map<string, Parameter>();
  const declaring: Declaring = { operators: options.operators ?? new Set(OPERATORS), capabilities: options.capabilities };
  const build: Build = {
    resolved,
    options,
    capabilitiesOf: (type) => resolveCapabilities(declaring, type),
    schemas,
    sink: { schemas, ref: (name) => ({ $ref: schemaRef(name) }) },
    variant: variants(),
    limitsOf: (type) => resolveLimits(options.limits, type),
    parameter: (name, make) => {
      if (!parameters.has(name)) {
        const built = make();
        if (built === undefined) return [];
        parameters.set(name, built);
      }
      return [{ $ref: `#/components/parameters/${name}` }];
    },
  };
  addResourceSchemas(resolved, build.sink);
  const hooks = options.writable === true && options.hooks === true;
  addErrorSchemas(build.sink, hooks);
  addTypeSchemas(build);
  const paths = routePaths(build);
  if (options.writable === true) {
    addWriteOperations(paths, {
      resolved,
      sink: build.sink,
      limitsOf: build.limitsOf,
      idParameter: (type) => build.parameter(`${type.name}.id`, () => idParameter(type, build.limitsOf(type.name))),
      hooks,
    });
  }
  if (options.documentPath !== undefined) paths[options.documentPath] = documentOperations();
  const components = pruneComponents(paths, {
    schemas: Object.fromEntries(schemas),
    parameters: Object.fromEntries(parameters),
    responses: errorResponses(build.sink, hooks),
  });
  return {
    openapi: '3.1.0',
    info: {
      ...options.info,
      title: options.info?.title ?? options.title ?? 'JSON:API',
      version: options.info?.version ?? options.version ?? '1.0.0',
      ...(options.info?.description === undefined && options.description !== undefined ? { description: options.description } : {}),
    },
    servers: options.servers ?? [{ url: options.baseUrl ?? '/' }],
    security: options.security ?? [],
    tags: [...resolved.types.values()].map((type) => ({ name: type.name, description: `${type.name} resources, under /${type.root}.` })),
    paths,
    components: {
      ...components,
      ...(options.securitySchemes === undefined ? {} : { securitySchemes: options.securitySchemes }),
    },
  };
}

/** The document under construction: its components, and how routes refer to them. */
interface Build {
  readonly resolved: ResolvedSchema;
  readonly options: OpenApiOptions;
  readonly schemas: Map<string, JsonSchema>;
  readonly sink: ComponentSink;
  /** Tells apart components built under different limits (see `variants`). */
  readonly variant: (category: string, key: string) => string;
  readonly limitsOf: (type: string) => QueryLimits;
  /** What the data layer reads of a type, as the handler checks it. */
  readonly capabilitiesOf: (type: string) => ResolvedCapabilities;
  /** A `$ref` to the named parameter component, built on first use; none when `make` gives none. */
  readonly parameter: (name: string, make: () => Parameter | undefined) => JsonSchema[];
}

function schemaRef(name: string): string {
  return `#/components/schemas/${name}`;
}

/** Per type: the filter grammar under its limits and capabilities, its documents, its relationship documents. */
function addTypeSchemas({ resolved, schemas, sink, variant, limitsOf, capabilitiesOf }: Build): void {
  for (const type of resolved.types.values()) {
    const limits = limitsOf(type.name);
    const capabilities = capabilitiesOf(type.name);
    const filterKey = JSON.stringify([
      [...capabilities.nodes],
      Object.entries(capabilities.operators).map(([kind, operators]) => [kind, ...operators]),
      limits.maxPathHops,
      limits.maxFilterNodes,
      limits.maxListItems,
      limits.maxStringLength,
      limits.maxWildcards,
      limits.maxMatchWords,
    ]);
    schemas.set(
      `${type.name}.filter`,
      addFilterSchema(resolved, type, limits, capabilities, { defs: schemas, ref: schemaRef }, variant('filter', filterKey), false),
    );
    addDocumentSchemas(type, includableTypes(resolved, type, limits.maxIncludeDepth), sink);
    for (const relationship of type.relationships.values()) {
      const from = includableTypes(resolved, type, limitsOf(relationship.target).maxIncludeDepth);
      addRelationshipDocumentSchema(type, relationship, from, sink);
    }
  }
}

/** The collection, resource, related and relationship routes of every type. */
function routePaths(build: Build): Record<string, Record<string, unknown>> {
  const { resolved, limitsOf } = build;
  const fields = [...resolved.types.values()].flatMap((type) => build.parameter(`${type.name}.fields`, () => fieldsParameter(type)));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const type of resolved.types.values()) {
    const id = build.parameter(`${type.name}.id`, () => idParameter(type, limitsOf(type.name)));
    paths[`/${type.root}`] = operations({
      name: `${type.name}.collection`,
      tag: type.name,
      summary: `List ${type.name} resources`,
      description: pagingDescription(limitsOf(type.name), build.capabilitiesOf(type.name)),
      parameters: [...toManyParameters(build, type), ...includeParameters(build, type, type), ...fields],
      document: `${type.name}.document.list`,
      identified: false,
    });
    paths[`/${type.root}/{id}`] = operations({
      name: `${type.name}.resource`,
      tag: type.name,
      summary: `Read one ${type.name}`,
      parameters: [...id, ...includeParameters(build, type, type), ...fields],
      document: `${type.name}.document.one`,
      identified: true,
      tagged: type.version !== undefined,
    });
    for (const relationship of type.relationships.values()) {
      const target = resolved.types.get(relationship.target) as ResolvedType;
      const reads = relationship.toMany ? toManyParameters(build, target) : [];
      paths[`/${type.root}/{id}/${relationship.name}`] = operations({
        name: `${type.name}.related.${relationship.name}`,
        tag: type.name,
        summary: `Read the ${describe(relationship)} of a ${type.name}`,
        ...(relationship.toMany ? { description: pagingDescription(limitsOf(target.name), build.capabilitiesOf(target.name)) } : {}),
        parameters: [...id, ...reads, ...includeParameters(build, target, target), ...fields],
        document: `${target.name}.document.${relationship.toMany ? 'list' : 'optional'}`,
        identified: true,
      });
      paths[`/${type.root}/{id}/relationships/${relationship.name}`] = operations({
        name: `${type.name}.relationship.${relationship.name}`,
        tag: type.name,
        summary: `Read the linkage of the ${describe(relationship)} of a ${type.name}`,
        ...(relationship.toMany ? { description: pagingDescription(limitsOf(target.name), build.capabilitiesOf(target.name)) } : {}),
        parameters: [...id, ...reads, ...includeParameters(build, type, target), ...fields],
        document: relationshipDocumentName(type.name, relationship.name),
        identified: true,
      });
    }
  }
  return paths;
}

/** `include` from `from`, under the limits and capabilities of the type the route reads. */
function includeParameters(build: Build, from: ResolvedType, primary: ResolvedType): JsonSchema[] {
  const limits = build.limitsOf(primary.name);
  const capabilities = build.capabilitiesOf(primary.name);
  const key = JSON.stringify([limits.maxIncludeDepth, limits.maxIncludePaths, capabilities.includes]);
  const suffix = build.variant(`include.${from.name}`, key);
  return build.parameter(`${from.name}.include${suffix}`, () => includeParameter(build.resolved, from, limits, capabilities));
}

/** `filter`, the simple filters, `sort` and `page` of a to-many read of `primary`. */
function toManyParameters(build: Build, primary: ResolvedType): JsonSchema[] {
  const { resolved, sink } = build;
  const limits = build.limitsOf(primary.name);
  const capabilities = build.capabilitiesOf(primary.name);
  const name = primary.name;
  return [
    ...build.parameter(`${name}.filter`, () => filterParameter(primary, sink.ref(`${name}.filter`), limits, capabilities)),
    ...simpleFilterParameters(resolved, primary, limits, capabilities).flatMap((simple) =>
      build.parameter(`${name}.filter.simple.${String(simple['name']).slice('filter['.length, -1)}`, () => simple),
    ),
    ...build.parameter(`${name}.sort`, () => sortParameter(resolved, primary, limits, capabilities)),
    ...pageParameters(limits, capabilities).flatMap((page) =>
      build.parameter(`${name}.page.${String(page['name']).slice('page['.length, -1)}`, () => page),
    ),
  ];
}

/** How a paged list is paged, and how a client asks for cursor pages. */
function pagingDescription(limits: QueryLimits, capabilities: ResolvedCapabilities): string {
  if (!capabilities.keyset) {
    const first = capabilities.offset ? '' : ' Only the first page (`page[number]=1`): the data layer reads no offset.';
    return `Paged by number (\`page[number]\`): the data layer reads no cursor pages of this type (\`page[after]\`/\`page[before]\` are refused).${first}`;
  }
  const cursorPages = `\`page[after]\`/\`page[before]\` (cursors from \`meta.page.cursor\`, or \`links.next\`/\`links.prev\`) select a cursor page (the Cursor Pagination profile, ${CURSOR_PROFILE})`;
  return limits.pagination === 'cursor'
    ? `Paged by cursor: without a cursor, the first page of a cursor walk; ${cursorPages}. \`page[number]\` is refused.`
    : `Paged by number (\`page[number]\`) unless the request asks for cursor pages: ${cursorPages}, and so does \`Accept: application/vnd.api+json; profile="${CURSOR_PROFILE}"\` without \`page[number]\` (the first page of a cursor walk, where the data layer can page by cursor on the sort).`;
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
