import type { FilterNode } from '../../ast/filter-node.js';
import type { RawParameter } from '../input/raw-query.js';
import type { TypeTable } from '../schema-tables.js';
import { exceedsJsonDepth, jsonDepthBound } from './depth-scan.js';
import type { FilterContext } from './filter-context.js';
import { resolveEntry } from './resolve-entry.js';

/**
 * Parses the JSON form (`filter=[{...}, ...]`, or one entry object) into its
 * top-level nodes, in order. The text length and its nesting are checked before
 * `JSON.parse` (a linear scan, no recursion); node count and depth while resolving.
 *
 * @example
 * parseJsonFilter({ parameter: 'filter', value: '[{"name":"name","op":"eq","val":"John"}]' }, person, context);
 * // [{ kind: 'compare', field: 'name', op: 'eq', value: 'John' }]
 */
export function parseJsonFilter(raw: RawParameter, table: TypeTable, context: FilterContext): FilterNode[] {
  const { limits } = context;
  const text = raw.value;
  if (text.length > limits.maxFilterLength) {
    throw context.fault(
      'filter_too_long',
      `The filter has ${text.length} characters; the limit is ${limits.maxFilterLength}`,
      undefined,
      limits.maxFilterLength,
    );
  }
  if (exceedsJsonDepth(text, jsonDepthBound(context.maxDepth))) throw context.tooDeep(undefined);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw context.fault('invalid_filter_json', `The filter is not valid JSON: ${(error as Error).message}`, undefined);
  }
  context.json = true;
  if (!Array.isArray(parsed)) {
    if (typeof parsed !== 'object' || parsed === null) {
      throw context.fault('invalid_filter_entry', 'The filter must be an array of filter entries or one entry', '');
    }
    return [resolveEntry(parsed, table, 0, context)];
  }
  const nodes: FilterNode[] = new Array<FilterNode>(parsed.length);
  const { path } = context;
  path.push(0);
  for (let index = 0; index < parsed.length; index++) {
    path[0] = index;
    nodes[index] = resolveEntry(parsed[index], table, 0, context);
  }
  path.pop();
  return nodes;
}
