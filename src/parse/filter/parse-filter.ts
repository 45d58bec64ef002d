import type { FilterNode } from '../../ast/filter-node.js';
import type { JsonApiError } from '../../errors/query-error.js';
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
 * `and` node. Faults of the JSON form and of each simple filter are independent and
 * collected into `errors`.
 */
export function parseFilter(
  raw: RawQuery,
  table: TypeTable,
  context: FilterContext,
  errors: JsonApiError[],
): FilterNode | null {
  let nodes: FilterNode[] = [];
  if (raw.filter !== undefined) {
    context.parameter = raw.filter.parameter;
    nodes = collectErrors(() => parseJsonFilter(raw.filter as NonNullable<RawQuery['filter']>, table, context), errors) ?? [];
  }
  context.json = false;
  context.scanStrings = true;
  context.path.length = 0;
  for (const simple of raw.simpleFilters) {
    context.parameter = simple.parameter;
    const node = collectErrors(() => parseSimpleFilter(simple, table, context), errors);
    if (node !== undefined) nodes.push(node);
  }
  if (nodes.length <= 1) return nodes[0] ?? null;
  return junctionNode('and', nodes);
}
