/** The real handler over the example dataset, as the adapter tests serve it. */
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler } from '../../src/http/handler.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { checkedHandler } from '../http/helpers.js';

/**
 * A handler over the example dataset; `baseUrl` is the mount prefix, if any. Every
 * document is held to the official JSON:API schemas and full linkage (`checkedHandler`).
 */
export function exampleHandler(baseUrl = ''): Handler {
  const options = {
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    ...(baseUrl === '' ? {} : { baseUrl }),
  };
  return checkedHandler(createHandler(options), options);
}
