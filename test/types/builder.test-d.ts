import { describe, expectTypeOf, it } from 'vitest';
import { filterHelper, query, type FilterHelper, type FilterNode, type QueryAST, type QueryBuilder } from '../../src/index.js';
import { exampleSchema, type ExampleSchema } from '../../src/example/index.js';
import { richSchema, type RichSchema } from './rich-schema.js';

describe('the typed builder', () => {
  it('builds QueryAST<S, T>', () => {
    const builder = query(exampleSchema, 'person');
    expectTypeOf(builder).toEqualTypeOf<QueryBuilder<ExampleSchema, 'person'>>();
    expectTypeOf(builder.build()).toEqualTypeOf<QueryAST<ExampleSchema, 'person'>>();
    expectTypeOf(query(richSchema, 'book').build()).toEqualTypeOf<QueryAST<RichSchema, 'book'>>();
    // @ts-expect-error 'people' is not a type of the example schema
    query(exampleSchema, 'people');
  });

  it('accepts valid filters', () => {
    query(exampleSchema, 'person').filter((f) =>
      f.and(
        f.eq('birth_date', '2000-01-01'),
        f.eq('birth_date', null),
        f.in('name', ['John', 'Jane']),
        f.between('birth_date', ['1990-01-01', '1999-12-31']),
        f.compareFields('name', 'ne', 'display_name'),
        f.not(f.or(f.ilike('name', '%jo%'), f.match('display_name', 'john doe'))),
        f.any('computers', (c) => c.startswith('serial', 'SN')),
        f.any('computers', (c) => c.has('owner', (o) => o.eq('name', 'John'))),
      ),
    );
    query(richSchema, 'author').filter((f) =>
      f.and(
        f.eq('id', 7),
        f.gt('age', 18),
        f.is('verified', true),
        f.is('nickname', null),
        f.eq('status', 'active'),
        f.in('tier', ['gold']),
        f.compareFields('active', 'eq', 'verified'),
        f.has('publisher', (p) => p.has('owner', (o) => o.like('name', 'A%'))),
      ),
    );
  });

  it('rejects wrong names', () => {
    const f = filterHelper(exampleSchema, 'person');
    // @ts-expect-error no field "age" on a person
    f.eq('age', 5);
    // @ts-expect-error "serial" belongs to computers
    f.eq('serial', 'SN1');
    // @ts-expect-error no relationship "owner" on a person
    f.has('owner', (o) => o.eq('name', 'x'));
  });

  it('rejects wrong value types', () => {
    const f = filterHelper(exampleSchema, 'person');
    // @ts-expect-error birth_date only accepts a string or null
    f.eq('birth_date', 5);
    // @ts-expect-error birth_date only accepts a string or null
    f.eq('birth_date', true);
    // @ts-expect-error list items are never null
    f.in('gender', ['m', null]);
    // @ts-expect-error between takes two bounds
    f.between('birth_date', ['2000-01-01']);
    const a = filterHelper(richSchema, 'author');
    // @ts-expect-error integer ids are numbers
    a.eq('id', '7');
    // @ts-expect-error not a member of the enum
    a.eq('status', 'deleted');
    // @ts-expect-error true/false only on boolean fields
    a.is('nickname', true);
    // @ts-expect-error a boolean field takes a boolean
    a.eq('active', 'yes');
  });

  it('rejects operators that do not apply to the field kind', () => {
    const a = filterHelper(richSchema, 'author');
    // @ts-expect-error like only applies to strings
    a.like('age', '%1%');
    // @ts-expect-error dates are not text
    a.startswith('born', '19');
    // @ts-expect-error booleans cannot be ordered
    a.lt('active', true);
    // @ts-expect-error fields of different kinds cannot be compared
    a.compareFields('name', 'eq', 'age');
    // @ts-expect-error booleans are compared with eq/ne only
    a.compareFields('active', 'lt', 'verified');
  });

  it('applies any only to to-many and has only to-one relationships', () => {
    const person = filterHelper(exampleSchema, 'person');
    const computer = filterHelper(exampleSchema, 'computer');
    // @ts-expect-error computers is to-many: any, not has
    person.has('computers', (c) => c.eq('serial', 'x'));
    // @ts-expect-error owner is to-one: has, not any
    computer.any('owner', (o) => o.eq('name', 'x'));
    // @ts-expect-error the nested helper is typed for the target: persons have no serial
    computer.has('owner', (o) => o.eq('serial', 'x'));
    const publisher = filterHelper(richSchema, 'publisher');
    // @ts-expect-error catalogue is not filterable
    publisher.any('catalogue', (b) => b.eq('title', 'x'));
  });

  it('rejects non-filterable fields, non-sortable sorts, unknown includes and fields', () => {
    const a = filterHelper(richSchema, 'author');
    // @ts-expect-error secret is not filterable
    a.eq('secret', 'x');
    const builder = query(richSchema, 'author');
    builder.sort('-born', 'publisher.owner.name', 'secret', '-id');
    // @ts-expect-error bio is not sortable
    builder.sort('bio');
    // @ts-expect-error books is to-many: no sort through it
    builder.sort('books.title');
    // @ts-expect-error only a leading "-"
    builder.sort('+name');
    builder.include('books.tags', 'publisher.owner');
    // @ts-expect-error tags is not a relationship of an author
    builder.include('tags');
    builder.fields({ author: ['name', 'books'], book: [] });
    // @ts-expect-error a book has no field "name"
    builder.fields({ book: ['name'] });
    // @ts-expect-error no type "writer"
    builder.fields({ writer: ['name'] });
  });

  it('types the helper per type', () => {
    expectTypeOf(filterHelper(exampleSchema, 'computer')).toEqualTypeOf<FilterHelper<ExampleSchema, 'computer'>>();
    expectTypeOf(filterHelper(exampleSchema, 'computer').eq('serial', 'x')).toEqualTypeOf<
      FilterNode<ExampleSchema, 'computer'>
    >();
  });

  it('rejects what docs/builder.md says it rejects', () => {
    const f = filterHelper(exampleSchema, 'person');
    f.eq('birth_date', '2000-01-01');
    f.eq('birth_date', null);
    // @ts-expect-error a string or null
    f.eq('birth_date', 5);
    // @ts-expect-error persons have no field "age"
    f.eq('age', 5);
    // @ts-expect-error like applies to strings, not dates
    f.like('birth_date', '19%');
    // @ts-expect-error computers is to-many, use any
    f.has('computers', (c) => c.eq('serial', 'X'));
    // @ts-expect-error computers have no field "name"
    f.any('computers', (c) => c.eq('name', 'X'));
    // @ts-expect-error a string and a date
    f.compareFields('name', 'lt', 'birth_date');
    const computer = filterHelper(exampleSchema, 'computer');
    // @ts-expect-error owner is to-one, use has
    computer.any('owner', (o) => o.eq('name', 'John'));
    // @ts-expect-error no sort through a to-many relationship
    query(exampleSchema, 'person').sort('computers.serial');
    // @ts-expect-error serial is not a relationship
    query(exampleSchema, 'person').include('computers.serial');
    // @ts-expect-error computers have no field "name"
    query(exampleSchema, 'person').fields({ computer: ['name'] });
  });
});
