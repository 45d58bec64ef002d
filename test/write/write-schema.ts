/**
 * A schema for write tests: the example's persons and computers, plus a type with
 * integer ids chosen by the client, read-only fields, a required nullable attribute
 * and a read-only type.
 */
import { defineSchema } from '../../src/schema/define-schema.js';

export const writeSchema = defineSchema({
  types: {
    person: {
      root: 'persons',
      attributes: {
        display_name: { type: 'string' },
        birth_date: { type: ['string', 'null'], format: 'date' },
        name: { type: 'string', maxLength: 20 },
        gender: { type: ['string', 'null'] },
      },
      relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner' } },
    },
    computer: {
      root: 'computers',
      attributes: { serial: { type: 'string' } },
      relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } },
    },
    tag: {
      root: 'tags',
      id: 'integer',
      clientIds: 'allowed',
      required: ['note'],
      attributes: {
        label: { type: 'string' },
        note: { type: ['string', 'null'] },
        weight: { type: ['integer', 'null'] },
        created: { type: ['string', 'null'], readOnly: true },
      },
      relationships: {
        people: { target: 'person', to: 'many' },
        creator: { target: 'person', to: 'one', readOnly: true },
      },
    },
    code: {
      root: 'codes',
      clientIds: 'required',
      attributes: { value: { type: 'string' } },
    },
    country: {
      root: 'countries',
      readOnly: true,
      attributes: { name: { type: 'string' } },
    },
  },
});

/** A create of a person with every required attribute. */
export const newPerson = (name = 'Ada'): { readonly type: 'person'; readonly attributes: Record<string, unknown> } => ({
  type: 'person',
  attributes: { name, display_name: `${name} L.` },
});
