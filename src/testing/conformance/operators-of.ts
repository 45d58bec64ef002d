import type { FilterNode } from '../../ast/filter-node.js';
import type { Operator } from '../../ast/operators.js';

/**
 * The operators a filter uses, each once, in the order met (depth first).
 *
 * @example
 * operatorsOf({ kind: 'any', relationship: 'books', node: { kind: 'compare', field: 'title', op: 'like', value: 'Go%' } });
 * // ['any', 'like']
 */
export function operatorsOf(filter: FilterNode | null): Operator[] {
  const found = new Set<Operator>();
  const stack: FilterNode[] = filter === null ? [] : [filter];
  while (stack.length > 0) {
    const node = stack.pop() as FilterNode;
    switch (node.kind) {
      case 'compare':
      case 'compare_fields':
        found.add(node.op);
        break;
      case 'and':
      case 'or':
        for (let index = node.nodes.length - 1; index >= 0; index -= 1) stack.push(node.nodes[index] as FilterNode);
        break;
      case 'not':
        stack.push(node.node);
        break;
      case 'any':
      case 'has':
        found.add(node.kind);
        stack.push(node.node as FilterNode);
        break;
    }
  }
  return [...found];
}
