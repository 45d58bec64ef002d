/**
 * Row filters pushed down (issue 20, point 4): on every SQL engine, a policied include,
 * related or relationship read runs as many statements as the same read without a
 * policy (the row filters are conditions of those statements, not a second read), and
 * no statement names a hidden column; on SQLite an include still reads through the owner
 * ids, not an index on the filter's column. A layer that does not declare `rowFilters`
 * still gets the filters checked with a second read, and answers the same.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler, type Policy } from '../../src/http/index.js';
import type { DataLayer, IncludeRequest, RelatedReadRequest } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';

/** Women only, without birth dates; computers except 2 (John's), 4 (Jane's) and 11 (Alice's). */
const policy: Policy<typeof exampleSchema> = {
  types: {
    person: { filter: [{ name: 'gender', op: 'eq', val: 'f' }], hidden: ['birth_date'] },
    computer: { filter: [{ name: 'id', op: 'notin_', val: ['2', '4', '11'] }] },
  },
};

/** Includes (to-one, to-many, two steps), related and relationship routes of visible and hidden owners. */
const REQUESTS: readonly (readonly [path: string, query: string])[] = [
  ['/computers', 'include=owner'],
  ['/persons', 'include=computers'],
  ['/persons', 'include=computers.owner'],
  ['/computers/1', 'include=owner'],
  ['/persons/4/computers', 'sort=-serial'],
  ['/persons/4/relationships/computers', ''],
  ['/persons/1/computers', ''],
  ['/persons/1/relationships/computers', ''],
  ['/computers/1/owner', ''],
  ['/computers/1/relationships/owner', ''],
  ['/computers/4/owner', ''],
  ['/computers/2/relationships/owner', ''],
];

const get = (handle: Handler, path: string, query: string) => handle({ method: 'GET', path, query, headers: {} });

const engines = await availableEngines();
describe.each(engines.map((engine) => [engine.name, engine] as const))('on %s', (_, engine) => {
  let instance: EngineInstance;
  let policied: Handler;
  let plain: Handler;
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData);
    policied = createHandler({ schema: exampleSchema, dataLayer: instance.layer, policy });
    plain = createHandler({ schema: exampleSchema, dataLayer: instance.layer });
  });
  afterAll(async () => {
    await instance.close();
  });

  /** The statements one request runs, once the session has prepared (its first read may ask the engine how it folds case). */
  const statementsOf = async (handle: Handler, path: string, query: string): Promise<readonly string[]> => {
    await get(handle, path, query);
    instance.clearLog();
    const response = await get(handle, path, query);
    expect([200, 404], `${path}?${query}`).toContain(response.status);
    return [...instance.queries];
  };

  it.each(REQUESTS)('%s?%s runs as many statements under the policy as without it', async (path, query) => {
    const withPolicy = await statementsOf(policied, path, query);
    const without = await statementsOf(plain, path, query);
    expect(withPolicy.length).toBe(without.length);
    expect(withPolicy.length).toBeGreaterThan(0);
  });

  it('no statement of a policied read names a hidden column', async () => {
    const seen: string[] = [];
    for (const [path, query] of [...REQUESTS, ['/persons', ''], ['/persons/4', ''], ['/computers', 'include=owner&fields[person]=name']] as const) {
      seen.push(...(await statementsOf(policied, path, query)));
    }
    expect(seen.filter((statement) => statement.includes('birth_date'))).toEqual([]);
    // The same reads without the policy do select it: the check above is not vacuous.
    expect((await statementsOf(plain, '/computers', 'include=owner')).some((statement) => statement.includes('birth_date'))).toBe(true);
  });
});

describe('on sqlite, without statistics', () => {
  it('an include reads by the owner ids, not by an index on the row filter column', async () => {
    const sqlite = engines.find((engine) => engine.name === 'sqlite');
    if (sqlite === undefined) throw new Error('SQLite is always available');
    const instance = await sqlite.create(exampleSchema, exampleData, {
      setup: async (db) => {
        await sql`create index person_gender on person (gender)`.execute(db);
      },
    });
    try {
      await get(createHandler({ schema: exampleSchema, dataLayer: instance.layer, policy }), '/computers', 'include=owner');
      const include = instance.statements.find((statement) => statement.sql.includes('as "o"'));
      if (include === undefined) throw new Error('no include statement');
      const plan = await instance.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${include.sql}`, [...include.parameters]));
      const details = plan.rows.map((row) => row.detail);
      expect(details[0]).toMatch(/^SEARCH t0o USING .*\(id=\?\)$/);
      expect(details.filter((detail) => detail.includes('person_gender'))).toEqual([]);
    } finally {
      await instance.close();
    }
  });
});

describe('what the handler sends a layer', () => {
  /** The memory layer, recording its include and related requests; `declared` replaces its capabilities. */
  const recorded = (declared?: DataLayer['capabilities']) => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    const included: IncludeRequest[] = [];
    const related: RelatedReadRequest[] = [];
    const layer: DataLayer = {
      ...memory,
      ...(declared === undefined ? {} : { capabilities: declared }),
      readIncluded: (request, context) => {
        included.push(request);
        return memory.readIncluded(request, context);
      },
      readRelated: (request, context) => {
        related.push(request);
        return memory.readRelated(request, context);
      },
    };
    return { layer, included, related };
  };

  it('a layer declaring rowFilters receives the row filters in its include and related requests', async () => {
    const { layer, included, related } = recorded();
    const handle = createHandler({ schema: exampleSchema, dataLayer: layer, policy });
    await get(handle, '/computers', 'include=owner');
    await get(handle, '/persons/4/computers', '');
    expect(included.map((request) => request.filter)).toEqual([expect.objectContaining({ kind: 'compare', field: 'gender' })]);
    expect(related.map((request) => request.ownerFilter)).toEqual([expect.objectContaining({ kind: 'compare', field: 'gender' })]);
  });

  it('a layer that does not declare rowFilters receives none, and answers the same through the second read', async () => {
    const declaring = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData), policy });
    const { layer, included, related } = recorded({});
    const undeclared = createHandler({ schema: exampleSchema, dataLayer: layer, policy });
    for (const [path, query] of REQUESTS) {
      expect(await get(undeclared, path, query), `${path}?${query}`).toEqual(await get(declaring, path, query));
    }
    expect(included.length).toBeGreaterThan(0);
    expect(included.every((request) => request.filter === undefined)).toBe(true);
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((request) => request.ownerFilter === undefined)).toBe(true);
  });
});
