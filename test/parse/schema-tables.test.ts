/**
 * The parser's lookup tables of a schema (src/parse/schema-tables.ts), built here from
 * a schema made inside each test: the tables are cached by schema object, so a schema
 * shared with other tests would be read from the cache, never built.
 */
import { describe, expect, it } from 'vitest';
import { defineSchema, parseQuery } from '../../src/index.js';
import { schemaTables } from '../../src/parse/schema-tables.js';

const libraryTypes = () =>
  defineSchema({
    types: {
      author: {
        root: 'authors',
        attributes: { name: { type: 'string' }, bio: { type: 'string', sortable: false } },
        relationships: { books: { target: 'book', to: 'many', inverse: 'author' } },
      },
      book: {
        root: 'books',
        attributes: { title: { type: 'string' } },
        relationships: { author: { target: 'author', to: 'one', inverse: 'books' } },
      },
    },
  });

describe('schemaTables', () => {
  it('builds one table per type: id, attributes and relationships by name, each relationship with its target table', () => {
    const tables = schemaTables(libraryTypes());
    const author = tables.types.get('author');
    const book = tables.types.get('book');
    expect([...tables.types.keys()]).toEqual(['author', 'book']);
    expect(author?.type.name).toBe('author');
    expect([...(author?.members.keys() ?? [])]).toEqual(['id', 'name', 'bio', 'books']);
    expect(author?.members.get('id')).toEqual({ kind: 'attribute', attribute: author?.type.id });
    expect(author?.members.get('name')).toEqual({ kind: 'attribute', attribute: author?.type.attributes.get('name') });
    const books = author?.members.get('books');
    expect(books?.kind).toBe('relationship');
    expect(books?.kind === 'relationship' && books.target).toBe(book);
    expect(books?.kind === 'relationship' && books.relationship).toBe(author?.type.relationships.get('books'));
  });

  it('keeps both directions of id and of every sortable attribute, frozen, and none of the others', () => {
    const author = schemaTables(libraryTypes()).types.get('author');
    expect([...(author?.sortKeys.entries() ?? [])]).toEqual([
      ['id', { path: [], field: 'id', direction: 'asc' }],
      ['-id', { path: [], field: 'id', direction: 'desc' }],
      ['name', { path: [], field: 'name', direction: 'asc' }],
      ['-name', { path: [], field: 'name', direction: 'desc' }],
    ]);
    for (const key of author?.sortKeys.values() ?? []) expect(Object.isFrozen(key)).toBe(true);
  });

  it('keeps the frozen one-step include path of every relationship', () => {
    const book = schemaTables(libraryTypes()).types.get('book');
    expect([...(book?.includePaths.entries() ?? [])]).toEqual([['author', ['author']]]);
    expect(Object.isFrozen(book?.includePaths.get('author'))).toBe(true);
  });

  it('is built once per schema object', () => {
    const schema = libraryTypes();
    expect(schemaTables(schema)).toBe(schemaTables(schema));
    expect(schemaTables(libraryTypes())).not.toBe(schemaTables(schema));
  });

  it('gives parseQuery its sort keys and include paths', () => {
    const schema = libraryTypes();
    const ast = parseQuery('sort=-name&include=books', { schema, type: 'author' });
    expect(ast.sort[0]).toBe(schemaTables(schema).types.get('author')?.sortKeys.get('-name'));
    expect(ast.include[0]).toBe(schemaTables(schema).types.get('author')?.includePaths.get('books'));
  });
});
