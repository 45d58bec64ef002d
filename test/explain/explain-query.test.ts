/**
 * `explainQuery` on the memory layer and on every SQL engine: the resolved AST, one
 * data-layer call per include step, and exactly the statements the engine received
 * (Kysely's own query log is the oracle), with their plans on request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { explainable, explainQuery } from '../../src/explain/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { createSqlLayer, type SqlLayerCall } from '../../src/layers/sql/index.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { isQueryError } from '../../src/errors/query-error.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';

const QUERY = 'filter[name]=John&include=computers&sort=-birth_date';

describe('explainQuery on the memory layer', () => {
  const dataLayer = createMemoryLayer(exampleSchema, exampleData);

  it('gives the resolved AST and one call per include step, with the requests the layer received', async () => {
    const explanation = await explainQuery({ schema: exampleSchema, dataLayer, type: 'person', query: QUERY });
    expect(explanation.ast).toEqual(parseQuery(QUERY, { schema: exampleSchema, type: 'person' }));
    expect(explanation.callCount).toBe(2);
    expect(explanation.calls.map((call) => call.method)).toEqual(['read', 'readIncluded']);
    expect(explanation.calls[0]?.request).toMatchObject({ type: 'person', offset: 0, limit: 30 });
    expect(explanation.calls[1]?.request).toMatchObject({ type: 'person', relationship: 'computers', ids: ['1'] });
    expect(explanation.statements).toEqual([]);
  });

  it('costs one call more per include path step', async () => {
    const explanation = await explainQuery({
      schema: exampleSchema,
      dataLayer,
      type: 'computer',
      query: 'include=owner.computers.owner',
    });
    expect(explanation.callCount).toBe(4);
  });

  it('throws the parser error for a bad query, before any call', async () => {
    const failure = await explainQuery({ schema: exampleSchema, dataLayer, type: 'person', query: 'sort=nope' }).catch(
      (error: unknown) => error,
    );
    expect(isQueryError(failure)).toBe(true);
  });

  it('is isolated between concurrent requests', async () => {
    const [one, two] = await Promise.all([
      explainQuery({ schema: exampleSchema, dataLayer, type: 'person', query: 'include=computers' }),
      explainQuery({ schema: exampleSchema, dataLayer, type: 'computer', query: '' }),
    ]);
    expect([one.callCount, two.callCount]).toEqual([2, 1]);
  });
});

const engines = await availableEngines();

describe.each(engines.map((engine) => [engine.name, engine] as const))('explainQuery on %s', (_name, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData);
  });
  afterAll(async () => {
    await instance.close();
  });
  const explain = (plan: boolean) =>
    explainQuery({
      schema: exampleSchema,
      dataLayer: createSqlLayer({ db: explainable(instance.kysely), schema: exampleSchema }),
      type: 'person',
      query: QUERY,
      plan,
    });

  it('records exactly the statements the engine ran, with their bound parameters', async () => {
    instance.clearLog();
    const explanation = await explain(false);
    expect(explanation.callCount).toBe(2);
    expect(explanation.statements.length).toBeGreaterThanOrEqual(2);
    // The log has them in the order they finished: a page and its count run at once.
    const sorted = (statements: readonly { sql: string; parameters: readonly unknown[] }[]) =>
      statements.map(({ sql, parameters }) => JSON.stringify({ sql, parameters })).sort();
    expect(sorted(explanation.statements)).toEqual(sorted(instance.statements));
    expect(explanation.statements.some((statement) => statement.parameters.includes('John'))).toBe(true);
    expect(explanation.statements.every((statement) => statement.plan === undefined)).toBe(true);
  });

  it('records the statements layer.compile gives for the calls it lists', async () => {
    const layer = createSqlLayer({ db: explainable(instance.kysely), schema: exampleSchema });
    const explanation = await explainQuery({ schema: exampleSchema, dataLayer: layer, type: 'person', query: QUERY });
    const compiled = explanation.calls.flatMap((call) => layer.compile(call as SqlLayerCall));
    expect(explanation.statements).toEqual(compiled);
  });

  it("adds the engine's plan of every select on request", async () => {
    const explanation = await explain(true);
    const selects = explanation.statements.filter((statement) => /^\s*select\b/i.test(statement.sql));
    expect(selects.length).toBeGreaterThanOrEqual(2);
    for (const statement of selects) expect(statement.plan?.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(explanation))).toEqual(explanation);
  });

  it("records only the explained request's statements, not a concurrent one's", async () => {
    const layer = createSqlLayer({ db: explainable(instance.kysely), schema: exampleSchema });
    instance.clearLog();
    const [explanation, person] = await Promise.all([
      explainQuery({ schema: exampleSchema, dataLayer: layer, type: 'computer', query: '' }),
      layer.readOne('person', '1', { signal: AbortSignal.timeout(10_000) }),
    ]);
    expect(person?.id).toBe('1');
    expect(explanation.callCount).toBe(1);
    expect(explanation.statements.length).toBe(instance.statements.length - 1);
    expect(explanation.statements.every((statement) => !/from [`"]person[`"]/.test(statement.sql))).toBe(true);
  });
});
