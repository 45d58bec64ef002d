/**
 * The noninterference property for writes catches deliberately leaky writable
 * layers, each with a counterexample: a layer that applies writes without the
 * request's scope (a hidden row can be changed, and answers as it is), and one that
 * refuses a write to a hidden row with a 409 conflict where a missing row is a 404
 * (412 under `If-Match`).
 * The honest handler passes on the same twins.
 */
import { describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import { createHandler, type Handler } from '../../src/http/handler.js';
import type { DataLayer, Row } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { OperationError } from '../../src/operations/operation-error.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import { writeRequestData, writeRequestSchema } from '../../src/testing/conformance/write-request-schema.js';
import type { Dataset } from '../../src/testing/arbitraries/arbitrary-data.js';
import { checkWriteNoninterference, policyView, separateHiddenIds, type PolicyCase } from '../../src/testing/index.js';
import type { Policy } from '../../src/policy/policy.js';

/** Books out of print do not exist for the requester; authors' bios are hidden. */
const policy: Policy = { types: { book: { filter: compareNode('in_print', 'eq', true) }, author: { hidden: ['bio'] } } };

/** The conformance records, and a twin without book b11 (out of print), with another title for b5 (out of print) and other bios. */
const twins = separateHiddenIds(writeRequestSchema, policy, {
  first: writeRequestData as Dataset,
  second: {
    ...writeRequestData,
    book: (writeRequestData['book'] ?? []).filter((row) => row['id'] !== 'b11').map((row) => (row['id'] === 'b5' ? { ...row, title: 'other' } : row)),
    author: (writeRequestData['author'] ?? []).map((row) => ({
      ...row,
      bio: `secret ${String(row['id'])}`,
      books: (row['books'] as string[]).filter((id) => id !== 'b11'),
    })),
  } as Dataset,
  changes: ['book b11: removed', 'book b5: title changed', 'author bios changed'],
});

/** Seeds the planted leaks are checked with: each must be caught under every one. */
const SEEDS = [1, 2, 3] as const;
/** Sequences per seed: every planted leak here is found within a few dozen. */
const RUNS = 100;

/** Leak: the writes ignore the request's scope, so a hidden row can be updated, deleted and linked. */
function ignoresScope(layer: DataLayer): DataLayer {
  const apply = layer.apply?.bind(layer);
  if (apply === undefined) throw new Error('the memory layer applies writes');
  return { ...layer, apply: (request, context) => apply({ operations: request.operations, ...(request.hooks === undefined ? {} : { hooks: request.hooks }) }, context) };
}

/** Leak: a write to a row that exists outside the scope is a 409 conflict, to a missing row a 404 (412 under `If-Match`). */
function conflictOnHiddenRows(layer: DataLayer): DataLayer {
  const apply = layer.apply?.bind(layer);
  if (apply === undefined) throw new Error('the memory layer applies writes');
  return {
    ...layer,
    async apply(request, context) {
      try {
        return await apply(request, context);
      } catch (error) {
        if (!(error instanceof OperationError) || error.reason !== 'not_found') throw error;
        const operation = request.operations[error.operation];
        if (operation === undefined || operation.kind === 'create' || operation.ref.kind !== 'id') throw error;
        const filter = compareNode('id', 'eq', operation.ref.id);
        const found: readonly Row[] = (await layer.read({ type: operation.ref.type, filter, sort: ID_ORDER, offset: 0, limit: 1 }, context)).rows;
        throw found.length > 0 ? new OperationError('conflict', error.operation) : error;
      }
    },
  };
}

/** A writable handler over the memory layer, made leaky by `leak` where given. */
function handlerWith(leak: (layer: DataLayer) => DataLayer = (layer) => layer): (served: PolicyCase) => Handler {
  return ({ schema, data, policy: served }) => createHandler({ schema, policy: served, writable: true, dataLayer: leak(createMemoryLayer(schema, data)) });
}

async function counterexample(leak: (layer: DataLayer) => DataLayer, seed: number): Promise<string> {
  try {
    await checkWriteNoninterference({ policy, twins, makeHandler: handlerWith(leak), seed, numRuns: RUNS, maxRequests: 4 });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`seed ${seed}: the property passed`);
}

describe('planted write leaks are caught by the write noninterference property', () => {
  it('the twins agree on everything the policy shows, and differ in a hidden row', () => {
    expect(policyView(writeRequestSchema, policy, twins.second)).toBe(policyView(writeRequestSchema, policy, twins.first));
    expect(twins.first['book']?.some((row) => row.id === 'hidden-b11')).toBe(true);
    expect(twins.second['book']?.some((row) => row.id === 'hidden-b11')).toBe(false);
  });

  it('the honest handler passes on the same twins, writing and refusing', async () => {
    const tally = await checkWriteNoninterference({ policy, twins, makeHandler: handlerWith(), seed: 1, numRuns: 30, maxRequests: 4 });
    expect(tally.written).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
  });

  it.each(SEEDS)('a layer writing without the scope (seed %i)', async (seed) => {
    const message = await counterexample(ignoresScope, seed);
    expect(message).toMatch(/^write noninterference violated after \d+ sequences \(seed -?\d+, path "[\d:]+"/);
    expect(message).toMatch(/first twin: {2}\d{3} /);
  });

  it.each(SEEDS)('a layer answering 409 for a hidden row and 404 for a missing one (seed %i)', async (seed) => {
    const message = await counterexample(conflictOnHiddenRows, seed);
    expect(message).toMatch(/^(PATCH|DELETE|POST) .*hidden-b11/m);
    expect(message).toMatch(/first twin: {2}409 /);
    // A missing row is a 404, or a 412 under `If-Match` (no version of it can match).
    expect(message).toMatch(/second twin: (404|412) /);
  });
});
