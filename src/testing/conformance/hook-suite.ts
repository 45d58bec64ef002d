/**
 * The hook suite of the conformance kit: a layer's `apply` runs `WriteRequest.hooks`
 * as docs/writes.md ("Writing a layer", rule 10) says — `before` then the write then
 * `after`, for each operation in order, inside the list's transaction. Each case
 * calls `apply` directly with recording hooks, on a fresh layer holding the
 * conformance dataset, so that a layer which ignores hooks, calls them out of order,
 * applies the operation `before` did not return, runs `after` where the list's
 * effects are not visible or after the commit, or does not roll back when a hook
 * throws fails a named case.
 */
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../http/handler.js';
import { JSON_API_MEDIA_TYPE } from '../../http/negotiate.js';
import { compareNode } from '../../ast/filter-factories.js';
import type { FilterNode } from '../../ast/filter-node.js';
import { NEVER_ABORTED } from '../../execute/never-aborted.js';
import { isOperationError } from '../../operations/operation-error.js';
import { ID_ORDER } from '../../rules/id-tie-break.js';
import type { DataLayer, Id, LayerContext, OperationHooks, OperationList, Row, WriteResult } from '../../layers/data-layer.js';
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  idRef,
  lidRef,
  setRelationshipOperation,
  updateOperation,
} from '../../operations/operation-factories.js';
import type { Operation } from '../../operations/operation-node.js';
import { conformanceData } from './conformance-data.js';
import type { DescribeDataLayerOptions } from './describe-options.js';
import { readState } from './layer-twin.js';
import type { SkipTable } from './skip-table.js';
import { writeConformanceSchema } from './write-schema.js';

/** A layer that takes writes. */
export type WritableDataLayer = DataLayer & Required<Pick<DataLayer, 'apply'>>;

/** One hook case: what it checks, and the check, on a fresh layer holding the conformance dataset. */
export interface HookCase {
  readonly id: string;
  readonly description: string;
  run(layer: WritableDataLayer): Promise<void>;
}

const context = (): LayerContext => ({ signal: NEVER_ABORTED });

/** Hooks that pass every operation through unchanged, calling `observe` before and after each. */
function observingHooks(observe: (moment: 'before' | 'after', index: number, operation: Operation, list: OperationList) => Promise<void> | void): OperationHooks {
  return {
    async before(index, operation, list) {
      await observe('before', index, operation, list);
      return operation;
    },
    async after(index, operation, list) {
      await observe('after', index, operation, list);
    },
  };
}

/**
 * A batch with every kind of operation, the later ones naming the first create by
 * lid: 0 creates an author, 1 a book by that author, 2 updates author 1, 3 adds the
 * new author to group g4, 4 sets book b10's author, 5 deletes book b2.
 */
const BATCH: readonly Operation[] = [
  createOperation('author', { attributes: { name: 'Hooked', rank: 1 }, relationships: {} }, { lid: 'hooked' }),
  createOperation('book', { attributes: { title: 'Hooked book', in_print: true }, relationships: { author: lidRef('author', 'hooked', 0) } }),
  updateOperation(idRef('author', 1), { attributes: { rank: 8 }, relationships: {} }),
  addToRelationshipOperation(idRef('group', 'g4'), 'members', [lidRef('author', 'hooked', 0)]),
  setRelationshipOperation(idRef('book', 'b10'), 'author', idRef('author', 2)),
  deleteOperation(idRef('book', 'b2')),
];

/** An attribute of a resource as the list sees it: its value, `absent` without the resource, `no id yet` before the list has one. */
async function seen(list: OperationList, type: string, id: Id | null | undefined, attribute: string): Promise<string> {
  if (id === null || id === undefined) return 'no id yet';
  const row: Row | null = await list.read(type, id);
  return row === null ? 'absent' : String(row[attribute]);
}

/** What the list shows of operation `index`'s resource of `BATCH`, before or after it (relationship changes: nothing read). */
function probeBatch(index: number, list: OperationList): Promise<string> {
  switch (index) {
    case 0:
      return seen(list, 'author', list.ids[0], 'name');
    case 1:
      // One read after the other: a hook may not read twice at once on every layer.
      return seen(list, 'author', list.ids[0], 'name').then(async (author) => `${author} / ${await seen(list, 'book', list.ids[1], 'title')}`);
    case 2:
      return seen(list, 'author', 1, 'rank');
    case 5:
      return seen(list, 'book', 'b2', 'title');
    default:
      return Promise.resolve('-');
  }
}

/** A refusal thrown by a hook: the layer must reject with it, or with an error whose `cause` chain holds it. */
class HookRefusal extends Error {}

