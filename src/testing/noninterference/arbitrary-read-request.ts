import fc from 'fast-check';
import type { Id } from '../../layers/data-layer.js';
import type { LimitOptions } from '../../limits.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import type { Dataset } from '../arbitraries/arbitrary-data.js';
import { arbitraryNearValidQueryString } from '../arbitraries/arbitrary-near-valid-query-string.js';
import { arbitraryQueryString } from '../arbitraries/arbitrary-query-string.js';
import { visibleSchema } from './visible-schema.js';
import type { Policy } from '../../policy/policy.js';

/** A read request: `GET` of a raw path with a raw query string. */
export interface ReadRequestLine {
  readonly path: string;
  readonly query: string;
}

/** Options of `arbitraryReadRequest`. */
export interface ArbitraryReadRequestOptions {
  /** Records whose ids the paths name and whose values the filters compare with (both twins, merged). */
  readonly data?: Dataset;
  /** The handler's limits, so that valid queries stay valid. */
  readonly limits?: LimitOptions;
}

/** Query text no generator of valid queries writes: raw characters, parameter-like junk. */
const HOSTILE_QUERIES = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('filter', 'sort', 'include', 'fields', 'page', 'filter[', 'page[after]', 'page[size]', 'fields[', 'sort[0]', '%5B'),
        fc.string({ maxLength: 12 }),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((parameters) => parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')),
);

/**
 * Random read requests on every route of the schema — a collection, one resource,
 * its related resources and its relationship linkage — naming ids the data holds
 * (visible or not) and ids it does not, relationships visible, hidden and unknown,
 * with query strings of every kind: valid for the requester (the schema without the
 * policy's hidden fields), valid for the full schema (so they name hidden fields:
 * filters, `rel__field`, dotted sorts, includes, sparse fieldsets, cursor pages),
 * near-valid mutations of both (`arbitraryNearValidQueryString`), and junk.
 *
 * @example
 * fc.sample(arbitraryReadRequest(schema, policy, { data }), 1);
 * // [{ path: '/persons/3/computers', query: 'sort=-serial&page[size]=2' }]
 */
export function arbitraryReadRequest(
  schema: ResourceSchema,
  policy: Policy,
  options: ArbitraryReadRequestOptions = {},
): fc.Arbitrary<ReadRequestLine> {
  const resolved = resolveSchema(schema);
  const seen = visibleSchema(schema, policy);
  const generation = {
    cursorPages: true,
    ...(options.data === undefined ? {} : { data: options.data }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  };
  const queries = new Map(
    [...resolved.types.keys()].map((type) => [
      type,
      fc.oneof(
        { arbitrary: arbitraryQueryString(seen, type, generation), weight: 5 },
        { arbitrary: arbitraryQueryString(schema, type, generation), weight: 3 },
        { arbitrary: arbitraryNearValidQueryString(seen, type, generation), weight: 2 },
        { arbitrary: arbitraryNearValidQueryString(schema, type, generation), weight: 1 },
        { arbitrary: HOSTILE_QUERIES, weight: 1 },
        { arbitrary: fc.constant(''), weight: 1 },
      ),
    ]),
  );
  const routes = [...resolved.types.values()].map((type) => {
    const held: Id[] = [...new Set((options.data?.[type.name] ?? []).map((row) => row.id))];
    const missing = type.idType === 'integer' ? 404_404 : 'missing';
    const id = fc.constantFrom<Id>(...held, missing).map((value) => encodeURIComponent(String(value)));
    const query = queries.get(type.name) as fc.Arbitrary<string>;
    const collection = query.map((text) => ({ path: `/${type.root}`, query: text }));
    const resource = fc.tuple(id, query).map(([chosen, text]) => ({ path: `/${type.root}/${chosen}`, query: text }));
    const relationships = [...type.relationships.values()];
    const branches: fc.WeightedArbitrary<ReadRequestLine>[] = [
      { arbitrary: collection, weight: 4 },
      { arbitrary: resource, weight: 2 },
    ];
    if (relationships.length > 0) {
      const related = fc.constantFrom(...relationships).chain((relationship) =>
        fc.tuple(id, queries.get(relationship.target) as fc.Arbitrary<string>, fc.boolean()).map(([chosen, text, linkage]) => ({
          path: `/${type.root}/${chosen}/${linkage ? 'relationships/' : ''}${relationship.name}`,
          query: text,
        })),
      );
      branches.push({ arbitrary: related, weight: 4 });
    }
    branches.push({ arbitrary: id.map((chosen) => ({ path: `/${type.root}/${chosen}/relationships/unknown`, query: '' })), weight: 1 });
    return fc.oneof(...branches);
  });
  return fc.oneof(...routes);
}
