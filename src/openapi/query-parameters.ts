/**
 * The OpenAPI parameter objects of the five query parameters, from the schema and
 * the limits: `filter` (the JSON form as `content: application/json`, and the simple
 * form `filter[<field>]` for every field a simple filter reaches), `sort`,
 * `page[size]`/`page[number]`, `include` and `fields[<type>]`, plus the `id` path
 * parameter. Lists (`sort`, `include`, `fields`) are form-style, comma-separated arrays.
 * Each follows the data layer's resolved capabilities for the type read: what the
 * layer does not read is left out of a schema (an operator, a dotted sort key) or
 * given a schema no value passes (a parameter the handler refuses whatever its value).
 */
import type { ResolvedCapabilities } from '../layers/capabilities.js';
import type { QueryLimits } from '../limits.js';
import { FILTER_DEPTH_CEILING } from '../parse/filter/depth-scan.js';
import { canonicalIntegerText } from '../rules/number-rules.js';
import { sortKeyText } from '../rules/sort-key-text.js';
import { storableText } from '../rules/string-rules.js';
import type { ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import type { JsonSchema } from './json-schema.js';
import { filterChains, includePaths, sortKeys } from './member-paths.js';
import { scalarSchema } from './value-schemas.js';

/** An OpenAPI parameter object. */
export type Parameter = { readonly [member: string]: unknown };

const list = (name: string, description: string, items: JsonSchema, bounds: Record<string, number>): Parameter => ({
  name,
  in: 'query',
  description,
  style: 'form',
  explode: false,
  schema: { type: 'array', uniqueItems: true, ...bounds, items },
});

/** The schema no value passes: a parameter the handler refuses whatever it holds. */
const REFUSED: JsonSchema = { not: {} };

/** What a layer without `and` is told: the filter parameters are ANDed. */
const ONE_FILTER = ' The data layer evaluates no "and": send one filter entry in one filter parameter at most.';

/** `filter`, the JSON form: its schema is the type's filter grammar (`filterRef`). */
export function filterParameter(type: ResolvedType, filterRef: JsonSchema, limits: QueryLimits, capabilities: ResolvedCapabilities): Parameter {
  return {
    name: 'filter',
    in: 'query',
    description:
      `The JSON form of the filter on ${type.name}: an array of entries, or one entry (docs/query-syntax.md). ` +
      `At most ${limits.maxFilterLength} characters, ${limits.maxFilterNodes} nodes and ` +
      `${limits.maxFilterDepth} levels of and/or/not/any/has (shortcut hops count as levels).` +
      (capabilities.nodes.has('and') ? '' : ONE_FILTER),
    content: { 'application/json': { schema: filterRef } },
  };
}

/**
 * The simple form, `filter[<field>]=<value>` (`eq`), for every filterable field of
 * the type and of the types its filterable relationships reach (`filter[computers__serial]`),
 * where the layer evaluates `eq` on the field's kind (and `any`/`has` on the way).
 */
export function simpleFilterParameters(
  schema: ResolvedSchema,
  type: ResolvedType,
  limits: QueryLimits,
  capabilities: ResolvedCapabilities,
): Parameter[] {
  const maxHops = Math.min(limits.maxPathHops, limits.maxFilterDepth, FILTER_DEPTH_CEILING);
  const ends = [
    { prefix: '', target: type },
    ...filterChains(schema, type, maxHops, capabilities.nodes).map((chain) => ({
      prefix: `${chain.names.join('__')}__`,
      target: chain.target,
    })),
  ];
  const parameters: Parameter[] = [];
  for (const { prefix, target } of ends) {
    for (const attribute of [target.id, ...target.attributes.values()]) {
      if (!attribute.filterable || !capabilities.operators[attribute.kind].has('eq')) continue;
      parameters.push({
        name: `filter[${prefix}${attribute.name}]`,
        in: 'query',
        description:
          `Simple filter: ${prefix === '' ? '' : `related ${target.name} `}${attribute.name} equals the value.` +
          (capabilities.nodes.has('and') ? '' : ONE_FILTER),
        schema: scalarSchema(attribute, limits),
      });
    }
  }
  return parameters;
}

/**
 * `sort`: comma-separated keys, `-` for descending, dotted paths through to-one
 * relationships (where the layer sorts by them), at most `maxSortKeys` of them and at
 * most the layer's `sort.maxKeys` besides a last `id`/`-id` key.
 */
export function sortParameter(
  schema: ResolvedSchema,
  type: ResolvedType,
  limits: QueryLimits,
  capabilities: ResolvedCapabilities,
): Parameter | undefined {
  const keys = sortKeys(schema, type, capabilities.sortPaths ? limits.maxPathHops : 0);
  if (keys.length === 0) return undefined;
  const declared = capabilities.maxSortKeys;
  const bounded = declared < limits.maxSortKeys;
  const parameter = list(
    'sort',
    'Sort keys, comma-separated; a leading "-" sorts descending' +
      (capabilities.sortPaths ? '; dotted paths follow to-one relationships. ' : '. ') +
      'A field may appear once. The primary key is always the last key.' +
      (bounded ? ` The data layer sorts by at most ${declared} key${declared === 1 ? '' : 's'} besides a last id key.` : ''),
    { enum: keys },
    { minItems: 1, maxItems: limits.maxSortKeys },
  );
  if (!bounded) return parameter;
  // `declared` keys, or one more when the last is `id`/`-id` (the tie-break every sort ends with).
  const idKeys = (['asc', 'desc'] as const).map((direction) => sortKeyText({ path: [], field: type.id.name, direction }));
  const withId: JsonSchema = {
    minItems: declared + 1,
    maxItems: declared + 1,
    prefixItems: Array.from({ length: declared }, () => ({})),
    items: { enum: idKeys },
  };
  return { ...parameter, schema: { ...(parameter['schema'] as object), anyOf: [{ maxItems: declared }, withId] } };
}

/**
 * `page[size]`, `page[number]`, and the cursors `page[after]` and `page[before]`
 * (base64url, at most `maxCursorLength` characters; docs/query-syntax.md): only
 * `page[number]=1` where the layer reads no offset, no cursor where it reads no
 * keyset window.
 */
export function pageParameters(limits: QueryLimits, capabilities: ResolvedCapabilities): Parameter[] {
  return [
    {
      name: 'page[size]',
      in: 'query',
      description: `Items per page${limits.allowUnpaginated ? '; 0 disables pagination' : ''}.`,
      schema: {
        type: 'integer',
        minimum: limits.allowUnpaginated ? 0 : 1,
        maximum: limits.maxPageSize,
        default: limits.defaultPageSize,
      },
    },
    {
      name: 'page[number]',
      in: 'query',
      description:
        `The page, from 1; (page[number] − 1) × page[size] is at most ${limits.maxOffset}.` +
        (limits.pagination === 'cursor' ? ' Refused here: pages go by cursor (page[after], page[before]).' : '') +
        (capabilities.offset ? '' : ' The data layer reads the first page only: 1.'),
      schema: { type: 'integer', minimum: 1, maximum: capabilities.offset ? limits.maxOffset + 1 : 1, default: 1 },
    },
    ...(['after', 'before'] as const).map((bound) => ({
      name: `page[${bound}]`,
      in: 'query',
      description: capabilities.keyset
        ? `A cursor from meta.page.cursor or a pagination link: the page of rows ${bound} that row, in the order of sort (the Cursor Pagination profile).`
        : 'Refused: the data layer reads no cursor pages of this type.',
      schema: capabilities.keyset ? { type: 'string', pattern: '^[A-Za-z0-9_-]+$', maxLength: limits.maxCursorLength } : REFUSED,
    })),
  ];
}

/** `include`: relationship paths from `from`, up to the include depth limit; refused where the layer reads no includes. */
export function includeParameter(
  schema: ResolvedSchema,
  from: ResolvedType,
  limits: QueryLimits,
  capabilities: ResolvedCapabilities,
): Parameter | undefined {
  const paths = includePaths(schema, from, limits.maxIncludeDepth);
  if (paths.length === 0) return undefined;
  if (!capabilities.includes) {
    return { name: 'include', in: 'query', description: 'Refused: the data layer reads no related resources to include.', schema: REFUSED };
  }
  return list(
    'include',
    `Related resources to include: relationship paths from ${from.name}, comma-separated.`,
    { enum: paths },
    { minItems: 1, maxItems: limits.maxIncludePaths },
  );
}

/** `fields[<type>]`: the attributes and relationships of that type to return. */
export function fieldsParameter(type: ResolvedType): Parameter {
  const names = [...type.attributes.keys(), ...type.relationships.keys()];
  return list(
    `fields[${type.name}]`,
    `The fields of ${type.name} resources to return, comma-separated; empty for none.`,
    names.length === 0 ? false : { enum: names },
    {},
  );
}

/** The `id` path parameter of a type: its declared id type, at most `maxIdLength` characters. */
export function idParameter(type: ResolvedType, limits: QueryLimits): Parameter {
  return {
    name: 'id',
    in: 'path',
    required: true,
    description: `The id of a ${type.name}.`,
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: limits.maxIdLength,
      pattern: (type.idType === 'integer' ? canonicalIntegerText : storableText).schema.pattern,
    },
  };
}
