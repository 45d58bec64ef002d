/**
 * Deep offset pages of the memory layer: below `HEAP_FRACTION` a sorted page keeps
 * `offset + limit` rows in a heap, at and past it every match is sorted once. Either
 * way the page is the slice of the full sort, in both evaluations, filtered or not.
 */
import { describe, expect, it } from 'vitest';
import { compareNode, defineSchema } from '../../src/index.js';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { SortKey } from '../../src/ast/query-ast.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { HEAP_FRACTION } from '../../src/layers/memory/scan.js';

const schema = defineSchema({
  types: { item: { root: 'items', attributes: { rank: { type: ['integer', 'null'] }, label: { type: 'string' } } } },
});
const COUNT = 40;
// Ranks repeat and some are null, so the id decides ties and nulls sort last.
const items = Array.from({ length: COUNT }, (_, index) => ({
  id: String(index + 1).padStart(3, '0'),
  rank: index % 7 === 3 ? null : (index * 17) % 11,
  label: index % 2 === 0 ? 'even' : 'odd',
}));
const sort: SortKey[] = [
  { path: [], field: 'rank', direction: 'desc' },
  { path: [], field: 'id', direction: 'asc' },
];
const byRankDesc = (a: (typeof items)[number], b: (typeof items)[number]) => {
  if (a.rank !== b.rank) {
    if (a.rank === null) return -1;
    if (b.rank === null) return 1;
    return b.rank - a.rank;
  }
  return a.id < b.id ? -1 : 1;
};
const signal = new AbortController().signal;

describe.each(['generate', 'closures'] as const)('deep offset pages (%s)', (evaluation) => {
  const layer = createMemoryLayer(schema, { item: items }, { evaluation });
  const page = async (filter: FilterNode | null, offset: number, limit: number) =>
    (await layer.read({ type: 'item', filter, sort, offset, limit }, { signal })).rows.map((row) => row.id);

  // offset + limit just below, at and just past COUNT / HEAP_FRACTION, then to the end.
  const edge = COUNT / HEAP_FRACTION;
  const cases = [
    [edge - 5, 4],
    [edge - 5, 5],
    [edge - 5, 6],
    [COUNT - 3, 3],
    [COUNT - 1, 5],
    [COUNT, 5],
  ] as const;

  it.each(cases)('offset %i, limit %i: the slice of the full sort', async (offset, limit) => {
    const expected = items.slice().sort(byRankDesc).slice(offset, offset + limit).map((item) => item.id);
    expect(await page(null, offset, limit)).toEqual(expected);
  });

  it.each(cases)('filtered, offset %i, limit %i: the slice of the filtered sort', async (offset, limit) => {
    const expected = items.filter((item) => item.label === 'odd').sort(byRankDesc).slice(offset, offset + limit).map((item) => item.id);
    expect(await page(compareNode('label', 'eq', 'odd'), offset, limit)).toEqual(expected);
  });

  it('counts every match whichever way the page is kept', async () => {
    for (const offset of [0, edge, COUNT - 2]) {
      const result = await layer.read({ type: 'item', filter: compareNode('label', 'eq', 'even'), sort, offset, limit: 2 }, { signal });
      expect(result.total).toBe(COUNT / 2);
    }
  });
});
