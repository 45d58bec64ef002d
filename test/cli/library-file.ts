/**
 * The library file the `serve` tests give the CLI: books (integer ids) and their
 * authors, an inverse pair.
 */

export const librarySchema = {
  types: {
    book: {
      root: 'books',
      id: 'integer',
      attributes: { title: { type: 'string' }, year: { type: ['integer', 'null'] } },
      relationships: { author: { target: 'author', to: 'one', inverse: 'books' } },
    },
    author: {
      root: 'authors',
      attributes: { name: { type: 'string' } },
      relationships: { books: { target: 'book', to: 'many', inverse: 'author' } },
    },
  },
};

/** A whole file: the schema, one author and her one book. */
export const library = {
  schema: librarySchema,
  data: { author: [{ id: 'ab', name: 'Anne Brontë' }], book: [{ id: 1, title: 'Agnes Grey', year: 1847, author: 'ab' }] },
};
