import fc from 'fast-check';
import type { Id, Row } from '../../layers/data-layer.js';
import { resolveSchema, type ResolvedRelationship, type ResolvedType } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { arbitraryData, type Dataset } from '../arbitraries/arbitrary-data.js';
import { linkInverses, side } from '../arbitraries/link-inverses.js';
import { idKey, policyView, visibleIds, visibleRows } from './policy-view.js';
import type { Policy } from '../../policy/policy.js';

/** Two datasets a requester cannot tell apart under a policy, and what was changed to make the second. */
export interface TwinDatasets {
  readonly first: Dataset;
  readonly second: Dataset;
  /** The changes that made `second` from `first`, one line each (`computer 3: serial "a" → "b"`). */
  readonly changes: readonly string[];
}

/** Options of `arbitraryTwinDatasets`. */
export interface ArbitraryTwinDatasetsOptions {
  /** Fewest records per type of the first dataset (default 2). */
  readonly minRecords?: number;
  /** Most records per type of the first dataset (default 8). */
  readonly maxRecords?: number;
  /** Most changes tried on the way to the second dataset (default 16). */
  readonly maxChanges?: number;
}

/** One change to try, placed by random numbers: which type, row, member and donor row. */
interface Change {
  readonly kind: 'attribute' | 'add' | 'remove' | 'link';
  readonly type: number;
  readonly row: number;
  readonly member: number;
  readonly donor: number;
}

type MutableData = Map<string, Record<string, unknown>[]>;

/**
 * Pairs of datasets that agree on everything a requester may see under `policy` and
 * differ in what it hides: hidden attributes of visible rows, any value of rows
 * outside a row filter, hidden rows added and removed, and links from and to hidden
 * rows (and through hidden relationships). The second dataset is derived from the
 * first by such changes, taken from a random donor dataset; a change that would
 * alter what the requester sees (`policyView`: visible rows, their visible
 * attributes and visible linkage, both sides of every inverse pair) is dropped, so
 * the two views are equal by construction.
 *
 * @example
 * fc.assert(fc.property(arbitraryTwinDatasets(schema, policy), ({ first, second }) => {
 *   expect(policyView(schema, policy, second)).toBe(policyView(schema, policy, first));
 * }));
 */
export function arbitraryTwinDatasets(
  schema: ResourceSchema,
  policy: Policy,
  options: ArbitraryTwinDatasetsOptions = {},
): fc.Arbitrary<TwinDatasets> {
  const types = [...resolveSchema(schema).types.values()];
  const change: fc.Arbitrary<Change> = fc.record({
    kind: fc.constantFrom('attribute', 'add', 'remove', 'link'),
    type: fc.nat(types.length - 1),
    row: fc.nat(),
    member: fc.nat(),
    donor: fc.nat(),
  });
  return fc
    .record({
      first: arbitraryData(schema, { minRecords: options.minRecords ?? 2, maxRecords: options.maxRecords ?? 8 }),
      donor: arbitraryData(schema, { minRecords: 4, maxRecords: 12 }),
      changes: fc.array(change, { minLength: 4, maxLength: options.maxChanges ?? 16 }),
    })
    .map(({ first, donor, changes }) => twinOf(schema, policy, types, first, donor, changes));
}

function twinOf(
  schema: ResourceSchema,
  policy: Policy,
  types: readonly ResolvedType[],
  first: Dataset,
  donor: Dataset,
  changes: readonly Change[],
): TwinDatasets {
  const view = policyView(schema, policy, first);
  let current = copy(first);
  const applied: string[] = [];
  for (const change of changes) {
    const candidate = copy(current);
    const type = types[change.type % types.length] as ResolvedType;
    const description = apply(schema, policy, type, candidate, donor, change);
    if (description === undefined) continue;
    linkInverses(schema, candidate);
    if (policyView(schema, policy, frozen(candidate)) !== view) continue;
    current = candidate;
    applied.push(description);
  }
  return { first, second: frozen(current), changes: applied };
}

