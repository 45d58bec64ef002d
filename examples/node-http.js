// The example dataset served by plain node:http.
// Run: npm run build && node examples/node-http.js   (PORT=0 picks a free port)
import { createServer } from 'node:http';
import { exampleData, exampleSchema } from 'jsonapi-query/example';
import { answerClientErrors, createHandler, toNodeListener } from 'jsonapi-query/http';
import { createMemoryLayer } from 'jsonapi-query/memory';

const handler = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) });

const server = answerClientErrors(createServer(toNodeListener(handler)));
server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`Listening on http://${address}:${port}/persons`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
