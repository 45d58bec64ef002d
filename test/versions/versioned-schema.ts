/**
 * A schema with versioned types for the tests of `If-Match` and `ETag`: a note whose
 * `revision` is its version, with an author (a to-one stored on the note) and the
 * author's notes as the inverse; a ledger that requires `If-Match`.
 */
import { defineSchema } from '../../src/schema/define-schema.js';

export const versionedSchema = defineSchema({
  types: {
    note: {
      root: 'notes',
      version: 'revision',
      attributes: { title: { type: 'string' }, revision: { type: 'integer', readOnly: true } },
      relationships: { author: { target: 'author', to: 'one', inverse: 'notes' } },
    },
    author: {
      root: 'authors',
      attributes: { name: { type: 'string' } },
      relationships: { notes: { target: 'note', to: 'many', inverse: 'author' } },
    },
    ledger: {
      root: 'ledgers',
      version: 'revision',
      requireIfMatch: true,
      attributes: { balance: { type: 'integer' }, revision: { type: 'integer', readOnly: true } },
    },
  },
} as const);

export const versionedData = {
  note: [
    { id: '1', title: 'First', revision: 1, author: '1' },
    { id: '2', title: 'Second', revision: 7, author: null },
  ],
  author: [{ id: '1', name: 'Ann' }],
  ledger: [{ id: '1', balance: 100, revision: 1 }],
};
