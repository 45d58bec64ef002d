import { expectTypeOf, test } from 'vitest';
import { executeCollection, parseQuery, type FilterNode, type QueryAST, type ReadRequest } from '../../src/index.js';
import { exampleSchema, type ExampleSchema } from '../../src/example/index.js';

test('a typed QueryAST is assignable to the plain QueryAST that layers and the executor take', () => {
  const ast = parseQuery('filter[name]=John', { schema: exampleSchema, type: 'person' });
  expectTypeOf(ast).toEqualTypeOf<QueryAST<ExampleSchema, 'person'>>();
  expectTypeOf(ast).toExtend<QueryAST>();
  expectTypeOf(ast.filter).toExtend<ReadRequest['filter']>();
  expectTypeOf<FilterNode<ExampleSchema, 'computer'>>().toExtend<FilterNode>();
  expectTypeOf(executeCollection).toBeCallableWith(ast, {
    schema: exampleSchema,
    layer: {} as Parameters<typeof executeCollection>[1]['layer'],
  });
});
