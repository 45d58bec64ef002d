import { defineSchema } from '../../src/index.js';

/**
 * A schema using every kind of attribute: integer and string ids, integers, numbers,
 * booleans, dates, enums, nullable variants, fields kept out of filter or sort, a
 * non-filterable relationship, a self-relationship, and a chain of to-one
 * relationships (book → author → publisher → owner).
 */
export const richSchema = defineSchema({
  types: {
    author: {
      root: 'authors',
      id: 'integer',
      attributes: {
        name: { type: 'string' },
        nickname: { type: ['string', 'null'] },
        age: { type: ['integer', 'null'] },
        rating: { type: 'number' },
        active: { type: 'boolean' },
        verified: { type: ['boolean', 'null'] },
        born: { type: ['string', 'null'], format: 'date' },
        status: { type: 'string', enum: ['draft', 'active', 'retired'] },
        tier: { type: ['string', 'null'], enum: ['gold', 'silver', null] },
        secret: { type: 'string', filterable: false },
        bio: { type: 'string', sortable: false },
      },
      relationships: {
        books: { target: 'book', to: 'many', inverse: 'author' },
        mentor: { target: 'author', to: 'one' },
        publisher: { target: 'publisher', to: 'one' },
      },
    },
    book: {
      root: 'books',
      id: 'string',
      attributes: {
        title: { type: 'string' },
        pages: { type: 'integer' },
        published: { type: 'string', format: 'date' },
      },
      relationships: {
        author: { target: 'author', to: 'one', inverse: 'books' },
        tags: { target: 'tag', to: 'many' },
      },
    },
    publisher: {
      root: 'publishers',
      attributes: {
        name: { type: 'string' },
        country: { type: ['string', 'null'] },
      },
      relationships: {
        owner: { target: 'author', to: 'one' },
        catalogue: { target: 'book', to: 'many', filterable: false },
      },
    },
    tag: {
      root: 'tags',
      attributes: { label: { type: 'string' } },
    },
  },
});

export type RichSchema = typeof richSchema;
