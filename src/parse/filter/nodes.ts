/**
 * Factories for frozen filter nodes. Internally the parser builds untyped nodes;
 * `parseQuery` gives them the schema's types.
 */
import type { FilterNode } from '../../ast/filter-node.js';
import type { ComparisonOperator, FieldOperator } from '../../ast/operators.js';
import type { Scalar } from '../../schema/infer.js';

/** A compare node's value: a scalar or a frozen list. */
export type NodeValue = Scalar | readonly Scalar[];

/**
 * `{ kind: 'compare', field, op, value }`, frozen.
 *
 * @example
 * compareNode('name', 'eq', 'John');
 */
export function compareNode(field: string, op: ComparisonOperator, value: NodeValue): FilterNode {
  return Object.freeze({ kind: 'compare', field, op, value }) as FilterNode;
}

/**
 * `{ kind: 'compare_fields', field, op, other }`, frozen.
 *
 * @example
 * compareFieldsNode('name', 'ne', 'display_name');
 */
export function compareFieldsNode(field: string, op: FieldOperator, other: string): FilterNode {
  return Object.freeze({ kind: 'compare_fields', field, op, other }) as FilterNode;
}

/**
 * `{ kind: 'and' | 'or', nodes }`, frozen (the list too).
 *
 * @example
 * junctionNode('or', [a, b]);
 */
export function junctionNode(kind: 'and' | 'or', nodes: FilterNode[]): FilterNode {
  return Object.freeze({ kind, nodes: Object.freeze(nodes) }) as FilterNode;
}

/**
 * `{ kind: 'not', node }`, frozen.
 *
 * @example
 * notNode(compareNode('gender', 'eq', 'm'));
 */
export function notNode(node: FilterNode): FilterNode {
  return Object.freeze({ kind: 'not', node }) as FilterNode;
}

/**
 * `{ kind: 'any' | 'has', relationship, node }`, frozen.
 *
 * @example
 * relationshipNode('any', 'computers', compareNode('serial', 'eq', 'X'));
 */
export function relationshipNode(kind: 'any' | 'has', relationship: string, node: FilterNode): FilterNode {
  return Object.freeze({ kind, relationship, node }) as FilterNode;
}
