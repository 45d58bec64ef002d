// `bun test/runtimes/bun-server.js`: the example API on a free port.
import { exampleApi } from './example-api.js';

const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: exampleApi });
console.log(`listening on http://127.0.0.1:${server.port}`);
