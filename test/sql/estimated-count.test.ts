/**
 * `count: 'estimated'` on the SQL layer (docs/sql-layer.md, "Estimated counts"): at
 * or below `estimateAbove` the count is exact on every engine; above it PostgreSQL
 * (and PGlite) answer the planner's estimate, flagged `totalEstimated`, never below
 * the bound + 1, while SQLite and MySQL/MariaDB count exactly. Through the handler a
 * scope keeps the count exact on every engine.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import type { SortKey } from '../../src/ast/query-ast.js';
import { createHandler } from '../../src/http/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';

const schema = defineSchema({
  types: { item: { root: 'items', id: 'integer', attributes: { rank: { type: 'integer' } }, relationships: {} } },
});
const ROWS = 40;
const data = { item: Array.from({ length: ROWS }, (_, index) => ({ id: index + 1, rank: index % 20 })) };
const sort: SortKey[] = [{ path: [], field: 'id', direction: 'asc' }];
const signal = new AbortController().signal;
const BOUND = 10;
// rank < 5 matches 10 rows (exactly the bound), rank < 6 matches 12 (past it).
const atBound = compareNode('rank', 'lt', 5);
const pastBound = compareNode('rank', 'lt', 6);

const engines = await availableEngines();

describe.each(engines.map((engine) => [engine.name, engine] as const))('estimated counts on %s', (_, engine) => {
  let instance: EngineInstance;
  const estimates = engine.dialect === 'postgres';
  beforeAll(async () => {
    instance = await engine.create(schema, data);
    if (estimates) await sql`analyze ${sql.table('item')}`.execute(instance.kysely);
  });
  afterAll(async () => {
    await instance.close();
  });
  const read = (filter: ReturnType<typeof compareNode> | null, estimateAbove: number | undefined) =>
    instance.layer.read(
      { type: 'item', filter, sort, offset: 0, limit: 3, ...(estimateAbove === undefined ? {} : { estimateAbove }) },
      { signal },
    );

  it('is exact at the bound', async () => {
    const result = await read(atBound, BOUND);
    expect(result.total).toBe(10);
    expect(result.totalEstimated).toBeUndefined();
    expect(result.rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('one past the bound: the estimate where the engine has one, else exact', async () => {
    const result = await read(pastBound, BOUND);
    expect(result.rows.map((row) => row.id)).toEqual([1, 2, 3]);
    if (estimates) {
      expect(result.totalEstimated).toBe(true);
      expect(Number.isInteger(result.total)).toBe(true);
      expect(result.total).toBeGreaterThanOrEqual(BOUND + 1);
    } else {
      expect(result).not.toHaveProperty('totalEstimated');
      expect(result.total).toBe(12);
    }
  });

  it('above the bound, the planner counts the analyzed table', async () => {
    const result = await read(null, BOUND);
    expect(result.total).toBe(ROWS);
    expect(result.totalEstimated === true).toBe(estimates);
  });

  it('with estimateAbove 0 an empty match is exact and one row is past it', async () => {
    expect(await read(compareNode('rank', 'lt', 0), 0)).toMatchObject({ total: 0 });
    const one = await read(compareNode('id', 'eq', 1), 0);
    expect(one.totalEstimated === true).toBe(estimates);
    expect(one.total).toBeGreaterThanOrEqual(1);
  });

  it('runs its statements beside the page: one count, one EXPLAIN on PostgreSQL', async () => {
    instance.clearLog();
    await read(pastBound, BOUND);
    const counts = instance.queries.filter((text) => /count\(\*\)/i.test(text));
    expect(counts).toHaveLength(1);
    expect(instance.queries.filter((text) => /^explain/i.test(text))).toHaveLength(estimates ? 1 : 0);
    if (estimates) expect(counts[0]).toMatch(/limit/i);
  });

  it('without estimateAbove counts exactly as before', async () => {
    const result = await read(null, undefined);
    expect(result).toMatchObject({ total: ROWS });
    expect(result).not.toHaveProperty('totalEstimated');
  });

  describe('through the handler', () => {
    const handlerOf = (scope?: { item: readonly unknown[] }) =>
      createHandler({
        schema,
        dataLayer: instance.layer,
        limits: { count: 'estimated', maxExactCount: BOUND, defaultPageSize: 5 },
        ...(scope === undefined ? {} : { scope }),
      });
    const get = async (handler: ReturnType<typeof handlerOf>, query: string) => {
      const response = await handler({ method: 'GET', path: '/items', query, headers: {} });
      expect(response.status).toBe(200);
      return JSON.parse(response.body as string) as { meta: unknown; links: Record<string, string | undefined> };
    };

    it('says which count it gives, and links next from one more row', async () => {
      const estimated = await get(handlerOf(), '');
      expect(estimated.meta).toEqual(estimates ? { count: ROWS, countKind: 'estimated' } : { count: ROWS, countKind: 'exact' });
      expect(estimated.links['next']).toContain('page%5Bnumber%5D=2');
      expect(estimated.links['last'] === undefined).toBe(estimates);
      const exact = await get(handlerOf(), `filter=${encodeURIComponent('[{"name":"rank","op":"lt","val":5}]')}`);
      expect(exact.meta).toEqual({ count: 10, countKind: 'exact' });
      expect(exact.links['last']).toContain('page%5Bnumber%5D=2');
    });

    it('never estimates a scoped read', async () => {
      // The scope hides half the rows: an estimate of the table would weigh them.
      const scoped = await get(handlerOf({ item: [{ name: 'rank', op: 'lt', val: 10 }] }), '');
      expect(scoped.meta).toEqual({ count: 20, countKind: 'exact' });
      expect(scoped.links['last']).toContain('page%5Bnumber%5D=4');
      instance.clearLog();
      await get(handlerOf({ item: [{ name: 'rank', op: 'lt', val: 10 }] }), '');
      expect(instance.queries.filter((text) => /^explain/i.test(text))).toHaveLength(0);
    });
  });
});
