/**
 * The executor's own check of a query against what the data layer declares it
 * reads (`capabilities`), so that `executeCollection` and its siblings called
 * without the handler refuse with the same 400s the handler gives (the parser's
 * `checkCapabilities` and filter checks), never by calling the layer with a read it
 * does not evaluate.
 */
import type { QueryAST } from '../ast/query-ast.js';
import { jsonApiError, QueryError, type JsonApiError } from '../errors/query-error.js';
import { resolveCapabilities, sortKeyCountWritten, sortKeysWritten, unevaluatedPart, type Declaring, type UnevaluatedPart } from '../layers/capabilities.js';
import { checkCapabilities } from '../parse/check-capabilities.js';
import { emptyRawQuery } from '../parse/input/raw-query.js';
import { supportedNode, supportedOperator } from '../rules/filter-rules.js';
import { sortKeyText } from '../rules/sort-key-text.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';

/** Throws a `QueryError` (400) for every part of `ast` the layer declares it does not read on reads of `ast.type`. */
export function checkDeclared(ast: QueryAST, layer: Declaring, schema: ResolvedSchema): void {
  const capabilities = resolveCapabilities(layer, ast.type);
  const errors: JsonApiError[] = [];
  const part = ast.filter === null ? undefined : unevaluatedPart(capabilities, schema, ast.type, ast.filter);
  if (part !== undefined) errors.push(jsonApiError({ ...filterFault(part, layer), parameter: 'filter' }));
  // The sort as the client wrote it, but for the `id` key the parser may have added:
  // written out only for the refusal that quotes it (more keys than the layer sorts by).
  const refused = sortKeyCountWritten(ast.sort) > capabilities.maxSortKeys;
  const sort = { parameter: 'sort', value: refused ? sortKeysWritten(ast.sort).map(sortKeyText).join(',') : '' };
  checkCapabilities({ ...emptyRawQuery(), sort }, ast, capabilities, errors);
  const [first, ...rest] = errors;
  if (first !== undefined) throw new QueryError([first, ...rest]);
}

/**
 * The parser's code and wording for the same refusal (rules/filter-rules.ts), but for
 * a `rel__field` shortcut, which the AST holds as the `any`/`has` it stands for.
 */
function filterFault(part: UnevaluatedPart, layer: Declaring): { code: 'operator_not_supported' | 'filter_not_supported'; detail: string } {
  if (part.kind === 'operator') {
    const detail = layer.operators.has(part.op) ? supportedOperator.onField(part.op, part.fieldKind, part.field) : supportedOperator.message(part.op);
    return { code: 'operator_not_supported', detail };
  }
  if (part.node === 'any' || part.node === 'has') return { code: 'operator_not_supported', detail: supportedOperator.message(part.node) };
  if (part.node === 'compare') throw new Error('Every layer evaluates "compare"');
  return { code: 'filter_not_supported', detail: supportedNode.message(part.node) };
}
