/**
 * The SQL the layer generates can use indexes: on PostgreSQL (the server when
 * configured, else PGlite) `EXPLAIN` of the layer's own statements shows index use
 * for `eq`, `in_`, `startswith`, ranges and the sort of a page, and a keyset page
 * starts an index range scan at its bound.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';
import { context, readRequest } from './fixtures.js';

const engines = await availableEngines();
const engine = engines.find((candidate) => candidate.name === 'postgres') ?? engines.find((candidate) => candidate.name === 'pglite');

const PERSONS = 5_000;
const persons = Array.from({ length: PERSONS }, (_, index) => ({
  id: String(index + 1),
  name: `Name${String(index % 997).padStart(4, '0')}`,
  display_name: `Person ${index}`,
  birth_date: `19${String(50 + (index % 50)).padStart(2, '0')}-0${1 + (index % 9)}-1${index % 10}`,
  gender: ['m', 'f', 'x', null][index % 4] ?? null,
}));

const filter = (value: unknown): string => `filter=${encodeURIComponent(JSON.stringify(value))}`;

describe.runIf(engine !== undefined)(`EXPLAIN on ${engine?.name ?? 'postgres'}`, () => {
  let instance: EngineInstance;
  beforeAll(async () => {
    if (engine === undefined) return;
    instance = await engine.create(exampleSchema, { person: persons, computer: [] }, {
      setup: async (db) => {
        for (const column of ['name', 'birth_date', 'gender']) {
          await sql`create index ${sql.id(`person_${column}_idx`)} on person (${sql.id(column)})`.execute(db);
        }
        await sql`analyze`.execute(db);
      },
    });
  });
  afterAll(async () => {
    await instance.close();
  });

  it.each([
    ['eq', filter([{ name: 'name', op: 'eq', val: 'Name0042' }]), 'person_name_idx'],
    ['in_', filter([{ name: 'name', op: 'in_', val: ['Name0042', 'Name0043'] }]), 'person_name_idx'],
    ['startswith', filter([{ name: 'name', op: 'startswith', val: 'Name004' }]), 'person_name_idx'],
    ['range', filter([{ name: 'birth_date', op: 'between', val: ['1960-01-01', '1960-12-31'] }]), 'person_birth_date_idx'],
    ['lt', filter([{ name: 'birth_date', op: 'lt', val: '1951-01-01' }]), 'person_birth_date_idx'],
    ['sort', 'sort=name&page[size]=30&page[number]=2', 'person_name_idx'],
  ])('%s uses the index', async (_, query, index) => {
    const ast = parseQuery(query, { schema: exampleSchema, type: 'person' });
    instance.clearLog();
    await instance.layer.read(readRequest(ast), context);
    expect(await explainPage(true)).toContain(index);
  });

  it.each([
    ['sort=name', ['Name0500', '2000'], /Index Cond: .*name/],
    ['sort=-name', ['Name0500', '2000'], /Index Cond: .*name/],
    ['sort=name,-id', ['Name0500', '2000'], /Index Cond: .*name/],
    ['sort=gender', [null, '2000'], /Index Cond: \(gender IS NULL\)/],
  ])('a keyset page with %s after %j starts an index range scan', async (query, after, condition) => {
    const ast = parseQuery(query, { schema: exampleSchema, type: 'person' });
    instance.clearLog();
    const request = { ...readRequest(ast), limit: 30, keyset: { after }, withTotal: false };
    const { rows } = await instance.layer.read(request, context);
    expect(rows).toHaveLength(30);
    const plan = await explainPage(false);
    expect(plan).toContain(query === 'sort=gender' ? 'person_gender_idx' : 'person_name_idx');
    expect(plan).toMatch(condition);
  });

  /** The plan of the page statement just run; `forceIndex` turns sequential scans off. */
  async function explainPage(forceIndex: boolean): Promise<string> {
    const statement = instance.statements.find((candidate) => !candidate.sql.startsWith('select count'));
    expect(statement).toBeDefined();
    return instance.kysely.connection().execute(async (connection) => {
      if (forceIndex) await sql`set enable_seqscan = off`.execute(connection);
      const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${statement?.sql ?? ''}`, [...(statement?.parameters ?? [])]),
      );
      if (forceIndex) await sql`reset enable_seqscan`.execute(connection);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }
});
