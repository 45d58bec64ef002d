// Requests per second, p99 latency and CPU time per request of the CLI server
// (`jsonapi-query serve`, example dataset) for a typical query (ilike + sort + include +
// fields) and a trivial one (one resource, no query), next to a bare node:http server
// returning the same precomputed bytes for each. Every server runs in its own process
// on 127.0.0.1; autocannon runs in this one. The servers are measured in turn, round
// after round (interleaved, so a burst of load from elsewhere on the machine hits all of
// them alike); the table shows each server's best and median round. CPU per request is
// the server process's user + system time (Linux /proc/<pid>/stat) over the requests it
// answered in the round: on a machine shared with other work it moves far less than
// req/s, which also depends on how often the scheduler runs the server.
// Two more servers split serve's cost (bench/serve/split-server.js): one builds each
// body with JSON.stringify of the same document (what making this JSON costs any
// server), one runs the same handler stack and writes the precomputed bytes (the
// handler inside a busy server, without writing its string).
//
//   npm run bench:serve
//   SERVE_ROUNDS=5 SERVE_DURATION=5 SERVE_WARMUP=3 SERVE_CONNECTIONS=10 npm run bench:serve
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startCliServer, stopCliServer } from '../load/cli-server.js';

const rounds = Number(process.env.SERVE_ROUNDS ?? 5);
const duration = Number(process.env.SERVE_DURATION ?? 5);
const warmup = Number(process.env.SERVE_WARMUP ?? 3);
const connections = Number(process.env.SERVE_CONNECTIONS ?? 10);
const TARGET = 0.4;

const JSON_API = 'application/vnd.api+json';
const filter = encodeURIComponent(JSON.stringify([{ name: 'name', op: 'ilike', val: '%o%' }]));
const REQUESTS = [
  ['typical (ilike + sort + include + fields)', `/persons?filter=${filter}&sort=-birth_date,name&page[size]=10&include=computers&fields[person]=name,birth_date,computers&fields[computer]=serial`],
  ['trivial (one resource, no query)', '/persons/1'],
];
/** Headers of the library's response the bare server repeats (node:http writes the others itself). */
const KEPT_HEADERS = ['content-type', 'vary', 'etag'];

/** CPU time (user + system) of a process in milliseconds, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(server, target, seconds) {
  const options = { url: `${server.origin}${target}`, connections, headers: { accept: JSON_API } };
  const before = cpuMs(server.pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = cpuMs(server.pid) - before;
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${server.origin}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs: (cpu * 1000) / result.requests.total };
}

/** Starts a server script of this folder on `args`; `origin` resolves once it printed its URL. */
function startScript(script, args) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const origin = new Promise((resolve) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const match = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
  });
  return { child, origin, exited };
}

const logging = startCliServer();
const quiet = startCliServer(['--quiet']);
const loggingOrigin = await logging.origin;
const responses = {};
const sizes = [];
for (const [, target] of REQUESTS) {
  const sample = await fetch(`${loggingOrigin}${target}`, { headers: { accept: JSON_API } });
  const body = await sample.text();
  if (sample.status !== 200) throw new Error(`${target} answered ${sample.status}: ${body}`);
  const headers = Object.fromEntries(KEPT_HEADERS.filter((name) => sample.headers.has(name)).map((name) => [name, sample.headers.get(name)]));
  responses[target] = { status: 200, headers, body };
  sizes.push(Buffer.byteLength(body));
}
const directory = mkdtempSync(join(tmpdir(), 'jsonapi-query-bench-'));
const file = join(directory, 'responses.json');
writeFileSync(file, JSON.stringify(responses));
const scripts = [startScript('./split-server.js', ['body', file]), startScript('./split-server.js', ['handler', file]), startScript('./bare-server.js', [file])];
const [body, handlerOnly, bare] = scripts;

const servers = [
  { name: 'jsonapi-query serve (one log line per request)', origin: loggingOrigin, pid: logging.child.pid },
  { name: 'jsonapi-query serve --quiet', origin: await quiet.origin, pid: quiet.child.pid },
  { name: 'part: the handler, precomputed bytes written', origin: await handlerOnly.origin, pid: handlerOnly.child.pid },
  { name: 'part: JSON.stringify of the same document', origin: await body.origin, pid: body.child.pid },
  { name: 'bare node:http, same precomputed bytes', origin: await bare.origin, pid: bare.child.pid },
];
const results = REQUESTS.map(() => servers.map(() => []));
try {
  for (const [, target] of REQUESTS) for (const server of servers) await measure(server, target, warmup);
  for (let round = 0; round < rounds; round++) {
    for (const [request, [, target]] of REQUESTS.entries()) {
      for (const [index, server] of servers.entries()) results[request][index].push(await measure(server, target, duration));
    }
  }
} finally {
  await stopCliServer(logging);
  await stopCliServer(quiet);
  for (const script of scripts) script.child.kill('SIGTERM');
  await Promise.all(scripts.map((script) => script.exited));
  rmSync(directory, { recursive: true, force: true });
}

const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${connections} connections; ${rounds} rounds of ${duration} s per server and request after ${warmup} s warm-up; node ${process.version}\n`);
const verdicts = [];
for (const [request, [label, target]] of REQUESTS.entries()) {
  console.log(`${label}: GET ${decodeURIComponent(target)} (${sizes[request]} bytes)`);
  const bareResults = results[request][servers.length - 1];
  const bareBest = best(bareResults).rps;
  const bareCpu = medianOf(bareResults.map((result) => result.cpuUs));
  const rows = {};
  for (const [index, server] of servers.entries()) {
    const list = results[request][index];
    const top = best(list);
    const cpu = medianOf(list.map((result) => result.cpuUs));
    rows[server.name] = {
      'best req/s': Math.round(top.rps),
      'median req/s': Math.round(medianOf(list.map((result) => result.rps))),
      'p50 ms': top.p50,
      'p99 ms': top.p99,
      'CPU µs/request': Math.round(cpu),
      'best req/s, of bare': `${((top.rps / bareBest) * 100).toFixed(0)}%`,
      'bare CPU ÷ its CPU': `${((bareCpu / cpu) * 100).toFixed(0)}%`,
    };
    if (index === 1) verdicts.push([label, top.rps / bareBest, bareCpu / cpu]);
  }
  console.table(rows);
}
for (const [label, share, cpuShare] of verdicts) {
  console.log(
    `serve --quiet ÷ bare, ${label}: ${(share * 100).toFixed(0)}% of its req/s, ${(cpuShare * 100).toFixed(0)}% by CPU per request (target ≥ ${TARGET * 100}%) ${share >= TARGET ? 'PASS' : 'FAIL'}`,
  );
}
