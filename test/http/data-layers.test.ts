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

const json = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

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
