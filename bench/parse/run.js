/**
 * `npm run bench:parse`: the parser against its anchors, side by side in one process.
 *
 * For each input: our full parse + validation to the QueryAST (`parseQuery`), then
 * - qs.parse + JSON.parse(filter) (the design anchor),
 * - URLSearchParams + JSON.parse(filter) (the practical floor: no validation at all),
 * - qs.parse + @rsql/parser on the equivalent RSQL filter (a peer),
 * - api-query-params on the equivalent query (a peer).
 * "× ours" is the task's time divided by ours: above 1 means we are faster. The
 * target against qs.parse + JSON.parse is issue 21's: ours ≤ 0.8× it on every input.
 * BENCH_SECONDS (default 3) is the measuring time per input.
 */
import { parse as parseRsql } from '@rsql/parser';
import aqp from 'api-query-params';
import qs from 'qs';
import { Bench } from 'tinybench';
import { parseQuery } from '../../dist/index.js';
import { exampleSchema } from '../../dist/example/index.js';
import { inputA, inputB, inputBAqp, inputBRsql, inputC, inputCAqp, inputCRsql } from './inputs.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const options = { schema: exampleSchema, type: 'person' };
const raised = {
  ...options,
  limits: { maxListItems: 1000, maxFilterLength: 100_000, maxQueryLength: 100_000 },
};

const viaQs = (query) => {
  const parsed = qs.parse(query);
  return typeof parsed.filter === 'string' ? JSON.parse(parsed.filter) : parsed;
};
const viaSearchParams = (query) => {
  const params = new URLSearchParams(query);
  const values = {};
  for (const [name, value] of params) values[name] = value;
  return typeof values.filter === 'string' ? JSON.parse(values.filter) : values;
};
const viaRsql = (query) => {
  const parsed = qs.parse(query);
  return typeof parsed.filter === 'string' ? parseRsql(parsed.filter) : parsed;
};

const cases = [
  {
    input: '(a)',
    ours: () => parseQuery(inputA, options),
    anchors: {
      'qs.parse + JSON.parse': () => viaQs(inputA),
      'URLSearchParams + JSON.parse': () => viaSearchParams(inputA),
      'qs.parse + @rsql/parser': () => viaRsql(inputA),
      'api-query-params': () => aqp(inputA),
    },
    targets: { 'qs.parse + JSON.parse': { atMostTimes: 0.8 } },
  },
  {
    input: '(b)',
    ours: () => parseQuery(inputB, options),
    anchors: {
      'qs.parse + JSON.parse': () => viaQs(inputB),
      'URLSearchParams + JSON.parse': () => viaSearchParams(inputB),
      'qs.parse + @rsql/parser': () => viaRsql(inputBRsql),
      'api-query-params': () => aqp(inputBAqp),
    },
    targets: {
      'qs.parse + JSON.parse': { atMostTimes: 0.8 },
      'URLSearchParams + JSON.parse': { atMostTimes: 1.2, aim: true },
      'qs.parse + @rsql/parser': { atLeastFaster: 3 },
      'api-query-params': { atLeastFaster: 3 },
    },
  },
  ...[100, 1000].map((count) => {
    const query = inputC(count);
    const rsql = inputCRsql(count);
    const mongo = inputCAqp(count);
    return {
      input: `(c) in_ × ${count}`,
      ours: () => parseQuery(query, count > 100 ? raised : options),
      anchors: {
        'qs.parse + JSON.parse': () => viaQs(query),
        'URLSearchParams + JSON.parse': () => viaSearchParams(query),
        'qs.parse + @rsql/parser': () => viaRsql(rsql),
        'api-query-params': () => aqp(mongo),
      },
      targets: { 'qs.parse + JSON.parse': { atMostTimes: 0.8 } },
    };
  }),
];

/**
 * Interleaved timing: every round runs a short batch (about 0.5 ms) of each task
 * in turn, the order rotating, so a burst of load on the machine hits every task
 * alike. A task's time is the median of its batches; a ratio is the median of the
 * per-round ratios (the two batches of a round ran back to back). tinybench
 * measures one task after the other, which on a shared machine lets load drift
 * skew ratios, so here it only warms up and checks that every task runs.
 */
async function measure(input, tasks) {
  const names = Object.keys(tasks);
  const warm = new Bench({ time: 100, warmup: true, warmupTime: 100 });
  for (const name of names) warm.add(name, tasks[name]);
  await warm.run();
  for (const task of warm.tasks) {
    if (task.result?.state !== 'completed') throw new Error(`${input} ${task.name}: ${task.result?.error ?? task.result?.state}`);
  }
  const batches = new Map(names.map((name) => [name, calibrate(tasks[name])]));
  const samples = new Map(names.map((name) => [name, []]));
  const deadline = performance.now() + seconds * 1000;
  for (let round = 0; round < 100 || performance.now() < deadline; round++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(round + offset) % names.length];
      const run = tasks[name];
      const batch = batches.get(name);
      const start = performance.now();
      for (let index = 0; index < batch; index++) run();
      samples.get(name).push(((performance.now() - start) * 1000) / batch);
    }
  }
  const [first] = names;
  return {
    micros: new Map([...samples].map(([name, values]) => [name, median([...values])])),
    /** Median over rounds of (task time / our time). */
    ratio: (name) => median(samples.get(name).map((micros, round) => micros / samples.get(first)[round])),
  };
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A batch size of about 0.5 ms, so timer resolution does not matter. */
function calibrate(run) {
  let batch = 1;
  for (;;) {
    const start = performance.now();
    for (let index = 0; index < batch; index++) run();
    if (performance.now() - start >= 0.5 || batch >= 1 << 20) return batch;
    batch *= 2;
  }
}

const OURS = 'jsonapi-query parseQuery (full parse + validate)';
const rows = [];
let missed = 0;
for (const { input, ours, anchors, targets = {} } of cases) {
  const { micros: means, ratio } = await measure(input, { [OURS]: ours, ...anchors });
  const oursMicros = means.get(OURS);
  rows.push([input, OURS, oursMicros.toFixed(2), '1.00', '']);
  for (const name of Object.keys(anchors)) {
    const micros = means.get(name);
    const faster = ratio(name);
    const target = targets[name];
    let verdict = '';
    if (target?.atMostTimes !== undefined) {
      const times = 1 / faster;
      const met = times <= target.atMostTimes;
      verdict = `${target.aim ? 'aim' : 'target'} ours ≤ ${target.atMostTimes}× it: ${times.toFixed(2)}× ${met ? 'met' : 'MISSED'}`;
      if (!met && !target.aim) missed++;
    } else if (target?.atLeastFaster !== undefined) {
      const met = faster >= target.atLeastFaster;
      verdict = `target ≥ ${target.atLeastFaster}× faster: ${met ? 'met' : 'MISSED'}`;
      if (!met) missed++;
    }
    rows.push([input, name, micros.toFixed(2), faster.toFixed(2), verdict]);
  }
}

const header = ['input', 'task', 'µs/op', 'its time ÷ ours', 'target'];
const lines = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`);
console.log(`Node ${process.version}; ${seconds} s per input in interleaved batches; medians\n`);
console.log(lines.join('\n'));
console.log(missed === 0 ? '\nEvery target met.' : `\n${missed} target(s) missed.`);
