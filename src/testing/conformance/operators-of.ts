import type { FilterNode } from '../../ast/filter-node.js';
import { foldFilter, type FilterFolder } from '../../ast/fold-filter.js';
import type { Operator } from '../../ast/operators.js';

/** Adds the operators of a node (depth first) to the set it is given. */
const COLLECT: FilterFolder<void, Set<Operator>> = {
  compare: (node, found) => void found.add(node.op),
  compare_fields: (node, found) => void found.add(node.op),
  and: (node, found, collect) => node.nodes.forEach((child) => collect(child, found)),
  or: (node, found, collect) => node.nodes.forEach((child) => collect(child, found)),
  not: (node, found, collect) => collect(node.node, found),
  any: (node, found, collect) => collect(node.node, found.add('any')),
  has: (node, found, collect) => collect(node.node, found.add('has')),
};

/** The operators a filter uses, each once, in the order met (depth first). */
export function operatorsOf(filter: FilterNode | null): Operator[] {
  const found = new Set<Operator>();
  if (filter !== null) foldFilter(filter, COLLECT, found);
  return [...found];
}
