// The floor for bench/serve: a bare node:http server that answers each request target
// with the same precomputed status, headers and bytes, read from the JSON file in
// argv[2] (`{ "<target>": { status, headers, body } }`).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const responses = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([target, { status, headers, body }]) => {
    const bytes = Buffer.from(body);
    return [target, { status, headers: { ...headers, 'content-length': bytes.length }, bytes }];
  }),
);
const server = createServer((req, res) => {
  const response = responses.get(req.url);
  if (response === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(response.status, response.headers);
  res.end(response.bytes);
});
server.listen(0, '127.0.0.1', () => console.log(`bare server at http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
