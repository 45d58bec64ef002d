/**
 * The keyset window of the memory layer (docs/data-layer.md): rows strictly after
 * `after` and strictly before `before` in the request's sort, with each row's sort
 * key values in `keys`, on read, readRelated and readLinkage, in both evaluations.
 */
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { SortKey } from '../../src/ast/query-ast.js';
import type { Keyset } from '../../src/layers/data-layer.js';
import { f, fixtureLayer, idAsc, sortOf } from './fixture.js';

const { cmp, not } = f;

describe.each(['generate', 'closures'] as const)('memory keyset window (%s)', (evaluation) => {
  const { layer, signal } = fixtureLayer({ evaluation });
  const page = async (type: string, sort: string, keyset: Keyset, extra: { filter?: FilterNode; limit?: number | null; withTotal?: boolean } = {}) => {
    const request = { type, filter: extra.filter ?? null, sort: sortOf(sort), offset: 0, limit: extra.limit ?? null, keyset };
    return layer().read(extra.withTotal === undefined ? request : { ...request, withTotal: extra.withTotal }, { signal });
  };
  const ids = async (type: string, sort: string, keyset: Keyset, extra = {}) => (await page(type, sort, keyset, extra)).rows.map((row) => row.id);

  it('starts strictly after a bound, ties broken by id', async () => {
    // age: 3 (25), 1 (30), 4 (30), 5 (40), 2 (null)
    expect(await ids('person', 'age', {})).toEqual(['3', '1', '4', '5', '2']);
    expect(await ids('person', 'age', { after: [30, '1'] })).toEqual(['4', '5', '2']);
    expect(await ids('person', 'age', { after: [30, '4'] })).toEqual(['5', '2']);
    expect(await ids('person', 'age', { after: [30, '0'] })).toEqual(['1', '4', '5', '2']);
    expect(await ids('person', 'age', { before: [30, '4'] })).toEqual(['3', '1']);
  });

  it('puts nulls last ascending and first descending, in bounds as in rows', async () => {
    expect(await ids('person', 'age', { after: [null, '1'] })).toEqual(['2']);
    expect(await ids('person', 'age', { after: [40, '5'] })).toEqual(['2']);
    expect(await ids('person', 'age', { before: [null, '2'] })).toEqual(['3', '1', '4', '5']);
    // -age: 2 (null), 5, 1, 4, 3
    expect(await ids('person', '-age', {})).toEqual(['2', '5', '1', '4', '3']);
    expect(await ids('person', '-age', { after: [null, '2'] })).toEqual(['5', '1', '4', '3']);
    expect(await ids('person', '-age', { after: [30, '1'] })).toEqual(['4', '3']);
    expect(await ids('person', '-age', { before: [30, '4'] })).toEqual(['2', '5', '1']);
    expect(await ids('person', '-age', { before: [40, '0'] })).toEqual(['2']);
  });

  it('follows dotted to-one paths, a missing related row giving null', async () => {
    // manager.name: 2 (Ann), 3 (Ann), 4 (bob), 1 (none), 5 (none)
    expect(await ids('person', 'manager.name', { after: ['Ann', '2'] })).toEqual(['3', '4', '1', '5']);
    expect(await ids('person', 'manager.name', { after: [null, '1'] })).toEqual(['5']);
    expect(await ids('pet', 'owner.name', { after: ['Ann', 2] })).toEqual([10, 9]);
  });

  it('reads a flipped sort (every direction reversed) the other way round', async () => {
    expect(await ids('person', '-manager.name,-id', {})).toEqual(['5', '1', '4', '3', '2']);
    expect(await ids('person', '-manager.name,-id', { after: [null, '1'] })).toEqual(['4', '3', '2']);
    expect(await ids('person', '-manager.name,-id', { before: ['Ann', '3'] })).toEqual(['5', '1', '4']);
  });

  it('compares strings by code point and dates as dates', async () => {
    // nick: Bobby (2), a\b (5), ann (3), U+E000 (4), null (1); 😀 sorts after U+E000.
    expect(await ids('person', 'nick', { after: ['😀', '9'] })).toEqual(['1']);
    expect(await ids('person', 'nick', { after: ['\uE000', '4'] })).toEqual(['1']);
    expect(await ids('person', 'name', { after: ['SN_100%', '5'] })).toEqual(['2', '4']);
    expect(await ids('person', 'born', { after: ['1990-01-01', '1'] })).toEqual(['4', '5', '2']);
  });

  it('selects the range between two bounds, and empty windows', async () => {
    expect(await ids('person', 'age', { after: [25, '3'], before: [40, '5'] })).toEqual(['1', '4']);
    expect(await ids('person', 'age', { after: [30, '1'], before: [30, '4'] })).toEqual([]);
    expect(await ids('person', 'age', { after: [40, '5'], before: [30, '4'] })).toEqual([]);
    expect(await ids('person', 'age', { after: [null, '2'] })).toEqual([]);
    expect(await ids('person', '-age', { before: [null, '2'] })).toEqual([]);
  });

  it('seeks in stored order when id is the first key, with and without a filter', async () => {
    expect(await ids('person', 'id', { after: ['2'] })).toEqual(['3', '4', '5']);
    expect(await ids('person', '-id', { after: ['4'] })).toEqual(['3', '2', '1']);
    expect(await ids('person', '-id', { before: ['2'] })).toEqual(['5', '4', '3']);
    expect(await ids('person', 'id', { after: ['1'], before: ['5'] }, { limit: 2 })).toEqual(['2', '3']);
    expect(await ids('person', 'id', { after: ['1'] }, { filter: not(cmp('age', 'eq', 30)), limit: 1 })).toEqual(['3']);
    expect(await ids('pet', '-id', { after: [10] })).toEqual([9, 2, 1]);
    expect(await ids('pet', 'id', { after: [2], before: [10] }, { filter: cmp('species', 'eq', 'dog') })).toEqual([9]);
  });

  it('returns each row`s sort key values, as the rows give them', async () => {
    const result = await page('person', 'manager.name,-born', { after: ['Ann', '1990-01-01', '0'] }, { limit: 3 });
    expect(result.keys).toEqual([
      ['Ann', '1985-06-15', '3'],
      ['bob', '1990-01-01', '4'],
      [null, '2000-02-29', '5'],
    ]);
    expect((await page('pet', 'owner.name', {})).keys).toEqual([['Ann', 1], ['Ann', 2], ['Cé', 10], [null, 9]]);
    expect((await page('person', 'id', {}, { limit: 2 })).keys).toEqual([['1'], ['2']]);
    expect((await page('person', 'age', {}, { filter: cmp('age', 'ge', 40) })).keys).toEqual([[40, '5']]);
    const offsetPage = await layer().read({ type: 'person', filter: null, sort: [idAsc], offset: 0, limit: 1 }, { signal });
    expect(offsetPage.keys).toBeUndefined();
  });

  it('counts the whole filter unless withTotal is false', async () => {
    const filter = not(cmp('age', 'eq', 25));
    for (const sort of ['age', 'id', '-id']) {
      expect((await page('person', sort, { after: [40, '5'].slice(sort === 'age' ? 0 : 1) }, { filter, limit: 1 })).total).toBe(3);
      expect((await page('person', sort, {}, { limit: 1 })).total).toBe(5);
      const uncounted = await page('person', sort, { before: [null, '2'].slice(sort === 'age' ? 0 : 1) }, { filter, limit: 1, withTotal: false });
      expect(uncounted.total).toBeUndefined();
      expect(uncounted.rows).toHaveLength(1);
    }
    const offsetUncounted = await layer().read({ type: 'person', filter: null, sort: [idAsc], offset: 1, limit: 2, withTotal: false }, { signal });
    expect(offsetUncounted).toEqual({ rows: [expect.objectContaining({ id: '2' }), expect.objectContaining({ id: '3' })] });
  });

  it('rejects a bound that does not hold one value per sort key', async () => {
    await expect(page('person', 'age', { after: [30] })).rejects.toThrow(RangeError);
  });

  it('windows related records and linkage, with keys', async () => {
    const related = (id: string | number, relationship: string, type: string, sort: readonly SortKey[], keyset: Keyset) => ({
      type,
      id,
      relationship,
      filter: null,
      sort,
      offset: 0,
      limit: 10,
      keyset,
    });
    const byName = sortOf('name');
    const computers = await layer().readRelated(related('1', 'pets', 'person', byName, { after: ['Rex', 1] }), { signal });
    expect(computers).toEqual({ rows: [expect.objectContaining({ id: 2 })], total: 2, keys: [['Tom', 2]] });
    const linkage = await layer().readLinkage(related('1', 'pets', 'person', sortOf('-id'), { before: [1] }), { signal });
    expect(linkage).toEqual({ ids: [2], total: 2, keys: [[2]] });
    const uncounted = await layer().readLinkage({ ...related('1', 'pets', 'person', byName, {}), withTotal: false }, { signal });
    expect(uncounted).toEqual({ ids: [1, 2], keys: [['Rex', 1], ['Tom', 2]] });
    const owner = await layer().readRelated(related(1, 'owner', 'pet', sortOf('name'), {}), { signal });
    expect(owner).toEqual({ rows: [expect.objectContaining({ id: '1' })], total: 1, keys: [['Ann', '1']] });
    const none = await layer().readLinkage(related(9, 'owner', 'pet', [idAsc], {}), { signal });
    expect(none).toEqual({ ids: [], total: 0, keys: [] });
  });
});
