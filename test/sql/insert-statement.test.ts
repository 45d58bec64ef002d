/**
 * The insert of a create is compiled once per shape (src/layers/sql/insert-statement.ts):
 * a second insert of the same columns reuses the SQL text with its own values, a
 * plugin of the Kysely instance sees only the first of each shape, another shape is
 * compiled apart, and at most 64 shapes are kept per type (the oldest compiled again).
 * Any sequence of shapes gives the text a fresh compile gives (the last shape of a
 * type is found without its key).
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type KyselyPlugin } from 'kysely';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/index.js';
import { compiledInsert } from '../../src/layers/sql/insert-statement.js';
import { returningPlan } from '../../src/layers/sql/row-codec.js';
import { resolveSqlMapping, requireMappedType } from '../../src/layers/sql/sql-mapping.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';

/** Counts the statements Kysely compiles (a plugin sees each one it compiles). */
let compiled = 0;
const counting: KyselyPlugin = {
  transformQuery: ({ node }) => {
    compiled += 1;
    return node;
  },
  transformResult: ({ result }) => Promise.resolve(result),
};
const database = new Database(':memory:');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = new Kysely<any>({ dialect: new SqliteDialect({ database }), plugins: [counting] });
afterAll(() => db.destroy());

describe('compiledInsert', () => {
  it('compiles a shape once and reuses its text with new values', () => {
    const mapped = requireMappedType(resolveSqlMapping(resolveSchema(exampleSchema)), 'computer');
    const shape = (values: unknown[]) => ({ dialect: 'sqlite' as const, columns: ['id', 'serial'], values, returning: returningPlan(mapped) });
    compiled = 0;
    const first = compiledInsert(db, mapped, shape(['c1', 'X1']));
    const second = compiledInsert(db, mapped, shape(['c2', 'X2']));
    expect(compiled).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(first.sql).toMatch(/^insert into "computer" \("id", "serial"\) values \(\?, \?\) returning /);
    expect(second.parameters).toEqual(['c2', 'X2']);
    const plain = compiledInsert(db, mapped, { dialect: 'sqlite', columns: ['serial'], values: ['X3'], returning: undefined });
    expect(compiled).toBe(2);
    expect(plain.sql).toBe('insert into "computer" ("serial") values (?)');
  });

  it('keeps at most 64 shapes per type', () => {
    const mapped = requireMappedType(resolveSqlMapping(resolveSchema(exampleSchema)), 'person');
    const shape = (index: number) => ({ dialect: 'sqlite' as const, columns: [`c${String(index)}`], values: [index], returning: undefined });
    compiled = 0;
    for (let index = 0; index <= 64; index++) compiledInsert(db, mapped, shape(index));
    expect(compiled).toBe(65);
    compiledInsert(db, mapped, shape(64));
    expect(compiled).toBe(65);
    compiledInsert(db, mapped, shape(0));
    expect(compiled).toBe(66);
  });

  it('gives, for any sequence of shapes, the text and values a fresh compile gives', () => {
    const columns = fc.uniqueArray(fc.constantFrom('id', 'serial', 'owner_id'), { minLength: 1, maxLength: 3 });
    const shape = fc.record({ dialect: fc.constantFrom('sqlite' as const, 'postgres' as const), columns, returning: fc.boolean() });
    fc.assert(
      fc.property(fc.array(shape, { minLength: 1, maxLength: 12 }), (shapes) => {
        const kept = requireMappedType(resolveSqlMapping(resolveSchema(exampleSchema)), 'computer');
        shapes.forEach(({ dialect, columns: names, returning }, index) => {
          const values = names.map((name) => `${name}-${String(index)}`);
          const of = (mapped: typeof kept) => ({ dialect, columns: [...names], values, returning: returning ? returningPlan(mapped) : undefined });
          const fresh = requireMappedType(resolveSqlMapping(resolveSchema(exampleSchema)), 'computer');
          expect(fresh).not.toBe(kept);
          const reused = compiledInsert(db, kept, of(kept));
          const compiledAnew = compiledInsert(db, fresh, of(fresh));
          expect(reused.sql).toBe(compiledAnew.sql);
          expect(reused.parameters).toEqual(values);
        });
      }),
      { numRuns: 100 },
    );
  });
});
