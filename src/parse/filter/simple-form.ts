import type { FilterNode } from '../../ast/filter-node.js';
import type { RawMember } from '../input/raw-query.js';
import type { TypeTable } from '../schema-tables.js';
import type { FilterContext } from './filter-context.js';
import { resolveComparison } from './resolve-comparison.js';

/**
 * Resolves one simple filter, `filter[<field>]=<value>`: exactly
 * `{name: <field>, op: "eq", val: <value>}` with the text converted to the
 * attribute's declared type, a comma being part of the value, and `rel__field`
 * shortcuts (chains too) rewritten into `any`/`has` nodes.
 */
export function parseSimpleFilter(raw: RawMember, table: TypeTable, context: FilterContext): FilterNode {
  return resolveComparison(table, raw.member, 'eq', { kind: 'text', text: raw.value }, 0, context);
}
