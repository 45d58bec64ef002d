// The floor for bench/serve: a bare node:http server that answers every request with
// the same precomputed status, headers and bytes, read from the JSON file in argv[2].
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { status, headers, body } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body);
const server = createServer((_req, res) => {
  res.writeHead(status, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => console.log(`bare server at http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
