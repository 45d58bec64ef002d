/**
 * The SQL layer returns exactly what the memory layer returns, on every engine,
 * for queries over the example dataset covering every operator and every rule of
 * decisions.md (nulls, empty lists, escapes, case folding with non-ASCII letters,
 * code-point order, null ordering, dotted sorts, quantifiers, pages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { availableEngines, type EngineInstance, skippedEngines } from '../helpers/engines.js';
import { context, pick, readRequest } from './fixtures.js';

const filter = (value: unknown): string => `filter=${encodeURIComponent(JSON.stringify(value))}`;
const f = (name: string, op: string, val: unknown): string => filter([{ name, op, val }]);

const PERSON_QUERIES: readonly string[] = [
  '',
  'sort=name',
  'sort=-name',
  'sort=birth_date',
  'sort=-birth_date,name',
  'sort=gender,-display_name',
  'page[size]=7&page[number]=2',
  'page[size]=7&page[number]=5',
  'page[size]=7&page[number]=9',
  'page[size]=0&sort=-gender',
  'filter[name]=John',
  'filter[name]=Alice&filter[gender]=m',
  f('name', 'ne', 'John'),
  f('gender', 'ne', 'm'),
  filter([{ not: { name: 'gender', op: 'eq', val: 'm' } }]),
  f('gender', 'eq', null),
  f('gender', 'ne', null),
  f('birth_date', 'lt', '1980-01-01'),
  f('birth_date', 'ge', '1990-04-02'),
  f('birth_date', 'between', ['1985-01-01', '1990-04-02']),
  f('name', 'between', ['B', 'Z']),
  f('name', 'gt', 'Zed'),
  f('name', 'lt', 'a'),
  f('name', 'le', 'Émile'),
  f('id', 'in_', ['1', '10', '100', '2']),
  f('id', 'gt', '2'),
  f('gender', 'in_', ['f', 'x']),
  f('gender', 'notin_', ['f', 'x']),
  f('gender', 'in_', []),
  f('gender', 'notin_', []),
  filter([{ not: { name: 'gender', op: 'in_', val: [] } }]),
  filter([{ not: { name: 'gender', op: 'notin_', val: [] } }]),
  f('gender', 'is_', null),
  f('gender', 'isnot', null),
  f('name', 'like', 'J%'),
  f('name', 'like', 'john'),
  f('name', 'like', '%\\_%'),
  f('name', 'like', '%\\\\%'),
  f('name', 'like', '_o'),
  f('name', 'like', 'Smiley _'),
  f('display_name', 'like', '%100\\%%'),
  f('name', 'ilike', 'john'),
  f('name', 'ilike', '%jo%'),
  f('name', 'ilike', 'émile'),
  f('name', 'ilike', 'STRASSE'),
  f('name', 'ilike', 'STRAßE'),
  f('name', 'ilike', 'i̇stanbul'),
  f('name', 'ilike', 'istanbul'),
  f('name', 'ilike', '_stanbul'),
  f('name', 'ilike', '__stanbul'),
  f('name', 'ilike', 'ærø'),
  f('name', 'ilike', 'σίσυφος'),
  f('display_name', 'ilike', '%οδυσσευς'),
  f('display_name', 'ilike', '%οδυσσευσ'),
  f('name', 'notlike', 'J%'),
  f('name', 'notilike', '%o%'),
  f('name', 'startswith', 'Jo'),
  f('name', 'startswith', 'Dana_'),
  f('name', 'startswith', 'Dana%'),
  f('name', 'startswith', 'Back\\'),
  f('name', 'endswith', 'ice'),
  f('name', 'endswith', '😀'),
  f('display_name', 'match', 'doe'),
  f('display_name', 'match', 'DOE jane'),
  f('display_name', 'match', 'jo'),
  f('display_name', 'match', 'zoë'),
  f('display_name', 'match', 'zoe'),
  f('display_name', 'match', 'i̇stanbul'),
  f('display_name', 'match', 'İstanbul resident'),
  f('display_name', 'match', 'stanbul'),
  f('display_name', 'match', 'straße'),
  f('display_name', 'match', 'ΟΔΥΣΣΕΥΣ'),
  f('display_name', 'match', 'sure 100'),
  f('display_name', 'match', "o'brien"),
  f('display_name', 'match', 'mary-jane'),
  filter([{ name: 'name', op: 'eq', field: 'display_name' }]),
  filter([{ name: 'name', op: 'lt', field: 'display_name' }]),
  filter([{ name: 'name', op: 'ne', field: 'display_name' }]),
  filter([{ or: [{ name: 'name', op: 'ilike', val: '%jo%' }, { and: [{ name: 'birth_date', op: 'ge', val: '1980-01-01' }, { not: { name: 'gender', op: 'eq', val: 'm' } }] }] }]),
  filter([{ or: [] }]),
  filter([{ and: [] }]),
  filter([{ not: { or: [] } }]),
  filter([{ not: { and: [{ name: 'gender', op: 'eq', val: 'm' }, { name: 'birth_date', op: 'lt', val: '1990-01-01' }] } }]),
  f('computers', 'any', { name: 'serial', op: 'startswith', val: 'SN' }),
  filter([{ not: { name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: 'SN' } } }]),
  filter([{ not: { name: 'computers', op: 'any', val: { and: [] } } }]),
  'filter[computers__serial]=SN1002',
  f('computers__serial', 'like', 'SN\\_%'),
  f('computers', 'any', { name: 'owner', op: 'has', val: { name: 'gender', op: 'eq', val: 'f' } }),
  filter([{ name: 'computers', op: 'any', val: { not: { name: 'serial', op: 'ilike', val: 'sn%' } } }]),
  `${f('gender', 'ne', 'm')}&sort=-birth_date,name&page[size]=5&page[number]=2`,
];

const COMPUTER_QUERIES: readonly string[] = [
  '',
  'sort=serial',
  'sort=owner.name',
  'sort=-owner.name,serial',
  'sort=owner.birth_date,-id',
  'sort=-owner.gender,owner.name',
  'filter[owner__name]=John',
  f('owner', 'has', { name: 'gender', op: 'is_', val: null }),
  filter([{ not: { name: 'owner', op: 'has', val: { name: 'gender', op: 'eq', val: 'm' } } }]),
  filter([{ not: { name: 'owner', op: 'has', val: { and: [] } } }]),
  f('owner__computers__serial', 'eq', 'MAC-13'),
  f('serial', 'like', 'SN_100\\%'),
  f('serial', 'like', 'SN_1%'),
  f('serial', 'startswith', 'SN_'),
  f('serial', 'startswith', 'SN%'),
  f('serial', 'endswith', '%'),
  f('serial', 'ilike', 'zoë%'),
  f('serial', 'ilike', 'i̇st%'),
  f('serial', 'like', '%\\\\%'),
  f('serial', 'match', 'pc'),
  f('serial', 'match', '100'),
  f('serial', 'in_', ['SN1002', 'sn1003', 'missing']),
  f('serial', 'notin_', ['SN1002']),
  'sort=serial&page[size]=4&page[number]=3',
];

const memory = createMemoryLayer(exampleSchema, exampleData);
const engines = await availableEngines();
const ATTRIBUTES = {
  person: ['display_name', 'birth_date', 'name', 'gender'],
  computer: ['serial'],
} as const;

for (const { name, reason } of skippedEngines()) {
  describe.skip(`differential on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(engines.map((engine) => [engine.name, engine] as const))('differential on %s', (_, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData);
  });
  afterAll(async () => {
    await instance.close();
  });

  const cases = [
    ...PERSON_QUERIES.map((query) => ['person', query] as const),
    ...COMPUTER_QUERIES.map((query) => ['computer', query] as const),
  ];
  it.each(cases)('%s ?%s', async (type, query) => {
    const ast = parseQuery(query, { schema: exampleSchema, type });
    const request = readRequest(ast);
    const expected = await memory.read(request, context);
    const actual = await instance.layer.read(request, context);
    expect(actual.total).toBe(expected.total);
    expect(actual.rows.map((row) => pick(row, ATTRIBUTES[type]))).toEqual(
      expected.rows.map((row) => pick(row, ATTRIBUTES[type])),
    );
  });

  it.each(['1', '3', '26', '28', '999'])('readOne computer %s and its owner', async (id) => {
    expect(await instance.layer.readOne('computer', id, context)).toEqual(await memory.readOne('computer', id, context));
    const request = { type: 'computer', id, relationship: 'owner', filter: null, sort: [], offset: 0, limit: null };
    const expected = await memory.readRelated(request, context);
    const actual = await instance.layer.readRelated(request, context);
    expect(actual === null ? null : { total: actual.total, rows: actual.rows.map((row) => pick(row, ATTRIBUTES.person)) }).toEqual(
      expected === null ? null : { total: expected.total, rows: expected.rows.map((row) => pick(row, ATTRIBUTES.person)) },
    );
    expect(await instance.layer.readLinkage(request, context)).toEqual(await memory.readLinkage(request, context));
  });

  it.each([
    ['1', 'sort=-serial'],
    ['5', ''],
    ['3', ''],
    ['999', ''],
    ['1', `${f('serial', 'startswith', 'SN')}&page[size]=1&page[number]=2`],
  ])('related computers of person %s ?%s', async (id, query) => {
    const ast = parseQuery(query, { schema: exampleSchema, type: 'computer' });
    const request = { ...readRequest(ast), type: 'person', id, relationship: 'computers' };
    const expected = await memory.readRelated(request, context);
    const actual = await instance.layer.readRelated(request, context);
    expect(actual === null ? null : { total: actual.total, rows: actual.rows.map((row) => pick(row, ATTRIBUTES.computer)) }).toEqual(
      expected === null ? null : { total: expected.total, rows: expected.rows.map((row) => pick(row, ATTRIBUTES.computer)) },
    );
    expect(await instance.layer.readLinkage(request, context)).toEqual(await memory.readLinkage(request, context));
  });

  it.each([
    ['person', 'computers', ['1', '3', '5', '13', '999']],
    ['computer', 'owner', ['1', '2', '26', '28', '31', '999']],
  ] as const)('readIncluded %s.%s', async (type, relationship, ids) => {
    const request = { type, relationship, ids };
    const target = type === 'person' ? ATTRIBUTES.computer : ATTRIBUTES.person;
    const reduce = (result: ReadonlyMap<string, readonly Record<string, unknown>[]>): Record<string, unknown> =>
      Object.fromEntries([...result].map(([key, rows]) => [key, rows.map((row) => pick(row as never, target))]));
    expect(reduce(await instance.layer.readIncluded(request, context))).toEqual(
      reduce(await memory.readIncluded(request, context)),
    );
  });
});
