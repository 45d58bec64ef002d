// Requests per second of the CLI server (`jsonapi-query serve`, example dataset) for a
// typical query, next to a bare node:http server returning the same precomputed bytes.
// Every server runs in its own process on 127.0.0.1; autocannon runs in this one.
// The servers are measured in turn, round after round (interleaved, so a burst of
// load from elsewhere on the machine hits all of them alike); the table shows each
// server's best and median round.
//
//   npm run build && node bench/serve/run.js
//   SERVE_ROUNDS=5 SERVE_DURATION=5 SERVE_WARMUP=3 SERVE_CONNECTIONS=10 node bench/serve/run.js
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startCliServer, stopCliServer } from '../load/cli-server.js';

const rounds = Number(process.env.SERVE_ROUNDS ?? 5);
const duration = Number(process.env.SERVE_DURATION ?? 5);
const warmup = Number(process.env.SERVE_WARMUP ?? 3);
const connections = Number(process.env.SERVE_CONNECTIONS ?? 10);

const JSON_API = 'application/vnd.api+json';
const filter = encodeURIComponent(JSON.stringify([{ name: 'name', op: 'ilike', val: '%o%' }]));
const QUERY = `/persons?filter=${filter}&sort=-birth_date,name&page[size]=10&include=computers&fields[person]=name,birth_date,computers&fields[computer]=serial`;

async function measure(origin, seconds) {
  const options = { url: `${origin}${QUERY}`, connections, headers: { accept: JSON_API } };
  const result = await autocannon({ ...options, duration: seconds });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${origin}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes: result.throughput.average };
}

function startBare(file) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-server.js', import.meta.url)), file], {
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
const sample = await fetch(`${loggingOrigin}${QUERY}`, { headers: { accept: JSON_API } });
const body = await sample.text();
if (sample.status !== 200) throw new Error(`the typical query answered ${sample.status}: ${body}`);
const file = join(mkdtempSync(join(tmpdir(), 'jsonapi-query-bench-')), 'response.json');
writeFileSync(file, JSON.stringify({ status: 200, headers: { 'content-type': sample.headers.get('content-type') }, body }));
const bare = startBare(file);

const servers = [
  ['jsonapi-query serve (one log line per request)', loggingOrigin],
  ['jsonapi-query serve --quiet', await quiet.origin],
  ['bare node:http, same precomputed bytes', await bare.origin],
];
for (const [, origin] of servers) await measure(origin, warmup);
const results = servers.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [index, [, origin]] of servers.entries()) results[index].push(await measure(origin, duration));
}

await stopCliServer(logging);
await stopCliServer(quiet);
bare.child.kill('SIGTERM');
await bare.exited;

const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
const median = (list) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
const floor = best(results[results.length - 1]).rps;
console.log(`GET ${decodeURIComponent(QUERY)}`);
console.log(
  `response: ${Buffer.byteLength(body)} bytes; ${connections} connections; ${rounds} rounds of ${duration} s per server after ${warmup} s warm-up; node ${process.version}\n`,
);
console.table(
  Object.fromEntries(
    servers.map(([name], index) => {
      const top = best(results[index]);
      return [
        name,
        {
          'best req/s': Math.round(top.rps),
          'median req/s': Math.round(median(results[index]).rps),
          'p50 ms': top.p50,
          'p99 ms': top.p99,
          'best, of bare': `${((top.rps / floor) * 100).toFixed(0)}%`,
        },
      ];
    }),
  ),
);