/** `error` and its chain of `cause`s: a layer may wrap what a hook threw in an error of its own. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let item = error; item !== undefined && !chain.includes(item); item = item instanceof Error ? item.cause : undefined) chain.push(item);
  return chain;
}

/** Applies `operations` with hooks that throw at `moment` of operation `at`; expects a rejection holding what the hook threw, and nothing changed. */
async function expectRolledBack(layer: WritableDataLayer, operations: readonly Operation[], moment: 'before' | 'after', at: number): Promise<void> {
  const before = await readState(writeConformanceSchema, layer);
  const refusal = new HookRefusal(`refused ${moment} operation ${String(at)}`);
  const calls: string[] = [];
  const hooks = observingHooks((when, index) => {
    calls.push(`${when} ${String(index)}`);
    if (when === moment && index === at) throw refusal;
  });
  const rejection: unknown = await layer.apply({ operations, hooks }, context()).then(
    () => 'resolved',
    (error: unknown) => error,
  );
  expect(causes(rejection), `a hook throwing ${moment} operation ${String(at)} refuses the list with what it threw`).toContain(refusal);
  expect(calls.at(-1), 'the throwing hook ran').toBe(`${moment} ${String(at)}`);
  expect(await readState(writeConformanceSchema, layer), `a hook throwing ${moment} operation ${String(at)} leaves the state as it was`).toBe(before);
}

/** Every hook case. */
export const HOOK_CASES: readonly HookCase[] = [
  {
    id: 'hooks-order',
    description:
      "before and after run once per operation, in order, around it; each is given the operation and the ids of the operations before it, and list.read sees the list's effects so far",
    async run(layer) {
      const calls: string[] = [];
      const given: Operation[] = [];
      const ids: (readonly (Id | null)[])[] = [];
      const hooks = observingHooks(async (moment, index, operation, list) => {
        given.push(operation);
        ids.push([...list.ids]);
        calls.push(`${moment} ${String(index)}: ${await probeBatch(index, list)}`);
      });
      const result: WriteResult = await layer.apply({ operations: BATCH, hooks }, context());
      // Before an operation, the effects of the ones before it; after it, its own too.
      expect(calls).toEqual([
        'before 0: no id yet',
        'after 0: Hooked',
        'before 1: Hooked / no id yet',
        'after 1: Hooked / Hooked book',
        'before 2: 2',
        'after 2: 8',
        'before 3: -',
        'after 3: -',
        'before 4: -',
        'after 4: -',
        'before 5: Go Fast',
        'after 5: absent',
      ]);
      expect(given).toEqual(BATCH.flatMap((operation) => [operation, operation]));
      // before operation i: the ids of operations 0 … i-1; after it: its own too.
      expect(ids).toEqual(BATCH.flatMap((_, index) => [result.ids.slice(0, index), result.ids.slice(0, index + 1)]));
      expect(result.ids[0]).not.toBeNull();
      expect(result.ids[2]).toBe(1);
    },
  },
  {
    id: 'hooks-change-operation',
    description: 'the operation a before hook resolves with (attributes changed, as a hook sets server-owned ones) is the one applied, stored and answered',
    async run(layer) {
      const operations = [
        createOperation('author', { attributes: { name: 'Client', rank: 1 }, relationships: {} }),
        updateOperation(idRef('author', 2), { attributes: { rank: 6 }, relationships: {} }),
      ];
      const afterSeen: string[] = [];
      const hooks: OperationHooks = {
        before: (index, operation) => {
          if (operation.kind !== 'create' && operation.kind !== 'update') return Promise.resolve(operation);
          const attributes = index === 0 ? { nickname: 'set by a hook' } : { name: 'renamed by a hook' };
          return Promise.resolve(Object.freeze({ ...operation, attributes: Object.freeze({ ...operation.attributes, ...attributes }) }));
        },
        after: async (index, _operation, list) => {
          afterSeen.push(await seen(list, 'author', list.ids[index], index === 0 ? 'nickname' : 'name'));
        },
      };
      const result = await layer.apply({ operations, hooks }, context());
      expect(afterSeen).toEqual(['set by a hook', 'renamed by a hook']);
      const created = await layer.readOne('author', result.ids[0] as Id, context());
      expect(created).toMatchObject({ name: 'Client', rank: 1, nickname: 'set by a hook' });
      expect(await layer.readOne('author', 2, context())).toMatchObject({ name: 'renamed by a hook', rank: 6 });
      // A layer that answers with the rows it wrote answers with what was stored.
      for (const row of result.rows ?? []) if (row !== null) expect(row).toMatchObject(row.id === 2 ? { name: 'renamed by a hook' } : { nickname: 'set by a hook' });
    },
  },
  {
    id: 'hooks-refusal-rolls-back',
    description: 'a before or an after hook that throws refuses the list: apply rejects with what it threw (or wraps it as the cause) and nothing changes, a lone create included',
    async run(layer) {
      const batch = [
        updateOperation(idRef('author', 1), { attributes: { name: 'Changed' }, relationships: {} }),
        deleteOperation(idRef('book', 'b2')),
        createOperation('note', { attributes: { text: 'refused' }, relationships: {} }, { id: 'n90' }),
      ];
      await expectRolledBack(layer, batch, 'before', 2);
      await expectRolledBack(layer, batch, 'after', 2);
      // One create of attributes only: a layer may run it as one statement, but not with hooks.
      await expectRolledBack(layer, [createOperation('book', { attributes: { title: 'Refused', in_print: true }, relationships: {} })], 'after', 0);
    },
  },
  {
    id: 'hooks-scope',
    description:
      'under a scope, a resource only a hook names is judged as one the request names: a hidden one is not found (an operation redirected to it, a relationship set to it) and nothing changes; a visible one is written',
    async run(layer) {
      const scope = (type: string): FilterNode | undefined => (type === 'book' ? compareNode('in_print', 'eq', true) : undefined);
      const given = [updateOperation(idRef('author', 2), { attributes: { rank: 6 }, relationships: {} })];
      const withHook = (replace: (operation: Operation) => Operation): OperationHooks => ({
        before: (_index, operation) => Promise.resolve(replace(operation)),
        after: () => Promise.resolve(),
      });
      const refusal = async (hooks: OperationHooks): Promise<string> =>
        layer.apply({ operations: given, scope, hooks }, context()).then(
          () => 'applied',
          (error: unknown) => (isOperationError(error) ? `${error.reason} at ${String(error.operation)}` : String(error)),
        );
      const before = await readState(writeConformanceSchema, layer);
      // Book b5 is out of print, so outside the scope; the request names no book.
      const redirected = await refusal(withHook(() => updateOperation(idRef('book', 'b5'), { attributes: { in_print: true }, relationships: {} })));
      expect(redirected, 'an operation a hook redirects to a hidden resource').toBe('not_found at 0');
      const linkedHidden = await refusal(withHook(() => updateOperation(idRef('author', 2), { attributes: {}, relationships: { books: [idRef('book', 'b5')] } })));
      expect(linkedHidden, 'a relationship a hook sets to a hidden resource').toBe('related_not_found at 0');
      expect(await readState(writeConformanceSchema, layer), 'nothing changed').toBe(before);
      // Book b4 is in print: a hook may link it though the request does not name it.
      const linkedVisible = await refusal(withHook(() => updateOperation(idRef('author', 2), { attributes: {}, relationships: { books: [idRef('book', 'b4')] } })));
      expect(linkedVisible, 'a relationship a hook sets to a visible resource').toBe('applied');
      const owner = await layer.readLinkage({ type: 'book', id: 'b4', relationship: 'author', filter: null, sort: ID_ORDER, offset: 0, limit: null }, context());
      expect(owner?.ids, "book b4's author after the hook linked it").toEqual([2]);
    },
  },
];

