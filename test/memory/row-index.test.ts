/**
 * The index by id a loaded store keeps (`RowIndex`, a hash table of positions in an
 * `Int32Array`) against the `Map` it replaced: the same row, or nothing, for every
 * id asked — present ids, absent ones, ids of the other type, `-0`, `NaN` — and the
 * same ids in the same order, on small tables and on one large enough to collide; and
 * ids chosen to collide give a `Map` past `MAX_RUN` (a lookup never compares more).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Id } from '../../src/layers/data-layer.js';
import { idComparator } from '../../src/layers/memory/load-store.js';
import { hashId, indexById, MAX_RUN, RowIndex } from '../../src/layers/memory/row-index.js';
import type { StoredRow } from '../../src/layers/memory/store.js';

const text = fc.string({ unit: fc.constantFrom('a', 'b', '1', '\uD7FF', '\uE000', '\uFFFF', '\u{10000}', '\u{10FFFF}'), maxLength: 4 });
const integer = fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constantFrom(-0, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
const probe = fc.oneof(text, integer, fc.constantFrom<Id>(NaN as unknown as Id, 0.5 as unknown as Id, Infinity as unknown as Id));

/** Rows with these ids, distinct and in primary key order, as a load makes them. */
function rowsOf(ids: readonly Id[], compare: (a: Id, b: Id) => number): StoredRow[] {
  const distinct = [...new Map(ids.map((id) => [id, id])).values()].sort(compare);
  return distinct.map((id) => ({ id }) as unknown as StoredRow);
}

describe('RowIndex', () => {
  it.each([
    ['string', text],
    ['integer', integer],
  ] as const)('finds what a Map finds, %s ids (property)', (idType, id) => {
    const compare = idComparator(idType);
    fc.assert(
      fc.property(fc.array(id as fc.Arbitrary<Id>, { maxLength: 40 }), fc.array(probe, { maxLength: 20 }), (ids, probes) => {
        const rows = rowsOf(ids, compare);
        const index = indexById(rows);
        const map = new Map(rows.map((row) => [row.id, row]));
        expect(index.size).toBe(map.size);
        expect([...index.keys()]).toEqual([...map.keys()]);
        for (const asked of [...ids, ...probes]) {
          expect(index.get(asked)).toBe(map.get(asked));
          expect(index.has(asked)).toBe(map.has(asked));
        }
      }),
    );
  });

  it.each([
    ['string', Array.from({ length: 5000 }, (_, index) => String(index + 1)), ['0', '5001', '01', ' 1', 1]],
    ['integer', Array.from({ length: 5000 }, (_, index) => index * 4_294_967_296 - 2500), [1, -2501, '1', 2 ** 53]],
  ] as const)('finds what a Map finds among 5,000 %s ids', (idType, ids, absent) => {
    const rows = rowsOf(ids, idComparator(idType));
    const index = indexById(rows);
    const map = new Map(rows.map((row) => [row.id, row]));
    for (const asked of [...ids, ...(absent as readonly Id[])]) expect(index.get(asked)).toBe(map.get(asked));
  });

  it(`keeps the table while a lookup compares at most ${String(MAX_RUN)} ids, else indexes by a Map: at the limit and one past it`, () => {
    // Integer ids whose hash falls in slot 0 of a 512-slot table (the table of 256 or 257 rows): one run of filled slots.
    const colliding: number[] = [];
    for (let id = 1; colliding.length < MAX_RUN + 1; id++) if ((hashId(id) & 511) === 0) colliding.push(id);
    const atLimit = rowsOf(colliding.slice(0, MAX_RUN), idComparator('integer'));
    const pastLimit = rowsOf(colliding, idComparator('integer'));
    const kept = indexById(atLimit);
    const replaced = indexById(pastLimit);
    expect(kept).toBeInstanceOf(RowIndex);
    expect(replaced).toBeInstanceOf(Map);
    for (const row of pastLimit) expect(replaced.get(row.id)).toBe(row);
    for (const row of atLimit) expect(kept.get(row.id)).toBe(row);
    expect(kept.get(colliding[MAX_RUN] as number)).toBeUndefined();
  });

  it('finds nothing in no rows', () => {
    expect(indexById([]).get('')).toBeUndefined();
  });
});
