// `deno run --allow-net=127.0.0.1 --allow-read test/runtimes/deno-server.js`: the example API on a free port.
import { exampleApi } from './example-api.js';

Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}`) }, exampleApi);
