import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATORS } from '../../src/ast/operators.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { generateSource } from '../../src/layers/memory/generate-source.js';
import { loadStore } from '../../src/layers/memory/load-store.js';
import { lowerFilter, lowerSort } from '../../src/layers/memory/query-plan.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import { data, f, fixtureLayer, idAsc, schema, sortOf } from './fixture.js';

const { cmp, and, or, not, any } = f;

describe.each(['generate', 'closures'] as const)('memory layer DataLayer methods (%s)', (evaluation) => {
  const { layer, signal } = fixtureLayer({ evaluation });
  const related = (id: string | number, relationship: string, type = 'person', extra = {}) => ({
    type,
    id,
    relationship,
    filter: null,
    sort: [idAsc],
    offset: 0,
    limit: null,
    ...extra,
  });

  it('declares every operator', () => {
    expect([...layer().operators].sort()).toEqual([...OPERATORS].sort());
  });

  it('reads one record by id, null when absent', async () => {
    expect(await layer().readOne('person', '3', { signal })).toMatchObject({ id: '3', name: 'Cé' });
    expect(await layer().readOne('person', 'nope', { signal })).toBeNull();
    expect(await layer().readOne('pet', 10, { signal })).toMatchObject({ id: 10, name: 'Nemo' });
    // Ids arrive normalised (docs/data-layer.md): the layer never converts them.
    expect(await layer().readOne('pet', '10', { signal })).toBeNull();
  });

  it('reads related records of a to-many relationship with filter, sort and page', async () => {
    expect(await layer().readRelated(related('1', 'pets'), { signal })).toMatchObject({ total: 2, rows: [{ id: 1 }, { id: 2 }] });
    const sorted = await layer().readRelated(related('1', 'pets', 'person', { sort: sortOf('-name'), offset: 1, limit: 1 }), { signal });
    expect(sorted).toMatchObject({ total: 2, rows: [{ id: 1 }] });
    const filtered = await layer().readRelated(related('1', 'pets', 'person', { filter: cmp('species', 'eq', 'cat') }), { signal });
    expect(filtered).toMatchObject({ total: 1, rows: [{ id: 2, name: 'Tom' }] });
    expect(await layer().readRelated(related('2', 'pets'), { signal })).toEqual({ total: 0, rows: [] });
    expect(await layer().readRelated(related('nope', 'pets'), { signal })).toBeNull();
  });

  it('reads the related record of a to-one relationship, ignoring the page and keeping it only if it matches the filter (a row filter)', async () => {
    expect(await layer().readRelated(related(1, 'owner', 'pet'), { signal })).toMatchObject({ total: 1, rows: [{ id: '1' }] });
    expect(await layer().readRelated(related(9, 'owner', 'pet'), { signal })).toEqual({ total: 0, rows: [] });
    const pageIgnored = await layer().readRelated(related(1, 'owner', 'pet', { limit: 0, offset: 5 }), { signal });
    expect(pageIgnored).toMatchObject({ total: 1, rows: [{ id: '1' }] });
    const outside = await layer().readRelated(related(1, 'owner', 'pet', { filter: cmp('name', 'eq', 'x') }), { signal });
    expect(outside).toEqual({ total: 0, rows: [] });
  });

  it('reads linkage like related records', async () => {
    expect(await layer().readLinkage(related('1', 'pets', 'person', { sort: sortOf('-id') }), { signal })).toEqual({ ids: [2, 1], total: 2 });
    expect(await layer().readLinkage(related(9, 'owner', 'pet'), { signal })).toEqual({ ids: [], total: 0 });
    expect(await layer().readLinkage(related('4', 'manager'), { signal })).toEqual({ ids: ['2'], total: 1 });
    expect(await layer().readLinkage(related('x', 'manager'), { signal })).toBeNull();
  });

  it('reads included records for many owners at once, keyed by id as a string', async () => {
    const pets = await layer().readIncluded({ type: 'person', relationship: 'pets', ids: ['3', '1', '2'] }, { signal });
    expect([...pets.keys()]).toEqual(['3', '1', '2']);
    expect(pets.get('1')?.map((row) => row.id)).toEqual([1, 2]);
    expect(pets.get('2')).toEqual([]);
    const owners = await layer().readIncluded({ type: 'pet', relationship: 'owner', ids: [9, 10] }, { signal });
    expect(owners.get('9')).toEqual([]);
    expect(owners.get('10')?.map((row) => row.id)).toEqual(['3']);
  });

  it('rejects programming errors: unknown types, fields and relationships', async () => {
    await expect(layer().read({ type: 'robot', filter: null, sort: [], offset: 0, limit: 1 }, { signal })).rejects.toThrow('Unknown resource type "robot"');
    await expect(layer().read({ type: 'person', filter: cmp('colour', 'eq', 'x'), sort: [], offset: 0, limit: 1 }, { signal })).rejects.toThrow('Unknown field "colour"');
    await expect(layer().read({ type: 'person', filter: any('manager', and()), sort: [], offset: 0, limit: 1 }, { signal })).rejects.toThrow('"any" does not apply');
    await expect(layer().read({ type: 'person', filter: null, sort: sortOf('pets.name'), offset: 0, limit: 1 }, { signal })).rejects.toThrow('not a to-one');
    await expect(layer().read({ type: 'person', filter: null, sort: sortOf('friends.name'), offset: 0, limit: 1 }, { signal })).rejects.toThrow(
      'Cannot sort person through "friends": not a to-one relationship of person',
    );
    await expect(layer().read({ type: 'person', filter: any('friends', and()), sort: [], offset: 0, limit: 1 }, { signal })).rejects.toThrow(
      '"any" does not apply to "friends" of type "person"',
    );
    await expect(layer().readIncluded({ type: 'person', relationship: 'friends', ids: [] }, { signal })).rejects.toThrow('Unknown relationship');
    await expect(layer().read({ type: 'person', filter: null, sort: [], offset: -1, limit: 1 }, { signal })).rejects.toThrow(RangeError);
  });

  it('rejects with the reason of an already aborted signal on every method', async () => {
    const controller = new AbortController();
    const reason = new Error('client went away');
    controller.abort(reason);
    const aborted = { signal: controller.signal };
    await expect(layer().read({ type: 'person', filter: null, sort: [idAsc], offset: 0, limit: 1 }, aborted)).rejects.toBe(reason);
    await expect(layer().readOne('person', '1', aborted)).rejects.toBe(reason);
    await expect(layer().readRelated(related('1', 'pets'), aborted)).rejects.toBe(reason);
    await expect(layer().readLinkage(related('1', 'pets'), aborted)).rejects.toBe(reason);
    await expect(layer().readIncluded({ type: 'person', relationship: 'pets', ids: ['1'] }, aborted)).rejects.toBe(reason);
  });
});

