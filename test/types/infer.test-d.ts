import { describe, expectTypeOf, it } from 'vitest';
import { parseQuery, type AttributeName, type FieldKindOf, type FieldValue, type FilterableFieldName, type FilterNode, type IdValue, type IncludeName, type QueryAST, type ResourceSchema, type SortableFieldName, type SortName, type TargetOf, type ToManyName, type ToOneName, type TypeName } from '../../src/index.js';
import { exampleSchema, type ExampleSchema } from '../../src/example/index.js';
import type { RichSchema } from './rich-schema.js';
import { richSchema } from './rich-schema.js';

describe('names and value types of a schema declared as const', () => {
  it('names the types, attributes and relationships of the example schema', () => {
    expectTypeOf<TypeName<ExampleSchema>>().toEqualTypeOf<'person' | 'computer'>();
    expectTypeOf<AttributeName<ExampleSchema, 'person'>>().toEqualTypeOf<
      'display_name' | 'birth_date' | 'name' | 'gender'
    >();
    expectTypeOf<ToManyName<ExampleSchema, 'person'>>().toEqualTypeOf<'computers'>();
    expectTypeOf<ToOneName<ExampleSchema, 'person'>>().toEqualTypeOf<never>();
    expectTypeOf<ToOneName<ExampleSchema, 'computer'>>().toEqualTypeOf<'owner'>();
    expectTypeOf<TargetOf<ExampleSchema, 'computer', 'owner'>>().toEqualTypeOf<'person'>();
  });

  it('gives each field its value type', () => {
    expectTypeOf<FieldValue<ExampleSchema, 'person', 'birth_date'>>().toEqualTypeOf<string | null>();
    expectTypeOf<FieldValue<ExampleSchema, 'person', 'name'>>().toEqualTypeOf<string>();
    expectTypeOf<FieldValue<RichSchema, 'author', 'age'>>().toEqualTypeOf<number | null>();
    expectTypeOf<FieldValue<RichSchema, 'author', 'rating'>>().toEqualTypeOf<number>();
    expectTypeOf<FieldValue<RichSchema, 'author', 'active'>>().toEqualTypeOf<boolean>();
    expectTypeOf<FieldValue<RichSchema, 'author', 'verified'>>().toEqualTypeOf<boolean | null>();
    expectTypeOf<FieldValue<RichSchema, 'author', 'status'>>().toEqualTypeOf<'draft' | 'active' | 'retired'>();
    expectTypeOf<FieldValue<RichSchema, 'author', 'tier'>>().toEqualTypeOf<'gold' | 'silver' | null>();
    expectTypeOf<IdValue<RichSchema, 'author'>>().toEqualTypeOf<number>();
    expectTypeOf<IdValue<RichSchema, 'book'>>().toEqualTypeOf<string>();
    expectTypeOf<IdValue<RichSchema, 'publisher'>>().toEqualTypeOf<string>();
    expectTypeOf<FieldValue<RichSchema, 'author', 'id'>>().toEqualTypeOf<number>();
  });

  it('gives each field its kind, dates included', () => {
    expectTypeOf<FieldKindOf<ExampleSchema, 'person', 'birth_date'>>().toEqualTypeOf<'date'>();
    expectTypeOf<FieldKindOf<ExampleSchema, 'person', 'name'>>().toEqualTypeOf<'string'>();
    expectTypeOf<FieldKindOf<RichSchema, 'author', 'id'>>().toEqualTypeOf<'number'>();
    expectTypeOf<FieldKindOf<RichSchema, 'author', 'verified'>>().toEqualTypeOf<'boolean'>();
    expectTypeOf<FieldKindOf<RichSchema, 'author', 'status'>>().toEqualTypeOf<'string'>();
    expectTypeOf<FieldKindOf<ResourceSchema, string, string>>().toEqualTypeOf<'string' | 'number' | 'boolean' | 'date'>();
  });

  it('keeps non-filterable and non-sortable fields out of filter and sort names', () => {
    expectTypeOf<'secret'>().not.toExtend<FilterableFieldName<RichSchema, 'author'>>();
    expectTypeOf<'bio'>().toExtend<FilterableFieldName<RichSchema, 'author'>>();
    expectTypeOf<'bio'>().not.toExtend<SortableFieldName<RichSchema, 'author'>>();
    expectTypeOf<'secret'>().toExtend<SortableFieldName<RichSchema, 'author'>>();
    expectTypeOf<'id'>().toExtend<FilterableFieldName<RichSchema, 'tag'>>();
  });

  it('types dotted sort and include paths through the schema', () => {
    expectTypeOf<'-owner.name'>().toExtend<SortName<ExampleSchema, 'computer'>>();
    expectTypeOf<'author.publisher.owner.name'>().toExtend<SortName<RichSchema, 'book'>>();
    // four hops is past the limit of three
    expectTypeOf<'author.publisher.owner.mentor.name'>().not.toExtend<SortName<RichSchema, 'book'>>();
    // a to-many relationship cannot be sorted through
    expectTypeOf<'computers.serial'>().not.toExtend<SortName<ExampleSchema, 'person'>>();
    expectTypeOf<'author.bio'>().not.toExtend<SortName<RichSchema, 'book'>>();
    expectTypeOf<IncludeName<ExampleSchema, 'person'>>().toEqualTypeOf<
      'computers' | 'computers.owner' | 'computers.owner.computers'
    >();
    expectTypeOf<'computers.serial'>().not.toExtend<IncludeName<ExampleSchema, 'person'>>();
  });
});

