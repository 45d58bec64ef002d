import fc from 'fast-check';
import type { Id, Row } from '../../layers/data-layer.js';
import {
  resolveSchema,
  type ResolvedAttribute,
  type ResolvedRelationship,
  type ResolvedType,
} from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
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
      const relationships = types.flatMap((type) => [...type.relationships.values()]);
      for (const relationship of relationships) {
        if (isSymmetric(relationship)) symmetrize(relationship, data.get(relationship.owner) ?? []);
        else if (isOneToOne(schema, relationship) && side(schema, relationship) === 'generated') keepInjective(relationship, data);
      }
      for (const relationship of relationships) if (side(schema, relationship) === 'derived') derive(relationship, data);
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

/**
 * Which side of a relationship is generated: the to-one side of a one-to-many pair,
 * the first by name of two sides of the same cardinality, and every relationship
 * without an inverse (or that is its own inverse). The other side is derived.
 */
function side(schema: ResourceSchema, relationship: ResolvedRelationship): 'generated' | 'derived' {
  const inverse = inverseOf(schema, relationship);
  if (inverse === undefined || isSymmetric(relationship)) return 'generated';
  if (relationship.toMany !== inverse.toMany) return relationship.toMany ? 'derived' : 'generated';
  const ownKey = `${relationship.owner}\u0000${relationship.name}`;
  const inverseKey = `${relationship.target}\u0000${inverse.name}`;
  return ownKey < inverseKey ? 'generated' : 'derived';
}

function inverseOf(schema: ResourceSchema, relationship: ResolvedRelationship): ResolvedRelationship | undefined {
  if (relationship.inverse === undefined) return undefined;
  return resolveSchema(schema).types.get(relationship.target)?.relationships.get(relationship.inverse);
}

/** Whether both the relationship and its inverse are to-one. */
function isOneToOne(schema: ResourceSchema, relationship: ResolvedRelationship): boolean {
  const inverse = inverseOf(schema, relationship);
  return !relationship.toMany && inverse !== undefined && !inverse.toMany;
}

/** Whether the relationship is its own inverse (`friends` of a person). */
function isSymmetric(relationship: ResolvedRelationship): boolean {
  return relationship.target === relationship.owner && relationship.inverse === relationship.name;
}

/** Fills a derived relationship from the generated side of its inverse. */
function derive(relationship: ResolvedRelationship, data: ReadonlyMap<string, Record<string, unknown>[]>): void {
  const owners = data.get(relationship.owner) ?? [];
  const sources = data.get(relationship.target) ?? [];
  const inverse = relationship.inverse as string;
  const pointing = new Map<Id, Id[]>();
  for (const source of sources) {
    const value = source[inverse];
    const targets = Array.isArray(value) ? (value as Id[]) : value === null || value === undefined ? [] : [value as Id];
    for (const target of targets) {
      const list = pointing.get(target) ?? [];
      list.push(source['id'] as Id);
      pointing.set(target, list);
    }
  }
  for (const owner of owners) {
    const list = pointing.get(owner['id'] as Id) ?? [];
    owner[relationship.name] = relationship.toMany ? list : (list[0] ?? null);
  }
}

/** A to-one relationship whose inverse is to-one: a target is claimed by at most one record. */
function keepInjective(relationship: ResolvedRelationship, data: ReadonlyMap<string, Record<string, unknown>[]>): void {
  const claimed = new Set<unknown>();
  for (const row of data.get(relationship.owner) ?? []) {
    const target = row[relationship.name];
    if (target === null) continue;
    if (claimed.has(target)) row[relationship.name] = null;
    else claimed.add(target);
  }
}

/** A relationship that is its own inverse: links hold in both directions. */
function symmetrize(relationship: ResolvedRelationship, rows: Record<string, unknown>[]): void {
  const byId = new Map(rows.map((row) => [row['id'] as Id, row]));
  if (relationship.toMany) {
    const links = new Map(rows.map((row) => [row['id'] as Id, new Set(row[relationship.name] as Id[])]));
    for (const [id, targets] of links) for (const target of targets) links.get(target)?.add(id);
    for (const row of rows) {
      const targets = links.get(row['id'] as Id) ?? new Set();
      row[relationship.name] = rows.map((other) => other['id'] as Id).filter((id) => targets.has(id));
    }
    return;
  }
  const partner = new Map<Id, Id>();
  for (const row of rows) {
    const id = row['id'] as Id;
    const target = row[relationship.name] as Id | null;
    if (partner.has(id)) continue;
    if (target !== null && !partner.has(target) && byId.has(target)) {
      partner.set(id, target);
      partner.set(target, id);
    }
  }
  for (const row of rows) row[relationship.name] = partner.get(row['id'] as Id) ?? null;
}
