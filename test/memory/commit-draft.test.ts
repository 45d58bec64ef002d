/**
 * The memory layer's incremental store after a write (src/layers/memory/commit-draft.ts):
 * a list that creates and updates replaces only the rows it changed and the rows
 * linked to them, shares every other row and type with the store before, leaves
 * the rows a reader still holds exactly as they were, and reads (filters on derived
 * columns, sorts, relationships) as the same records loaded whole, new rows placed
 * inside the type's rows included.
 */
import { describe, expect, it } from 'vitest';
import { compareNode, relationshipNode } from '../../src/ast/filter-factories.js';
import type { LayerContext, ReadRequest, Row } from '../../src/layers/data-layer.js';
import { commitDraft } from '../../src/layers/memory/commit-draft.js';
import { createMemoryLayer, type MemoryLayer } from '../../src/layers/memory/index.js';
import { loadStore } from '../../src/layers/memory/load-store.js';
import { rowLogCopies } from '../../src/layers/memory/row-log.js';
import { LINK_KEYS, linkOf, type StoredRow, type Store } from '../../src/layers/memory/store.js';
import { WriteDraft } from '../../src/layers/memory/write-draft.js';
import { createOperation, deleteOperation, idRef, setRelationshipOperation, updateOperation } from '../../src/operations/operation-factories.js';
import type { Operation } from '../../src/operations/operation-node.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';

const context: LayerContext = { signal: new AbortController().signal };
const schema = defineSchema({
  types: {
    person: {
      root: 'persons',
      attributes: { name: { type: 'string' } },
      relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner' } },
    },
    computer: {
      root: 'computers',
      attributes: { serial: { type: 'string' } },
      relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } },
    },
    note: { root: 'notes', attributes: { text: { type: 'string' } } },
  },
});
const data = {
  person: [
    { id: '1', name: 'Ann' },
    { id: '2', name: 'Bob' },
  ],
  computer: [
    { id: '1', serial: 'A', owner: '1' },
    { id: '2', serial: 'b', owner: '2' },
    { id: '3', serial: 'C', owner: null },
  ],
  note: [{ id: '1', text: 'kept' }],
};

const all = (type: string): ReadRequest => ({ type, filter: null, sort: ID_ORDER, offset: 0, limit: null });
const rowsOf = async (layer: MemoryLayer, request: ReadRequest): Promise<readonly Row[]> => (await layer.read(request, context)).rows;
const apply = (layer: MemoryLayer, operations: readonly Operation[]) => (layer.apply as NonNullable<MemoryLayer['apply']>)({ operations }, context);
/** A held row and its relationships' ids, as text: what a reader holding it sees. */
const held = (rows: readonly Row[]): string =>
  JSON.stringify(rows.map((row) => [row, LINK_KEYS.filter((key) => Object.hasOwn(row, key)).map((_, slot) => idsOf(linkOf(row as StoredRow, slot)))]));
function idsOf(slot: unknown): unknown {
  if (slot === null) return null;
  return Array.isArray(slot) ? slot.map((row: Row) => row.id) : (slot as Row).id;
}

/** Reads that use every derived column: lower-cased values (`ilike`), codes (`in`), sorts, a relationship filter. */
const PROBES: readonly ReadRequest[] = [
  all('person'),
  all('computer'),
  all('note'),
  { ...all('computer'), filter: compareNode('serial', 'ilike', '%B%') },
  { ...all('computer'), filter: compareNode('serial', 'in_', ['A', 'C', 'N1', 'N3']) },
  { ...all('computer'), sort: [{ path: [], field: 'serial', direction: 'desc' }, ...ID_ORDER] },
  { ...all('person'), filter: relationshipNode('any', 'computers', compareNode('serial', 'ilike', 'n%')) },
  { ...all('computer'), filter: relationshipNode('has', 'owner', compareNode('name', 'in_', ['Bob', 'Cy'])) },
];

