/**
 * A memory layer and a SQL layer that start from the same records and are given the
 * same write lists: what each list answers (ids or the refusal) and the whole state
 * after it (every resource and relationship read back through the layers' reads)
 * must be the same. The SQL layer generates its own ids (UUIDs for string ids, the
 * database's sequence for integer ids), so the twin keeps a translation between the
 * ids each layer gave the same create, and names resources to the SQL layer by its ids.
 */
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { DataLayer, Id, LayerContext, WriteRequest } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { isOperationError } from '../../src/operations/operation-error.js';
import type { RelationshipValue, Operation, ResourceRef } from '../../src/operations/operation-node.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import { writeSchema } from '../write/write-schema.js';
import type { Engine, EngineInstance } from '../helpers/engines.js';

export const context: LayerContext = { signal: new AbortController().signal };

/**
 * The write schema, plus a device type with a boolean, a number and a date, held by
 * at most one person who holds at most one device: a one-to-one pair the SQL layer
 * stores in two columns (`person.device_id`, `device.holder_id`) and keeps in step;
 * and stamps, with integer ids and no attribute a create must give.
 */
export const twinSchema = defineSchema({
  types: {
    ...writeSchema.types,
    person: {
      ...writeSchema.types.person,
      relationships: { ...writeSchema.types.person.relationships, device: { target: 'device', to: 'one', inverse: 'holder' } },
    },
    device: {
      root: 'devices',
      clientIds: 'allowed',
      attributes: {
        active: { type: ['boolean', 'null'] },
        ratio: { type: ['number', 'null'] },
        bought: { type: ['string', 'null'], format: 'date' },
      },
      relationships: { holder: { target: 'person', to: 'one', inverse: 'device' } },
    },
    stamp: { root: 'stamps', id: 'integer', attributes: { at: { type: ['string', 'null'] } } },
  },
});

/** The records both layers start from: every relationship kind of the schema is used. */
export const WRITE_DATA = {
  person: [
    { id: '1', name: 'Ann', display_name: 'Ann A.', birth_date: null, gender: 'f', device: 'd1' },
    { id: '2', name: 'Bob', display_name: 'Bob B.', birth_date: '1990-01-01', gender: 'm' },
    { id: 'x', name: 'Xi', display_name: 'Xi X.', birth_date: null, gender: null },
  ],
  computer: [
    { id: '1', serial: 'A', owner: '1' },
    { id: '2', serial: 'B', owner: '1' },
    { id: '3', serial: 'C', owner: null },
  ],
  tag: [
    { id: 5, label: 'five', note: null, weight: 1, created: null, people: ['1'], creator: '2' },
    { id: 8, label: 'eight', note: 'n', weight: null, created: '2020-01-01', people: ['1', '2'], creator: null },
  ],
  code: [{ id: 'c1', value: 'one' }],
  device: [
    { id: 'd1', active: true, ratio: 0.5, bought: '2020-02-29', holder: '1' },
    { id: 'd2', active: false, ratio: null, bought: null, holder: null },
  ],
  country: [{ id: 'fr', name: 'France' }],
  stamp: [],
};

const schema = resolveSchema(twinSchema);
export const TYPES = [...schema.types.keys()];

/** What a list answered: its ids (in the memory layer's ids), or its refusal. */
export type Outcome =
  | { readonly ids: readonly (Id | null)[] }
  | { readonly refused: { readonly reason: string; readonly operation: number; readonly place: object } };

/** A memory layer and a SQL layer given the same lists. */
export interface WriteTwin {
  readonly instance: EngineInstance;
  /** Applies the list (named in the memory layer's ids) to both layers; resolves with both outcomes. */
  apply(operations: readonly Operation[], scope?: (type: string) => FilterNode | undefined): Promise<{ memory: Outcome; sql: Outcome }>;
  /** Every resource of both layers, with its relationships, in the memory layer's ids. */
  states(): Promise<{ memory: string; sql: string }>;
  close(): Promise<void>;
}

/**
 * A twin over a new database of `engine`.
 *
 * @example
 * const twin = await writeTwin(engine);
 * const { memory, sql } = await twin.apply([deleteOperation(idRef('person', '1'))]);
 */
