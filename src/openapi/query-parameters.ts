/**
 * The OpenAPI parameter objects of the five query parameters, from the schema and
 * the limits: `filter` (the JSON form as `content: application/json`, and the simple
 * form `filter[<field>]` for every field a simple filter reaches), `sort`,
 * `page[size]`/`page[number]`, `include` and `fields[<type>]`, plus the `id` path
 * parameter. Lists (`sort`, `include`, `fields`) are form-style, comma-separated arrays.
 */
import type { Operator } from '../ast/operators.js';
import type { QueryLimits } from '../limits.js';
import { FILTER_DEPTH_CEILING } from '../parse/filter/depth-scan.js';
import { canonicalIntegerText } from '../rules/number-rules.js';
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

/** `filter`, the JSON form: its schema is the type's filter grammar (`filterRef`). */
export function filterParameter(type: ResolvedType, filterRef: JsonSchema, limits: QueryLimits): Parameter {
  return {
    name: 'filter',
    in: 'query',
    description:
      `The JSON form of the filter on ${type.name}: an array of entries, or one entry (docs/query-syntax.md). ` +
      `At most ${limits.maxFilterLength} characters, ${limits.maxFilterNodes} nodes and ` +
      `${limits.maxFilterDepth} levels of and/or/not/any/has (shortcut hops count as levels).`,
    content: { 'application/json': { schema: filterRef } },
  };
}

/**
 * The simple form, `filter[<field>]=<value>` (`eq`), for every filterable field of
 * the type and of the types its filterable relationships reach (`filter[computers__serial]`).
 */
export function simpleFilterParameters(
  schema: ResolvedSchema,
  type: ResolvedType,
  limits: QueryLimits,
  operators: ReadonlySet<Operator> | undefined,
): Parameter[] {
  if (operators !== undefined && !operators.has('eq')) return [];
  const maxHops = Math.min(limits.maxPathHops, limits.maxFilterDepth, FILTER_DEPTH_CEILING);
  const ends = [
    { prefix: '', target: type },
    ...filterChains(schema, type, maxHops, operators).map((chain) => ({
      prefix: `${chain.names.join('__')}__`,
      target: chain.target,
    })),
  ];
  const parameters: Parameter[] = [];
  for (const { prefix, target } of ends) {
    for (const attribute of [target.id, ...target.attributes.values()]) {
      if (!attribute.filterable) continue;
      parameters.push({
        name: `filter[${prefix}${attribute.name}]`,
        in: 'query',
        description: `Simple filter: ${prefix === '' ? '' : `related ${target.name} `}${attribute.name} equals the value.`,
        schema: scalarSchema(attribute, limits),
      });
    }
  }
  return parameters;
}

/** `sort`: comma-separated keys, `-` for descending, dotted paths through to-one relationships. */
export function sortParameter(schema: ResolvedSchema, type: ResolvedType, limits: QueryLimits): Parameter | undefined {
  const keys = sortKeys(schema, type, limits.maxPathHops);
  if (keys.length === 0) return undefined;
  return list(
    'sort',
    'Sort keys, comma-separated; a leading "-" sorts descending; dotted paths follow to-one relationships. ' +
      'A field may appear once. The primary key is always the last key.',
    { enum: keys },
    { minItems: 1, maxItems: limits.maxSortKeys },
  );
}

/**
 * `page[size]`, `page[number]`, and the cursors `page[after]` and `page[before]`
 * (base64url, at most `maxCursorLength` characters; docs/query-syntax.md).
 */
export function pageParameters(limits: QueryLimits): Parameter[] {
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
        (limits.pagination === 'cursor' ? ' Refused here: pages go by cursor (page[after], page[before]).' : ''),
      schema: { type: 'integer', minimum: 1, maximum: limits.maxOffset + 1, default: 1 },
    },
    ...(['after', 'before'] as const).map((bound) => ({
      name: `page[${bound}]`,
      in: 'query',
      description: `A cursor from meta.page.cursor or a pagination link: the page of rows ${bound} that row, in the order of sort (the Cursor Pagination profile).`,
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$', maxLength: limits.maxCursorLength },
    })),
  ];
}

/** `include`: relationship paths from `from`, up to the include depth limit. */
export function includeParameter(schema: ResolvedSchema, from: ResolvedType, limits: QueryLimits): Parameter | undefined {
  const paths = includePaths(schema, from, limits.maxIncludeDepth);
  if (paths.length === 0) return undefined;
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
