/**
 * The conformance kit catches a custom layer that ignores `WriteRequest.permits` (a
 * write policy): its `write-permits` case fails on it, and passes on the memory layer.
 */
import { describe, expect, it } from 'vitest';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
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
