// bench/paging: keyset cursor pages against first pages and offset pages, on
// PostgreSQL (JSONAPI_QUERY_POSTGRES_URL), SQLite and the memory layer, in one
// process, through parseQuery and executeCollection. Prints ratios and which
// targets of docs/performance.md were met; never asserts a time, always exits 0.
// Run: npm run bench:paging. Environment: JQ_BENCH_PERSONS (default 1,000,000),
// JQ_BENCH_ITERATIONS (default 25), JQ_BENCH_INDEX (sort index columns, default
// name,id), JQ_BENCH_ENGINES (default postgres,sqlite,memory), JQ_BENCH_WALK=0 to skip
// the walk on PostgreSQL (the longest part: about 7 minutes at 1,000,000 persons).
import { exampleSchema } from '../../dist/example/index.js';
import { memory, postgres, sqlite } from './engines.js';
import { createPager } from './pager.js';
import { interleave } from './timing.js';

const PERSONS = Number(process.env.JQ_BENCH_PERSONS ?? 1_000_000);
const ITERATIONS = Number(process.env.JQ_BENCH_ITERATIONS ?? 25);
const INDEX = (process.env.JQ_BENCH_INDEX ?? 'name,id').split(',');
const ENGINES = (process.env.JQ_BENCH_ENGINES ?? 'postgres,sqlite,memory').split(',');
const WALK = process.env.JQ_BENCH_WALK !== '0';
const URL = process.env.JSONAPI_QUERY_POSTGRES_URL;
const SIZE = 30;
const WALK_SIZE = 100;

const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const times = (value) => `${value.toFixed(2)}×`;
const sameIds = (a, b) => a.length === b.length && a.every((row, index) => row.id === b[index].id);

/**
 * The first cursor page, the cursor page at half the matching rows, the offset page
 * at that depth, and the first page counted exactly, timed interleaved; the
 * statements of one cursor page counted `none` and `exact` (SQL layers).
 */
async function depthCase(engine, filter) {
  const base = `${filter}sort=name&page[size]=${SIZE}`;
  const none = createPager({ schema: exampleSchema, layer: engine.layer, type: 'person', count: 'none' });
  const exact = createPager({ schema: exampleSchema, layer: engine.layer, type: 'person', count: 'exact' });
  const matching = (await exact.page(base)).total;
  const depth = Math.floor(matching / 2 / SIZE) * SIZE;
  const number = depth / SIZE + 1;
  const offsetText = `${base}&page[number]=${number}`;
  const deepText = none.after(base, (await none.page(`${base}&page[number]=${number - 1}`)).rows.at(-1));
  const [deep, offset] = [await none.page(deepText), await none.page(offsetText)];
  if (deep.rows.length !== SIZE || !sameIds(deep.rows, offset.rows)) {
    throw new Error(`${engine.name}: the cursor page at depth ${depth} differs from the offset page ${number}`);
  }
  const timed = await interleave(
    {
      first: () => none.page(base),
      deep: () => none.page(deepText),
      offset: () => none.page(offsetText),
      exact: () => exact.page(base),
    },
    ITERATIONS,
  );
  const statements = [];
  for (const pager of [none, exact]) {
    if (engine.counter === undefined) break;
    engine.counter.count = 0;
    await pager.page(deepText);
    statements.push(engine.counter.count);
  }
  return { engine: engine.name, query: base, matching, depth, timed, statements };
}

