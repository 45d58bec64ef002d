/**
 * A dialect spells the null order it is given and decides none itself: on every
 * engine, `orderBy` with nulls `first` or `last` puts them there in both directions,
 * including the placements the sort rule never asks for today (nulls first
 * ascending, last descending) — where PostgreSQL must leave its default and MySQL
 * flip its `IS NULL` key. The layer passes what src/rules/sort-direction.ts says.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectHooks } from '../../src/layers/sql/sql-dialect.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';

const schema = defineSchema({
  types: { item: { root: 'items', id: 'integer', attributes: { rank: { type: ['integer', 'null'] } }, relationships: {} } },
});
const data = { item: [{ id: 1, rank: 2 }, { id: 2, rank: null }, { id: 3, rank: 1 }] };

const engines = await availableEngines();

describe.each(engines.map((engine) => [engine.name, engine] as const))('null order on %s', (_, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(schema, data);
  });
  afterAll(async () => {
    await instance.close();
  });

  it.each([
    ['asc', 'last', [1, 2, null]],
    ['asc', 'first', [null, 1, 2]],
    ['desc', 'first', [null, 2, 1]],
    ['desc', 'last', [2, 1, null]],
  ] as const)('%s with nulls %s', async (direction, nulls, expected) => {
    const items = dialectHooks(engine.dialect).orderBy(sql.ref('rank'), direction, nulls);
    const { rows } = await sql<{ rank: number | null }>`select ${sql.ref('rank')} from ${sql.table('item')} order by ${sql.join(items)}`.execute(
      instance.kysely,
    );
    expect(rows.map((row) => (row.rank === null ? null : Number(row.rank)))).toEqual(expected);
  });
});