describe('the AST of a schema declared as const', () => {
  it('is QueryAST<S, T> from parseQuery, with typed filter nodes', () => {
    const ast = parseQuery('filter[name]=John', { schema: exampleSchema, type: 'person' });
    expectTypeOf(ast).toEqualTypeOf<QueryAST<ExampleSchema, 'person'>>();
    expectTypeOf(ast.filter).toEqualTypeOf<FilterNode<ExampleSchema, 'person'> | null>();
    const rich = parseQuery('', { schema: richSchema, type: 'author' });
    expectTypeOf(rich).toEqualTypeOf<QueryAST<RichSchema, 'author'>>();
  });

  it('narrows compare nodes: field names and value types flow in', () => {
    const node = {} as FilterNode<ExampleSchema, 'person'>;
    if (node.kind === 'compare') {
      expectTypeOf(node.field).toEqualTypeOf<'id' | 'display_name' | 'birth_date' | 'name' | 'gender'>();
      if (node.field === 'birth_date' && node.op === 'eq') expectTypeOf(node.value).toEqualTypeOf<string | null>();
      if (node.op === 'in_') expectTypeOf(node.value).toExtend<readonly string[]>();
    }
    if (node.kind === 'any') {
      expectTypeOf(node.relationship).toEqualTypeOf<'computers'>();
      expectTypeOf(node.node).toEqualTypeOf<FilterNode<ExampleSchema, 'computer'>>();
    }
    if (node.kind === 'compare_fields') {
      expectTypeOf(node.other).toEqualTypeOf<'id' | 'display_name' | 'birth_date' | 'name' | 'gender'>();
    }
    // @ts-expect-error a person has no to-one relationship, so no has node
    if (node.kind === 'has') expectTypeOf(node.relationship).toBeString();
  });

  it('types integer ids and booleans in nodes of the rich schema', () => {
    const node = {} as FilterNode<RichSchema, 'author'>;
    if (node.kind === 'compare' && node.field === 'id' && node.op === 'between') {
      expectTypeOf(node.value).toEqualTypeOf<readonly [number, number]>();
    }
    if (node.kind === 'compare' && node.field === 'active' && node.op === 'eq') {
      expectTypeOf(node.value).toEqualTypeOf<boolean>();
    }
    if (node.kind === 'has') expectTypeOf(node.relationship).toEqualTypeOf<'mentor' | 'publisher'>();
  });

  it('rejects nodes with unknown fields or wrong values', () => {
    // @ts-expect-error no field "age" on a person
    const unknown: FilterNode<ExampleSchema, 'person'> = { kind: 'compare', field: 'age', op: 'eq', value: 1 };
    // @ts-expect-error birth_date holds a string or null, not a number
    const wrong: FilterNode<ExampleSchema, 'person'> = { kind: 'compare', field: 'birth_date', op: 'eq', value: 5 };
    // @ts-expect-error "secret" is not filterable
    const hidden: FilterNode<RichSchema, 'author'> = { kind: 'compare', field: 'secret', op: 'eq', value: 'x' };
    expectTypeOf([unknown, wrong, hidden]).toBeArray();
  });
});
