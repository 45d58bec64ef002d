// The example dataset served by Hono on Node (@hono/node-server) below /api.
// toFetchHandler(handler) alone serves Deno, Bun and Cloudflare Workers the same way.
// Run: npm run build && node examples/hono.js   (PORT=0 picks a free port)
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mount } from 'hono/mount';
import { exampleData, exampleSchema } from 'jsonapi-query/example';
import { createHandler, toFetchHandler } from 'jsonapi-query/http';
import { createMemoryLayer } from 'jsonapi-query/memory';

const handler = createHandler({
  schema: exampleSchema,
  dataLayer: createMemoryLayer(exampleSchema, exampleData),
  baseUrl: '/api',
});

const app = new Hono();
app.all('/api/*', mount(toFetchHandler(handler)));

const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' },
  ({ address, port }) => console.log(`Listening on http://${address}:${port}/api/persons`),
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
