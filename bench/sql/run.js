// SQL layer benchmark (issues 5 §4 and 21): typical queries through the layer against
// the equivalent hand-written SQL sent through the same driver, on SQLite (in memory,
// always) and on the PostgreSQL server named by JSONAPI_QUERY_POSTGRES_URL (when set).
// Prints library ÷ hand SQL per query with the statements per request, and the cost
// of counting a first page (exact, estimated) ÷ not counting it.
// Run with `npm run bench:sql` (builds first). Sizes: JQ_BENCH_PERSONS (default
// 1,000,000; computers = 3×); JQ_BENCH_ENGINES=sqlite,postgres picks engines,
// JQ_BENCH_QUERIES=eq,ilike the rows.
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { parseQuery } from '../../dist/index.js';
import { exampleSchema } from '../../dist/example/index.js';
import { createSqlLayer, createTables, registerSqliteFunctions } from '../../dist/layers/sql/index.js';

const url = process.env.JSONAPI_QUERY_POSTGRES_URL;
const PERSONS = Number(process.env.JQ_BENCH_PERSONS ?? 1_000_000);
const ITERATIONS = Number(process.env.JQ_BENCH_ITERATIONS ?? 40);
const ENGINES = (process.env.JQ_BENCH_ENGINES ?? 'sqlite,postgres').split(',');
// JQ_BENCH_QUERIES=eq,ilike,count runs only those rows (keys: F1, F2, eq, ilike, count).
const ONLY = process.env.JQ_BENCH_QUERIES?.split(',');
const wanted = (key) => ONLY === undefined || ONLY.includes(key);
const SCHEMA = 'jq_bench';
const context = { signal: new AbortController().signal };

const NAMES = `(array['John', 'Jane', 'Joanna', 'Bob', 'Alice', 'Zoë', 'Mary', 'Jo'])`;

/** PostgreSQL: the data generated once in schema jq_bench with generate_series, reused by later runs. */
async function postgres() {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${SCHEMA}`, max: 4 });
  const engine = { name: 'PostgreSQL', statements: 0 };
  engine.db = new Kysely({ dialect: new PostgresDialect({ pool }), log: () => void engine.statements++ });
  const existing = await admin.query(
    `select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'person'`,
    [SCHEMA],
  );
  const ready = existing.rows[0].n === 1 && (await admin.query(`select count(*)::int as n from ${SCHEMA}.person`)).rows[0].n === PERSONS;
  if (!ready) {
    await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.query(`create schema ${SCHEMA}`);
    await createTables(engine.db, exampleSchema);
    const started = performance.now();
    await sql`
      insert into person (id, display_name, birth_date, name, gender)
      select i::text, 'Person ' || i,
             case when i % 50 = 0 then null else to_char(date '1940-01-01' + (i % 25000), 'YYYY-MM-DD') end,
             ${sql.raw(NAMES)}[1 + i % 8] || (i % 1000), (array['m', 'f', 'x', null])[1 + i % 4]
      from generate_series(1, ${PERSONS}::int) as i`.execute(engine.db);
    await sql`
      insert into computer (id, serial, owner_id)
      select i::text, (case when i % 3 = 0 then 'SN' else 'PC' end) || i, (1 + (i - 1) / 3)::text
      from generate_series(1, ${PERSONS * 3}::int) as i`.execute(engine.db);
    await indexes(engine.db);
    await sql`analyze`.execute(engine.db);
    console.log(`PostgreSQL: generated ${PERSONS} persons and ${PERSONS * 3} computers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  engine.version = `PostgreSQL ${(await admin.query('show server_version')).rows[0].server_version}`;
  engine.close = async () => {
    await engine.db.destroy();
    await admin.end();
  };
  return engine;
}

