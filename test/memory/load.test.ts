import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemoryLayer, MemoryDataError } from '../../src/layers/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { data, schema } from './fixture.js';

const signal = new AbortController().signal;
const person = { id: 'p', name: 'P', nick: null, bio: null, age: null, score: 0, active: null, born: null };

function loadError(input: Record<string, readonly object[]>): MemoryDataError {
  try {
    createMemoryLayer(schema, input);
  } catch (error) {
    if (error instanceof MemoryDataError) return error;
    throw error;
  }
  throw new Error('expected a MemoryDataError');
}

describe('loading data', () => {
  it.each([
    ['unknown type', { robot: [] }, 'robot', undefined, undefined, 'unknown resource type'],
    ['missing id', { person: [{ ...person, id: undefined }] }, 'person', undefined, 'id', 'the id must be a string'],
    ['wrong id type', { person: [{ ...person, id: 7 }] }, 'person', 7, 'id', 'the id must be a string'],
    ['integer ids must be integers', { pet: [{ id: '1', name: 'Rex', species: null }] }, 'pet', '1', 'id', 'must be an integer'],
    ['duplicate id', { person: [person, person] }, 'person', 'p', 'id', 'duplicate id'],
    ['unknown member', { person: [{ ...person, colour: 'red' }] }, 'person', 'p', 'colour', 'unknown member'],
    ['wrong attribute type', { person: [{ ...person, age: 'old' }] }, 'person', 'p', 'age', 'must be integer'],
    ['bad date', { person: [{ ...person, born: '2001-02-30' }] }, 'person', 'p', 'born', 'must match format "date"'],
    ['null in a non-nullable attribute', { person: [{ ...person, name: null }] }, 'person', 'p', 'name', 'must be string'],
    ['missing non-nullable attribute', { person: [{ ...person, score: undefined }] }, 'person', 'p', 'score', 'missing'],
    ['dangling to-one id', { person: [{ ...person, manager: 'nobody' }] }, 'person', 'p', 'manager', 'no person with id "nobody"'],
    ['dangling to-many id', { person: [{ ...person, pets: [3] }] }, 'person', 'p', 'pets', 'no pet with id 3'],
    ['wrong related id type', { person: [{ ...person, pets: ['3'] }] }, 'person', 'p', 'pets', 'a related pet id must be an integer'],
    ['to-many not an array', { person: [{ ...person, pets: 3 }] }, 'person', 'p', 'pets', 'takes an array'],
    ['a related id listed twice', { person: [{ ...person, pets: [1, 1] }], pet: [{ id: 1, name: 'Rex', species: null }] }, 'person', 'p', 'pets', 'listed twice'],
    [
      'a related id listed twice in a long list',
      { person: [{ ...person, pets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 3] }], pet: Array.from({ length: 9 }, (_, index) => ({ id: index + 1, name: 'Rex', species: null })) },
      'person',
      'p',
      'pets',
      'listed twice',
    ],
    [
      'a related id listed twice, apart',
      { person: [{ ...person, pets: [1, 2, 3, 1] }], pet: [1, 2, 3].map((id) => ({ id, name: 'Rex', species: null })) },
      'person',
      'p',
      'pets',
      'listed twice',
    ],
    [
      'inverse sides disagree',
      { person: [{ ...person, pets: [1] }, { ...person, id: 'q' }], pet: [{ id: 1, name: 'Rex', species: null, owner: 'q' }] },
      'pet',
      1,
      'owner',
      'disagrees with person "p"',
    ],
    [
      'explicit null owner disagrees with a listing owner',
      { person: [{ ...person, pets: [1] }], pet: [{ id: 1, name: 'Rex', species: null, owner: null }] },
      'pet',
      1,
      'owner',
      'disagrees',
    ],
    [
      'two owners derived for a to-one',
      { person: [{ ...person, pets: [1] }, { ...person, id: 'q', pets: [1] }], pet: [{ id: 1, name: 'Rex', species: null }] },
      'pet',
      1,
      'owner',
      'to-one relationship, but 2 person records',
    ],
  ])('%s', (_description, input, type, id, field, problem) => {
    const error = loadError(input as Record<string, readonly object[]>);
    expect(error).toMatchObject({ name: 'MemoryDataError', type, id, field });
    expect(error.message).toContain(problem);
    expect(error.message).toContain(`type "${type}"`);
    if (field !== undefined) expect(error.message).toContain(`field "${field}"`);
  });

  it('rejects a non-object record', () => {
    expect(() => createMemoryLayer(schema, { person: ['x' as unknown as object] })).toThrow(MemoryDataError);
  });

  it('links relationships in both directions from either side', async () => {
    const layer = createMemoryLayer(schema, {
      person: [person, { ...person, id: 'q', pets: [1] }],
      pet: [
        { id: 2, name: 'Tom', species: 'cat', owner: 'p' },
        { id: 1, name: 'Rex', species: 'dog' },
        { id: 3, name: 'Ada', species: null, owner: 'p' },
      ],
    });
    const included = await layer.readIncluded({ type: 'person', relationship: 'pets', ids: ['p', 'q', 'zz'] }, { signal });
    expect([...included].map(([id, rows]) => [id, rows.map((row) => row.id)])).toEqual([
      ['p', [2, 3]],
      ['q', [1]],
      ['zz', []],
    ]);
    const owners = await layer.readIncluded({ type: 'pet', relationship: 'owner', ids: [1, 2, 3] }, { signal });
    expect([...owners].map(([id, rows]) => [id, rows.map((row) => row.id)])).toEqual([
      ['1', ['q']],
      ['2', ['p']],
      ['3', ['p']],
    ]);
  });

  it('accepts both sides when they agree', () => {
    expect(() =>
      createMemoryLayer(schema, { person: [{ ...person, pets: [1] }], pet: [{ id: 1, name: 'Rex', species: null, owner: 'p' }] }),
    ).not.toThrow();
  });

  it('derives an undeclared inverse from the other side', async () => {
    const derived = defineSchema({
      types: {
        a: { root: 'as', attributes: {}, relationships: { bs: { target: 'b', to: 'many' } } },
        b: { root: 'bs', attributes: {}, relationships: { a: { target: 'a', to: 'one', inverse: 'bs' } } },
      },
    });
    const layer = createMemoryLayer(derived, { a: [{ id: 'x' }], b: [{ id: '1', a: 'x' }, { id: '2', a: 'x' }] });
    const linked = await layer.readLinkage(
      { type: 'a', id: 'x', relationship: 'bs', filter: null, sort: [{ path: [], field: 'id', direction: 'desc' }], offset: 0, limit: null },
      { signal },
    );
    expect(linked).toEqual({ ids: ['2', '1'], total: 2 });
  });

  it('stores rows as uniform, frozen records without relationship members, returned as stored', async () => {
    const layer = createMemoryLayer(schema, data);
    const first = await layer.readOne('person', '2', { signal });
    const again = (await layer.read({ type: 'person', filter: null, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 1, limit: 1 }, { signal })).rows[0];
    expect(first).toBe(again);
    expect(first).toEqual({ id: '2', name: 'bob', nick: 'Bobby', bio: 'DOG walker', age: null, score: 2, active: false, born: null });
    expect(Object.keys(first ?? {})).toEqual(['id', 'name', 'nick', 'bio', 'age', 'score', 'active', 'born']);
    expect(JSON.parse(JSON.stringify(first))).toEqual({ ...first });
    expect(Object.isFrozen(first)).toBe(true);
    const missing = createMemoryLayer(schema, { person: [{ id: 'm', name: 'M', score: 1 }] });
    expect(await missing.readOne('person', 'm', { signal })).toEqual({ id: 'm', name: 'M', nick: null, bio: null, age: null, score: 1, active: null, born: null });
  });

  it('does not keep the records it was given alive', async () => {
    // `--expose-gc` at run time, then `gc` from a fresh context (vitest's workers start without it).
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const input = structuredClone(data);
    const held = new WeakRef(input.person);
    const layer = createMemoryLayer(schema, input);
    (input as { person?: unknown }).person = undefined;
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
    expect(held.deref()).toBeUndefined();
    expect((await layer.readOne('person', '2', { signal }))?.name).toBe('bob');
  });

  it('does not modify the data it was given', () => {
    const input = structuredClone(data);
    createMemoryLayer(schema, input);
    expect(input).toEqual(data);
  });
});
