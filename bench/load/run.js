// Load test of the CLI server (`npm run test:load`): autocannon against
// `jsonapi-query serve` on 127.0.0.1 with a mix of valid and hostile requests.
// Criteria: zero non-HTTP errors (socket errors, timeouts, resets), zero 5xx, every
// response with its expected status, and the server's resident memory after the run
// within 10% of its memory after the warm-up. Exits non-zero when one fails.
//
// Memory is the server's RSS from /proc/<pid>/status, sampled every 250 ms. RSS
// saw-tooths with every garbage collection (±10% under load), so "memory after a
// phase" is the highest RSS sampled in the last 3 s of that phase: a leak raises
// that high-water mark, a GC cycle does not.
//
//   LOAD_DURATION=20 LOAD_WARMUP=10 LOAD_CONNECTIONS=20 npm run test:load
import { clearInterval, setInterval } from 'node:timers';
import autocannon from 'autocannon';
import { startCliServer, stopCliServer } from './cli-server.js';

const duration = Number(process.env.LOAD_DURATION ?? 20);
const warmup = Number(process.env.LOAD_WARMUP ?? 10);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 20);
const MEMORY_TOLERANCE = 0.1;
const SAMPLE_MS = 250;
const WINDOW_MS = 3000;

const JSON_API = 'application/vnd.api+json';
const filter = encodeURIComponent(
  JSON.stringify([
    { or: [{ name: 'name', op: 'ilike', val: '%jo%' }, { and: [{ name: 'birth_date', op: 'ge', val: '1980-01-01' }, { not: { name: 'gender', op: 'eq', val: 'm' } }] }] },
  ]),
);

/** [path, expected status, extra headers, method] — valid reads, then hostile requests. */
const mix = [
  [`/persons?filter=${filter}&sort=-birth_date,name&page[size]=10&include=computers`, 200],
  ['/persons?page[size]=5&page[number]=2&sort=name&fields[person]=name,computers&include=computers', 200],
  ['/persons/1', 200],
  ['/persons/1/computers?sort=-serial', 200],
  ['/persons/5/relationships/computers', 200],
  ['/computers?include=owner&fields[computer]=serial,owner&fields[person]=name', 200],
  ['/computers/1/owner', 200],
  ['/persons?filter[computers__serial]=SN1002', 200],
  ['/persons?filter[__proto__][x]=1', 400],
  ['/persons?fields[constructor]=x&include[length]=9', 400],
  ['/persons?sort=name&sort=id', 400],
  ['/persons?filter[name]=%E0%A4%A', 400],
  ['/persons?foo=bar', 400],
  [`/persons?filter=${'['.repeat(500)}${']'.repeat(500)}`, 400],
  ['/persons?page[size]=100000', 400],
  [`/persons?xFiller=${'a'.repeat(9000)}`, 414],
  [`/persons/${'a'.repeat(100)}`, 404],
  ['/persons/%2e%2e', 404],
  ['/nowhere', 404],
  ['/persons', 406, { accept: `${JSON_API}; charset=utf-8` }],
  ['/persons', 415, { 'content-type': `${JSON_API}; charset=utf-8` }],
  ['/persons', 405, { 'content-type': JSON_API }, 'DELETE'],
];

/** Samples the server's RSS while a phase runs; resolves with the high-water mark of its last 3 s. */
function sampleMemory(server) {
  const samples = [];
  const timer = setInterval(() => samples.push({ at: Date.now(), rss: server.rssKiB() }), SAMPLE_MS);
  return () => {
    clearInterval(timer);
    const end = Date.now();
    const window = samples.filter((sample) => sample.at >= end - WINDOW_MS).map((sample) => sample.rss);
    return Math.max(...(window.length > 0 ? window : [server.rssKiB()]));
  };
}

async function load(origin, seconds, wrong) {
  const requests = mix.map(([path, status, headers, method = 'GET']) => ({
    method,
    path,
    headers: { accept: JSON_API, ...headers },
    onResponse: (actual) => {
      if (actual !== status) wrong.push(`${path.slice(0, 80)}: ${actual} instead of ${status}`);
    },
  }));
  return autocannon({ url: origin, connections, duration: seconds, requests });
}

function summary(result) {
  return {
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    '4xx': result['4xx'],
    '5xx': result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
  };
}

const server = startCliServer();
const origin = await server.origin;
console.log(`CLI server at ${origin} (pid ${server.child.pid}); ${connections} connections, ${mix.length} request kinds`);
const baseline = server.rssKiB();

const wrong = [];
let stopSampling = sampleMemory(server);
const warm = await load(origin, warmup, wrong);
const afterWarmup = stopSampling();
stopSampling = sampleMemory(server);
const run = await load(origin, duration, wrong);
const afterRun = stopSampling();
const idleAfterRun = server.rssKiB();

const check = await fetch(`${origin}/persons/1`, { headers: { accept: JSON_API } });
const stillServing = check.status === 200;
const exitCode = await stopCliServer(server);

const growth = (afterRun - afterWarmup) / afterWarmup;
console.log('\nwarm-up', `${warmup}s`);
console.table(summary(warm));
console.log('run', `${duration}s`);
console.table(summary(run));
console.table({
  'RSS at start (MiB)': (baseline / 1024).toFixed(1),
  'RSS after warm-up, high-water of last 3 s (MiB)': (afterWarmup / 1024).toFixed(1),
  'RSS after run, high-water of last 3 s (MiB)': (afterRun / 1024).toFixed(1),
  'RSS idle after run (MiB)': (idleAfterRun / 1024).toFixed(1),
  'growth during run': `${(growth * 100).toFixed(1)}%`,
  'request log lines': server.logLines(),
});

const failures = [
  ...[warm, run].flatMap((result, index) => {
    const phase = index === 0 ? 'warm-up' : 'run';
    const problems = [];
    if (result.errors > 0) problems.push(`${phase}: ${result.errors} non-HTTP errors`);
    if (result.timeouts > 0) problems.push(`${phase}: ${result.timeouts} timeouts`);
    if (result.resets > 0) problems.push(`${phase}: ${result.resets} connection resets`);
    if (result['5xx'] > 0) problems.push(`${phase}: ${result['5xx']} responses 5xx`);
    return problems;
  }),
  ...(wrong.length > 0 ? [`${wrong.length} responses with an unexpected status, e.g. ${wrong.slice(0, 3).join('; ')}`] : []),
  ...(growth > MEMORY_TOLERANCE ? [`RSS grew ${(growth * 100).toFixed(1)}% during the run (limit ${MEMORY_TOLERANCE * 100}%)`] : []),
  ...(stillServing ? [] : [`the server answered ${check.status} to a valid request after the run`]),
  ...(exitCode === 0 ? [] : [`the server exited with ${exitCode} on SIGTERM`]),
  ...(server.stderr() === '' ? [] : [`the server wrote to stderr: ${server.stderr().slice(0, 500)}`]),
];

if (failures.length > 0) {
  console.error(`\nLOAD TEST FAILED:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log('\nLoad test passed: no non-HTTP errors, no 5xx, every status as expected, memory stable, clean exit.');
}
