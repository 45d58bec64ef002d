// The example dataset served by Koa.
// Run: npm run build && node examples/koa.js   (PORT=0 picks a free port)
import Koa from 'koa';
import { exampleData, exampleSchema } from 'jsonapi-query/example';
import { createHandler, koaMiddleware } from 'jsonapi-query/http';
import { createMemoryLayer } from 'jsonapi-query/memory';

const handler = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) });

const app = new Koa();
app.use(koaMiddleware(handler));

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`Listening on http://${address}:${port}/persons`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
