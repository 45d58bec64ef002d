// Write benchmark (issue 19 §11), side by side in one process, printed as ratios of
// medians over interleaved rounds: one create through the writable handler ÷ a
// hand-written Kysely insert on the same driver (SQLite always, PostgreSQL when
// JSONAPI_QUERY_POSTGRES_URL is set; target ≤ 1.5×); an atomic batch of 100 creates
// ÷ a hand-written transaction of 100 inserts (target ≤ 1.3×); a memory layer create
// ÷ a plain Map.set after the same ajv validation. Run with `npm run bench:writes`
// (builds first). Rounds: JQ_BENCH_ROUNDS (default 300; batches a tenth of it).
// JQ_BENCH_CLOCK=cpu times the process's CPU time (user + system) instead of the wall
// clock: steadier on a loaded machine, blind to time spent waiting for a server.
import { randomUUID } from 'node:crypto';
import { Ajv } from 'ajv';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createOperation } from '../../dist/index.js';
import { exampleSchema } from '../../dist/example/index.js';
import { createHandler } from '../../dist/http/index.js';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';
import { createSqlLayer, createTables, registerSqliteFunctions } from '../../dist/layers/sql/index.js';

const ROUNDS = Number(process.env.JQ_BENCH_ROUNDS ?? 300);
const BATCH = 100;
const JSON_API = 'application/vnd.api+json';
const ATOMIC = `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`;
const context = { signal: new AbortController().signal };
let serial = 0;

const CPU_CLOCK = process.env.JQ_BENCH_CLOCK === 'cpu';

/** Microseconds now: of CPU time used by the process, or of the wall clock. */
function now() {
  if (!CPU_CLOCK) return Number(process.hrtime.bigint()) / 1e3;
  const { user, system } = process.cpuUsage();
  return user + system;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Times `a` and `b` alternately `rounds` times (after a warm-up); the medians and their ratio. */
async function compare(rounds, a, b) {
  for (let index = 0; index < Math.max(5, rounds / 10); index++) {
    await a();
    await b();
  }
  const timesA = [];
  const timesB = [];
  for (let index = 0; index < rounds; index++) {
    for (const [run, times] of index % 2 === 0 ? [[a, timesA], [b, timesB]] : [[b, timesB], [a, timesA]]) {
      const start = now();
      await run();
      times.push(now() - start);
    }
  }
  const [ma, mb] = [median(timesA), median(timesB)];
  return { a: ma, b: mb, ratio: ma / mb };
}

function print(label, { a, b, ratio }, target) {
  const verdict = target === undefined ? '' : ratio <= target ? ` (target ≤ ${target}×: met)` : ` (target ≤ ${target}×: NOT met)`;
  const unit = CPU_CLOCK ? 'µs CPU' : 'µs';
  console.log(`${label.padEnd(58)} ${a.toFixed(1).padStart(8)} ${unit} ÷ ${b.toFixed(1).padStart(8)} ${unit} = ${ratio.toFixed(2)}×${verdict}`);
}

function createBody() {
  return JSON.stringify({ data: { type: 'computer', attributes: { serial: `H${++serial}` } } });
}

function batchBody() {
  const operations = Array.from({ length: BATCH }, () => ({ op: 'add', data: { type: 'computer', attributes: { serial: `B${++serial}` } } }));
  return JSON.stringify({ 'atomic:operations': operations });
}

async function benchEngine(name, db, dialect, layerOptions = {}) {
  await createTables(db, exampleSchema, undefined, { dialect });
  const layer = createSqlLayer({ db, schema: exampleSchema, dialect, ...layerOptions });
  await layer.verify();
  const handler = createHandler({ schema: exampleSchema, dataLayer: layer, writable: true });
  const post = async (path, body, type) => {
    const response = await handler({ method: 'POST', path, query: '', headers: { accept: type, 'content-type': type }, body });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.body}`);
  };
  const insert = (executor) => executor.insertInto('computer').values({ id: randomUUID(), serial: `K${++serial}`, owner_id: null }).execute();
  print(`${name}: one create, handler ÷ Kysely insert`, await compare(ROUNDS, () => post('/computers', createBody(), JSON_API), () => insert(db)), 1.5);
  print(
    `${name}: atomic batch of ${BATCH} creates ÷ transaction of ${BATCH} inserts`,
    await compare(
      Math.max(10, ROUNDS / 10),
      () => post('/operations', batchBody(), ATOMIC),
      () =>
        db.transaction().execute(async (transaction) => {
          for (let index = 0; index < BATCH; index++) await insert(transaction);
        }),
    ),
    1.3,
  );
}

// SQLite: a temporary in-memory database through better-sqlite3, given to the layer so
// that it keeps its statements prepared (docs/sql-layer.md); the hand-written side runs
// through the same Kysely instance and driver, which prepares each statement again.
// JQ_BENCH_PREPARED=0 leaves the database out (the layer as before it could keep them).
{
  const database = new Database(':memory:');
  registerSqliteFunctions(database);
  const db = new Kysely({ dialect: new SqliteDialect({ database }) });
  await benchEngine('SQLite', db, 'sqlite', process.env.JQ_BENCH_PREPARED === '0' ? {} : { sqliteDatabase: database });
  await db.destroy();
}

// PostgreSQL: a schema of its own, dropped at the end.
const url = process.env.JSONAPI_QUERY_POSTGRES_URL;
if (url === undefined) {
  console.log('PostgreSQL skipped: set JSONAPI_QUERY_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
} else {
  const schemaName = `jq_bench_writes_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schemaName}`);
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schemaName}`, max: 4 });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  try {
    await benchEngine('PostgreSQL', db, 'postgres');
  } finally {
    await db.destroy();
    await admin.query(`drop schema ${schemaName} cascade`);
    await admin.end();
  }
}

// Memory: the layer's create against a Map.set after the same validation of the attributes.
{
  const layer = createMemoryLayer(exampleSchema, { person: [], computer: [] });
  const validate = new Ajv().compile({ type: 'object', properties: { serial: { type: 'string' } }, required: ['serial'], additionalProperties: false });
  const map = new Map();
  let next = 0;
  const fields = () => ({ attributes: { serial: `M${++serial}` }, relationships: {} });
  print(
    'memory: one create, layer.apply ÷ validated Map.set',
    await compare(
      ROUNDS * 10,
      () => layer.apply({ operations: [createOperation('computer', fields())] }, context),
      () => {
        const { attributes } = fields();
        if (!validate(attributes)) throw new Error('invalid');
        map.set(String(++next), { id: String(next), ...attributes });
      },
    ),
  );
}
