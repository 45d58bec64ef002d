import fc from 'fast-check';
import type { Id, Row } from '../../layers/data-layer.js';
import { resolveSchema, type ResolvedAttribute, type ResolvedType } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { linkInverses, side } from './link-inverses.js';
import { stressIds, stressValues } from './stress-values.js';

/**
 * Records by type, in the memory layer's format: flat rows with `id`, attributes by
 * name, and for each relationship the related id (to-one, or `null`) or an array of
 * ids (to-many).
 */
export type Dataset = { readonly [type: string]: readonly Row[] };

/** Options of `arbitraryData`. */
export interface ArbitraryDataOptions {
  /** Fewest records per type (default 0). */
  readonly minRecords?: number;
  /** Most records per type (default 8; at most the size of the id pool, 12). */
  readonly maxRecords?: number;
  /** Extra non-null values to mix into every attribute's pool (kept only where they validate). */
  readonly values?: readonly (string | number | boolean)[];
}

/**
 * Random records for a schema, consistent with its inverses: where a relationship
 * has an inverse, one side is generated and the other derived from it (a to-many
 * side from the to-one side; one-to-one links are kept injective). Values come from
 * small pools that stress the shared semantics: nulls, ties, mixed case, non-ASCII,
 * `%`/`_`/`\` inside values, shared prefixes, code-point versus numeric id order.
 * Every value passes its attribute's JSON Schema.
 *
 * @example
 * fc.assert(fc.property(
 *   arbitrarySchema().chain((schema) => fc.tuple(fc.constant(schema), arbitraryData(schema))),
 *   ([schema, data]) => { createMemoryLayer(schema, data); },
 * ));
 */
export function arbitraryData(schema: ResourceSchema, options: ArbitraryDataOptions = {}): fc.Arbitrary<Dataset> {
  const types = [...resolveSchema(schema).types.values()];
  const idArbitraries = types.map((type) => {
    const pool = stressIds(type.idType);
    const minLength = Math.min(options.minRecords ?? 0, pool.length);
    return fc.shuffledSubarray([...pool], {
      minLength,
      maxLength: Math.max(minLength, Math.min(options.maxRecords ?? 8, pool.length)),
    });
  });
  return fc
    .tuple(...idArbitraries)
    .chain((idLists) => {
      const idsOf = new Map(types.map((type, index) => [type.name, idLists[index] ?? []]));
      return fc.tuple(
        ...types.map((type) => {
          // The members are the same for every record of a type: built once, the id added per record.
          const members = recordArbitrary(schema, type, idsOf, options);
          return fc.tuple(...(idsOf.get(type.name) ?? []).map((id) => members.map((row) => ({ id, ...row }))));
        }),
      );
    })
    .map((rowLists) => {
      // Copies: the generated rows belong to fast-check, which may reuse them while shrinking.
      const data = new Map(types.map((type, index) => [type.name, (rowLists[index] ?? []).map((row) => ({ ...row }))]));
      linkInverses(schema, data);
      return Object.fromEntries(data) as Dataset;
    });
}

function recordArbitrary(
  schema: ResourceSchema,
  type: ResolvedType,
  idsOf: ReadonlyMap<string, readonly Id[]>,
  options: ArbitraryDataOptions,
): fc.Arbitrary<Record<string, unknown>> {
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  for (const attribute of type.attributes.values()) members[attribute.name] = attributeValue(attribute, options);
  for (const relationship of type.relationships.values()) {
    const targets = idsOf.get(relationship.target) ?? [];
    if (side(schema, relationship) === 'derived') {
      members[relationship.name] = fc.constant(relationship.toMany ? [] : null);
    } else if (relationship.toMany) {
      members[relationship.name] = fc.subarray([...targets]);
    } else {
      members[relationship.name] =
        targets.length === 0
          ? fc.constant(null)
          : fc.oneof({ arbitrary: fc.constantFrom(...targets), weight: 3 }, fc.constant(null));
    }
  }
  return fc.record(members);
}

function attributeValue(attribute: ResolvedAttribute, options: ArbitraryDataOptions): fc.Arbitrary<unknown> {
  const pool = [...stressValues(attribute.kind, attribute.integer), ...(options.values ?? [])];
  const enumerated = attribute.definition.enum?.filter((value) => value !== null);
  const valid = (enumerated ?? pool).filter((value) => attribute.validate(value));
  const present = valid.length === 0 ? fc.constant(null) : fc.constantFrom(...valid);
  return attribute.nullable ? fc.oneof({ arbitrary: present, weight: 3 }, fc.constant(null)) : present;
}
