// bench/memory: the in-memory layer against a hand-written loop, sift, mingo and
// @ucast/js on synthetic persons/computers loaded with JSON.parse.
// Run: npm run bench:memory            (sizes 10k, 100k, 1M)
//      npm run bench:memory -- 10k,100k   or   BENCH_SIZES=10000 npm run bench:memory
//      BENCH_QUERIES=OR,K npm run bench:memory -- 1m   (only the queries whose name starts so)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import mingo from 'mingo';
import sift from 'sift';
import { guard } from '@ucast/mongo2js';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';
import { compareNode } from '../../dist/index.js';
import { createSqlLayer, createTables, registerSqliteFunctions } from '../../dist/layers/sql/index.js';
import { exampleSchema as schema } from '../../dist/example/index.js';

const gc = globalThis.gc ?? (() => {});
if (globalThis.gc === undefined) console.warn('Run with node --expose-gc for heap figures.');

function parseSizes() {
  const text = process.argv[2] ?? process.env.BENCH_SIZES ?? '10k,100k,1m';
  return text.split(',').map((item) => {
    const match = /^(\d+)([km]?)$/i.exec(item.trim());
    if (match === null) throw new Error(`Bad size "${item}" (use 10000, 10k or 1m)`);
    return Number(match[1]) * { '': 1, k: 1_000, m: 1_000_000 }[match[2].toLowerCase()];
  });
}

// Deterministic pseudo-random numbers (mulberry32), so every run sees the same data.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['John', 'john', 'JOHN', 'Joanna', 'Jo', 'Mary', 'Zoë', 'Ærø', 'İlker', 'Anna', 'Bob', 'Carl', 'Dana', 'Eve', 'Frank', 'Grace', 'Heidi', 'Ivan', 'Judy', 'Mallory', 'Niaj', 'Olivia', 'Peggy', 'Rupert', 'Sybil', 'Trent', 'Victor', 'Walter', 'Xena', 'Yolanda'];
const LAST = ['Doe', 'Smith', 'Jones', 'Brown', 'Müller', 'García', 'Rossi', 'Novak', 'Kowalski', 'Johansson', 'Straße', 'Øster'];

function generate(count) {
  const next = random(42);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const persons = [];
  const computers = [];
  for (let index = 1; index <= count; index++) {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const year = 1950 + Math.floor(next() * 60);
    const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
    const gender = next();
    const ids = [];
    for (let c = 0; c < 3; c++) {
      const id = String(computers.length + 1);
      ids.push(id);
      computers.push({ id, serial: `${next() < 0.5 ? 'SN' : 'XY'}${Math.floor(next() * 1e8)}`, owner: String(index) });
    }
    persons.push({
      id: String(index),
      name,
      display_name: `${name} #${index}`,
      birth_date: next() < 0.1 ? null : `${year}-${month}-${day}`,
      gender: gender < 0.45 ? 'm' : gender < 0.9 ? 'f' : gender < 0.95 ? 'x' : null,
      computers: ids,
    });
  }
  // Two JSON texts (persons, computers) keep each string well under V8's length limit.
  return { person: JSON.stringify(persons), computer: JSON.stringify(computers) };
}

/**
 * The memory of JSON.parse and of the load, measured in a process of its own
 * (load-rss.js, run with this process's flags) on the same texts written to files:
 * growth of the resident set and of the heap over the texts alone, in bytes.
 */
