/**
 * `jsonapi-query/openapi`: the API described from the resource schema — an OpenAPI
 * 3.1 document of every route, and the JSON Schema of each type's filter grammar.
 * See docs/openapi.md.
 */
export { filterJsonSchema, type FilterSchemaOptions } from './filter-json-schema.js';
export type { JsonSchema } from './json-schema.js';
export { OPENAPI_PATH, withOpenApi, type OpenApiRouteOptions } from './openapi-route.js';
export {
  toOpenApi,
  type OpenApiDescription,
  type OpenApiDocument,
  type OpenApiInfo,
  type OpenApiOptions,
  type OpenApiSecurityRequirement,
  type OpenApiServer,
} from './to-openapi.js';
