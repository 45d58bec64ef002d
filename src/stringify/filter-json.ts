import type { FilterNode } from '../ast/filter-node.js';
import { foldFilter, type FilterFolder } from '../ast/fold-filter.js';

/** One entry of the JSON filter form, as `JSON.stringify` writes it. */
export type FilterEntry =
  | { readonly name: string; readonly op: string; readonly val: unknown }
  | { readonly name: string; readonly op: string; readonly field: string }
  | { readonly and: readonly FilterEntry[] }
  | { readonly or: readonly FilterEntry[] }
  | { readonly not: FilterEntry };

const TO_ENTRY: FilterFolder<FilterEntry> = {
  compare: (node) => ({ name: node.field, op: node.op, val: node.value }),
  compare_fields: (node) => ({ name: node.field, op: node.op, field: node.other }),
  and: (node, _, entry) => ({ and: node.nodes.map((child) => entry(child)) }),
  or: (node, _, entry) => ({ or: node.nodes.map((child) => entry(child)) }),
  not: (node, _, entry) => ({ not: entry(node.node) }),
  any: (node, _, entry) => ({ name: node.relationship, op: 'any', val: entry(node.node) }),
  has: (node, _, entry) => ({ name: node.relationship, op: 'has', val: entry(node.node) }),
};

/**
 * The JSON filter entry of a filter node: `compare` → `{"name","op","val"}`,
 * `compare_fields` → `{"name","op","field"}`, `and`/`or`/`not` → the boolean keys,
 * `any`/`has` → `{"name":<relationship>,"op":"any"|"has","val":<entry>}`.
 */
export function filterEntry(node: FilterNode): FilterEntry {
  return foldFilter(node, TO_ENTRY);
}

/**
 * The `filter` parameter value of a filter tree: a compact JSON array of entries.
 * The parser ANDs several top-level entries into one `and` node and keeps a single
 * entry as itself, so an `and` node of two or more children is written as its
 * children, and every other node as a one-entry array.
 *
 * @example
 * filterJson({ kind: 'and', nodes: [a, b] }); // '[<a>,<b>]'
 * filterJson({ kind: 'compare', field: 'name', op: 'eq', value: 'John' });
 * // '[{"name":"name","op":"eq","val":"John"}]'
 */
export function filterJson(node: FilterNode): string {
  const entries = node.kind === 'and' && node.nodes.length >= 2 ? node.nodes.map(filterEntry) : [filterEntry(node)];
  return JSON.stringify(entries);
}
