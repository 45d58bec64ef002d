import type { FilterNode } from '../../ast/filter-node.js';
import { jsonApiError, type JsonApiError } from '../../errors/query-error.js';
import { supportedNode } from '../../rules/filter-rules.js';
import { collectErrors } from '../collect-errors.js';
import type { RawQuery } from '../input/raw-query.js';
import type { TypeTable } from '../schema-tables.js';
import type { FilterContext } from './filter-context.js';
import { parseJsonFilter } from './json-form.js';
import { junctionNode } from '../../ast/filter-factories.js';
import { parseSimpleFilter } from './simple-form.js';

/**
 * The filter of one request: the JSON form's entries, then every simple filter,
 * all ANDed. No entry gives `null`; one entry stays itself; several become one
 * `and` node (a 400 `filter_not_supported` naming the second parameter when the data
 * layer evaluates no `and`). Faults of the JSON form and of each simple filter are
 * independent and collected into `errors`.
 */
export function parseFilter(
  raw: RawQuery,
  table: TypeTable,
  context: FilterContext,
  errors: JsonApiError[],
): FilterNode | null {
  let nodes: FilterNode[] = [];
  // The parameter of the second node: the one a layer without `and` is refused at.
  let second = '';
  if (raw.filter !== undefined) {
    context.parameter = raw.filter.parameter;
    nodes = collectErrors(() => parseJsonFilter(raw.filter as NonNullable<RawQuery['filter']>, table, context), errors) ?? [];
    if (nodes.length > 1) second = context.parameter;
  }
  context.json = false;
  context.scanStrings = true;
  // Left non-empty only by a fault in the JSON form (setting the length is a call into the runtime).
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; emptying an empty path changes nothing
  if (context.path.length > 0) context.path.length = 0;
  for (const simple of raw.simpleFilters) {
    context.parameter = simple.parameter;
    const node = collectErrors(() => parseSimpleFilter(simple, table, context), errors);
    if (node !== undefined) {
      nodes.push(node);
      if (nodes.length === 2) second = simple.parameter;
    }
  }
  if (nodes.length <= 1) return nodes[0] ?? null;
  if (!context.evaluates('and')) {
    errors.push(jsonApiError({ code: supportedNode.code, detail: supportedNode.message('and'), parameter: second }));
    return null;
  }
  // The list is this parse's own: frozen in place, not copied.
  return junctionNode('and', Object.freeze(nodes));
}
