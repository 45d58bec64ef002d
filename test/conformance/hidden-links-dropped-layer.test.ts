/**
 * The conformance kit catches a custom layer that replaces a whole to-many
 * relationship under a scope, links to hidden rows included (docs/writes.md,
 * "Writing a layer", rule 7): its `write-hidden-links` case fails on it, and passes
 * on the memory layer.
 */
import { describe, expect, it } from 'vitest';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { Operation } from '../../src/operations/operation-node.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { runWriteCase, WRITE_CASES } from '../../src/testing/conformance/write-suite.js';
import { writeConformanceSchema } from '../../src/testing/conformance/write-schema.js';

const hiddenLinksCase = WRITE_CASES.find((example) => example.id === 'write-hidden-links');

/** The relationship replacements of a list, alone: its `set_relationship` operations and the relationships of its updates. */
function replacements(operations: readonly Operation[]): Operation[] {
  return operations.flatMap((operation): Operation[] =>
    operation.kind === 'set_relationship' ? [operation] : operation.kind === 'update' ? [{ ...operation, attributes: {} }] : [],
  );
}

/** The memory layer, except that after a list it replaces its relationships again without the scope, as a layer that ignores hidden links would. */
function hiddenLinksDroppedLayer(): DataLayer {
  const memory = createMemoryLayer(writeConformanceSchema, conformanceData);
  const { apply } = memory;
  if (apply === undefined) throw new Error('The memory layer applies writes');
  return {
    ...memory,
    apply: async (request, context) => {
      const result = await apply.call(memory, request, context);
      const again = replacements(request.operations);
      if (again.length > 0) await apply.call(memory, { operations: again }, context);
      return result;
    },
  };
}

describe('the write-hidden-links case of the conformance kit', () => {
  it('passes on the memory layer', async () => {
    expect(hiddenLinksCase).toBeDefined();
    if (hiddenLinksCase !== undefined) await runWriteCase(hiddenLinksCase, createMemoryLayer(writeConformanceSchema, conformanceData));
  });

  it('fails on a layer that replaces a to-many with its hidden links', async () => {
    expect(hiddenLinksCase).toBeDefined();
    if (hiddenLinksCase === undefined) return;
    await expect(runWriteCase(hiddenLinksCase, hiddenLinksDroppedLayer())).rejects.toThrow(/b2/u);
  });
});
