/**
 * Factories for filter nodes, shared by the parser, the typed builder, scopes and
 * other people's data layers. One freeze policy: every node is frozen, and every
 * list in it is frozen (a list already frozen is kept, any other is copied first).
 */
import type { AndNode, FilterNode, NotNode, OrNode } from './filter-node.js';
import type { ComparisonOperator, FieldOperator } from './operators.js';
import type { Scalar } from '../schema/infer.js';
import { tokenizePattern } from './like-pattern.js';
import { matchWords } from './match-words.js';

/** A compare node's value: a scalar or a list of scalars. */
export type NodeValue = Scalar | readonly Scalar[];

/** A frozen list: `list` itself when already frozen, else a frozen copy. */
export function frozenList<T>(list: readonly T[]): readonly T[] {
  return Object.isFrozen(list) ? list : Object.freeze([...list]);
}

/**
 * `{ kind: 'compare', field, op, value }`, frozen, with the value resolved next to
 * it: `like`-family nodes carry `pattern` (its tokens), `match` nodes `words` (its
 * words, each once). The value is not checked against a schema: the parser (or
 * `query(...).build()`) does that.
 *
 * @example
 * compareNode('name', 'eq', 'John');
 */
export function compareNode(field: string, op: ComparisonOperator, value: NodeValue): FilterNode {
  const frozen = Array.isArray(value) ? frozenList(value as readonly Scalar[]) : value;
  // The one place an untyped node becomes a `FilterNode`: the union of typed compare
  // shapes cannot be narrowed from a runtime operator. Each shape is written out (no
  // spread of an optional part), so a node is built in one step.
  if (typeof value === 'string') {
    if (PATTERN_OPERATORS.has(op)) {
      return Object.freeze({ kind: 'compare', field, op, value: frozen, pattern: tokenizePattern(value) }) as FilterNode;
    }
    if (op === 'match') return Object.freeze({ kind: 'compare', field, op, value: frozen, words: matchWords(value) }) as FilterNode;
  }
  return Object.freeze({ kind: 'compare', field, op, value: frozen }) as FilterNode;
}

const PATTERN_OPERATORS: ReadonlySet<ComparisonOperator> = new Set(['like', 'ilike', 'notlike', 'notilike']);

/**
 * `{ kind: 'compare_fields', field, op, other }`, frozen.
 *
 * @example
 * compareFieldsNode('name', 'ne', 'display_name');
 */
export function compareFieldsNode(field: string, op: FieldOperator, other: string): FilterNode {
  return Object.freeze({ kind: 'compare_fields', field, op, other });
}

/**
 * `{ kind: 'and' | 'or', nodes }`, frozen (the list too).
 *
 * @example
 * junctionNode('or', [a, b]);
 */
export function junctionNode(kind: 'and' | 'or', nodes: readonly FilterNode[]): AndNode | OrNode {
  return Object.freeze({ kind, nodes: frozenList(nodes) });
}

/**
 * `{ kind: 'and', nodes }`, frozen (the list too).
 *
 * @example
 * andNode([clientFilter, tenantFilter]);
 */
export function andNode(nodes: readonly FilterNode[]): AndNode {
  return Object.freeze({ kind: 'and', nodes: frozenList(nodes) });
}

/**
 * `{ kind: 'not', node }`, frozen.
 *
 * @example
 * notNode(compareNode('gender', 'eq', 'm'));
 */
export function notNode(node: FilterNode): NotNode {
  return Object.freeze({ kind: 'not', node });
}

/**
 * `{ kind: 'any' | 'has', relationship, node }`, frozen: `any` for a to-many,
 * `has` for a to-one relationship.
 *
 * @example
 * relationshipNode('any', 'computers', compareNode('serial', 'eq', 'X'));
 */
export function relationshipNode(kind: 'any' | 'has', relationship: string, node: FilterNode): FilterNode {
  return Object.freeze({ kind, relationship, node });
}
