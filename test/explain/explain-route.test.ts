/**
 * `createExplainHandler`: `GET /__explain/<route>?<query>` answers with the AST,
 * canonical query, calls, statements and the response; `createHandler` never serves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createExplainHandler, explainable } from '../../src/explain/index.js';
import { createHandler } from '../../src/http/handler.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { createSqlLayer } from '../../src/layers/sql/index.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';

const memory = createMemoryLayer(exampleSchema, exampleData);
const get = (path: string, query = '', headers: Record<string, string> = {}) => ({ method: 'GET', path, query, headers });

describe('the explain route', () => {
  it('is not served unless turned on', async () => {
    const handle = createHandler({ schema: exampleSchema, dataLayer: memory });
    const response = await handle(get('/__explain/persons'));
    expect(response.status).toBe(404);
  });

  it('explains a collection request and carries its response', async () => {
    const handle = createExplainHandler({ schema: exampleSchema, dataLayer: memory });
    const response = await handle(get('/__explain/persons', 'include=computers&filter[name]=John'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    const body = JSON.parse(response.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 200,
      callCount: 2,
      canonical: 'filter=%5B%7B%22name%22:%22name%22,%22op%22:%22eq%22,%22val%22:%22John%22%7D%5D&include=computers',
      ast: { type: 'person', include: [['computers']] },
      statements: [],
      document: { data: [{ type: 'person', id: '1' }] },
    });
  });

  it('explains a related route, and a bad query with its error document', async () => {
    const handle = createExplainHandler({ schema: exampleSchema, dataLayer: memory });
    const related = JSON.parse((await handle(get('/__explain/persons/1/computers'))).body) as Record<string, unknown>;
    expect(related).toMatchObject({ status: 200, callCount: 1, calls: [{ method: 'readRelated' }] });
    const bad = JSON.parse((await handle(get('/__explain/persons', 'sort=nope'))).body) as Record<string, unknown>;
    expect(bad).toMatchObject({ status: 400, callCount: 0, canonical: null, document: { errors: [{ code: 'unknown_field' }] } });
  });

  it('leaves every other route as it is', async () => {
    const handle = createExplainHandler({ schema: exampleSchema, dataLayer: memory });
    const response = await handle(get('/persons', 'page[size]=1'));
    expect(JSON.parse(response.body)).toMatchObject({ data: [{ id: '1' }] });
    const post = await handle({ ...get('/__explain/persons'), method: 'POST' });
    expect(post.status).toBe(404);
  });
});

const engines = await availableEngines();
const sqlite = engines.find((engine) => engine.name === 'sqlite');

describe.runIf(sqlite !== undefined)('the explain route on SQLite', () => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await (sqlite?.create(exampleSchema, exampleData) as Promise<EngineInstance>);
  });
  afterAll(async () => {
    await instance.close();
  });

  it('lists the statements with parameters, and their plans with Explain-Plan: true', async () => {
    const dataLayer = createSqlLayer({ db: explainable(instance.kysely), schema: exampleSchema });
    const handle = createExplainHandler({ schema: exampleSchema, dataLayer });
    const plain = JSON.parse((await handle(get('/__explain/computers', 'filter[serial]=X'))).body) as {
      statements: { sql: string; parameters: unknown[]; plan?: unknown[] }[];
    };
    expect(plain.statements[0]?.parameters).toContain('X');
    expect(plain.statements[0]?.plan).toBeUndefined();
    const planned = JSON.parse(
      (await handle(get('/__explain/computers', 'filter[serial]=X', { 'explain-plan': 'true' }))).body,
    ) as { statements: { plan?: unknown[] }[] };
    expect(planned.statements[0]?.plan?.length).toBeGreaterThan(0);
  });
});
