import type { QueryAST } from '../ast/query-ast.js';
import { isQueryError, type QueryError } from '../errors/query-error.js';
import type { TypeName } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { QueryInput } from './input/read-input.js';
import type { ParseOptions } from './parse-options.js';
import { parseQuery } from './parse-query.js';

/** What `safeParseQuery` returns: the AST, or the `QueryError` `parseQuery` would throw. */
export type SafeParseResult<S extends ResourceSchema = ResourceSchema, T extends string = string> =
  | { readonly success: true; readonly ast: QueryAST<S, T> }
  | { readonly success: false; readonly error: QueryError };

/**
 * `parseQuery` returning a result object instead of throwing a `QueryError`
 * (programming mistakes, such as a type missing from the schema, still throw).
 *
 * @example
 * const result = safeParseQuery('page[size]=abc', { schema: exampleSchema, type: 'person' });
 * if (!result.success) result.error.errors[0].code; // 'invalid_page_value'
 */
export function safeParseQuery<const S extends ResourceSchema, const T extends TypeName<S>>(
  input: QueryInput,
  options: ParseOptions<S, T>,
): SafeParseResult<S, T> {
  try {
    return { success: true, ast: parseQuery(input, options) };
  } catch (error) {
    if (isQueryError(error)) return { success: false, error };
    throw error;
  }
}
