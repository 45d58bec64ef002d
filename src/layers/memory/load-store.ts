import type { Id } from '../data-layer.js';
import type { ResolvedAttribute, ResolvedSchema, ResolvedType } from '../../schema/resolved-schema.js';
import { compareCodePoints } from './code-point-order.js';
import { MemoryDataError } from './memory-data-error.js';
import { indexById } from './row-index.js';
import { linkKey, POSITION, type LinkSlot, type RowsById, type Store, type StoredRow, type TypeStore } from './store.js';
import { typeStore } from './type-store.js';

/** The data a memory layer is built from: records by type name. */
export type MemoryData = { readonly [type: string]: readonly object[] };

/** What a record gave for one relationship: `undefined` when the member was absent. */
type Given = readonly StoredRow[] | undefined;

interface Loading {
  readonly type: ResolvedType;
  readonly rows: StoredRow[];
  readonly byId: RowsById;
  /** Relationship → raw related ids per row (aligned with `rows` before sorting). */
  readonly rawLinks: Map<string, unknown[]>;
  /** Relationship → resolved given targets per row index (after sorting). */
  readonly given: Map<string, Given[]>;
  readonly slots: Map<string, number>;
  readonly makeRow: (values: readonly unknown[]) => StoredRow;
}

/**
 * Validates the data against the schema and builds the store: rows copied once into
 * a uniform shape (`id`, then every attribute in declaration order, missing nullable
 * ones as `null`), sorted by primary key, and every relationship linked into direct
 * row references in both directions where the schema declares or derives an inverse.
 * Throws `MemoryDataError` naming the type, id and field of the first bad record.
 */
export function loadStore(resolved: ResolvedSchema, data: MemoryData): Store {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new TypeError('Memory layer data must be an object of record arrays by type name');
  }
  for (const typeName of Object.keys(data)) {
    if (!resolved.types.has(typeName)) {
      throw new MemoryDataError(typeName, undefined, undefined, 'unknown resource type (not in the schema)');
    }
  }
  const loading = new Map<string, Loading>();
  for (const type of resolved.types.values()) {
    const records: unknown = Object.hasOwn(data, type.name) ? data[type.name] : [];
    if (!Array.isArray(records)) {
      throw new MemoryDataError(type.name, undefined, undefined, 'records must be an array');
    }
    loading.set(type.name, loadRows(type, records));
  }
  for (const state of loading.values()) resolveGiven(state, loading);
  for (const state of loading.values()) checkInverses(state, loading);
  for (const state of loading.values()) fillLinks(state, loading);
  const types = new Map<string, TypeStore>();
  for (const [name, state] of loading) types.set(name, typeStore(state));
  return { types };
}

/**
 * Orders primary keys of one type: integer ids numerically, string ids by code point.
 */
export function idComparator(idType: 'string' | 'integer'): (a: Id, b: Id) => number {
  return idType === 'integer'
    ? (a, b) => (a as number) - (b as number)
    : (a, b) => compareCodePoints(a as string, b as string);
}

function loadRows(type: ResolvedType, records: readonly unknown[]): Loading {
  const relationshipNames = [...type.relationships.keys()];
  const attributes = [...type.attributes.values()];
  for (const record of records) checkRecord(type, attributes, record);
  const compareIds = idComparator(type.idType);
  const idOf = (record: unknown): Id => (record as { readonly id: Id }).id;
  const sorted = records.every((record, index) => index === 0 || compareIds(idOf(records[index - 1]), idOf(record)) < 0)
    ? records
    : [...records].sort((a, b) => compareIds(idOf(a), idOf(b)));
  // Sorted by id, a repeated id is next to its twin.
  for (let index = 1; index < sorted.length; index++) {
    const id = idOf(sorted[index]);
    if (compareIds(idOf(sorted[index - 1]), id) === 0) throw new MemoryDataError(type.name, id, 'id', 'duplicate id');
  }
  // Rows are created in primary key order in one tight loop, so a scan walks memory in order;
  // one scratch array carries each record's values into its row.
  const RowClass = rowClass(['id', ...type.attributes.keys()], relationshipNames.length);
  const rows: StoredRow[] = new Array<StoredRow>(sorted.length);
  const raws: unknown[][] = relationshipNames.map(() => new Array<unknown>(sorted.length));
  const values: unknown[] = new Array<unknown>(attributes.length + 1);
  for (let position = 0; position < sorted.length; position++) {
    const fields = sorted[position] as Record<string, unknown>;
    values[0] = fields['id'];
    for (let index = 0; index < attributes.length; index++) values[index + 1] = valueOf(fields, (attributes[index] as ResolvedAttribute).name);
    const row = new RowClass(values) as unknown as StoredRow;
    (row as { [POSITION]: number })[POSITION] = position;
    rows[position] = row;
    for (let slot = 0; slot < relationshipNames.length; slot++) {
      const name = relationshipNames[slot] as string;
      (raws[slot] as unknown[])[position] = Object.hasOwn(fields, name) ? fields[name] : undefined;
    }
  }
  const rawLinks = new Map(relationshipNames.map((name, slot) => [name, raws[slot] as unknown[]]));
  const slots = new Map(relationshipNames.map((name, slot) => [name, slot]));
  return { type, rows, byId: indexById(rows), rawLinks, given: new Map(), slots, makeRow: rowMaker(RowClass) };
}

