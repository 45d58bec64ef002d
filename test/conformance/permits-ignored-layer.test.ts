/**
 * The conformance kit catches a custom layer that ignores `WriteRequest.permits` (a
 * write policy): its `write-permits` case fails on it (and passes on the memory layer),
 * and so does the write property's comparison with the memory layer.
 */
import { describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { idRef, updateOperation } from '../../src/operations/operation-factories.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { layerTwin } from '../../src/testing/conformance/layer-twin.js';
import { checkList } from '../../src/testing/conformance/write-property.js';
import { runWriteCase, WRITE_CASES } from '../../src/testing/conformance/write-suite.js';
import { writeConformanceSchema } from '../../src/testing/conformance/write-schema.js';

const permitsCase = WRITE_CASES.find((example) => example.id === 'write-permits');

/** The memory layer, except that it applies every list as if the request had no write permissions. */
function permitsIgnoredLayer(): DataLayer {
  const memory = createMemoryLayer(writeConformanceSchema, conformanceData);
  const { apply } = memory;
  if (apply === undefined) throw new Error('The memory layer applies writes');
  return {
    ...memory,
    apply: ({ permits: _ignored, ...request }, context) => apply.call(memory, request, context),
  };
}

describe('the write-permits case of the conformance kit', () => {
  it('passes on the memory layer', async () => {
    expect(permitsCase).toBeDefined();
    if (permitsCase !== undefined) await runWriteCase(permitsCase, createMemoryLayer(writeConformanceSchema, conformanceData));
  });

  it('fails on a layer that ignores the write permissions, at the first write it lets through', async () => {
    expect(permitsCase).toBeDefined();
    if (permitsCase === undefined) return;
    await expect(runWriteCase(permitsCase, permitsIgnoredLayer())).rejects.toThrow(/PATCH.*\/books\/b2/su);
  });
});

describe('the write property of the conformance kit', () => {
  it('fails on a layer that ignores the write permissions: it applies a list the memory layer refuses', async () => {
    const twin = layerTwin(writeConformanceSchema, createMemoryLayer(writeConformanceSchema, conformanceData), permitsIgnoredLayer());
    const inPrint = (type: string) => (type === 'book' ? compareNode('in_print', 'eq', true) : undefined);
    // b2 is out of print: the memory layer refuses to update it.
    const list = () => [updateOperation(idRef('book', 'b2'), { attributes: { title: 'Renamed' }, relationships: {} })];
    // The layer applied it (ids [ 'b2' ]) where the memory layer refused it.
    await expect(checkList(twin, list, undefined, inPrint)).rejects.toThrow(/expected \{ ids: \[ 'b2' \] \}/u);
  });
});