/** Every case id of the hook suite (the keys `skip` accepts). */
export const HOOK_CASE_IDS: readonly string[] = HOOK_CASES.map((hookCase) => hookCase.id);

/**
 * Runs one hook case on `layer`; rejects with the first failed expectation.
 *
 * @example
 * await checkHookCase(HOOK_CASES[0], await create(writeConformanceSchema, conformanceData));
 */
export async function checkHookCase(hookCase: HookCase, layer: DataLayer): Promise<void> {
  if (layer.apply === undefined) throw new Error('checkHookCase: the layer takes no writes (it has no apply)');
  await hookCase.run(layer as WritableDataLayer);
}

/** A layer without `apply` takes no writes: a writable handler with hooks over it answers 405 and runs no hook. */
async function expectNoHookRuns(layer: DataLayer): Promise<void> {
  const ran: string[] = [];
  const handler = createHandler({
    schema: writeConformanceSchema,
    dataLayer: layer,
    writable: { hooks: { book: { beforeCreate: () => void ran.push('beforeCreate'), afterCreate: () => void ran.push('afterCreate') } } },
  });
  const response = await handler({
    method: 'POST',
    path: '/books',
    query: '',
    headers: { accept: JSON_API_MEDIA_TYPE, 'content-type': JSON_API_MEDIA_TYPE },
    body: JSON.stringify({ data: { type: 'book', attributes: { title: 'X', in_print: true } } }),
  });
  expect(response.status).toBe(405);
  expect(ran).toEqual([]);
}

/**
 * Registers the hook suite (skip key `hooks`, or a case id): each case on a fresh
 * layer built from the conformance dataset (`writeConformanceSchema`). On a layer
 * without `apply`, each case checks that a writable handler with hooks answers 405
 * and runs none.
 */
export function registerHookSuite(options: DescribeDataLayerOptions, skips: SkipTable): void {
  const suiteReason = skips.reasonFor('hooks') ?? skips.reasonFor('writes');
  if (suiteReason !== undefined) {
    describe.skip(`hooks (skipped: ${suiteReason})`, () => {
      it('every hook case', () => undefined);
    });
    return;
  }
  describe('hooks', () => {
    for (const hookCase of HOOK_CASES) {
      const reason = skips.reasonFor(hookCase.id);
      const title = `${hookCase.id}: ${hookCase.description}`;
      if (reason !== undefined) {
        it.skip(`${title} (skipped: ${reason})`, () => undefined);
        continue;
      }
      it(title, async () => {
        const layer = await options.create(writeConformanceSchema, conformanceData);
        try {
          await (layer.apply === undefined ? expectNoHookRuns(layer) : checkHookCase(hookCase, layer));
        } finally {
          await options.destroy?.(layer);
        }
      });
    }
  });
}
