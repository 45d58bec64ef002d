// A Cloudflare Worker serving the example API; bundled with esbuild for workerd by runtimes.test.ts.
import { exampleApi } from './example-api.js';

export default { fetch: (request) => exampleApi(request) };