describe.each(['generate', 'closures'] as const)('aborting a long scan (%s)', (evaluation) => {
  const many = {
    person: Array.from({ length: 20_000 }, (_, index) => ({ id: String(index), name: `n${index % 97}`, score: index })),
  };

  it.each([
    ['in stored order', [idAsc], 10],
    ['with a heap', sortOf('name'), 10],
    ['sorting everything', sortOf('name'), null],
  ] as const)('stops %s when the signal aborts mid-loop', async (_mode, sort, limit) => {
    const reason = new Error('stop');
    let checks = 0;
    // A signal that turns aborted after its second check, as a timeout firing mid-scan would.
    const isAborted = (): boolean => ++checks > 2;
    const signal = {
      get aborted() {
        return isAborted();
      },
      reason,
      throwIfAborted() {
        if (isAborted()) throw reason;
      },
    } as unknown as AbortSignal;
    const layer = createMemoryLayer(schema, many, { evaluation });
    await expect(layer.read({ type: 'person', filter: cmp('score', 'ge', 0), sort, offset: 0, limit }, { signal })).rejects.toBe(reason);
    expect(checks).toBe(3);
  });
});

describe.each(['generate', 'closures'] as const)('sorting through two to-one hops (%s)', (evaluation) => {
  // manager.manager.name: only person 4 (manager 2, whose manager 1 is Ann) has one; the others give null.
  it.each([
    ['manager.manager.name', null, ['4', '1', '2', '3', '5']],
    ['-manager.manager.name', null, ['1', '2', '3', '5', '4']],
    ['manager.manager.name', 2, ['4', '1']],
    ['-manager.manager.name', 3, ['1', '2', '3']],
  ] as const)('%s, limit %s', async (sort, limit, expected) => {
    const { read } = fixtureLayer({ evaluation });
    expect((await read('person', null, sortOf(sort), 0, limit)).rows.map((row) => row.id)).toEqual(expected);
  });
});

