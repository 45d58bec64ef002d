// SQL layer benchmark (issue 5 §4): the typical query through the layer against
// the equivalent hand-written SQL sent through the same driver, on the PostgreSQL
// server named by JSONAPI_QUERY_POSTGRES_URL. Run with `npm run bench:sql`
// (builds first). Sizes: JQ_BENCH_PERSONS (default 1,000,000; computers = 3×).
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { parseQuery } from '../../dist/index.js';
import { exampleSchema } from '../../dist/example/index.js';
import { createSqlLayer, createTables } from '../../dist/layers/sql/index.js';

const url = process.env.JSONAPI_QUERY_POSTGRES_URL;
if (url === undefined) {
  console.log('bench:sql skipped: set JSONAPI_QUERY_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(0);
}
const PERSONS = Number(process.env.JQ_BENCH_PERSONS ?? 1_000_000);
const ITERATIONS = Number(process.env.JQ_BENCH_ITERATIONS ?? 40);
const SCHEMA = 'jq_bench';

const admin = new pg.Client({ connectionString: url });
await admin.connect();
let statements = 0;
const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${SCHEMA}`, max: 4 });
const db = new Kysely({ dialect: new PostgresDialect({ pool }), log: () => void statements++ });

async function prepare() {
  const existing = await admin.query(
    `select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'person'`,
    [SCHEMA],
  );
  if (existing.rows[0].n === 1) {
    const { rows } = await admin.query(`select count(*)::int as n from ${SCHEMA}.person`);
    if (rows[0].n === PERSONS) return false;
  }
  await admin.query(`drop schema if exists ${SCHEMA} cascade`);
  await admin.query(`create schema ${SCHEMA}`);
  await createTables(db, exampleSchema);
  const started = performance.now();
  await sql`
    insert into person (id, display_name, birth_date, name, gender)
    select i::text,
           'Person ' || i,
           case when i % 50 = 0 then null else to_char(date '1940-01-01' + (i % 25000), 'YYYY-MM-DD') end,
           (array['John', 'Jane', 'Joanna', 'Bob', 'Alice', 'Zoë', 'Mary', 'Jo'])[1 + i % 8] || (i % 1000),
           (array['m', 'f', 'x', null])[1 + i % 4]
    from generate_series(1, ${PERSONS}::int) as i`.execute(db);
  await sql`
    insert into computer (id, serial, owner_id)
    select i::text, (case when i % 3 = 0 then 'SN' else 'PC' end) || i, (1 + (i - 1) / 3)::text
    from generate_series(1, ${PERSONS * 3}::int) as i`.execute(db);
  for (const [table, column] of [['person', 'name'], ['person', 'birth_date'], ['person', 'gender'], ['computer', 'serial']]) {
    await sql`create index ${sql.id(`${table}_${column}_idx`)} on ${sql.id(table)} (${sql.id(column)})`.execute(db);
  }
  await sql`analyze`.execute(db);
  console.log(`generated ${PERSONS} persons and ${PERSONS * 3} computers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

await prepare();
const layer = createSqlLayer({ db, schema: exampleSchema });
const context = { signal: new AbortController().signal };

const F1 = [{ or: [{ name: 'name', op: 'ilike', val: '%jo%' }, { and: [{ name: 'birth_date', op: 'between', val: ['1980-01-01', '1999-12-31'] }, { not: { name: 'gender', op: 'eq', val: 'm' } }] }] }];
const F2 = [...F1, { name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: 'SN' } }];

function query(filter, size = 30) {
  return `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=-birth_date,name&page[size]=${size}&page[number]=2&include=computers`;
}

async function throughLayer(text) {
  const ast = parseQuery(text, { schema: exampleSchema, type: 'person' });
  const request = { type: 'person', filter: ast.filter, sort: ast.sort, offset: (ast.page.number - 1) * ast.page.size, limit: ast.page.size };
  const page = await layer.read(request, context);
  const included = await layer.readIncluded({ type: 'person', relationship: 'computers', ids: page.rows.map((row) => row.id) }, context);
  return { ids: page.rows.map((row) => row.id), total: page.total, included: [...included.values()].flat().length };
}

// The same query as an engineer would write it by hand (same semantics: code-point
// order, nulls first descending, id as the final key), through the same pool.
function handWhere(withComputers) {
  const f1 = sql`(lower(name collate "default") like ${'%jo%'} or (birth_date collate "C" between ${'1980-01-01'} and ${'1999-12-31'} and not (gender = ${'m'})))`;
  return withComputers
    ? sql`${f1} and exists (select 1 from computer c where c.owner_id = person.id and c.serial like ${'SN%'})`
    : f1;
}

async function byHand(withComputers) {
  const where = handWhere(withComputers);
  const [page, count] = await Promise.all([
    sql`select id, display_name, birth_date, name, gender from person where ${where}
        order by birth_date collate "C" desc, name collate "C" asc, id collate "C" asc limit 30 offset 30`.execute(db),
    sql`select count(*) as n from person where ${where}`.execute(db),
  ]);
  const ids = page.rows.map((row) => row.id);
  const included = await sql`select owner_id, id, serial from computer where owner_id in (${sql.join(ids)}) order by id collate "C"`.execute(db);
  return { ids, total: Number(count.rows[0].n), included: included.rows.length };
}

/** Medians of interleaved samples (a, b, a, b, …), so load drifting on the machine hits both alike. */
async function timePair(a, b) {
  const samples = [[], []];
  for (let index = 0; index < ITERATIONS; index++) {
    for (const [slot, fn] of [[0, a], [1, b]]) {
      const started = performance.now();
      await fn();
      samples[slot].push(performance.now() - started);
    }
  }
  return samples.map((list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]);
}

const rows = [];
for (const [name, filter, withComputers] of [['F1', F1, false], ['F2', F2, true]]) {
  const viaLayer = await throughLayer(query(filter));
  const viaHand = await byHand(withComputers);
  if (JSON.stringify(viaLayer) !== JSON.stringify(viaHand)) {
    throw new Error(`${name}: the layer and the hand-written SQL disagree: ${JSON.stringify({ viaLayer, viaHand })}`);
  }
  for (let index = 0; index < 5; index++) {
    await throughLayer(query(filter));
    await byHand(withComputers);
  }
  const [hand, layerTime] = await timePair(() => byHand(withComputers), () => throughLayer(query(filter)));
  const counts = [];
  for (const size of [10, 30, 100]) {
    statements = 0;
    await throughLayer(query(filter, size));
    counts.push(statements);
  }
  rows.push({ query: name, 'hand SQL (ms)': hand.toFixed(1), 'layer (ms)': layerTime.toFixed(1), ratio: (layerTime / hand).toFixed(2), 'statements (size 10/30/100)': counts.join('/') , total: viaLayer.total });
}
console.log(`PostgreSQL ${(await admin.query('show server_version')).rows[0].server_version}, ${PERSONS} persons, ${PERSONS * 3} computers, median of ${ITERATIONS}`);
console.table(rows);
await db.destroy();
await admin.end();