/** SQLite in memory, generated with a recursive CTE on every run (the same rows as PostgreSQL's). */
async function sqlite() {
  const database = new Database(':memory:');
  registerSqliteFunctions(database);
  const engine = { name: 'SQLite', statements: 0, database };
  engine.db = new Kysely({ dialect: new SqliteDialect({ database }), log: () => void engine.statements++ });
  // The layer keeps its statements prepared on the database (docs/sql-layer.md), counted here as Kysely's log counts the others;
  // JQ_BENCH_PREPARED=0 leaves the database out (every statement prepared by Kysely's driver).
  engine.layerOptions = process.env.JQ_BENCH_PREPARED === '0' ? {} : {
    sqliteDatabase: {
      prepare(text) {
        const statement = database.prepare(text);
        const counted = (run) => (parameters) => {
          engine.statements++;
          return run.call(statement, parameters);
        };
        return { reader: statement.reader, all: counted(statement.all), run: counted(statement.run) };
      },
      function: (name, options, implementation) => database.function(name, options, implementation),
    },
  };
  await createTables(engine.db, exampleSchema);
  const started = performance.now();
  const names = ['John', 'Jane', 'Joanna', 'Bob', 'Alice', 'Zoë', 'Mary', 'Jo'];
  database.exec(`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PERSONS})
    insert into person (id, display_name, birth_date, name, gender)
    select cast(i as text), 'Person ' || i,
           case when i % 50 = 0 then null else date('1940-01-01', '+' || (i % 25000) || ' days') end,
           (case i % 8 ${names.map((name, index) => `when ${index} then '${name}'`).join(' ')} end) || (i % 1000),
           case i % 4 when 0 then 'm' when 1 then 'f' when 2 then 'x' end
    from n;
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PERSONS * 3})
    insert into computer (id, serial, owner_id)
    select cast(i as text), (case when i % 3 = 0 then 'SN' else 'PC' end) || i, cast(1 + (i - 1) / 3 as text) from n;`);
  await indexes(engine.db);
  database.exec('analyze');
  console.log(`SQLite: generated ${PERSONS} persons and ${PERSONS * 3} computers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  engine.version = `SQLite ${database.prepare('select sqlite_version() as v').get().v}`;
  engine.close = () => engine.db.destroy();
  return engine;
}

async function indexes(db) {
  for (const [table, column] of [['person', 'name'], ['person', 'birth_date'], ['person', 'gender'], ['computer', 'serial']]) {
    await sql`create index ${sql.id(`${table}_${column}_idx`)} on ${sql.id(table)} (${sql.id(column)})`.execute(db);
  }
}

const ilike = { name: 'name', op: 'ilike', val: '%jo%' };
const F1 = [{ or: [ilike, { and: [{ name: 'birth_date', op: 'between', val: ['1980-01-01', '1999-12-31'] }, { not: { name: 'gender', op: 'eq', val: 'm' } }] }] }];
const F2 = [...F1, { name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: 'SN' } }];
const filterText = (filter) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A request through parseQuery, layer.read and layer.readIncluded (when the query includes). */
function throughLayer(layer, text, count = 'exact') {
  return async () => {
    const ast = parseQuery(text, { schema: exampleSchema, type: 'person' });
    const counting = count === 'none' ? { withTotal: false } : count === 'estimated' ? { estimateAbove: 1000 } : {};
    const request = { type: 'person', filter: ast.filter, sort: ast.sort, offset: (ast.page.number - 1) * ast.page.size, limit: ast.page.size, ...counting };
    const page = await layer.read(request, context);
    const ids = page.rows.map((row) => row.id);
    if (ast.include.length === 0) return { ids, total: page.total };
    const included = await layer.readIncluded({ type: 'person', relationship: 'computers', ids }, context);
    return { ids, total: page.total, included: [...included.values()].flat().length };
  };
}

/**
 * The same queries as an engineer would write them by hand (same semantics: code-point
 * order, nulls first descending, id as the final key, Unicode lower-casing where the
 * engine has it), through the same Kysely instance.
 */
function handQueries(engine) {
  const postgres = engine.name === 'PostgreSQL';
  const text = (column) => (postgres ? sql`${sql.ref(column)} collate "C"` : sql.ref(column));
  // SQLite's own lower() folds ASCII only; the hand query uses it (the layer folds all of Unicode).
  const lowered = postgres ? sql`lower(name collate "default")` : sql`lower(name)`;
  const f1 = sql`(${lowered} like ${'%jo%'} or (${text('birth_date')} between ${'1980-01-01'} and ${'1999-12-31'} and not (gender = ${'m'})))`;
  const f2 = sql`${f1} and exists (select 1 from computer c where c.owner_id = person.id and c.serial like ${'SN%'})`;
  const columns = sql`id, display_name, birth_date, name, gender`;
  const run = async (where, orderBy, offset, include) => {
    const [page, count] = await Promise.all([
      sql`select ${columns} from person where ${where} order by ${orderBy} limit 30 offset ${offset}`.execute(engine.db),
      sql`select count(*) as n from person where ${where}`.execute(engine.db),
    ]);
    const ids = page.rows.map((row) => row.id);
    if (!include) return { ids, total: Number(count.rows[0].n) };
    const included = await sql`select owner_id, id, serial from computer where owner_id in (${sql.join(ids)}) order by ${text('id')}`.execute(engine.db);
    return { ids, total: Number(count.rows[0].n), included: included.rows.length };
  };
  const sorted = postgres
    ? sql`birth_date collate "C" desc, name collate "C" asc, id collate "C" asc`
    : sql`birth_date is null desc, birth_date desc, name asc, id asc`;
  return {
    F1: () => run(f1, sorted, 30, true),
    F2: () => run(f2, sorted, 30, true),
    eq: () => run(sql`name = ${'Jo7'}`, text('id'), 0, false),
    ilike: () => run(sql`${lowered} like ${'%jo%'}`, text('id'), 0, false),
  };
}

const SORTED = '&sort=-birth_date,name&page[size]=30&page[number]=2&include=computers';
const QUERIES = [
  { key: 'F1', label: 'F1 + sort + page 2 + include', text: filterText(F1) + SORTED, target: 1.1 },
  { key: 'F2', label: 'F2 + sort + page 2 + include', text: filterText(F2) + SORTED, target: 1.1 },
  { key: 'eq', label: 'eq on an indexed attribute', text: 'filter[name]=Jo7&page[size]=30', target: 1.3 },
  { key: 'ilike', label: "ilike '%jo%'", text: `${filterText([ilike])}&page[size]=30`, target: { SQLite: 1.5, PostgreSQL: 1.15 } },
];

/** Medians of interleaved samples (a, b, a, b, …), so load drifting on the machine hits both alike. */
async function timePair(a, b, iterations = ITERATIONS) {
  const samples = [[], []];
  for (let index = 0; index < iterations; index++) {
    for (const [slot, fn] of [[0, a], [1, b]]) {
      const started = performance.now();
      await fn();
      samples[slot].push(performance.now() - started);
    }
  }
  return samples.map((list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]);
}

async function statementsOf(engine, fn) {
  engine.statements = 0;
  await fn();
  return engine.statements;
}

const rows = [];
for (const make of [...(ENGINES.includes('sqlite') ? [sqlite] : []), ...(ENGINES.includes('postgres') && url !== undefined ? [postgres] : [])]) {
  const engine = await make();
  try {
    const layer = createSqlLayer({ db: engine.db, schema: exampleSchema, ...engine.layerOptions });
    const hand = handQueries(engine);
    for (const query of QUERIES.filter((entry) => wanted(entry.key))) {
      const viaLayer = throughLayer(layer, query.text);
      const [a, b] = [await viaLayer(), await hand[query.key]()];
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${engine.name} ${query.key}: the layer and the hand-written SQL disagree: ${JSON.stringify({ a, b })}`);
      for (let index = 0; index < 3; index++) await Promise.all([viaLayer(), hand[query.key]()]);
      const [handMs, layerMs] = await timePair(hand[query.key], viaLayer);
      const target = typeof query.target === 'number' ? query.target : query.target[engine.name];
      rows.push({ engine: engine.name, query: query.label, 'hand SQL (ms)': handMs.toFixed(2), 'layer (ms)': layerMs.toFixed(2), 'layer ÷ hand': (layerMs / handMs).toFixed(2), target: `≤ ${target}×`, statements: await statementsOf(engine, viaLayer) });
    }
    // Counting the first offset page (sort id, no filter) against not counting it.
    const first = 'page[size]=30';
    const none = throughLayer(layer, first, 'none');
    for (const count of wanted('count') ? ['exact', 'estimated'] : []) {
      const counted = throughLayer(layer, first, count);
      const result = await counted();
      if (result.total === undefined) throw new Error('no total');
      const [noneMs, countedMs] = await timePair(none, counted, Math.max(5, Math.floor(ITERATIONS / (count === 'exact' ? 4 : 1))));
      rows.push({ engine: engine.name, query: `first page, count '${count}' ÷ 'none'`, 'hand SQL (ms)': `${noneMs.toFixed(2)} (none)`, 'layer (ms)': countedMs.toFixed(2), 'layer ÷ hand': (countedMs / noneMs).toFixed(2), target: count === 'estimated' && engine.name === 'PostgreSQL' ? '≤ 1.5×' : '', statements: await statementsOf(engine, counted) });
    }
    console.log(`${engine.version}: done`);
  } finally {
    await engine.close();
  }
}
console.log(`${PERSONS} persons, ${PERSONS * 3} computers, median of ${ITERATIONS} interleaved samples`);
console.table(rows);
