// The example dataset served by Fastify below /api.
// Run: npm run build && node examples/fastify.js   (PORT=0 picks a free port)
import Fastify from 'fastify';
import { exampleData, exampleSchema } from 'jsonapi-query/example';
import { createHandler, fastifyPlugin } from 'jsonapi-query/http';
import { createMemoryLayer } from 'jsonapi-query/memory';

const handler = createHandler({
  schema: exampleSchema,
  dataLayer: createMemoryLayer(exampleSchema, exampleData),
  baseUrl: '/api',
});

const app = Fastify();
await app.register(fastifyPlugin(handler), { prefix: '/api' });
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
const { address, port } = app.server.address();
console.log(`Listening on http://${address}:${port}/api/persons`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
