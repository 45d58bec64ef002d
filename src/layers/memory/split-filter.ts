import { andNode } from '../../ast/filter-factories.js';
import type { FilterNode } from '../../ast/filter-node.js';

/** A filter cut in two: what a layer evaluates, and the rest, ANDed. */
export interface SplitFilter {
  readonly pushed: FilterNode | null;
  readonly residual: FilterNode | null;
}

/**
 * Splits a filter into the part a layer evaluates (`pushed`) and the rest
 * (`residual`), so that a row matches the filter exactly when it matches both: the
 * whole filter when the layer evaluates it; else, for an `and`, the children it
 * evaluates (only one of them when it evaluates no `and`) and the others; else nothing.
 */
export function splitFilter(filter: FilterNode | null, evaluates: (node: FilterNode) => boolean, joins: boolean): SplitFilter {
  if (filter === null || evaluates(filter)) return { pushed: filter, residual: null };
  if (filter.kind !== 'and') return { pushed: null, residual: filter };
  const pushed: FilterNode[] = [];
  const residual: FilterNode[] = [];
  for (const node of filter.nodes) {
    if ((joins || pushed.length === 0) && evaluates(node)) pushed.push(node);
    else residual.push(node);
  }
  return { pushed: joined(pushed), residual: joined(residual) };
}

function joined(nodes: readonly FilterNode[]): FilterNode | null {
  if (nodes.length <= 1) return nodes[0] ?? null;
  return andNode(nodes);
}
