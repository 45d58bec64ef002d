/**
 * The memory layer's `snapshot()`: the records after writes, in the shape the layer
 * loads — a layer built from it holds the same resources and relationships.
 */
import { describe, expect, it } from 'vitest';
import type { LayerContext } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { createOperation, deleteOperation, idRef, lidRef, setRelationshipOperation, updateOperation } from '../../src/operations/operation-factories.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';

const context: LayerContext = { signal: new AbortController().signal };

describe('memory layer snapshot', () => {
  it('gives the loaded records back, every relationship as ids, in primary key order', () => {
    const layer = createMemoryLayer(exampleSchema, { person: [{ id: '2', name: 'B', display_name: 'B.' }, { id: '1', name: 'A', display_name: 'A.' }], computer: [{ id: '9', serial: 'S', owner: '2' }] });
    expect(layer.snapshot()).toEqual({
      person: [
        { id: '1', name: 'A', display_name: 'A.', birth_date: null, gender: null, computers: [] },
        { id: '2', name: 'B', display_name: 'B.', birth_date: null, gender: null, computers: ['9'] },
      ],
      computer: [{ id: '9', serial: 'S', owner: '2' }],
    });
  });

  it('holds every write applied, and a layer loaded from it reads the same', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const apply = layer.apply?.bind(layer);
    if (apply === undefined) throw new Error('the memory layer applies writes');
    const { ids } = await apply(
      {
        operations: [
          createOperation('person', { attributes: { name: 'Ada', display_name: 'Ada L.' }, relationships: {} }, { lid: 'ada' }),
          updateOperation(idRef('person', '1'), { attributes: { name: 'Jon' }, relationships: {} }),
          setRelationshipOperation(idRef('computer', '1'), 'owner', lidRef('person', 'ada', 0)),
          deleteOperation(idRef('computer', '2')),
        ],
      },
      context,
    );
    const snapshot = layer.snapshot();
    const reloaded = createMemoryLayer(exampleSchema, JSON.parse(JSON.stringify(snapshot)) as typeof snapshot);
    expect(reloaded.snapshot()).toEqual(snapshot);
    for (const type of ['person', 'computer']) {
      const request = { type, filter: null, sort: ID_ORDER, offset: 0, limit: null };
      expect((await reloaded.read(request, context)).rows).toEqual((await layer.read(request, context)).rows);
    }
    const ada = snapshot['person']?.find((record) => (record as { id: unknown }).id === ids[0]);
    expect(ada).toMatchObject({ name: 'Ada', computers: ['1'] });
    expect(snapshot['person']?.find((record) => (record as { id: unknown }).id === '1')).toMatchObject({ name: 'Jon' });
    expect(snapshot['computer']?.some((record) => (record as { id: unknown }).id === '2')).toBe(false);
  });
});