/**
 * The store's `makeRow`, made outside `loadRows` so that it does not keep alive that
 * function's scope (the records, their sorted copy, the raw related ids).
 */
function rowMaker(RowClass: new (values: readonly unknown[]) => object): (values: readonly unknown[]) => StoredRow {
  return (values) => new RowClass(values) as unknown as StoredRow;
}

/** A record's value of a field: `null` when the member is absent or `undefined`. */
function valueOf(fields: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(fields, name) && fields[name] !== undefined ? fields[name] : null;
}

/** Checks one record: an object, a valid id, only known members, every attribute valid (missing ones nullable). */
function checkRecord(type: ResolvedType, attributes: readonly ResolvedAttribute[], record: unknown): void {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new MemoryDataError(type.name, undefined, undefined, 'a record must be an object');
  }
  const fields = record as Record<string, unknown>;
  const id = Object.hasOwn(fields, 'id') ? fields['id'] : undefined;
  checkId(type, id, type.name, id, 'id');
  for (const member in fields) {
    if (Object.hasOwn(fields, member) && member !== 'id' && !type.attributes.has(member) && !type.relationships.has(member)) {
      throw new MemoryDataError(type.name, id, member, 'unknown member (neither an attribute nor a relationship)');
    }
  }
  for (const attribute of attributes) {
    const present = Object.hasOwn(fields, attribute.name) && fields[attribute.name] !== undefined;
    const value = present ? fields[attribute.name] : null;
    if (!present && !attribute.nullable) throw new MemoryDataError(type.name, id, attribute.name, 'missing');
    if (!attribute.validate(value)) {
      const issue = attribute.validate.errors?.[0];
      throw new MemoryDataError(type.name, id, attribute.name, `${issue?.message ?? 'invalid value'} (got ${JSON.stringify(value)})`);
    }
  }
}

/**
 * A class per type whose instances hold `id` and the attributes as own enumerable
 * members and each relationship slot and the position under hidden keys, all
 * assigned in the constructor: V8 then keeps every member in-object, so a scan reads
 * a field with one load, as it would on an object from `JSON.parse`.
 */
function rowClass(names: readonly string[], slotCount: number): new (values: readonly unknown[]) => object {
  const slotKeys = Array.from({ length: slotCount }, (_, slot) => linkKey(slot));
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its instances are the stored rows
  return class StoredRecord {
    constructor(values: readonly unknown[]) {
      const self = this as unknown as Record<string, unknown>;
      for (let index = 0; index < names.length; index++) self[names[index] as string] = values[index];
      for (const key of slotKeys) Object.defineProperty(this, key, { value: null, writable: true, enumerable: false, configurable: false });
      Object.defineProperty(this, POSITION, { value: 0, writable: true, enumerable: false, configurable: false });
    }
  };
}

function checkId(target: ResolvedType, id: unknown, ownerType: string, ownerId: unknown, field: string): void {
  const valid = target.idType === 'integer' ? Number.isSafeInteger(id) : typeof id === 'string';
  if (valid) return;
  const what = field === 'id' ? 'the id' : `a related ${target.name} id`;
  const expected = target.idType === 'integer' ? 'an integer' : 'a string';
  throw new MemoryDataError(ownerType, ownerId, field, `${what} must be ${expected} (got ${JSON.stringify(id) ?? 'nothing'})`);
}

