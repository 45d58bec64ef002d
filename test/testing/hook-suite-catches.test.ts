/**
 * The kit's hook suite catches a layer that runs `WriteRequest.hooks` wrongly: each
 * broken layer below wraps the memory layer with one planted bug, and the hook cases
 * named beside it must fail on it, while the memory layer itself passes every case.
 */
import { describe, expect, it } from 'vitest';
import type { DataLayer, LayerContext, OperationHooks, OperationList, WriteRequest } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { Operation } from '../../src/operations/operation-node.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { checkHookCase, HOOK_CASE_IDS, HOOK_CASES } from '../../src/testing/conformance/hook-suite.js';
import { writeConformanceSchema } from '../../src/testing/conformance/write-schema.js';

type Apply = NonNullable<DataLayer['apply']>;

/** The memory layer, its `apply` replaced by `broken(apply of the memory layer, its reads)`. */
function brokenLayer(broken: (apply: Apply, layer: DataLayer) => Apply): DataLayer {
  const memory = createMemoryLayer(writeConformanceSchema, conformanceData);
  const apply = memory.apply;
  if (apply === undefined) throw new Error('the memory layer takes writes');
  return { ...memory, apply: broken(apply.bind(memory), memory) };
}

/** A layer whose `apply` gives the memory layer other hooks than the request's. */
function withHooks(change: (hooks: OperationHooks) => OperationHooks | undefined): DataLayer {
  return brokenLayer((apply) => (request, context) => {
    const hooks = request.hooks === undefined ? undefined : change(request.hooks);
    return apply({ operations: request.operations, ...(request.scope === undefined ? {} : { scope: request.scope }), ...(hooks === undefined ? {} : { hooks }) }, context);
  });
}

/** Runs every `before` in the transaction but every `after` once the list is committed, reading the committed store. */
function aftersAfterCommit(): DataLayer {
  return brokenLayer((apply, layer) => async (request: WriteRequest, context: LayerContext) => {
    const { hooks } = request;
    if (hooks === undefined) return apply(request, context);
    const applied: Operation[] = [];
    const result = await apply(
      {
        ...request,
        hooks: {
          before: async (index, operation, list) => {
            const changed = await hooks.before(index, operation, list);
            applied.push(changed);
            return changed;
          },
          after: () => Promise.resolve(),
        },
      },
      context,
    );
    const committed: OperationList = { ids: result.ids, read: (type, id) => layer.readOne(type, id, context) };
    for (const [index, operation] of applied.entries()) await hooks.after(index, operation, committed);
    return result;
  });
}

const BROKEN: readonly { readonly bug: string; readonly layer: () => DataLayer; readonly caughtBy: readonly string[] }[] = [
  {
    bug: 'ignores the hooks',
    layer: () => withHooks(() => undefined),
    caughtBy: HOOK_CASE_IDS,
  },
  {
    bug: 'calls after before the write',
    layer: () =>
      withHooks((hooks) => ({
        before: async (index, operation, list) => {
          const changed = await hooks.before(index, operation, list);
          await hooks.after(index, changed, list);
          return changed;
        },
        after: () => Promise.resolve(),
      })),
    caughtBy: ['hooks-order', 'hooks-change-operation'],
  },
  {
    bug: 'calls every after once the list is committed',
    layer: aftersAfterCommit,
    caughtBy: ['hooks-order', 'hooks-refusal-rolls-back'],
  },
  {
    bug: 'applies the operation it was given, not the one before resolved with',
    layer: () => withHooks((hooks) => ({ ...hooks, before: async (index, operation, list) => (await hooks.before(index, operation, list), operation) })),
    caughtBy: ['hooks-change-operation'],
  },
  {
    bug: 'goes on when a hook throws',
    layer: () =>
      withHooks((hooks) => ({
        before: (index, operation, list) => hooks.before(index, operation, list).catch(() => operation),
        after: (index, operation, list) => hooks.after(index, operation, list).catch(() => undefined),
      })),
    caughtBy: ['hooks-refusal-rolls-back'],
  },
  {
    bug: 'shows hooks no ids of earlier operations',
    layer: () => withHooks((hooks) => ({ before: (index, operation, list) => hooks.before(index, operation, { ids: [], read: list.read }), after: (index, operation, list) => hooks.after(index, operation, { ids: [], read: list.read }) })),
    caughtBy: ['hooks-order', 'hooks-change-operation'],
  },
];

describe('the hook suite', () => {
  for (const hookCase of HOOK_CASES) {
    it(`${hookCase.id} passes on the memory layer`, async () => {
      await expect(checkHookCase(hookCase, createMemoryLayer(writeConformanceSchema, conformanceData))).resolves.toBeUndefined();
    });
  }
  for (const { bug, layer, caughtBy } of BROKEN) {
    for (const id of caughtBy) {
      it(`${id} fails on a layer that ${bug}`, async () => {
        const hookCase = HOOK_CASES.find((candidate) => candidate.id === id);
        expect(hookCase).toBeDefined();
        if (hookCase !== undefined) await expect(checkHookCase(hookCase, layer())).rejects.toThrow();
      });
    }
  }
  it('refuses a layer without apply', async () => {
    const { operators, read, readOne, readRelated, readLinkage, readIncluded } = createMemoryLayer(writeConformanceSchema, conformanceData);
    const readOnly: DataLayer = { operators, read, readOne, readRelated, readLinkage, readIncluded };
    await expect(checkHookCase(HOOK_CASES[0] as (typeof HOOK_CASES)[number], readOnly)).rejects.toThrow('it has no apply');
  });
});
