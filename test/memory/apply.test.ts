/**
 * The memory layer's `apply`: every operation kind, both sides of inverse
 * relationships kept consistent, ids the layer generates, lids, the scope before and
 * after a list, and all or nothing (a failed list leaves every read byte-identical).
 */
import { describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import type { Id, LayerContext, WriteRequest } from '../../src/layers/data-layer.js';
import { createMemoryLayer, type MemoryLayer } from '../../src/layers/memory/index.js';
import { isOperationError, type OperationError } from '../../src/operations/operation-error.js';
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  idRef,
  lidRef,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from '../../src/operations/operation-factories.js';
import type { Operation } from '../../src/operations/operation-node.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import type { ResourceTypeDefinition } from '../../src/schema/schema.js';
import { writeSchema } from '../write/write-schema.js';

const context: LayerContext = { signal: new AbortController().signal };
const data = {
  person: [
    { id: '1', name: 'Ann', display_name: 'Ann A.', birth_date: null, gender: 'f' },
    { id: '2', name: 'Bob', display_name: 'Bob B.', birth_date: '1990-01-01', gender: 'm' },
    { id: 'x', name: 'Xi', display_name: 'Xi X.', birth_date: null, gender: null },
  ],
  computer: [
    { id: '1', serial: 'A', owner: '1' },
    { id: '2', serial: 'B', owner: '1' },
    { id: '3', serial: 'C', owner: null },
  ],
  tag: [{ id: 5, label: 'five', note: null, weight: 1, created: null, people: ['1'] }],
};
const fresh = (): MemoryLayer => createMemoryLayer(writeSchema, data);
const person = (name: string) => ({ attributes: { name, display_name: `${name}.` }, relationships: {} });
const apply = (layer: MemoryLayer, operations: readonly Operation[], scope?: WriteRequest['scope']) =>
  (layer.apply as NonNullable<MemoryLayer['apply']>)({ operations, ...(scope === undefined ? {} : { scope }) }, context);
const refusal = async (promise: Promise<unknown>): Promise<OperationError> => {
  const error: unknown = await promise.then(() => undefined, (thrown: unknown) => thrown);
  if (!isOperationError(error)) throw new Error(`expected an OperationError, got ${String(error)}`);
  return error;
};

/** Every resource of every type with its relationships, as one text: the whole state. */
async function snapshot(layer: MemoryLayer): Promise<string> {
  const state: Record<string, unknown> = {};
  for (const type of ['person', 'computer', 'tag', 'code', 'country']) {
    const { rows } = await layer.read({ type, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context);
    const definition: ResourceTypeDefinition = writeSchema.types[type as keyof typeof writeSchema.types];
    const relationships = Object.keys(definition.relationships ?? {});
    state[type] = await Promise.all(
      rows.map(async (row) => ({
        row,
        links: await Promise.all(
          relationships.map(async (relationship) =>
            (await layer.readLinkage({ type, id: row.id, relationship, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context))?.ids,
          ),
        ),
      })),
    );
  }
  return JSON.stringify(state);
}

const linkage = async (layer: MemoryLayer, type: string, id: Id, relationship: string) =>
  (await layer.readLinkage({ type, id, relationship, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context))?.ids;

describe('memory layer apply', () => {
  it('creates with a generated id past the largest decimal id, never reusing one after a delete', async () => {
    const layer = fresh();
    expect(await apply(layer, [createOperation('person', person('Cy'))])).toEqual({ ids: ['3'] });
    expect(await layer.readOne('person', '3', context)).toEqual({ id: '3', name: 'Cy', display_name: 'Cy.', birth_date: null, gender: null });
    await apply(layer, [deleteOperation(idRef('person', '3'))]);
    expect(await apply(layer, [createOperation('person', person('Di'))])).toEqual({ ids: ['4'] });
    expect(await apply(layer, [createOperation('tag', { attributes: { label: 't', note: null }, relationships: {} })])).toEqual({ ids: [6] });
  });

  it('generates past an id a client chose', async () => {
    const layer = fresh();
    await apply(layer, [createOperation('tag', { attributes: { label: 't', note: null }, relationships: {} }, { id: 6 })]);
    expect(await apply(layer, [createOperation('tag', { attributes: { label: 'u', note: null }, relationships: {} })])).toEqual({ ids: [7] });
  });

  it('refuses a client id that is taken', async () => {
    const layer = fresh();
    const error = await refusal(apply(layer, [createOperation('tag', { attributes: { label: 't', note: null }, relationships: {} }, { id: 5 })]));
    expect(error).toMatchObject({ reason: 'duplicate_id', operation: 0 });
  });

  it('creates with relationships, linking the inverse side, and resolves lids', async () => {
    const layer = fresh();
    const { ids } = await apply(layer, [
      createOperation('person', person('Cy'), { lid: 'cy' }),
      createOperation('computer', { attributes: { serial: 'D' }, relationships: { owner: lidRef('person', 'cy', 0) } }),
      addToRelationshipOperation(lidRef('person', 'cy', 0), 'computers', [idRef('computer', '3')]),
    ]);
    expect(ids).toEqual(['3', '4', null]);
    expect(await linkage(layer, 'person', '3', 'computers')).toEqual(['3', '4']);
    expect(await linkage(layer, 'computer', '3', 'owner')).toEqual(['3']);
  });

  it('updates attributes and moves a to-one relationship off its old owner', async () => {
    const layer = fresh();
    await apply(layer, [updateOperation(idRef('computer', '1'), { attributes: { serial: 'A2' }, relationships: { owner: idRef('person', '2') } })]);
    expect(await layer.readOne('computer', '1', context)).toMatchObject({ serial: 'A2' });
    expect(await linkage(layer, 'person', '1', 'computers')).toEqual(['2']);
    expect(await linkage(layer, 'person', '2', 'computers')).toEqual(['1']);
  });

  it('replaces, adds to and removes from a to-many relationship, leaving the members absent alone', async () => {
    const layer = fresh();
    await apply(layer, [setRelationshipOperation(idRef('person', '2'), 'computers', [idRef('computer', '2'), idRef('computer', '3')])]);
    expect(await linkage(layer, 'person', '1', 'computers')).toEqual(['1']);
    expect(await linkage(layer, 'person', '2', 'computers')).toEqual(['2', '3']);
    await apply(layer, [
      removeFromRelationshipOperation(idRef('person', '2'), 'computers', [idRef('computer', '3'), idRef('computer', '1')]),
      addToRelationshipOperation(idRef('person', 'x'), 'computers', [idRef('computer', '3'), idRef('computer', '3')]),
    ]);
    expect(await linkage(layer, 'person', '2', 'computers')).toEqual(['2']);
    expect(await linkage(layer, 'person', '1', 'computers')).toEqual(['1']);
    expect(await linkage(layer, 'computer', '3', 'owner')).toEqual(['x']);
    await apply(layer, [setRelationshipOperation(idRef('computer', '3'), 'owner', null)]);
    expect(await linkage(layer, 'person', 'x', 'computers')).toEqual([]);
  });

  it('deletes a resource and unlinks it everywhere, relationships without an inverse too', async () => {
    const layer = fresh();
    await apply(layer, [deleteOperation(idRef('person', '1'))]);
    expect(await layer.readOne('person', '1', context)).toBeNull();
    expect(await linkage(layer, 'computer', '1', 'owner')).toEqual([]);
    expect(await linkage(layer, 'tag', 5, 'people')).toEqual([]);
  });

  it.each<[string, Operation[], Partial<OperationError>]>([
    ['an update of a missing resource', [updateOperation(idRef('person', '9'), person('Z'))], { reason: 'not_found', operation: 0 }],
    ['a delete of a resource deleted before in the list', [deleteOperation(idRef('person', '1')), deleteOperation(idRef('person', '1'))], { reason: 'not_found', operation: 1 }],
    ['a missing related resource', [createOperation('computer', { attributes: { serial: 'E' }, relationships: { owner: idRef('person', '9') } })], { reason: 'related_not_found', operation: 0, place: { relationship: 'owner' } }],
    ['a missing member', [addToRelationshipOperation(idRef('person', '1'), 'computers', [idRef('computer', '3'), idRef('computer', '9')])], { reason: 'related_not_found', place: { relationship: 'computers', index: 1 } }],
    ['a lid whose resource was deleted', [createOperation('person', person('Cy'), { lid: 'cy' }), deleteOperation(lidRef('person', 'cy', 0)), updateOperation(lidRef('person', 'cy', 0), person('Dy'))], { reason: 'not_found', operation: 2 }],
  ])('refuses %s, changing nothing', async (_, operations, expected) => {
    const layer = fresh();
    await apply(layer, [createOperation('person', person('Before'))]);
    const before = await snapshot(layer);
    expect(await refusal(apply(layer, [updateOperation(idRef('person', '2'), person('Changed')), ...operations]))).toMatchObject({
      ...expected,
      operation: (expected.operation ?? 0) + 1,
    });
    expect(await snapshot(layer)).toBe(before);
  });

  it('leaves the state as it was when a list fails after creating, updating and deleting', async () => {
    const layer = fresh();
    const before = await snapshot(layer);
    const operations = [
      createOperation('person', person('Cy'), { lid: 'cy' }),
      updateOperation(idRef('computer', '1'), { attributes: { serial: 'Z' }, relationships: { owner: lidRef('person', 'cy', 0) } }),
      deleteOperation(idRef('person', '2')),
      setRelationshipOperation(idRef('tag', 5), 'people', [idRef('person', '404')]),
    ];
    await refusal(apply(layer, operations));
    expect(await snapshot(layer)).toBe(before);
    expect(await apply(layer, [createOperation('person', person('Cy'))])).toEqual({ ids: ['3'] });
  });

  it('shows concurrent readers the state before or after a list, never between', async () => {
    const layer = fresh();
    const count = async () => (await layer.read({ type: 'person', filter: null, sort: ID_ORDER, offset: 0, limit: null }, context)).total;
    const creates = Array.from({ length: 5 }, (_, index) => createOperation('person', person(`N${String(index)}`)));
    const seen = await Promise.all([count(), apply(layer, creates).then(count), count(), apply(layer, creates).then(count), count()]);
    for (const total of seen) expect([3, 8, 13]).toContain(total);
    // Lists apply one at a time, each after the one before: both land, in order.
    expect(seen[1]).toBeLessThanOrEqual(seen[3] ?? 0);
    expect(await count()).toBe(13);
  });

  it('honours an aborted signal without applying anything', async () => {
    const layer = fresh();
    const before = await snapshot(layer);
    const aborted = AbortSignal.abort();
    await expect((layer.apply as NonNullable<MemoryLayer['apply']>)({ operations: [createOperation('person', person('Cy'))] }, { signal: aborted })).rejects.toThrow();
    expect(await snapshot(layer)).toBe(before);
  });
});

describe('memory layer apply within a scope', () => {
  const women = compareNode('gender', 'eq', 'f');
  const scope = (type: string) => (type === 'person' ? women : undefined);

  it('finds no resource outside the scope before the list', async () => {
    const layer = fresh();
    expect(await refusal(apply(layer, [deleteOperation(idRef('person', '2'))], scope))).toMatchObject({ reason: 'not_found' });
    expect(await refusal(apply(layer, [setRelationshipOperation(idRef('computer', '3'), 'owner', idRef('person', '2'))], scope))).toMatchObject({
      reason: 'related_not_found',
      place: { relationship: 'owner' },
    });
  });

  it('refuses a resource created or changed outside the scope after the list, naming its first operation', async () => {
    const layer = fresh();
    const before = await snapshot(layer);
    const man = { attributes: { name: 'M', display_name: 'M.', gender: 'm' }, relationships: {} };
    expect(await refusal(apply(layer, [createOperation('person', man)], scope))).toMatchObject({ reason: 'out_of_scope', operation: 0 });
    const moved = [updateOperation(idRef('computer', '3'), { attributes: { serial: 'Q' }, relationships: {} }), updateOperation(idRef('person', '1'), { attributes: { gender: 'm' }, relationships: {} })];
    expect(await refusal(apply(layer, moved, scope))).toMatchObject({ reason: 'out_of_scope', operation: 1 });
    expect(await snapshot(layer)).toBe(before);
  });

  it('writes inside the scope, and a resource created in the list may be named before the scope is checked', async () => {
    const layer = fresh();
    const woman = { attributes: { name: 'W', display_name: 'W.', gender: 'f' }, relationships: {} };
    const { ids } = await apply(layer, [createOperation('person', woman, { lid: 'w' }), addToRelationshipOperation(lidRef('person', 'w', 0), 'computers', [idRef('computer', '3')])], scope);
    expect(await linkage(layer, 'person', ids[0] as Id, 'computers')).toEqual(['3']);
  });
});