/** Turns the raw related ids into rows, rejecting wrong id types, dangling ids and duplicates. */
function resolveGiven(state: Loading, loading: ReadonlyMap<string, Loading>): void {
  for (const relationship of state.type.relationships.values()) {
    const target = loading.get(relationship.target);
    if (target === undefined) throw new Error(`Unknown relationship target "${relationship.target}"`);
    const raws = state.rawLinks.get(relationship.name) ?? [];
    const given: Given[] = raws.map((value, position) => {
      const owner = state.rows[position];
      const ownerId = owner?.id;
      if (value === undefined) return undefined;
      const resolve = (relatedId: unknown): StoredRow => {
        checkId(target.type, relatedId, state.type.name, ownerId, relationship.name);
        const related = target.byId.get(relatedId as Id);
        if (related === undefined) {
          throw new MemoryDataError(state.type.name, ownerId, relationship.name, `no ${target.type.name} with id ${JSON.stringify(relatedId)}`);
        }
        return related;
      };
      if (!relationship.toMany) return value === null ? [] : [resolve(value)];
      if (!Array.isArray(value)) {
        throw new MemoryDataError(state.type.name, ownerId, relationship.name, 'a to-many relationship takes an array of ids');
      }
      const rows = value.map(resolve);
      if (hasRepeat(rows)) {
        throw new MemoryDataError(state.type.name, ownerId, relationship.name, 'the same related id is listed twice');
      }
      return rows;
    });
    state.given.set(relationship.name, given);
  }
}

/** Whether a row is listed twice: pairwise for a short list (most are), else through a `Set`. */
function hasRepeat(rows: readonly StoredRow[]): boolean {
  if (rows.length > 8) return new Set(rows).size !== rows.length;
  for (let index = 1; index < rows.length; index++) if (rows.lastIndexOf(rows[index] as StoredRow, index - 1) >= 0) return true;
  return false;
}

/** When both sides of an inverse pair are given for two records, they must agree. */
function checkInverses(state: Loading, loading: ReadonlyMap<string, Loading>): void {
  for (const relationship of state.type.relationships.values()) {
    if (relationship.inverse === undefined) continue;
    const target = loading.get(relationship.target);
    const inverseGiven = target?.given.get(relationship.inverse);
    if (target === undefined || inverseGiven === undefined) continue;
    const given = state.given.get(relationship.name) ?? [];
    given.forEach((related, position) => {
      const owner = state.rows[position];
      if (related === undefined || owner === undefined) return;
      for (const row of related) {
        const back = inverseGiven[row[POSITION]];
        if (back !== undefined && !back.includes(owner)) {
          throw new MemoryDataError(
            target.type.name,
            row.id,
            relationship.inverse,
            `disagrees with ${state.type.name} ${JSON.stringify(owner.id)}, whose "${relationship.name}" lists it`,
          );
        }
      }
    });
  }
}

/** Fills every row's link slots (what the row gave, else what the inverse side gave), then freezes the rows. */
function fillLinks(state: Loading, loading: ReadonlyMap<string, Loading>): void {
  for (const relationship of state.type.relationships.values()) {
    const slot = state.slots.get(relationship.name) ?? 0;
    const key = linkKey(slot);
    const target = loading.get(relationship.target);
    if (target === undefined) continue;
    const given = state.given.get(relationship.name) ?? [];
    // Only the rows some target row lists get a list of their own.
    const derived = new Array<StoredRow[] | undefined>(state.rows.length);
    const inverseGiven = relationship.inverse === undefined ? undefined : target.given.get(relationship.inverse);
    // Walk the target rows in primary key order so derived lists come out sorted.
    inverseGiven?.forEach((owners, position) => {
      const related = target.rows[position];
      if (owners === undefined || related === undefined) return;
      for (const owner of owners) (derived[owner[POSITION]] ??= []).push(related);
    });
    state.rows.forEach((row, position) => {
      const explicit = given[position];
      const related =
        explicit === undefined
          ? (derived[position]?.slice() ?? [])
          : [...explicit].sort((a, b) => a[POSITION] - b[POSITION]);
      if (!relationship.toMany && related.length > 1) {
        throw new MemoryDataError(
          state.type.name,
          row.id,
          relationship.name,
          `a to-one relationship, but ${related.length} ${target.type.name} records list it in "${relationship.inverse ?? ''}"`,
        );
      }
      (row as unknown as Record<symbol, LinkSlot>)[key] = relationship.toMany ? related : (related[0] ?? null);
    });
  }
  for (const row of state.rows) Object.freeze(row);
}
