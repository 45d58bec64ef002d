import { defineSchema } from '../schema/define-schema.js';

/**
 * The person/computer model of the specification: persons own computers.
 *
 * @example
 * parseQuery('filter[name]=John', { schema: exampleSchema, type: 'person' });
 */
export const exampleSchema = defineSchema({
  types: {
    person: {
      root: 'persons',
      id: 'string',
      attributes: {
        display_name: { type: 'string' },
        birth_date: { type: ['string', 'null'], format: 'date' },
        name: { type: 'string' },
        gender: { type: ['string', 'null'] },
      },
      relationships: {
        computers: { target: 'computer', to: 'many', inverse: 'owner' },
      },
    },
    computer: {
      root: 'computers',
      id: 'string',
      attributes: {
        serial: { type: 'string' },
      },
      relationships: {
        owner: { target: 'person', to: 'one', inverse: 'computers' },
      },
    },
  },
});

/** The type of the example schema, for typed queries against it. */
export type ExampleSchema = typeof exampleSchema;
