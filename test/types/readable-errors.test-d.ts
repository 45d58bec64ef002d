import { describe, expectTypeOf, it } from 'vitest';
import { exampleSchema, type ExampleSchema } from '../../src/example/index.js';
import { query, type FilterHelper, type QueryBuilder } from '../../src/index.js';

type PersonHelper = FilterHelper<ExampleSchema, 'person'>;
/** The item type of a method's rest parameter. */
type RestOf<M> = M extends (...items: readonly (infer Item)[]) => unknown ? Item : never;

describe('builder parameters are unions of literal names, resolved up front', () => {
  it('field names of the filter factories', () => {
    expectTypeOf<Parameters<PersonHelper['eq']>[0]>().toEqualTypeOf<'id' | 'name' | 'display_name' | 'birth_date' | 'gender'>();
    expectTypeOf<Parameters<PersonHelper['like']>[0]>().toEqualTypeOf<'name' | 'display_name' | 'gender'>();
    expectTypeOf<Parameters<PersonHelper['any']>[0]>().toEqualTypeOf<'computers'>();
    expectTypeOf<Parameters<FilterHelper<ExampleSchema, 'computer'>['has']>[0]>().toEqualTypeOf<'owner'>();
  });

  it('sort keys and include paths', () => {
    expectTypeOf<RestOf<QueryBuilder<ExampleSchema, 'computer'>['include']>>().toEqualTypeOf<
      'owner' | 'owner.computers' | 'owner.computers.owner'
    >();
    expectTypeOf<RestOf<QueryBuilder<ExampleSchema, 'person'>['sort']>>().toEqualTypeOf<
      'id' | 'name' | 'display_name' | 'birth_date' | 'gender' | '-id' | '-name' | '-display_name' | '-birth_date' | '-gender'
    >();
  });

  it('misspelled names are compile errors', () => {
    // @ts-expect-error 'titel' is not a field of person
    query(exampleSchema, 'person').filter((f) => f.eq('titel', 'x'));
    // @ts-expect-error birth_date is a date, not a text field
    query(exampleSchema, 'person').filter((f) => f.like('birth_date', '%'));
    // @ts-expect-error 'titel' is not a sort key of person
    query(exampleSchema, 'person').sort('titel');
    // @ts-expect-error 'ownr' is not a relationship of computer
    query(exampleSchema, 'computer').include('ownr');
    // @ts-expect-error 'people' is not a type of the schema
    query(exampleSchema, 'people');
  });
});
