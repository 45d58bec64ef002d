// The stores bench/paging compares: PostgreSQL (a private schema, kept for the next
// run), SQLite (a temporary file, removed) and the memory layer, each holding the
// same persons of the example schema. Each engine's `close()` releases everything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { exampleSchema } from '../../dist/example/index.js';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';
import { createSqlLayer, createTables, registerSqliteFunctions } from '../../dist/layers/sql/index.js';

const FIRST = ['John', 'Jane', 'Joanna', 'Bob', 'Alice', 'Zoë', 'Mary', 'Jo'];
const DAY = 86_400_000;
const EPOCH = Date.UTC(1940, 0, 1);

/**
 * Person `i` (1-based): 10,000 distinct names (`Jane17`), 100 rows each per million;
 * gender `x` on one row in ten of every name (the walk's filter), `f` and `m` on 40 %
 * each, null on 10 %; a birth date on 49 rows of 50. The PostgreSQL generator below
 * writes the same.
 */
export function person(i) {
  const tenth = (i + Math.floor(i / 10_000)) % 10;
  return {
    id: String(i),
    display_name: `Person ${i}`,
    birth_date: i % 50 === 0 ? null : new Date(EPOCH + (i % 25_000) * DAY).toISOString().slice(0, 10),
    name: `${FIRST[i % 8]}${Math.floor(i / 8) % 1250}`,
    gender: tenth === 0 ? 'x' : tenth === 9 ? null : tenth % 2 === 1 ? 'f' : 'm',
  };
}

/** Counts the statements a Kysely instance runs. */
function statementCounter() {
  const counter = { count: 0, log: () => void counter.count++ };
  return counter;
}

/**
 * PostgreSQL, schema `jq_paging`: re-generated when it does not hold `persons` rows;
 * `index` is the sort index's columns (`['name']` or `['name', 'id']`).
 */
export async function postgres(url, persons, index) {
  const schemaName = 'jq_paging';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const counter = statementCounter();
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schemaName}`, max: 4 });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }), log: counter.log });
  const close = async () => {
    await db.destroy();
    await admin.end();
  };
  try {
    const { rows } = await admin.query(
      `select (select count(*)::int from information_schema.tables where table_schema = $1 and table_name = 'person') as n`,
      [schemaName],
    );
    const present = rows[0].n === 1 && (await holds(admin, schemaName, persons));
    if (!present) await generatePostgres(admin, db, schemaName, persons);
    await sortIndex(db, index);
    const version = (await admin.query('show server_version')).rows[0].server_version;
    return { name: `PostgreSQL ${version.split(' ')[0]}`, layer: createSqlLayer({ db, schema: exampleSchema }), counter, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Whether the schema holds exactly the persons this generator writes (their count and a sample). */
async function holds(admin, schemaName, persons) {
  if ((await admin.query(`select count(*)::int as n from ${schemaName}.person`)).rows[0].n !== persons) return false;
  const sample = [1, 9, 10, 10_009, 12_345, persons].map((i) => person(i));
  const { rows } = await admin.query(
    `select id, display_name, birth_date, name, gender from ${schemaName}.person where id = any($1::text[]) order by id::int`,
    [sample.map((row) => row.id)],
  );
  return JSON.stringify(rows) === JSON.stringify(sample.sort((a, b) => Number(a.id) - Number(b.id)));
}

async function generatePostgres(admin, db, schemaName, persons) {
  const started = performance.now();
  await admin.query(`drop schema if exists ${schemaName} cascade`);
  await admin.query(`create schema ${schemaName}`);
  await createTables(db, exampleSchema);
  await sql`
    insert into person (id, display_name, birth_date, name, gender)
    select i::text,
           'Person ' || i,
           case when i % 50 = 0 then null else to_char(date '1940-01-01' + (i % 25000), 'YYYY-MM-DD') end,
           (array['John', 'Jane', 'Joanna', 'Bob', 'Alice', 'Zoë', 'Mary', 'Jo'])[1 + i % 8] || ((i / 8) % 1250),
           case (i + i / 10000) % 10 when 0 then 'x' when 9 then null when 1 then 'f' when 3 then 'f' when 5 then 'f' when 7 then 'f' else 'm' end
    from generate_series(1, ${persons}::int) as i`.execute(db);
  console.log(`PostgreSQL: generated ${persons} persons in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Exactly one sort index on person: on `index`'s columns; then fresh statistics. */
async function sortIndex(db, index) {
  const wanted = `person_${index.join('_')}_idx`;
  for (const other of ['person_name_idx', 'person_name_id_idx']) {
    if (other !== wanted) await sql`drop index if exists ${sql.id(other)}`.execute(db);
  }
  await sql`create index if not exists ${sql.id(wanted)} on person (${sql.join(index.map((column) => sql.id(column)))})`.execute(db);
  await sql`analyze person`.execute(db);
}

/** SQLite (better-sqlite3) in a temporary file, removed by `close()`. */
export async function sqlite(persons, index) {
  const folder = mkdtempSync(join(tmpdir(), 'jq-paging-'));
  const database = new Database(join(folder, 'paging.db'));
  registerSqliteFunctions(database);
  const counter = statementCounter();
  const db = new Kysely({ dialect: new SqliteDialect({ database }), log: counter.log });
  const close = async () => {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const started = performance.now();
    await createTables(db, exampleSchema);
    const insert = database.prepare('insert into person (id, display_name, birth_date, name, gender) values (?, ?, ?, ?, ?)');
    database.transaction(() => {
      for (let i = 1; i <= persons; i++) {
        const row = person(i);
        insert.run(row.id, row.display_name, row.birth_date, row.name, row.gender);
      }
    })();
    database.exec(`create index person_${index.join('_')}_idx on person (${index.join(', ')}); analyze;`);
    console.log(`SQLite: loaded ${persons} persons in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const version = database.prepare('select sqlite_version() as v').get().v;
    return { name: `SQLite ${version}`, layer: createSqlLayer({ db, schema: exampleSchema }), counter, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The memory layer over the same persons. */
export function memory(persons) {
  const started = performance.now();
  const records = [];
  for (let i = 1; i <= persons; i++) records.push(person(i));
  const layer = createMemoryLayer(exampleSchema, { person: records, computer: [] });
  console.log(`memory: loaded ${persons} persons in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { name: 'memory layer', layer, counter: undefined, close: async () => {} };
}
