// bench/fallback: withFallback over an eq-only layer against the memory layer, on the
// same records and the same query: a pushed-down eq, a residual ilike and a two-key
// sort, 30 rows a page. The eq-only layer is what a back end with an index on the
// filtered field looks like (one Map per value, rows in primary key order); the same
// query on a layer that scans for its eq is printed beside it. Prints medians and
// ratios (target of docs/performance.md: fallback ÷ memory ≤ 1.3×); never asserts a
// time, always exits 0.
// Run: npm run bench:fallback. Environment: JQ_BENCH_ROWS (default 100,000),
// JQ_BENCH_ITERATIONS (default 40).
import { executeCollection, parseQuery, defineSchema } from '../../dist/index.js';
import { createMemoryLayer, withFallback } from '../../dist/layers/memory/index.js';
import { interleave } from '../paging/timing.js';

const ROWS = Number(process.env.JQ_BENCH_ROWS ?? 100_000);
const ITERATIONS = Number(process.env.JQ_BENCH_ITERATIONS ?? 40);
const STATUSES = 10;

const schema = defineSchema({
  types: {
    item: {
      root: 'items',
      id: 'integer',
      attributes: {
        name: { type: 'string' },
        status: { type: 'string' },
        score: { type: ['number', 'null'] },
      },
    },
  },
});

/** Deterministic records: names with mixed case, ten statuses, scores with ties and nulls. */
function records(count) {
  const syllables = ['ab', 'Cd', 'ef', 'GH', 'ij', 'kL', 'mn', 'Op', 'qr', 'sT', 'uv', 'Wx'];
  let seed = 7;
  // A linear congruential generator; its high bits are the random ones.
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed >>> 12;
  };
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `${syllables[next() % 12]}${syllables[next() % 12]}${syllables[next() % 12]} ${index % 997}`,
    status: `s${next() % STATUSES}`,
    score: next() % 13 === 0 ? null : next() % 500,
  }));
}

/** An eq-only layer: `eq` and ANDs of it, one sort key, limit/offset; `indexed` keeps one Map of rows per status. */
function eqOnlyLayer(rows, indexed) {
  const byStatus = new Map();
  for (const row of rows) {
    const list = byStatus.get(row.status) ?? [];
    list.push(row);
    byStatus.set(row.status, list);
  }
  const matches = (row, filter) =>
    filter === null || (filter.kind === 'and' ? filter.nodes.every((node) => matches(row, node)) : row[filter.field] === filter.value);
  const onIndex = (filter) => indexed && filter?.kind === 'compare' && filter.field === 'status';
  const unsupported = () => Promise.reject(new Error('not used by this bench'));
  return {
    operators: new Set(['eq']),
    capabilities: { filter: { nodes: ['and'] }, sort: { maxKeys: 1, paths: false }, paging: { keyset: false } },
    async read(request) {
      if (request.sort.length !== 1 || request.sort[0].field !== 'id') throw new Error('this bench sorts by id only');
      const found = onIndex(request.filter) ? (byStatus.get(request.filter.value) ?? []) : rows.filter((row) => matches(row, request.filter));
      const end = request.limit === null ? undefined : request.offset + request.limit;
      return { rows: found.slice(request.offset, end), total: found.length };
    },
    readOne: unsupported,
    readRelated: unsupported,
    readLinkage: unsupported,
    readIncluded: unsupported,
  };
}

const rows = records(ROWS);
const query = `filter[status]=s3&filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'ilike', val: '%ab%' }]))}&sort=-score,name&page[size]=30`;
const ast = parseQuery(query, { schema, type: 'item' });
const limits = { maxScanRows: ROWS };
const layers = {
  memory: createMemoryLayer(schema, { item: rows }),
  fallback: withFallback(schema, eqOnlyLayer(rows, true), limits),
  'fallback, scanning eq': withFallback(schema, eqOnlyLayer(rows, false), limits),
};
const run = (layer) => executeCollection(ast, { schema, layer });

const expected = await run(layers.memory);
for (const [name, layer] of Object.entries(layers)) {
  const answer = await run(layer);
  const same = answer.total === expected.total && answer.data.map((r) => r.row.id).join() === expected.data.map((r) => r.row.id).join();
  if (!same) throw new Error(`${name} answers differently from the memory layer`);
}

const timed = await interleave(Object.fromEntries(Object.entries(layers).map(([name, layer]) => [name, () => run(layer)])), ITERATIONS);
const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
console.log(`withFallback over an eq-only layer, ${ROWS.toLocaleString('en')} rows, ${expected.total} matching of ${rows.filter((row) => row.status === 's3').length} pushed down`);
console.log(`GET /items?${decodeURIComponent(query)}`);
for (const name of Object.keys(layers)) console.log(`  ${name.padEnd(24)} ${ms(timed.ms[name]).padStart(7)} ms`);
const ratio = timed.ratio('fallback', 'memory');
console.log(`fallback ÷ memory: ${ratio.toFixed(2)}× (target ≤ 1.30×: ${ratio <= 1.3 ? 'met' : 'missed'})`);
console.log(`fallback, scanning eq ÷ memory: ${timed.ratio('fallback, scanning eq', 'memory').toFixed(2)}×`);
