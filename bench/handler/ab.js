// CPU time per request of the handler stack `jsonapi-query serve` builds (explain, OpenAPI
// and explorer routes around createHandler, memory layer, example data), two builds in one
// process: batches of each alternate (A, B, A, B, …), each measured with process.cpuUsage(),
// so both see the same moments of a machine whose speed varies. Prints the median CPU per
// request of each and the median, min and max of the per-pair ratios B ÷ A, for issue 21's
// typical request and the trivial one. Every response of B must be byte-identical to A's.
//
//   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npx tsc -p tsconfig.build.json)
//   npm run build && node bench/handler/ab.js /tmp/base/dist [dist]
//
// HANDLER_BATCH (requests per batch, default 2000) and HANDLER_ROUNDS (pairs, default 20).
import path from 'node:path';

const [baseDist, newDist = 'dist'] = process.argv.slice(2);
if (baseDist === undefined) {
  console.error('usage: node bench/handler/ab.js <base dist> [<new dist>]');
  process.exit(2);
}
const batch = Number(process.env.HANDLER_BATCH ?? 2000);
const rounds = Number(process.env.HANDLER_ROUNDS ?? 20);

async function stack(dist) {
  const root = path.resolve(dist);
  const { createMemoryLayer } = await import(`${root}/layers/memory/index.js`);
  const { exampleSchema, exampleData } = await import(`${root}/example/index.js`);
  const { createExplainHandler } = await import(`${root}/explain/explain-route.js`);
  const { withOpenApi } = await import(`${root}/openapi/openapi-route.js`);
  const { withExplorer } = await import(`${root}/web-ui/explorer-route.js`);
  const options = { schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) };
  return withExplorer(withOpenApi(createExplainHandler(options), options), options);
}

const filter = encodeURIComponent(JSON.stringify([{ name: 'name', op: 'ilike', val: '%o%' }]));
const never = new AbortController().signal;
const requests = {
  typical: {
    path: '/persons',
    query: `filter=${filter}&sort=-birth_date,name&page[size]=10&include=computers&fields[person]=name,birth_date,computers&fields[computer]=serial`,
  },
  trivial: { path: '/persons/1', query: '' },
};
const request = ({ path: target, query }) => ({
  method: 'GET',
  path: target,
  query,
  headers: { accept: 'application/vnd.api+json' },
  signal: never,
  body: async () => null,
});

async function cpuPerRequest(handle, target) {
  const start = process.cpuUsage();
  for (let index = 0; index < batch; index++) await handle(request(target));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / batch;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const [a, b] = [await stack(baseDist), await stack(newDist)];
for (const [name, target] of Object.entries(requests)) {
  const [first, second] = [await a(request(target)), await b(request(target))];
  if (JSON.stringify(first) !== JSON.stringify(second)) throw new Error(`${name}: the two builds answer differently`);
  for (let warm = 0; warm < 5; warm++) {
    await cpuPerRequest(a, target);
    await cpuPerRequest(b, target);
  }
  const [as, bs, ratios] = [[], [], []];
  for (let round = 0; round < rounds; round++) {
    as.push(await cpuPerRequest(a, target));
    bs.push(await cpuPerRequest(b, target));
    ratios.push(bs.at(-1) / as.at(-1));
  }
  console.log(
    `${name.padEnd(8)} A ${median(as).toFixed(2)} µs  B ${median(bs).toFixed(2)} µs  B÷A median ${median(ratios).toFixed(3)}` +
      `  min ${Math.min(...ratios).toFixed(3)}  max ${Math.max(...ratios).toFixed(3)}`,
  );
}
