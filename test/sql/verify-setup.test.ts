/**
 * The start-up check of the SQL layer: a mapping that names a missing table or
 * column, or SQLite without the layer's functions, is a `SqlSetupError` naming the
 * type, field, table and column before any request is served.
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlLayer } from '../../src/cli/sql-source.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createSqlLayer, createTables, SqlSetupError } from '../../src/layers/sql/index.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';

const engines = await availableEngines();

describe.each(engines.map((engine) => [engine.name, engine] as const))('verify() on %s', (_name, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData);
  });
  afterAll(async () => {
    await instance.close();
  });

  it('accepts a database that fits the mapping', async () => {
    await expect(instance.layer.verify()).resolves.toBeUndefined();
  });

  it('names every missing table and column with the type and field it serves', async () => {
    const layer = createSqlLayer({
      db: instance.kysely,
      schema: exampleSchema,
      mapping: {
        types: {
          person: { columns: { display_name: 'full_nme' } },
          computer: { table: 'computr', relationships: { owner: { foreignKey: 'owner_id' } } },
        },
      },
    });
    const error = await layer.verify().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(SqlSetupError);
    const { issues, message } = error as SqlSetupError;
    expect(issues.map(({ message: _message, ...where }) => where)).toEqual([
      { type: 'person', field: 'display_name', table: 'person', column: 'full_nme' },
      { type: 'computer', table: 'computr' },
    ]);
    expect(message).toMatch(/^The database does not fit the SQL layer:\n {2}- column "full_nme" of table "person" \(person\.display_name\): /);
    expect(message).toContain('\n  - table "computr" (type computer): ');
  });
});

describe('verify() on SQLite without registerSqliteFunctions', () => {
  it('names the missing functions and how to register them', async () => {
    const db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    try {
      await createTables(db, exampleSchema);
      const layer = createSqlLayer({ db, schema: exampleSchema });
      const error = (await layer.verify().catch((reason: unknown) => reason)) as SqlSetupError;
      expect(error).toBeInstanceOf(SqlSetupError);
      expect(error.issues.map((issue) => issue.message)).toEqual([
        'the engine cannot evaluate the function for lower-casing (ilike, match) (call registerSqliteFunctions on the connection first): no such function: jq_lower',
        'the engine cannot evaluate the function for word matching (match) (call registerSqliteFunctions on the connection first): no such function: jq_has_word',
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe('openSqlLayer', () => {
  it('fails at start-up when the database lacks the mapped tables', async () => {
    await expect(openSqlLayer({ db: ':memory:', schema: exampleSchema })).rejects.toThrow(
      /^The database does not fit the SQL layer:\n {2}- table "person" \(type person\): no such table: person\n/,
    );
  });
});
