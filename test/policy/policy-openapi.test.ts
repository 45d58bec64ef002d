/**
 * `withOpenApi` with a policy: each requester gets the OpenAPI document of their own
 * schema, without the fields their policy hides and with the fields their write policy
 * leaves out of `fields` read-only; a policy function that throws is the handler's
 * logged 500 there too.
 */
import { expect, it, vi } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type HandlerOptions, type Policy } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { toOpenApi, withOpenApi } from '../../src/openapi/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';

const request = (role: string) => ({ method: 'GET', path: '/openapi.json', query: '', headers: { 'x-role': role } });

it('serves each requester the document of the schema they see', async () => {
  const policyOf = (role: string): Policy => (role === 'admin' ? { types: {} } : { types: { person: { hidden: ['birth_date', 'computers'] } } });
  const options: HandlerOptions = {
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    policy: (incoming) => policyOf(String(incoming.headers['x-role'])),
  };
  const handle = withOpenApi(createHandler(options), options);
  const seen = defineSchema({
    types: {
      person: { root: 'persons', id: 'string', attributes: { display_name: { type: 'string' }, name: { type: 'string' }, gender: { type: ['string', 'null'] } } },
      computer: { root: 'computers', id: 'string', attributes: { serial: { type: 'string' } }, relationships: { owner: { target: 'person', to: 'one' } } },
    },
  });
  const documentOf = (schema: typeof exampleSchema | typeof seen) =>
    toOpenApi(schema, { operators: options.dataLayer.operators, documentPath: '/openapi.json' });
  for (const round of [1, 2]) {
    expect(JSON.parse((await handle(request('clerk'))).body), `round ${String(round)}`).toEqual(documentOf(seen));
    expect(JSON.parse((await handle(request('admin'))).body), `round ${String(round)}`).toEqual(documentOf(exampleSchema));
  }
});

it('answers a policy function that throws with the logged 500 of the handler', async () => {
  const logger = { error: vi.fn() };
  const options: HandlerOptions = {
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    logger,
    policy: () => {
      throw new Error('no session store');
    },
  };
  const handle = withOpenApi(createHandler(options), options);
  const [document, resource] = await Promise.all([handle(request('x')), handle({ ...request('x'), path: '/persons' })]);
  expect(document).toEqual(resource);
  expect(document.status).toBe(500);
  expect(logger.error).toHaveBeenCalledTimes(2);
});

it('leaves the fields a write policy makes read-only out of the requester\'s request bodies', async () => {
  const options: HandlerOptions = {
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    writable: true,
    policy: { types: { person: { hidden: ['birth_date'], write: { create: false, fields: ['name'] } } } },
  };
  const handle = withOpenApi(createHandler(options), options);
  const seen = defineSchema({
    types: {
      person: {
        root: 'persons',
        id: 'string',
        attributes: { display_name: { type: 'string', readOnly: true }, name: { type: 'string' }, gender: { type: ['string', 'null'], readOnly: true } },
        relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner', readOnly: true } },
      },
      computer: { root: 'computers', id: 'string', attributes: { serial: { type: 'string' } }, relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } } },
    },
  });
  const document = JSON.parse((await handle(request('editor'))).body) as { paths: Record<string, Record<string, unknown>> };
  expect(document).toEqual(toOpenApi(seen, { operators: options.dataLayer.operators, documentPath: '/openapi.json', writable: true }));
  expect(document.paths['/persons/{id}/relationships/computers']).not.toHaveProperty('patch');
  expect(JSON.stringify(document.paths['/persons/{id}']?.['patch'])).not.toContain('gender');
});
