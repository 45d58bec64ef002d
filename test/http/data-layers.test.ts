/**
 * Every route of the handler on every data layer: memory and each SQL engine
 * (PGlite and SQLite always, PostgreSQL and MariaDB/MySQL when their URL is set).
 * Each document is held to the official JSON:API 1.0 schema, the 1.1 draft and full
 * linkage (`checkedHandler`), and each SQL engine answers byte for byte what the
 * memory layer answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler, type HandlerOptions } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { availableEngines, type EngineInstance, skippedEngines } from '../helpers/engines.js';
import { checkedHandler } from './helpers.js';
import type { KeyValue } from '../../src/ast/query-ast.js';
import { encodeCursor } from '../../src/paging/cursor-codec.js';

const json = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
const ID_ASC = { path: [], field: 'id', direction: 'asc' } as const;
/** A cursor of `type` for the given sort keys (then `id`) and row values, as the handler writes it. */
const cursor = (type: string, keys: readonly (readonly [string, 'asc' | 'desc'])[], values: readonly KeyValue[]): string =>
  encodeCursor(
    type,
    [
      ...keys.map(([name, direction]) => {
        const segments = name.split('.');
        return { path: segments.slice(0, -1), field: segments.at(-1) ?? '', direction };
      }),
      ID_ASC,
    ],
    values,
  );

/** Requests over every route, with the parameters that shape documents. */
const REQUESTS: readonly (readonly [string, string])[] = [
  ['/persons', ''],
  ['/persons', 'page[size]=2&page[number]=3&sort=-name'],
  ['/persons', 'page%5Bsize%5D=4&page[number]=2&filter[gender]=f'],
  ['/persons', 'include=computers&fields[person]=name,computers&fields[computer]=serial'],
  ['/persons', 'include=computers.owner&sort=birth_date&page[size]=5'],
  ['/persons', 'include=computers&fields[person]=name'],
  ['/persons', `filter=${json([{ name: 'computers__serial', op: 'ilike', val: 'sn%' }])}&include=computers`],
  ['/persons', 'filter[name]=Zoë&page[size]=0'],
  ['/persons', 'include='],
  ['/computers', 'include=owner&sort=-serial&page[size]=3&page[number]=2'],
  ['/computers', 'include=owner.computers&fields[person]=name,computers'],
  ['/computers', 'page[number]=50'],
  ['/persons/1', 'include=computers.owner'],
  ['/persons/13', 'fields[person]='],
  ['/persons/1/computers', 'include=owner&sort=serial'],
  ['/persons/1/computers', 'page[size]=1&page[number]=2'],
  ['/computers/26/owner', 'include=computers'],
  ['/computers/1/owner', 'fields[person]=name'],
  ['/persons/1/relationships/computers', ''],
  ['/persons/1/relationships/computers', 'filter[serial]=SN1002&include=computers'],
  ['/persons/1/relationships/computers', 'page[size]=1&page[number]=2&include=computers'],
  ['/persons/1/relationships/computers', 'sort=-serial&page[size]=2&include=computers.owner'],
  ['/persons/5/relationships/computers', 'include=computers.owner'],
  ['/computers/13/relationships/owner', 'include=owner.computers&fields[person]=name,computers'],
  ['/computers/27/relationships/owner', 'include=owner'],
  ['/persons', `sort=-birth_date&page[size]=3&page[after]=${cursor('person', [['birth_date', 'desc']], ['1990-04-02', '4'])}`],
  ['/persons', `sort=gender,name&page[size]=4&page[before]=${cursor('person', [['gender', 'asc'], ['name', 'asc']], [null, 'JOHN', '3'])}`],
  [
    '/persons',
    `sort=name&page[size]=2&page[after]=${cursor('person', [['name', 'asc']], ['Jane', '4'])}&page[before]=${cursor('person', [['name', 'asc']], ['straße', '8'])}`,
  ],
  ['/computers', `sort=-owner.name&page[size]=4&page[after]=${cursor('computer', [['owner.name', 'desc']], [null, '31'])}&include=owner`],
  ['/computers', `sort=owner.birth_date&page[size]=5&page[before]=${cursor('computer', [['owner.birth_date', 'asc']], [null, '26'])}`],
  ['/persons/1/computers', `sort=serial&page[size]=1&page[after]=${cursor('computer', [['serial', 'asc']], ['SN-25', '25'])}`],
  ['/persons/1/relationships/computers', `sort=-serial&page[size]=1&page[before]=${cursor('computer', [['serial', 'desc']], ['SN1002', '2'])}&include=computers`],
  ['/persons/1/relationships/computers', `page[size]=2&page[after]=${cursor('computer', [], ['1'])}`],
  ['/persons', 'sort=nmae&page[size]=-1'],
  ['/persons/999', ''],
  ['/persons/1/relationships/computers', 'include=computers,owner'],
];

const engines = await availableEngines();

function handlers(dataLayer: HandlerOptions['dataLayer']): { relative: Handler; absolute: Handler } {
  const relative = { schema: exampleSchema, dataLayer };
  const absolute = { ...relative, baseUrl: 'https://api.example.com' };
  return { relative: checkedHandler(createHandler(relative), relative), absolute: checkedHandler(createHandler(absolute), absolute) };
}

const memory = handlers(createMemoryLayer(exampleSchema, exampleData));

describe('every document on the memory layer', () => {
  it.each(REQUESTS)('GET %s?%s', async (path, query) => {
    for (const handle of [memory.relative, memory.absolute]) {
      const response = await handle({ method: 'GET', path, query, headers: {} });
      expect(response.status).toBeLessThan(500);
    }
  });
});

for (const { name, reason } of skippedEngines()) {
  describe.skip(`every document on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(engines.map((engine) => [engine.name, engine] as const))('every document on %s', (_, engine) => {
  let instance: EngineInstance;
  let sql: { relative: Handler; absolute: Handler };
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData);
    sql = handlers(instance.layer);
  });
  afterAll(async () => {
    await instance.close();
  });

  it.each(REQUESTS)('GET %s?%s: valid, and the memory layer\'s document', async (path, query) => {
    for (const form of ['relative', 'absolute'] as const) {
      const request = { method: 'GET', path, query, headers: {} };
      const [expected, actual] = await Promise.all([memory[form](request), sql[form](request)]);
      expect(actual).toEqual(expected);
    }
  });
});
