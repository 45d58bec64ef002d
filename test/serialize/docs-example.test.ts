import { expect, it } from 'vitest';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { executeCollection } from '../../src/execute/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { serializeResourceDocument } from '../../src/serialize/index.js';

it('the example of docs/serializer.md works', async () => {
  const schema: ResourceSchema = exampleSchema;
  const layer = createMemoryLayer(schema, exampleData);
  const query = 'filter[name]=John&include=computers&fields[computer]=serial';
  const type: string = 'person'; // the route's type, as a server has it
  const ast = parseQuery(query, { schema, type });
  const result = await executeCollection(ast, { schema, layer });
  const body = serializeResourceDocument(ast, result, { path: '/persons', query }, { schema });
  expect(JSON.parse(body)).toMatchObject({
    data: [{ type: 'person', id: '1', relationships: { computers: { data: [{ id: '1' }, { id: '2' }, { id: '25' }] } } }],
    included: [
      { type: 'computer', id: '1', attributes: { serial: 'SN_100%' } },
      { type: 'computer', id: '2', attributes: { serial: 'SN1002' } },
      { type: 'computer', id: '25', attributes: { serial: 'SN-25' } },
    ],
    meta: { count: 1 },
    jsonapi: { version: '1.0' },
  });
});

it('accepts a QueryAST typed by an `as const` schema', () => {
  const ast = parseQuery('fields[person]=name', { schema: exampleSchema, type: 'person' });
  const body = serializeResourceDocument(
    ast,
    { data: null, linkage: { get: () => undefined } },
    { path: '/computers/26/owner', query: 'fields[person]=name' },
    { schema: exampleSchema },
  );
  expect(JSON.parse(body)).toEqual({
    data: null,
    links: { self: '/computers/26/owner?fields%5Bperson%5D=name' },
    jsonapi: { version: '1.0' },
  });
});