export async function writeTwin(engine: Engine): Promise<WriteTwin> {
  const memory = createMemoryLayer(twinSchema, WRITE_DATA);
  const instance = await engine.create(twinSchema, WRITE_DATA);
  const toSql = new Map<string, Id>();
  const toMemory = new Map<string, Id>();
  const key = (type: string, id: Id): string => `${type}\u0000${typeof id}\u0000${String(id)}`;
  const sqlId = (type: string, id: Id): Id => toSql.get(key(type, id)) ?? id;
  const memoryId = (type: string, id: Id): Id => toMemory.get(key(type, id)) ?? id;
  const sqlRef = (ref: ResourceRef): ResourceRef => (ref.kind === 'id' ? { ...ref, id: sqlId(ref.type, ref.id) } : ref);
  const sqlLinkage = (linkage: RelationshipValue): RelationshipValue =>
    Array.isArray(linkage) ? (linkage as readonly ResourceRef[]).map(sqlRef) : linkage === null ? null : sqlRef(linkage as ResourceRef);
  const sqlRelationships = (relationships: Readonly<Record<string, RelationshipValue>>) =>
    Object.fromEntries(Object.entries(relationships).map(([name, linkage]) => [name, sqlLinkage(linkage)]));
  const translate = (operation: Operation): Operation => {
    switch (operation.kind) {
      case 'create':
        return {
          ...operation,
          ...(operation.id === undefined ? {} : { id: sqlId(operation.type, operation.id) }),
          relationships: sqlRelationships(operation.relationships),
        };
      case 'update':
        return { ...operation, ref: sqlRef(operation.ref), relationships: sqlRelationships(operation.relationships) };
      case 'delete':
        return { ...operation, ref: sqlRef(operation.ref) };
      case 'set_relationship':
        return { ...operation, ref: sqlRef(operation.ref), linkage: sqlLinkage(operation.linkage) };
      case 'add_to_relationship':
      case 'remove_from_relationship':
        return { ...operation, ref: sqlRef(operation.ref), members: operation.members.map(sqlRef) };
    }
  };
  const typeOf = (operation: Operation): string => (operation.kind === 'create' ? operation.type : operation.ref.type);

  return {
    instance,
    async apply(operations, scope) {
      const request = (list: readonly Operation[]): WriteRequest => ({ operations: list, ...(scope === undefined ? {} : { scope }) });
      const memoryOutcome = await outcomeOf(memory, request(operations));
      const sqlOutcome = await outcomeOf(instance.layer, request(operations.map(translate)));
      if ('ids' in memoryOutcome && 'ids' in sqlOutcome) {
        operations.forEach((operation, index) => {
          const [given, generated] = [memoryOutcome.ids[index], sqlOutcome.ids[index]];
          if (operation.kind !== 'create' || given === null || given === undefined || generated === null || generated === undefined) return;
          toSql.set(key(operation.type, given), generated);
          toMemory.set(key(operation.type, generated), given);
        });
      }
      const sql: Outcome =
        'ids' in sqlOutcome
          ? { ids: sqlOutcome.ids.map((id, index) => (id === null ? null : memoryId(typeOf(operations[index] as Operation), id))) }
          : sqlOutcome;
      return { memory: memoryOutcome, sql };
    },
    async states() {
      return { memory: await stateOf(memory, (_, id) => id), sql: await stateOf(instance.layer, memoryId) };
    },
    close: () => instance.close(),
  };
}

async function outcomeOf(layer: DataLayer, request: WriteRequest): Promise<Outcome> {
  try {
    return await (layer.apply as NonNullable<DataLayer['apply']>)(request, context);
  } catch (error) {
    if (!isOperationError(error)) throw error;
    return { refused: { reason: error.reason, operation: error.operation, place: { ...error.place } } };
  }
}

function compareIds(a: Id, b: Id): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Every resource of every type with every relationship's ids, in one text, ids named by `name`. */
async function stateOf(layer: DataLayer, name: (type: string, id: Id) => Id): Promise<string> {
  const state: Record<string, unknown> = {};
  for (const type of TYPES) {
    const resolved = schema.types.get(type);
    const { rows } = await layer.read({ type, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context);
    const resources = await Promise.all(
      rows.map(async (row) => {
        const links: Record<string, Id[]> = {};
        for (const relationship of resolved?.relationships.values() ?? []) {
          const linkage = await layer.readLinkage(
            { type, id: row.id, relationship: relationship.name, filter: null, sort: ID_ORDER, offset: 0, limit: null },
            context,
          );
          links[relationship.name] = (linkage?.ids ?? []).map((id) => name(relationship.target, id)).sort(compareIds);
        }
        return { ...row, id: name(type, row.id), links };
      }),
    );
    state[type] = resources.sort((a, b) => compareIds(a.id, b.id));
  }
  return JSON.stringify(state);
}
