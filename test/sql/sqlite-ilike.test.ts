/**
 * SQLite's `ilike` on an ASCII pattern without `_` runs as the column's own `LIKE`
 * (which folds ASCII case), with `jq_lower` only for text holding `İ` or `K` (U+212A):
 * the same answers as the memory layer, one statement, and the general spelling where
 * `LIKE` folds differently (`PRAGMA case_sensitive_like`) or the pattern needs it.
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { createSqlLayer, createTables, loadData, registerSqliteFunctions } from '../../src/layers/sql/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { context } from './fixtures.js';

const schema = defineSchema({
  types: { text: { root: 'texts', id: 'integer', attributes: { v: { type: ['string', 'null'] } }, relationships: {} } },
});
const VALUES = ['John', 'JOHN', 'joanna', '\u212a kelvin', '\u212aELVIN', 'KELVIN', '\u0130stanbul', 'istanbul', 'Zo\u00eb', 'ZO\u00cb', 'a_b', 'A%B', null, ''];
const data = { text: VALUES.map((v, index) => ({ id: index + 1, v })) };

const opened: Kysely<unknown>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

async function sqliteLayer(pragma?: string) {
  const database = new Database(':memory:');
  registerSqliteFunctions(database);
  if (pragma !== undefined) database.pragma(pragma);
  const statements: CompiledQuery[] = [];
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }), log: (event) => void statements.push(event.query) });
  opened.push(db);
  await createTables(db, schema);
  await loadData(db, schema, undefined, data);
  return { layer: createSqlLayer({ db, schema }), statements };
}

const memory = createMemoryLayer(schema, data);
const idsOf = async (layer: DataLayer, filter: FilterNode) =>
  (await layer.read({ type: 'text', filter, sort: ID_ORDER, offset: 0, limit: null }, context)).rows.map((row) => row.id);

const PATTERNS = ['%jo%', 'JO%', '%k%', '%kel%', '%is%', '%i%', '%zo%', '%zo\u00eb%', 'a\\_b', 'a\\%b', '%', 'jo_n', '_'];

describe('ilike on SQLite', () => {
  it.each(PATTERNS)('answers %s (and its notilike) as the memory layer', async (pattern) => {
    const { layer } = await sqliteLayer();
    for (const op of ['ilike', 'notilike'] as const) {
      const filter = compareNode('v', op, pattern);
      expect(await idsOf(layer, filter)).toEqual(await idsOf(memory, filter));
    }
  });

  it('spells an ASCII pattern without _ as LIKE on the column, and others through lower-casing', async () => {
    const { layer, statements } = await sqliteLayer();
    const selectOf = async (pattern: string) => {
      await idsOf(layer, compareNode('v', 'ilike', pattern));
      const select = statements.findLast((statement) => /^select/i.test(statement.sql) && statement.sql.includes('like'));
      return select?.sql ?? '';
    };
    const ascii = await selectOf('%jo%');
    expect(ascii).not.toContain('octet_length');
    expect(ascii).toContain('jq_lower');
    expect(await selectOf('jo_n')).toContain('octet_length');
    expect(await selectOf('%zo\u00eb%')).toContain('octet_length');
  });

  it('keeps the lower-casing spelling where LIKE is case-sensitive (PRAGMA case_sensitive_like)', async () => {
    const { layer, statements } = await sqliteLayer('case_sensitive_like = ON');
    const filter = compareNode('v', 'ilike', '%jo%');
    expect(await idsOf(layer, filter)).toEqual(await idsOf(memory, filter));
    expect(await idsOf(layer, filter)).toEqual([1, 2, 3]);
    expect(statements.findLast((statement) => statement.sql.includes('like'))?.sql).toContain('octet_length');
  });
});