function loadMemory(texts) {
  const dir = mkdtempSync(join(tmpdir(), 'jq-bench-memory-'));
  try {
    const files = ['person', 'computer'].map((type) => {
      const file = join(dir, `${type}.json`);
      writeFileSync(file, texts[type]);
      return file;
    });
    const script = fileURLToPath(new URL('./load-rss.js', import.meta.url));
    const child = spawnSync(process.execPath, [...process.execArgv, script, ...files], { encoding: 'utf8', maxBuffer: 2 ** 20 });
    if (child.status !== 0) throw new Error(`load-rss.js failed: ${child.stderr}`);
    return JSON.parse(child.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const idAsc = { path: [], field: 'id', direction: 'asc' };
const F1 = {
  kind: 'or',
  nodes: [
    compareNode('name', 'ilike', '%jo%'),
    {
      kind: 'and',
      nodes: [
        compareNode('birth_date', 'ge', '1980-01-01'),
        compareNode('birth_date', 'le', '1999-12-31'),
        { kind: 'not', node: compareNode('gender', 'eq', 'm') },
      ],
    },
  ],
};
const F2 = {
  kind: 'and',
  nodes: [F1, { kind: 'any', relationship: 'computers', node: compareNode('serial', 'startswith', 'SN') }],
};
const S1 = [{ path: [], field: 'birth_date', direction: 'desc' }, { path: [], field: 'name', direction: 'asc' }, idAsc];

// The same predicate written by hand: the practical limit.
const f1Hand = (r) =>
  r.name.toLowerCase().includes('jo') ||
  (r.birth_date !== null && r.birth_date >= '1980-01-01' && r.birth_date <= '1999-12-31' && r.gender !== null && r.gender !== 'm');
const mongoF1 = {
  $or: [
    { name: { $regex: 'jo', $options: 'i' } },
    { $and: [{ birth_date: { $gte: '1980-01-01', $lte: '1999-12-31' } }, { gender: { $nin: ['m', null] } }] },
  ],
};
// nulls first descending, then name ascending, then id (the full-sort anchor's hand comparator).
function s1Compare(a, b) {
  const x = a.birth_date;
  const y = b.birth_date;
  if (x !== y) {
    if (x === null) return -1;
    if (y === null) return 1;
    return x < y ? 1 : -1;
  }
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const PAGE_LOOP = `
  const out = [];
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (test(r)) {
      if (total >= offset && total < offset + limit) out.push(r);
      total++;
    }
  }
  return { rows: out, total };`;

/**
 * A filtering loop collecting one page and counting the total. Each contestant gets
 * its own copy of the code, so no call site is shared (and made megamorphic) by
 * several predicates: every anchor runs at its best.
 */
function pager() {
  return new Function('rows', 'test', 'offset', 'limit', PAGE_LOOP);
}
const page = pager();

/**
 * Milliseconds per call of each contestant: they run interleaved, round after round,
 * within a time budget, and the fastest run of each counts (the least disturbed by
 * other processes and by garbage collection).
 */
function measure(contestants, budgetMs = Number(process.env.BENCH_BUDGET_MS ?? 2000)) {
  const entries = Object.entries(contestants);
  const best = Object.fromEntries(entries.map(([name]) => [name, Infinity]));
  for (const [, fn] of entries) for (let i = 0; i < 2; i++) fn();
  const started = performance.now();
  let rounds = 0;
  while (rounds < 5 || (performance.now() - started < budgetMs && rounds < 2000)) {
    for (const [name, fn] of entries) {
      const t0 = performance.now();
      fn();
      best[name] = Math.min(best[name], performance.now() - t0);
    }
    rounds++;
  }
  return best;
}

/**
 * Heap bytes one call leaves allocated: the heap growth over the call after a full
 * collection, the smallest of five runs (lazy allocations of the engine, such as
 * feedback vectors or code, land in one run but not in all).
 */
function allocated(fn) {
  let least = Infinity;
  for (let run = 0; run < 5; run++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = fn();
    const after = process.memoryUsage().heapUsed;
    if (kept === undefined) throw new Error('unreachable');
    least = Math.min(least, Math.max(0, after - before));
  }
  return least;
}

function otherShapes() {
  const shapes = [];
  const fields = ['name', 'display_name', 'gender'];
  const ops = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'like', 'ilike', 'notlike', 'notilike', 'startswith', 'endswith', 'match'];
  for (const field of fields) for (const op of ops) shapes.push(compareNode(field, op, 'Jo%'));
  for (const op of ['eq', 'ne', 'lt', 'le', 'gt', 'ge']) shapes.push({ kind: 'compare', field: 'birth_date', op, value: '1990-01-01' });
  const base = shapes.slice();
  for (const a of base) {
    shapes.push({ kind: 'not', node: a });
    shapes.push({ kind: 'and', nodes: [a, compareNode('gender', 'is_', null)] });
    shapes.push({ kind: 'or', nodes: [a, compareNode('birth_date', 'between', ['1970-01-01', '1979-12-31'])] });
    shapes.push({ kind: 'any', relationship: 'computers', node: compareNode('serial', 'like', `%${a.op}%`) });
  }
  for (let i = 0; i < base.length; i++) {
    for (let j = i + 1; j < base.length && j < i + 4; j++) shapes.push({ kind: 'and', nodes: [base[i], { kind: 'not', node: base[j] }] });
  }
  return shapes;
}

// `or` of k terms on one field (each term folds, tokenizes or compares once per record at most).
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
function orTerms(k) {
  const next = random(7);
  const pick = () => LETTERS[Math.floor(next() * 26)];
  const patterns = ['%jo%'];
  while (patterns.length < k) {
    const pattern = `%${pick()}${pick()}${pick()}%`;
    if (!patterns.includes(pattern)) patterns.push(pattern);
  }
  const names = [];
  for (const first of FIRST) for (const last of LAST) if (names.length < k) names.push(`${first} ${last}`);
  const or = (nodes) => (nodes.length === 1 ? nodes[0] : { kind: 'or', nodes });
  return {
    ilike: or(patterns.map((pattern) => compareNode('name', 'ilike', pattern))),
    eq: or(names.map((name) => compareNode('name', 'eq', name))),
    match: or(names.map((name) => compareNode('name', 'match', name.split(' ')[0]))),
  };
}
const OR_1 = orTerms(1);
const OR_99 = orTerms(99);

/** The SQL layer's statement for each `or` query on SQLite (in-memory), with its plan. */
async function printSqlLowering() {
  const database = new Database(':memory:');
  registerSqliteFunctions(database);
  const statements = [];
  const db = new Kysely({ dialect: new SqliteDialect({ database }), log: (event) => statements.push(event.query) });
  try {
    await createTables(db, schema);
    const layer = createSqlLayer({ db, schema });
    const signal = new AbortController().signal;
    console.log('\nSQL layer lowering on SQLite (one statement per query; EXPLAIN QUERY PLAN):');
    for (const [name, filter] of Object.entries(OR_99)) {
      statements.length = 0;
      await layer.read({ type: 'person', filter, sort: [idAsc], offset: 0, limit: 30, withTotal: false }, { signal });
      const selects = statements.filter((query) => /^\s*select\b/i.test(query.sql));
      console.log(`  or of 99 ${name}: ${statements.length} statement(s), ${selects[0].sql.length} characters of SQL, ${selects[0].parameters.length} parameters`);
      const plan = database.prepare(`explain query plan ${selects[0].sql}`).all(...selects[0].parameters);
      for (const step of plan) console.log(`    ${step.detail}`);
    }
  } finally {
    await db.destroy();
  }
}

const QUERIES = process.env.BENCH_QUERIES?.split(',') ?? [''];
const wanted = (query) => QUERIES.some((prefix) => query.startsWith(prefix));

const fmt = (ms) => (ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));
const ratio = (a, b) => `${(a / b).toFixed(a / b < 0.1 ? 3 : 2)}×`;
const mib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const results = [];
for (const size of parseSizes()) {
  const label = size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`;
  const row = (query, ms, anchors, unit = 'ms') => results.push({ size: label, query, ms, anchors, unit });
  const texts = generate(size);
  gc();
  const heapNow = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const baseHeap = heapNow();
  const parseStart = performance.now();
  const data = { person: JSON.parse(texts.person), computer: JSON.parse(texts.computer) };
  const parseMs = performance.now() - parseStart;
  gc();
  const parsedHeap = heapNow();
  const loadStart = performance.now();
  const layer = createMemoryLayer(schema, data);
  const loadMs = performance.now() - loadStart;
  gc();
  const layerHeap = heapNow();
  // Issue 21: the load ÷ JSON.parse of the same text, in time, and in memory (parsed data + layer ÷ parsed data) in a fresh process.
  row('LOAD', loadMs, { parse: parseMs });
  const memory = loadMemory(texts);
  row('LOAD RSS', memory.loaded.rss / 2 ** 20, { parse: memory.parsed.rss / 2 ** 20 }, 'MiB');
  row('LOAD heap', memory.loaded.heap / 2 ** 20, { parse: memory.parsed.heap / 2 ** 20 }, 'MiB');
  const records = size * 4;
  const persons = data.person;
  const computerById = new Map(data.computer.map((c) => [c.id, c]));
  const signal = new AbortController().signal;
  const read = (filter, sort, offset, limit) => layer.read({ type: 'person', filter, sort, offset, limit }, { signal });
  // Reads resolve synchronously inside; unwrap for timing without event-loop noise.
  let last;
  const run = (filter, sort, offset, limit) => {
    read(filter, sort, offset, limit).then((result) => (last = result));
  };
  const sync = async (fn) => {
    fn();
    await null;
    return last;
  };

  const shapes = otherShapes();
  for (const shape of shapes) await sync(() => run(shape, [idAsc], 0, 30));
  if (layer.cachedShapes < 200) throw new Error(`only ${layer.cachedShapes} shapes compiled`);

  // Correctness guard: every contestant agrees on F1.
  const expectedF1 = page(persons, f1Hand, 0, 30).total;
  const ours = await sync(() => run(F1, [idAsc], 0, 30));
  const siftTest = sift(mongoF1);
  const mingoQuery = new mingo.Query(mongoF1);
  const ucastTest = guard(mongoF1);
  const counts = [ours.total, persons.filter(siftTest).length, persons.filter((r) => mingoQuery.test(r)).length, persons.filter(ucastTest).length];
  if (counts.some((count) => count !== expectedF1)) throw new Error(`F1 totals differ: ${expectedF1} vs ${counts}`);
  const f2Hand = (r) => f1Hand(r) && r.computers.some((id) => computerById.get(id).serial.startsWith('SN'));
  const oursF2 = await sync(() => run(F2, [idAsc], 0, 30));
  if (oursF2.total !== page(persons, f2Hand, 0, 30).total) throw new Error('F2 totals differ');
  const sortedAll = persons.slice().sort(s1Compare);
  const oursS1 = await sync(() => run(null, S1, 30, 30));
  if (oursS1.rows.map((r) => r.id).join() !== sortedAll.slice(30, 60).map((r) => r.id).join()) throw new Error('S1 differs');

  // The layer's reads complete synchronously; the promise only wraps the result.
  const layerCall = (filter, sort, offset, limit) => () => run(filter, sort, offset, limit);

  const [handPage, siftPage, mingoPage, ucastPage, f2Page] = [pager(), pager(), pager(), pager(), pager()];
  // The slow peers get their own rounds, so the fast contestants run many rounds.
  if (wanted('F1')) {
    const f1 = measure({
      ours: layerCall(F1, [idAsc], 0, 30),
      hand: () => handPage(persons, f1Hand, 0, 30),
      ucast: () => ucastPage(persons, ucastTest, 0, 30),
    });
    const f1Slow = measure({
      ours: layerCall(F1, [idAsc], 0, 30),
      sift: () => siftPage(persons, siftTest, 0, 30),
      mingo: () => mingoPage(persons, (r) => mingoQuery.test(r), 0, 30),
    });
    row('F1', Math.min(f1.ours, f1Slow.ours), { hand: f1.hand, sift: f1Slow.sift, mingo: f1Slow.mingo, ucast: f1.ucast });
  }

  if (wanted('F2')) {
    const f2 = measure({ ours: layerCall(F2, [idAsc], 0, 30), hand: () => f2Page(persons, f2Hand, 0, 30) });
    row('F2', f2.ours, { hand: f2.hand });
  }

  if (wanted('S1')) {
    const s1 = measure({ ours: layerCall(null, S1, 30, 30), sort: () => persons.slice().sort(s1Compare).slice(30, 60) });
    row('S1', s1.ours, { sort: s1.sort });
  }

  if (wanted('S2')) {
    const s2 = measure({ ours: layerCall(F1, S1, 30, 30), filterSort: () => persons.filter(f1Hand).sort(s1Compare).slice(30, 60) });
    row('S2', s2.ours, { filterSort: s2.filterSort });
  }

  if (wanted('S4')) {
    const s4 = measure({ ours: layerCall(null, S1, 0, null), sort: () => persons.slice().sort(s1Compare) });
    row('S4', s4.ours, { sort: s4.sort });
  }

  // A dotted-path sort (computers by owner.name, then id): the first page of 30, counted,
  // against a hand top-k reading each owner by id (issue 21: ≤ 1.2×).
  if (wanted('DS')) {
    const computers = data.computer;
    const personById = new Map(persons.map((p) => [p.id, p]));
    const dotted = [{ path: ['owner'], field: 'name', direction: 'asc' }, idAsc];
    const ownerName = (c) => (c.owner === null ? null : (personById.get(c.owner)?.name ?? null));
    // owner.name ascending with nulls last, then id: the layer's order for this sort.
    const before = (a, an, b, bn) => (an === bn ? a.id < b.id : an === null ? false : bn === null ? true : an < bn);
    const handTopK = (k) => {
      const top = [];
      const names = [];
      for (let i = 0; i < computers.length; i++) {
        const c = computers[i];
        const name = ownerName(c);
        if (top.length === k && !before(c, name, top[k - 1], names[k - 1])) continue;
        let at = top.length === k ? k - 1 : top.length;
        while (at > 0 && before(c, name, top[at - 1], names[at - 1])) {
          top[at] = top[at - 1];
          names[at] = names[at - 1];
          at--;
        }
        top[at] = c;
        names[at] = name;
        if (top.length > k) top.length = names.length = k;
      }
      return { rows: top, total: computers.length };
    };
    const readDotted = () => layer.read({ type: 'computer', filter: null, sort: dotted, offset: 0, limit: 30 }, { signal }).then((result) => (last = result));
    const check = await sync(readDotted);
    if (check.rows.map((r) => r.id).join() !== handTopK(30).rows.map((r) => r.id).join()) throw new Error('dotted sort differs');
    const ds = measure({ ours: readDotted, topK: () => handTopK(30) });
    row('DS', ds.ours, { topK: ds.topK });
  }

  // A deep offset page (depth 999,000 of 1M: 99.9 % of the rows), sorted, against one full sort.
  if (wanted('D1')) {
    const depth = Math.floor(size * 0.999);
    const deep = await sync(() => run(null, S1, depth, 30));
    if (deep.rows.map((r) => r.id).join() !== sortedAll.slice(depth, depth + 30).map((r) => r.id).join()) throw new Error('deep page differs');
    const d1 = measure({
      ours: layerCall(null, S1, depth, 30),
      sort: () => persons.slice().sort(s1Compare).slice(depth, depth + 30),
      all: layerCall(null, S1, 0, null),
    });
    row('D1', d1.ours, { sort: d1.sort, all: d1.all });
  }

  // Keyset pages (cursor pagination): a page at depth size/2 against the first page, same filter and sort.
  const keyed = (filter, sort, keyset, withTotal) => () =>
    layer.read({ type: 'person', filter, sort, offset: 0, limit: 30, keyset, withTotal }, { signal }).then((result) => (last = result));
  const middle = sortedAll[Math.floor(size / 2)];
  const deepS1 = { after: [middle.birth_date, middle.name, middle.id] };
  const deepId = { after: [persons[Math.floor(size / 2)].id] };
  const idSorted = persons.slice().sort((a, b) => (a.id < b.id ? -1 : 1));
  const checkDeep = await sync(keyed(null, S1, deepS1, true));
  if (checkDeep.rows.map((r) => r.id).join() !== sortedAll.slice(Math.floor(size / 2) + 1, Math.floor(size / 2) + 31).map((r) => r.id).join()) throw new Error('keyset page differs');
  if ((await sync(keyed(null, [idAsc], { after: [idSorted[9].id] }, true))).rows[0].id !== idSorted[10].id) throw new Error('keyset seek differs');
  if (wanted('K1')) {
    const k1 = measure({ ours: keyed(F1, S1, deepS1, true), first: keyed(F1, S1, {}, true) });
    row('K1', k1.ours, { first: k1.first });
  }
  if (wanted('K2')) {
    const k2 = measure({ ours: keyed(F1, [idAsc], deepId, false), first: keyed(F1, [idAsc], {}, false) });
    row('K2', k2.ours, { first: k2.first });
  }

  // `or` of 99 terms on one field against one term (sorted by id, page of 30, counted).
  for (const [name, filter] of Object.entries(OR_99)) {
    if (!wanted(`OR ${name}`)) continue;
    const many = await sync(() => run(filter, [idAsc], 0, 30));
    const expected = persons.filter(name === 'eq' ? (r) => filter.nodes.some((n) => n.value === r.name) : () => true);
    if (name === 'eq' && many.total !== expected.length) throw new Error('or of eq differs');
    const m = measure({ ours: layerCall(filter, [idAsc], 0, 30), one: layerCall(OR_1[name], [idAsc], 0, 30) });
    row(`OR ${name}`, m.ours, { one: m.one });
  }

  // The two evaluations of the same shapes (generated code vs closures), at sizes up to 100k
  // (a second layer over the same records).
  if (wanted('EV') && size <= 100_000) {
    const closures = createMemoryLayer(schema, data, { evaluation: 'closures' });
    const on = (target, filter, sort, offset) => () => target.read({ type: 'person', filter, sort, offset, limit: 30 }, { signal }).then((result) => (last = result));
    const all = (target) => () => { for (const shape of shapes) on(target, shape, [idAsc], 0)(); };
    for (const [name, filter, sort, offset] of [['F1', F1, [idAsc], 0], ['F2', F2, [idAsc], 0], ['S2', F1, S1, 30]]) {
      const m = measure({ ours: on(layer, filter, sort, offset), closures: on(closures, filter, sort, offset) });
      row(`EV ${name}`, m.ours, { closures: m.closures });
    }
    const m = measure({ ours: all(layer), closures: all(closures) });
    row(`EV ${shapes.length} shapes`, m.ours, { closures: m.closures });
  }

  const perQuery = {
    F1: allocated(() => { run(F1, [idAsc], 0, 30); return last; }),
    S1: allocated(() => { run(null, S1, 30, 30); return last; }),
    S4: allocated(() => { run(null, S1, 0, null); return last; }),
  };
  console.log(
    `\n${label} persons (${records.toLocaleString('en')} records): load ${fmt(loadMs)} ms; parsed data ${((parsedHeap - baseHeap) / records).toFixed(0)} B/record; ` +
      `layer ${((layerHeap - parsedHeap) / records).toFixed(0)} B/record; allocated per query: F1 ${mib(perQuery.F1)}, S1 ${mib(perQuery.S1)}, S4 ${mib(perQuery.S4)}; ${layer.cachedShapes} shapes compiled (${layer.evaluation})`,
  );
  for (const result of results.filter((r) => r.size === label)) {
    const anchors = Object.entries(result.anchors).map(([name, ms]) => `${name} ${fmt(ms)} ${result.unit} (${ratio(result.ms, ms)})`);
    console.log(`  ${result.query.padEnd(14)} ${fmt(result.ms).padStart(8)} ${result.unit}   vs ${anchors.join(', ')}`);
  }
}

console.log('\n| size | query | memory layer | hand loop | sift | mingo | @ucast/js | full Array#sort | filter+sort all | first page | hand top-k | one term | closures | layer full sort | JSON.parse |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const cell = (ms) => (ms === undefined ? '' : `${fmt(ms)} ${r.unit} (${ratio(r.ms, ms)})`);
  const a = r.anchors;
  console.log(`| ${r.size} | ${r.query} | ${fmt(r.ms)} ${r.unit} | ${cell(a.hand)} | ${cell(a.sift)} | ${cell(a.mingo)} | ${cell(a.ucast)} | ${cell(a.sort)} | ${cell(a.filterSort)} | ${cell(a.first)} | ${cell(a.topK)} | ${cell(a.one)} | ${cell(a.closures)} | ${cell(a.all)} | ${cell(a.parse)} |`);
}
console.log('\nRatios are memory layer time ÷ anchor time (lower is better for the layer).');

// The targets of issue 3 §4.
const targets = [];
const check = (label, value, limit) => targets.push(`| ${label} | ${value.toFixed(3)}× | ≤ ${limit}× | ${value <= limit ? 'PASS' : 'FAIL'} |`);
for (const r of results) {
  const large = r.size !== '10k';
  if (r.query === 'F1') {
    check(`F1 vs hand loop, ${r.size}`, r.ms / r.anchors.hand, large ? 1.15 : 1.25);
    check(`F1 vs @ucast/js, ${r.size} (3× faster)`, r.ms / r.anchors.ucast, 0.333);
  }
  if (r.query === 'F2') check(`F2 vs hand loop with lookups by id, ${r.size}`, r.ms / r.anchors.hand, 1.15);
  if (r.query === 'LOAD') check(`load ÷ JSON.parse of the same text, ${r.size}`, r.ms / r.anchors.parse, 1.5);
  if (r.query === 'LOAD RSS') check(`resident memory after load ÷ after JSON.parse, fresh process (MiB ÷ MiB), ${r.size}`, r.ms / r.anchors.parse, 2);
  if (r.query === 'LOAD heap') check(`heap after load ÷ after JSON.parse, fresh process (MiB ÷ MiB), ${r.size}`, r.ms / r.anchors.parse, 2);
  if (r.query === 'D1' && large) check(`D1 offset page at depth 99.9 % vs the layer's full sort (S4), ${r.size}`, r.ms / r.anchors.all, 1);
  if (r.query === 'S1' && large) check(`S1 vs full sort, ${r.size}`, r.ms / r.anchors.sort, 0.03);
  if (r.query === 'K1' && large) check(`K1 cursor page at depth size/2 vs first page, ${r.size}`, r.ms / r.anchors.first, 1.2);
  if (r.query === 'K2' && large) check(`K2 cursor page at depth size/2 (by id, no count) vs first page, ${r.size}`, r.ms / r.anchors.first, 1.2);
  if (r.query === 'OR ilike' && r.size === '1M') check(`or of 99 ilike vs one term, ${r.size}`, r.ms / r.anchors.one, 10);
  if (r.query === 'OR eq' && r.size === '1M') check(`or of 99 eq vs one term, ${r.size}`, r.ms / r.anchors.one, 1.5);
  if (r.query === 'DS') check(`DS dotted-path sort (owner.name) vs hand top-k, ${r.size}`, r.ms / r.anchors.topK, 1.2);
  if (r.query === 'S2' && r.size === '100k') check(`S2 vs filter then sort all, ${r.size}`, r.ms / r.anchors.filterSort, 0.3);
}
console.log('\n| target | measured | limit | |\n|---|---|---|---|');
for (const line of targets) console.log(line);
await printSqlLowering();
