// The example person/computer API as a fetch handler, imported from the built package
// (dist/) as a user's code would import it; computers page by cursor.
import { exampleData, exampleSchema } from '../../dist/example/index.js';
import { createHandler, toFetchHandler } from '../../dist/http/index.js';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';

export const exampleApi = toFetchHandler(
  createHandler({
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    limits: { types: { computer: { pagination: 'cursor' } } },
  }),
);
