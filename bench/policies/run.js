// bench/policies: the cost of a policy. The same read through the handler twice, side
// by side in one process: once under a policy whose row filter keeps one tenant
// (`GET /items?sort=-score&page[size]=30`), once with that filter written by hand into
// the query (`GET /items?filter[tenant]=t3&sort=-score&page[size]=30`), on the memory
// layer, SQLite and PostgreSQL (when JSONAPI_QUERY_POSTGRES_URL is set). A second case
// includes each item's account (accounts under the same tenant filter). Prints medians
// and ratios (target of issue 20: policy ÷ by hand ≤ 1.1×); never asserts a time,
// always exits 0.
// Run: npm run bench:policies. Environment: JQ_BENCH_ROWS (default 20,000),
// JQ_BENCH_ITERATIONS (default 40), JSONAPI_QUERY_POSTGRES_URL.
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { defineSchema } from '../../dist/index.js';
import { createHandler } from '../../dist/http/index.js';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';
import { createSqlLayer, createTables, loadData, registerSqliteFunctions } from '../../dist/layers/sql/index.js';
import { interleave } from '../paging/timing.js';

const ROWS = Number(process.env.JQ_BENCH_ROWS ?? 20_000);
const ITERATIONS = Number(process.env.JQ_BENCH_ITERATIONS ?? 40);
const TENANTS = 10;
const POSTGRES_URL = process.env.JSONAPI_QUERY_POSTGRES_URL;

const schema = defineSchema({
  types: {
    item: {
      root: 'items',
      id: 'integer',
      attributes: { tenant: { type: 'string' }, name: { type: 'string' }, score: { type: ['number', 'null'] } },
      relationships: { account: { target: 'account', to: 'one' } },
    },
    account: { root: 'accounts', id: 'integer', attributes: { tenant: { type: 'string' }, name: { type: 'string' } } },
  },
});

/** Deterministic records: items and accounts spread over ten tenants, an item's account in its own tenant. */
function records(count) {
  let seed = 11;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed >>> 12;
  };
  const accounts = Array.from({ length: Math.ceil(count / 20) }, (_, index) => ({ id: index + 1, tenant: `t${index % TENANTS}`, name: `account ${index}` }));
  const item = Array.from({ length: count }, (_, index) => {
    const account = accounts[next() % accounts.length];
    return { id: index + 1, tenant: account.tenant, name: `item ${index}`, score: next() % 11 === 0 ? null : next() % 1000, account: account.id };
  });
  return { item, account: accounts };
}

const tenant = [{ name: 'tenant', op: 'eq', val: 't3' }];
const policy = { types: { item: { filter: tenant }, account: { filter: tenant } } };
const CASES = [
  { name: 'page', policied: 'sort=-score&page[size]=30', byHand: 'filter[tenant]=t3&sort=-score&page[size]=30' },
  { name: 'page + include', policied: 'sort=-score&page[size]=30&include=account', byHand: 'filter[tenant]=t3&sort=-score&page[size]=30&include=account' },
];

async function measure(label, dataLayer) {
  const policied = createHandler({ schema, dataLayer, policy });
  const plain = createHandler({ schema, dataLayer });
  const get = (handle, query) => () => handle({ method: 'GET', path: '/items', query, headers: {} });
  for (const { name, policied: withPolicy, byHand } of CASES) {
    const [a, b] = [await get(policied, withPolicy)(), await get(plain, byHand)()];
    const data = (response) => JSON.stringify({ ...JSON.parse(response.body), links: undefined });
    if (a.status !== 200 || data(a) !== data(b)) throw new Error(`${label}, ${name}: the policied read answers differently`);
    const timed = await interleave({ policy: get(policied, withPolicy), 'by hand': get(plain, byHand) }, ITERATIONS);
    const ratio = timed.ratio('policy', 'by hand');
    console.log(
      `  ${`${label}, ${name}`.padEnd(30)} policy ${timed.ms.policy.toFixed(2).padStart(7)} ms, by hand ${timed.ms['by hand'].toFixed(2).padStart(7)} ms: ${ratio.toFixed(2)}× (target ≤ 1.10×: ${ratio <= 1.1 ? 'met' : 'missed'})`,
    );
  }
}

const data = records(ROWS);
console.log(`A policy's row filter ÷ the same filter in the query, ${ROWS.toLocaleString('en')} items, ${TENANTS} tenants, through the handler`);
await measure('memory', createMemoryLayer(schema, data));

const database = new Database(':memory:');
registerSqliteFunctions(database);
const sqlite = new Kysely({ dialect: new SqliteDialect({ database }) });
await createTables(sqlite, schema);
await loadData(sqlite, schema, undefined, data);
await sql`create index item_tenant on item (tenant)`.execute(sqlite);
await sql`create index account_tenant on account (tenant)`.execute(sqlite);
await measure('SQLite', createSqlLayer({ db: sqlite, schema }));
await sqlite.destroy();

if (POSTGRES_URL === undefined) {
  console.log('  PostgreSQL: skipped (JSONAPI_QUERY_POSTGRES_URL is not set)');
} else {
  const name = `jq_bench_policies_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${name}`);
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${name}`, max: 4 });
  const postgres = new Kysely({ dialect: new PostgresDialect({ pool }) });
  try {
    await createTables(postgres, schema);
    await loadData(postgres, schema, undefined, data);
    await sql`create index item_tenant on item (tenant)`.execute(postgres);
    await sql`create index account_tenant on account (tenant)`.execute(postgres);
    await sql`analyze`.execute(postgres);
    await measure('PostgreSQL', createSqlLayer({ db: postgres, schema }));
  } finally {
    await postgres.destroy();
    await admin.query(`drop schema ${name} cascade`);
    await admin.end();
  }
}
