/**
 * Keeping both sides of every relationship of a dataset consistent: one side of each
 * inverse pair is the generated one, the other is derived from it.
 */
import type { Id } from '../../layers/data-layer.js';
import { resolveSchema, type ResolvedRelationship } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';

/**
 * Makes the relationships of mutable records consistent with their inverses, from
 * the generated side of each pair (see `side`): a relationship that is its own
 * inverse holds in both directions, a one-to-one link claims a target at most once,
 * and every derived side is rebuilt from the generated one (in the order of the
 * generated side's records).
 *
 * @example
 * linkInverses(schema, new Map([['person', persons], ['computer', computers]]));
 */
export function linkInverses(schema: ResourceSchema, data: ReadonlyMap<string, Record<string, unknown>[]>): void {
  const relationships = [...resolveSchema(schema).types.values()].flatMap((type) => [...type.relationships.values()]);
  for (const relationship of relationships) {
    if (isSymmetric(relationship)) symmetrize(relationship, data.get(relationship.owner) ?? []);
    else if (isOneToOne(schema, relationship) && side(schema, relationship) === 'generated') keepInjective(relationship, data);
  }
  for (const relationship of relationships) if (side(schema, relationship) === 'derived') derive(relationship, data);
}

/**
 * Which side of a relationship is generated: the to-one side of a one-to-many pair,
 * the first by name of two sides of the same cardinality, and every relationship
 * without an inverse (or that is its own inverse). The other side is derived.
 */
export function side(schema: ResourceSchema, relationship: ResolvedRelationship): 'generated' | 'derived' {
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
