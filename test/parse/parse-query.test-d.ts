import { describe, expectTypeOf, it } from 'vitest';
import { parseQuery, safeParseQuery, type QueryAST, type ResourceSchema } from '../../src/index.js';
import { exampleSchema, type ExampleSchema } from '../../src/example/index.js';

describe('parseQuery types', () => {
  it('returns QueryAST<S, T> for a schema declared as const and a literal type', () => {
    const ast = parseQuery('sort=name', { schema: exampleSchema, type: 'person' });
    expectTypeOf(ast).toEqualTypeOf<QueryAST<ExampleSchema, 'person'>>();
    expectTypeOf(ast.type).toEqualTypeOf<'person'>();
    expectTypeOf(ast.sort).items.toHaveProperty('field');
  });

  it('only accepts type names of the schema', () => {
    // @ts-expect-error 'people' is not a type of the example schema
    parseQuery('', { schema: exampleSchema, type: 'people' });
  });

  it('widens to QueryAST for a schema of unknown shape', () => {
    const schema: ResourceSchema = exampleSchema;
    expectTypeOf(parseQuery('', { schema, type: 'person' })).toEqualTypeOf<QueryAST<ResourceSchema, 'person'>>();
  });

  it('safeParseQuery narrows on success', () => {
    const result = safeParseQuery(new URLSearchParams(), { schema: exampleSchema, type: 'computer' });
    if (result.success) expectTypeOf(result.ast).toEqualTypeOf<QueryAST<ExampleSchema, 'computer'>>();
    else expectTypeOf(result.error.errors[0].code).toBeString();
  });
});
