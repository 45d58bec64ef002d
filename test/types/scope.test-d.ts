import { describe, it } from 'vitest';
import { filterHelper } from '../../src/index.js';
import { exampleData, exampleSchema } from '../../src/example/index.js';
import { createHandler } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';

const dataLayer = createMemoryLayer(exampleSchema, exampleData);
const person = filterHelper(exampleSchema, 'person');
const computer = filterHelper(exampleSchema, 'computer');

describe('scopes typed from the schema', () => {
  it('accept filters of the type they scope', () => {
    createHandler({ schema: exampleSchema, dataLayer, scope: { person: person.eq('gender', 'f') } });
    createHandler({
      schema: exampleSchema,
      dataLayer,
      scope: () => ({ computer: computer.has('owner', (o) => o.eq('gender', 'f')), person: [{ name: 'gender', op: 'eq', val: 'f' }] }),
    });
  });

  it('reject a type the schema does not have', () => {
    // @ts-expect-error 'persons' is not a type of the example schema
    createHandler({ schema: exampleSchema, dataLayer, scope: { persons: person.eq('gender', 'f') } });
    // @ts-expect-error 'persons' is not a type of the example schema
    createHandler({ schema: exampleSchema, dataLayer, scope: () => ({ persons: person.eq('gender', 'f') }) });
  });

  it('reject a filter of another type and a misspelled field', () => {
    // @ts-expect-error a computer filter cannot scope persons
    createHandler({ schema: exampleSchema, dataLayer, scope: { person: computer.eq('serial', 'SN') } });
    // @ts-expect-error 'gendr' is not a field of person
    createHandler({ schema: exampleSchema, dataLayer, scope: { person: person.eq('gendr', 'f') } });
    // @ts-expect-error 'gendr' is not a field of person
    createHandler({ schema: exampleSchema, dataLayer, scope: { person: { kind: 'compare', field: 'gendr', op: 'eq', value: 'f' } } });
  });
});
