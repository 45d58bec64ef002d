// The example dataset served by Express (4 or 5) below /api.
// Run: npm run build && node examples/express.js   (PORT=0 picks a free port)
import express from 'express';
import { exampleData, exampleSchema } from 'jsonapi-query/example';
import { createHandler, expressMiddleware } from 'jsonapi-query/http';
import { createMemoryLayer } from 'jsonapi-query/memory';

const handler = createHandler({
  schema: exampleSchema,
  dataLayer: createMemoryLayer(exampleSchema, exampleData),
  baseUrl: '/api',
});

const app = express();
app.use('/api', expressMiddleware(handler));

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`Listening on http://${address}:${port}/api/persons`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