describe('compiled query shapes', () => {
  it('compiles a shape once and reuses it for other values', async () => {
    const { layer, read } = fixtureLayer();
    await read('person', cmp('name', 'eq', 'Ann'));
    const shapes = layer().cachedShapes;
    const result = await read('person', cmp('name', 'eq', 'bob'));
    expect(result.rows.map((row) => row.id)).toEqual(['2']);
    expect(layer().cachedShapes).toBe(shapes);
    await read('person', cmp('name', 'ne', 'bob'));
    expect(layer().cachedShapes).toBe(shapes + 1);
  });

  it('keeps at most cacheSize shapes, dropping the least recently used', async () => {
    const layer = createMemoryLayer(schema, data, { cacheSize: 3 });
    const signal = new AbortController().signal;
    // Names Ann, bob, Cé, 😀, SN_100% against 'b', in code-point order: the answers stay right while shapes are evicted.
    const expected: Record<string, string[]> = {
      eq: [],
      lt: ['1', '3', '5'],
      le: ['1', '3', '5'],
      gt: ['2', '4'],
      ge: ['2', '4'],
      startswith: ['2'],
      endswith: ['2'],
    };
    for (const [op, ids] of Object.entries(expected)) {
      const result = await layer.read({ type: 'person', filter: cmp('name', op, 'b'), sort: [idAsc], offset: 0, limit: 10 }, { signal });
      expect({ op, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ op, ids, total: ids.length });
      expect(layer.cachedShapes).toBeLessThanOrEqual(3);
    }
    expect(layer.cachedShapes).toBe(3);
  });

  it('never writes a client value into generated source', () => {
    const store = loadStore(resolveSchema(schema), data);
    const hostile = '"]); globalThis.pwned = true; (["';
    const filter = or(
      cmp('name', 'eq', hostile),
      cmp('name', 'like', `%${hostile}%`),
      cmp('nick', 'ilike', hostile),
      cmp('bio', 'match', hostile),
      cmp('name', 'in_', [hostile, '*/']),
      not(cmp('name', 'startswith', '`${process.exit()}`')),
      any('pets', cmp('name', 'between', [hostile, '\u2028'])),
    );
    const { plan, constants } = lowerFilter(store, 'person', filter);
    const source = generateSource(plan, lowerSort(store, 'person', sortOf('-manager.name')), 'top');
    expect(source).not.toContain('pwned');
    expect(source).not.toContain('process');
    expect(source).not.toContain('\u2028');
    expect(constants).toContain(hostile);
    expect(JSON.stringify(plan)).not.toContain('pwned');
  });

  describe('when code generation is forbidden', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('falls back to closures in auto mode, and fails in generate mode', async () => {
      vi.stubGlobal('Function', function forbidden() {
        throw new EvalError('Code generation from strings disallowed for this context');
      });
      const auto = fixtureLayer();
      expect(await auto.ids('person', cmp('age', 'ge', 30), sortOf('-name'))).toEqual(['4', '5', '1']);
      expect(auto.layer().evaluation).toBe('closures');
      const strict = fixtureLayer({ evaluation: 'generate' });
      await expect(strict.ids('person', cmp('age', 'ge', 30))).rejects.toThrow(EvalError);
    });
  });
});