/** Applies one change to `data`; its description, or `undefined` when it does not apply. */
function apply(
  schema: ResourceSchema,
  policy: Policy,
  type: ResolvedType,
  data: MutableData,
  donor: Dataset,
  change: Change,
): string | undefined {
  const rows = data.get(type.name) ?? [];
  const donors = donor[type.name] ?? [];
  const row = rows[change.row % Math.max(1, rows.length)];
  const from = donors[change.donor % Math.max(1, donors.length)];
  const hidden = new Set(policy.types[type.name]?.hidden ?? []);
  switch (change.kind) {
    case 'attribute': {
      // A row the requester sees changes only in hidden attributes; one it does not see, in any.
      const hiddenAttributes = [...type.attributes.keys()].filter((name) => hidden.has(name));
      const shown = visibleIds(schema, policy, frozen(data)).get(type.name) ?? new Set<string>();
      const changeable = rows.filter((candidate) => hiddenAttributes.length > 0 || !shown.has(idKey(candidate['id'] as Id)));
      const target = changeable[change.row % Math.max(1, changeable.length)];
      if (target === undefined || from === undefined) return undefined;
      const visible = shown.has(idKey(target['id'] as Id));
      const names = visible ? hiddenAttributes : [...type.attributes.keys()];
      const name = names[change.member % Math.max(1, names.length)];
      if (name === undefined || Object.is(target[name], from[name])) return undefined;
      const before = target[name];
      target[name] = from[name];
      return `${type.name} ${String(target['id'])}: ${name} ${JSON.stringify(before)} → ${JSON.stringify(from[name])}`;
    }
    case 'add': {
      const present = new Set(rows.map((existing) => idKey(existing['id'] as Id)));
      const candidates = donors.filter((candidate) => !present.has(idKey(candidate.id)));
      const added = candidates[change.donor % Math.max(1, candidates.length)];
      if (added === undefined) return undefined;
      const record: Record<string, unknown> = { ...added };
      for (const relationship of type.relationships.values()) {
        const targets = new Set((data.get(relationship.target) ?? []).map((target) => idKey(target['id'] as Id)));
        const value = side(schema, relationship) === 'derived' ? null : record[relationship.name];
        record[relationship.name] = relationship.toMany
          ? ((value ?? []) as Id[]).filter((id) => targets.has(idKey(id)))
          : value !== null && value !== undefined && targets.has(idKey(value as Id)) ? value : null;
      }
      rows.push(record);
      return `${type.name} ${String(added.id)}: added ${JSON.stringify(record)}`;
    }
    case 'remove': {
      const visible = visibleIds(schema, policy, frozen(data)).get(type.name) ?? new Set<string>();
      const invisible = rows.filter((candidate) => !visible.has(idKey(candidate['id'] as Id)));
      const removed = invisible[change.row % Math.max(1, invisible.length)];
      if (removed === undefined) return undefined;
      const id = idKey(removed['id'] as Id);
      rows.splice(rows.indexOf(removed), 1);
      for (const owner of resolveSchema(schema).types.values()) {
        for (const relationship of owner.relationships.values()) {
          if (relationship.target !== type.name) continue;
          for (const linked of data.get(owner.name) ?? []) {
            const value = linked[relationship.name];
            if (Array.isArray(value)) linked[relationship.name] = (value as Id[]).filter((target) => idKey(target) !== id);
            else if (value !== null && value !== undefined && idKey(value as Id) === id) linked[relationship.name] = null;
          }
        }
      }
      return `${type.name} ${String(removed['id'])}: removed`;
    }
    case 'link': {
      const generated = [...type.relationships.values()].filter((relationship) => side(schema, relationship) === 'generated');
      const relationship = generated[change.member % Math.max(1, generated.length)];
      if (row === undefined || from === undefined || relationship === undefined) return undefined;
      const next = relinked(schema, policy, data, relationship, row, from, hidden);
      if (next === undefined || JSON.stringify(next) === JSON.stringify(row[relationship.name])) return undefined;
      const before = row[relationship.name];
      row[relationship.name] = next;
      return `${type.name} ${String(row['id'])}: ${relationship.name} ${JSON.stringify(before)} → ${JSON.stringify(next)}`;
    }
  }
}

/**
 * The new value of a generated relationship of `row`, from the donor's: where the
 * requester sees the link (a visible row, a visible relationship), its visible
 * targets are kept and only the donor's invisible ones join them; elsewhere the
 * donor's value as it is (only targets that exist).
 */
function relinked(
  schema: ResourceSchema,
  policy: Policy,
  data: MutableData,
  relationship: ResolvedRelationship,
  row: Record<string, unknown>,
  from: Row,
  hidden: ReadonlySet<string>,
): unknown {
  const targets = new Set((data.get(relationship.target) ?? []).map((target) => idKey(target['id'] as Id)));
  const exists = (id: unknown): id is Id => id !== null && id !== undefined && targets.has(idKey(id as Id));
  const donated = relationship.toMany ? ((from[relationship.name] ?? []) as Id[]).filter(exists) : from[relationship.name];
  const seen = !hidden.has(relationship.name) && visibleRows(schema, policy, relationship.owner, [row as Row]).length > 0;
  if (!seen) return relationship.toMany ? donated : exists(donated) ? donated : null;
  const shown = visibleIds(schema, policy, frozen(data)).get(relationship.target) ?? new Set<string>();
  const isShown = (id: Id): boolean => shown.has(idKey(id));
  if (relationship.toMany) {
    const kept = ((row[relationship.name] ?? []) as Id[]).filter(isShown);
    return [...kept, ...(donated as Id[]).filter((id) => !isShown(id))];
  }
  const current = row[relationship.name];
  if (exists(current) && isShown(current)) return undefined;
  return exists(donated) && !isShown(donated) ? donated : null;
}

/** A mutable deep copy of the records (rows and their lists of ids). */
function copy(data: Dataset | MutableData): MutableData {
  const entries = data instanceof Map ? [...data.entries()] : Object.entries(data);
  return new Map(
    entries.map(([type, rows]) => [
      type,
      (rows as readonly Record<string, unknown>[]).map((row) =>
        Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Array.isArray(value) ? [...(value as unknown[])] : value])),
      ),
    ]),
  );
}

function frozen(data: MutableData): Dataset {
  return Object.fromEntries([...data.entries()].map(([type, rows]) => [type, rows as unknown as readonly Row[]]));
}
