import { defineSchema } from '../../schema/define-schema.js';

/**
 * The schema of the conformance dataset: every attribute kind (string, nullable
 * string, enum, integer, float, boolean, date, all nullable somewhere), integer ids
 * (`author`) beside string ids (`book`, `group`), to-one and to-many relationships
 * both ways, a self-referential pair (`mentor`/`mentees`) for chained paths, and a
 * many-to-many pair (`groups`/`members`) that a SQL store keeps in a join table,
 * and `note`, whose texts hold every regex and SQL metacharacter.
 *
 * @example
 * const layer = await create(conformanceSchema, conformanceData);
 */
export const conformanceSchema = defineSchema({
  types: {
    author: {
      root: 'authors',
      id: 'integer',
      attributes: {
        name: { type: 'string' },
        nickname: { type: ['string', 'null'] },
        bio: { type: ['string', 'null'] },
        status: { type: ['string', 'null'], enum: ['draft', 'live', 'retired', null] },
        born: { type: ['string', 'null'], format: 'date' },
        joined: { type: ['string', 'null'], format: 'date' },
        score: { type: ['number', 'null'] },
        rank: { type: 'integer' },
        active: { type: ['boolean', 'null'] },
      },
      relationships: {
        books: { target: 'book', to: 'many', inverse: 'author' },
        mentor: { target: 'author', to: 'one', inverse: 'mentees' },
        mentees: { target: 'author', to: 'many', inverse: 'mentor' },
        groups: { target: 'group', to: 'many', inverse: 'members' },
      },
    },
    book: {
      root: 'books',
      id: 'string',
      attributes: {
        title: { type: 'string' },
        published: { type: ['string', 'null'], format: 'date' },
        pages: { type: ['integer', 'null'] },
        in_print: { type: 'boolean' },
      },
      relationships: {
        author: { target: 'author', to: 'one', inverse: 'books' },
      },
    },
    group: {
      root: 'groups',
      id: 'string',
      attributes: {
        label: { type: 'string' },
      },
      relationships: {
        members: { target: 'author', to: 'many', inverse: 'groups' },
      },
    },
    note: {
      root: 'notes',
      id: 'string',
      attributes: {
        text: { type: 'string' },
      },
    },
  },
});

/** The type of the conformance schema. */
export type ConformanceSchema = typeof conformanceSchema;
