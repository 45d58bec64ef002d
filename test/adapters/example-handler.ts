/** The real handler over the example dataset, as the adapter tests serve it. */
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler } from '../../src/http/handler.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';

/** A handler over the example dataset; `baseUrl` is the mount prefix, if any. */
export function exampleHandler(baseUrl = ''): Handler {
  return createHandler({
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    ...(baseUrl === '' ? {} : { baseUrl }),
  });
}
