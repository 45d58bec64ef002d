/**
 * `ifMatch` and versions in `DataLayer.apply` (docs/writes.md, "Writing a layer", item
 * 8), on the memory layer and every SQL engine: a create sets the version to 1, every
 * operation addressed to a resource bumps it, and an operation whose `ifMatch` names
 * no current version refuses the whole list (`precondition_failed` at its index).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer, LayerContext, WriteRequest } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { isOperationError } from '../../src/operations/operation-error.js';
import {
  createOperation,
  deleteOperation,
  guardedOperation,
  idRef,
  setRelationshipOperation,
  updateOperation,
} from '../../src/operations/operation-factories.js';
import { availableEngines, skippedEngines } from '../helpers/engines.js';
import { versionedData, versionedSchema } from './versioned-schema.js';

const context: LayerContext = { signal: new AbortController().signal };
const engines = await availableEngines();

for (const { name, reason } of skippedEngines()) {
  describe.skip(`versions in apply on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

const layers: [string, () => Promise<{ layer: DataLayer; close(): Promise<void> }>][] = [
  ['memory', () => Promise.resolve({ layer: createMemoryLayer(versionedSchema, versionedData), close: () => Promise.resolve() })],
  ...engines.map((engine): [string, () => Promise<{ layer: DataLayer; close(): Promise<void> }>] => [
    engine.name,
    () => engine.create(versionedSchema, versionedData),
  ]),
];

describe.each(layers)('versions in apply on %s', (_, open) => {
  let instance: { layer: DataLayer; close(): Promise<void> };
  beforeAll(async () => {
    instance = await open();
  });
  afterAll(() => instance.close());

  const apply = (request: WriteRequest) => {
    const { apply: write } = instance.layer;
    if (write === undefined) throw new Error('the layer applies no writes');
    return write.call(instance.layer, request, context);
  };
  const refusal = (request: WriteRequest) =>
    apply(request).then(
      () => new Error('applied'),
      (error: unknown) => error,
    );
  const revision = async (id: string) => (await instance.layer.readOne('note', id, context))?.['revision'];
  const title = (id: string, text: string) => updateOperation(idRef('note', id), { attributes: { title: text }, relationships: {} });

  it('sets the version of a create to 1 and bumps it on an update, a relationship change and a guarded update', async () => {
    const { ids } = await apply({ operations: [createOperation('note', { attributes: { title: 'new' }, relationships: {} })] });
    const id = String(ids[0]);
    expect(await revision(id)).toBe(1);
    await apply({ operations: [title(id, 'a'), setRelationshipOperation(idRef('note', id), 'author', idRef('author', '1'))] });
    expect(await revision(id)).toBe(3);
    await apply({ operations: [guardedOperation(title(id, 'b'), [2, 3])] });
    expect(await revision(id)).toBe(4);
  });

  it('refuses the whole list at the operation whose ifMatch is stale, and changes nothing', async () => {
    const before = await instance.layer.readOne('note', '2', context);
    const error = await refusal({ operations: [title('2', 'lost'), guardedOperation(deleteOperation(idRef('note', '2')), [6])] });
    expect(isOperationError(error) ? [error.reason, error.operation] : error).toEqual(['precondition_failed', 1]);
    expect(await instance.layer.readOne('note', '2', context)).toEqual(before);
  });

  it('refuses ifMatch on a type without a version, and an empty ifMatch', async () => {
    const rename = updateOperation(idRef('author', '1'), { attributes: { name: 'Anna' }, relationships: {} });
    const unversioned = await refusal({ operations: [guardedOperation(rename, [1])] });
    expect(isOperationError(unversioned) && unversioned.reason).toBe('precondition_failed');
    const empty = await refusal({ operations: [guardedOperation(title('2', 'x'), [])] });
    expect(isOperationError(empty) && empty.reason).toBe('precondition_failed');
    expect(await revision('2')).toBe(7);
  });
});
