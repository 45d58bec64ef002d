// Two servers of bench/serve that split `serve`'s cost per request in parts, each a
// node:http server answering the targets of the JSON file in argv[3] (`{ "<target>":
// { status, headers, body } }`, the library's own answers):
//   body     builds each answer's body with JSON.stringify from the parsed document and
//            writes it as `serve` does (headers set one by one, the string to `end`): what
//            any server that makes this JSON per request pays;
//   handler  runs the handler stack `serve` builds (explain, OpenAPI and explorer routes
//            around createHandler, example data in the memory layer) on the request, then
//            writes the precomputed bytes: the handler's cost inside a busy server,
//            without writing its string.
//   node bench/serve/split-server.js body|handler responses.json
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { exampleData, exampleSchema } from '../../dist/example/index.js';
import { createExplainHandler } from '../../dist/explain/explain-route.js';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';
import { withOpenApi } from '../../dist/openapi/openapi-route.js';
import { withExplorer } from '../../dist/web-ui/explorer-route.js';

const [mode, file] = process.argv.slice(2);
if (mode !== 'body' && mode !== 'handler') throw new Error(`mode "${mode}": body or handler`);
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([target, { status, headers, body }]) => {
    const bytes = Buffer.from(body);
    return [target, { status, headers, sized: { ...headers, 'content-length': bytes.length }, bytes, document: JSON.parse(body) }];
  }),
);
const options = { schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) };
const handler = withExplorer(withOpenApi(createExplainHandler(options), options), options);
const never = new AbortController().signal;
const noBody = () => Promise.resolve(null);

const server = createServer((req, res) => {
  const response = responses.get(req.url);
  if (response === undefined) {
    res.writeHead(404).end();
    return;
  }
  if (mode === 'body') {
    const body = JSON.stringify(response.document);
    res.statusCode = response.status;
    for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
    res.end(body);
    return;
  }
  const cut = req.url.indexOf('?');
  const request = {
    method: req.method,
    path: cut === -1 ? req.url : req.url.slice(0, cut),
    query: cut === -1 ? '' : req.url.slice(cut + 1),
    headers: req.headers,
    signal: never,
    body: noBody,
  };
  void handler(request).then((answer) => {
    if (answer.status !== response.status) throw new Error(`${req.url}: ${answer.status}, expected ${response.status}`);
    res.writeHead(response.status, response.sized);
    res.end(response.bytes);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`${mode} server at http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