/** Every matching row by cursor and by number, page for page interleaved; the total time of each walk. */
async function walk(engine) {
  const base = `filter[gender]=x&sort=name&page[size]=${WALK_SIZE}`;
  const pager = createPager({ schema: exampleSchema, layer: engine.layer, type: 'person', count: 'none' });
  const totals = { cursor: 0, offset: 0 };
  const seen = { cursor: [], offset: [] };
  let cursorText = base;
  let number = 1;
  let offsetOpen = true;
  const steps = {
    cursor: async () => {
      const result = await pager.page(cursorText);
      seen.cursor.push(...result.rows);
      cursorText = result.next;
    },
    offset: async () => {
      const result = await pager.page(`${base}&page[number]=${number++}`);
      seen.offset.push(...result.rows);
      offsetOpen = result.rows.length === WALK_SIZE;
    },
  };
  for (let round = 0; cursorText !== null || offsetOpen; round++) {
    const order = round % 2 === 0 ? ['cursor', 'offset'] : ['offset', 'cursor'];
    for (const name of order) {
      if (name === 'cursor' ? cursorText === null : !offsetOpen) continue;
      const started = performance.now();
      await steps[name]();
      totals[name] += performance.now() - started;
    }
  }
  if (!sameIds(seen.cursor, seen.offset)) throw new Error(`${engine.name}: the cursor walk and the offset walk differ`);
  return { engine: engine.name, query: base, rows: seen.cursor.length, pages: number - 1, totals };
}

async function withEngine(open, run) {
  const engine = await open();
  try {
    return await run(engine);
  } finally {
    await engine.close();
  }
}

const depths = [];
let walked;
console.log(`bench:paging — ${PERSONS.toLocaleString('en')} persons, sort index (${INDEX.join(', ')}), median of ${ITERATIONS} interleaved rounds, Node ${process.versions.node}`);
if (ENGINES.includes('postgres')) {
  if (URL === undefined) console.log('PostgreSQL skipped: set JSONAPI_QUERY_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  else {
    await withEngine(
      () => postgres(URL, PERSONS, INDEX),
      async (engine) => {
        depths.push(await depthCase(engine, ''));
        if (WALK) walked = await walk(engine);
      },
    );
  }
}
if (ENGINES.includes('sqlite')) depths.push(await withEngine(() => sqlite(PERSONS, INDEX), (engine) => depthCase(engine, '')));
if (ENGINES.includes('memory')) depths.push(await withEngine(async () => memory(PERSONS), (engine) => depthCase(engine, 'filter[gender]=f&')));

console.log(`\nPages read through parseQuery and executeCollection; count 'none' unless said; times are medians in ms.\n`);
console.log('| engine | query | matching rows | first cursor page | cursor page at depth | ÷ first | offset page at depth | ÷ first | first page, count exact | exact ÷ none | statements per cursor page (none/exact) |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const d of depths) {
  const { ms: t, ratio } = d.timed;
  console.log(
    `| ${d.engine} | \`${d.query}\` | ${d.matching.toLocaleString('en')} | ${ms(t.first)} | ${ms(t.deep)} (${d.depth.toLocaleString('en')} rows) | ${times(ratio('deep', 'first'))} | ${ms(t.offset)} | ${times(ratio('offset', 'first'))} | ${ms(t.exact)} | ${times(ratio('exact', 'first'))} | ${d.statements.join('/') || '—'} |`,
  );
}
if (walked !== undefined) {
  const { totals } = walked;
  console.log(`\nWalk on ${walked.engine}: \`${walked.query}\`, ${walked.rows.toLocaleString('en')} rows in ${walked.pages} pages: by cursor ${ms(totals.cursor)} ms, by page[number] ${ms(totals.offset)} ms (${times(totals.offset / totals.cursor)}).`);
}

const targets = [];
const target = (label, value, limit, met) => targets.push(`| ${label} | ${value} | ${limit} | ${met ? '✓' : '✗'} |`);
for (const d of depths) {
  const deep = d.timed.ratio('deep', 'first');
  const limit = d.engine === 'memory layer' ? 1.2 : 1.3;
  target(`${d.engine}: cursor page at depth ÷ first page`, times(deep), `≤ ${limit}×`, deep <= limit);
  if (d.statements.length === 2) target(`${d.engine}: statements per cursor page, none/exact`, d.statements.join('/'), '1/2', d.statements.join('/') === '1/2');
}
if (walked !== undefined) {
  const gain = walked.totals.offset / walked.totals.cursor;
  target(`${walked.engine}: walk by page[number] ÷ walk by cursor`, times(gain), '≥ 10×', gain >= 10);
}
console.log('\n| target | measured | limit | met |\n|---|---|---|---|');
for (const line of targets) console.log(line);