/** Every probe's rows and each row's relationships, on `layer`, as one text. */
async function reads(layer: MemoryLayer): Promise<string> {
  const out: unknown[] = [];
  for (const probe of PROBES) {
    const rows = await rowsOf(layer, probe);
    out.push(rows);
    for (const row of rows) {
      const relationship = probe.type === 'person' ? 'computers' : probe.type === 'computer' ? 'owner' : undefined;
      if (relationship === undefined) continue;
      out.push((await layer.readLinkage({ type: probe.type, id: row.id, relationship, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context))?.ids);
    }
  }
  return JSON.stringify(out);
}

describe('memory layer incremental store', () => {
  it('replaces only the changed rows and the rows linked to them, sharing the others', async () => {
    const layer = createMemoryLayer(schema, data);
    const [persons, computers, notes] = [await rowsOf(layer, all('person')), await rowsOf(layer, all('computer')), await rowsOf(layer, all('note'))];
    const heldBefore = held([...persons, ...computers, ...notes]);
    await apply(layer, [
      createOperation('computer', { attributes: { serial: 'N1' }, relationships: { owner: idRef('person', '2') } }),
      updateOperation(idRef('computer', '3'), { attributes: { serial: 'C2' }, relationships: {} }),
    ]);
    const [personsAfter, computersAfter, notesAfter] = [await rowsOf(layer, all('person')), await rowsOf(layer, all('computer')), await rowsOf(layer, all('note'))];
    // Person 1 and computer 1 are linked to nothing the list changed; the note's type was not written.
    expect(personsAfter[0]).toBe(persons[0]);
    expect(computersAfter[0]).toBe(computers[0]);
    expect(notesAfter[0]).toBe(notes[0]);
    // Bob gained a computer; his other computer holds the new Bob; computer 3 changed.
    expect(personsAfter[1]).not.toBe(persons[1]);
    expect(computersAfter[1]).not.toBe(computers[1]);
    expect(computersAfter[2]).toMatchObject({ id: '3', serial: 'C2' });
    expect(linkOf(personsAfter[1] as StoredRow, 0)).toStrictEqual([computersAfter[1], computersAfter[3]]);
    expect(linkOf(computersAfter[1] as StoredRow, 0)).toBe(personsAfter[1]);
    // A reader holding the rows from before still sees the state before.
    expect(held([...persons, ...computers, ...notes])).toBe(heldBefore);
  });

  it('reads as the same records loaded whole, after creates, updates, moves and a delete', async () => {
    const layer = createMemoryLayer(schema, data);
    expect(await reads(layer)).toBe(await reads(createMemoryLayer(schema, layer.snapshot())));
    const lists: readonly (readonly Operation[])[] = [
      [createOperation('computer', { attributes: { serial: 'N1' }, relationships: { owner: idRef('person', '1') } })],
      [createOperation('person', { attributes: { name: 'Cy' }, relationships: { computers: [idRef('computer', '3')] } })],
      [setRelationshipOperation(idRef('computer', '2'), 'owner', idRef('person', '3')), updateOperation(idRef('person', '1'), { attributes: { name: 'Anne' }, relationships: {} })],
      [createOperation('computer', { attributes: { serial: 'n3' }, relationships: {} }), createOperation('note', { attributes: { text: 'new' }, relationships: {} })],
      // Generated ids past 9: '10' and on sort between '1' and '2', so new rows land inside the type's rows.
      Array.from({ length: 9 }, (_, index) => createOperation('computer', { attributes: { serial: `n${String(index)}` }, relationships: {} })),
      [createOperation('computer', { attributes: { serial: 'N10' }, relationships: { owner: idRef('person', '2') } })],
      [deleteOperation(idRef('computer', '1'))],
      [createOperation('computer', { attributes: { serial: 'N5' }, relationships: { owner: idRef('person', '2') } })],
    ];
    for (const operations of lists) {
      await apply(layer, operations);
      expect(await reads(layer)).toBe(await reads(createMemoryLayer(schema, layer.snapshot())));
    }
  });

  it('leaves a store a reader holds exactly as it was after later creates, read first after them', () => {
    const resolved = resolveSchema(schema);
    /** The store after creating computers with these ids (the first one owned by person 2) on `store`. */
    const creating = (store: Store, ids: readonly string[]): Store => {
      const draft = new WriteDraft(resolved, store);
      for (const id of ids) draft.insert('computer', id, { serial: `S${id}` });
      const owner = resolved.types.get('computer')?.relationships.get('owner');
      if (owner !== undefined) draft.connect('computer', ids[0] as string, owner, '2');
      return commitDraft(resolved, draft);
    };
    /** Everything a reader of a store sees: every type's rows in order, their links, and the lookups by id. */
    const seen = (store: Store): string =>
      JSON.stringify(
        [...store.types].map(([name, type]) => [
          name,
          held(type.rows),
          type.rows.map((row) => type.byId.get(row.id) === row),
          type.byId.size,
          ['0', '25', '5', '9'].map((id) => type.byId.has(id)),
        ]),
      );
    const first = loadStore(resolved, data);
    const expected = seen(loadStore(resolved, data));
    // '25' sorts between '2' and '3', '5' after '3': one lands inside the rows, one at their end.
    const second = creating(first, ['25', '5']);
    const secondSeen = seen(creating(loadStore(resolved, data), ['25', '5']));
    const third = creating(second, ['9']);
    // A list on a store that is no longer the newest: the log those after it share has grown past it.
    const other = creating(second, ['0']);
    expect(seen(first)).toBe(expected);
    expect(seen(second)).toBe(secondSeen);
    expect(third.types.get('computer')?.rows.map((row) => row.id)).toStrictEqual(['1', '2', '25', '3', '5', '9']);
    expect(other.types.get('computer')?.rows.map((row) => row.id)).toStrictEqual(['0', '1', '2', '25', '3', '5']);
    expect(held(third.types.get('person')?.rows ?? [])).toContain('{"id":"2","name":"Bob"},[["2","25","9"]]');
    expect(seen(second)).toBe(secondSeen);
    expect(seen(first)).toBe(expected);
  });

  it('copies a constant number of rows per create, amortized, however large the store', async () => {
    const perCreate: number[] = [];
    for (const size of [1_000, 30_000]) {
      const records = Array.from({ length: size }, (_, index) => ({ id: String(index + 1), serial: `S${String(index)}` }));
      const layer = createMemoryLayer(schema, { person: [], computer: records, note: [] });
      const creates = 2_000;
      const before = rowLogCopies.count;
      for (let index = 0; index < creates; index++) {
        await apply(layer, [createOperation('computer', { attributes: { serial: `N${String(index)}` }, relationships: {} })]);
      }
      perCreate.push((rowLogCopies.count - before) / creates);
      expect((await rowsOf(layer, all('computer'))).length).toBe(size + creates);
    }
    // Each fold copies the rows and their index once the log outweighs an eighth of them: at most 2 × 8 per row written.
    for (const copies of perCreate) expect(copies).toBeLessThanOrEqual(20);
  });
});
