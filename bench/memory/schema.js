// The schema of bench/memory's synthetic persons and computers, shared by run.js and
// load-rss.js.
import { defineSchema } from '../../dist/index.js';

export const schema = defineSchema({
  types: {
    person: {
      root: 'persons',
      attributes: {
        name: { type: 'string' },
        display_name: { type: 'string' },
        birth_date: { type: ['string', 'null'], format: 'date' },
        gender: { type: ['string', 'null'] },
      },
      relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner' } },
    },
    computer: {
      root: 'computers',
      attributes: { serial: { type: 'string' } },
      relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } },
    },
  },
});
