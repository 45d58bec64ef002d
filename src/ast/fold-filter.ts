/**
 * Traversals of a filter tree, typed so that a node kind nobody handles is a
 * compile error: every handler table is a `Record` over `FilterNodeKind`.
 */
import { junctionNode, notNode, relationshipNode } from './filter-factories.js';
import type { FilterNode, FilterNodeKind } from './filter-node.js';

/** The filter node of one kind. */
export type FilterNodeOf<K extends FilterNodeKind> = Extract<FilterNode, { kind: K }>;

/**
 * One handler per node kind. A handler gets the node, the context it is evaluated
 * in, and `fold` to recurse into a child (with the same or another context).
 */
export type FilterFolder<R, C = void> = {
  readonly [K in FilterNodeKind]: (node: FilterNodeOf<K>, context: C, fold: (node: FilterNode, context: C) => R) => R;
};

/**
 * Folds a filter tree into one value through a handler per node kind.
 *
 * @example
 * const size = (node: FilterNode): number => foldFilter(node, {
 *   compare: () => 1, compare_fields: () => 1,
 *   and: (n, _, fold) => n.nodes.reduce((sum, child) => sum + fold(child), 1),
 *   or: (n, _, fold) => n.nodes.reduce((sum, child) => sum + fold(child), 1),
 *   not: (n, _, fold) => 1 + fold(n.node),
 *   any: (n, _, fold) => 1 + fold(n.node),
 *   has: (n, _, fold) => 1 + fold(n.node),
 * });
 */
export function foldFilter<R>(node: FilterNode, folder: FilterFolder<R>): R;
export function foldFilter<R, C>(node: FilterNode, folder: FilterFolder<R, C>, context: C): R;
export function foldFilter<R, C>(node: FilterNode, folder: FilterFolder<R, C>, context?: C): R {
  const fold = (child: FilterNode, childContext: C): R => dispatch(child, folder, childContext, fold);
  return fold(node, context as C);
}

function dispatch<R, C>(node: FilterNode, folder: FilterFolder<R, C>, context: C, fold: (node: FilterNode, context: C) => R): R {
  // `folder[node.kind]` takes the node of that kind; TypeScript cannot correlate the two.
  const handle = folder[node.kind] as (node: FilterNode, context: C, fold: (node: FilterNode, context: C) => R) => R;
  return handle(node, context, fold);
}

/** The structural copy every kind falls back to in `mapFilter`: children mapped, leaves kept. */
function rebuild<C>(): FilterFolder<FilterNode, C> {
  return {
    compare: (node) => node,
    compare_fields: (node) => node,
    and: (node, context, map) => junctionNode('and', node.nodes.map((child) => map(child, context))),
    or: (node, context, map) => junctionNode('or', node.nodes.map((child) => map(child, context))),
    not: (node, context, map) => notNode(map(node.node, context)),
    any: (node, context, map) => relationshipNode('any', node.relationship, map(node.node, context)),
    has: (node, context, map) => relationshipNode('has', node.relationship, map(node.node, context)),
  };
}

/**
 * Rewrites a filter tree into a new frozen tree. Kinds without a handler are copied
 * with their children mapped (leaves are kept as they are).
 *
 * @example
 * // every `any`/`has` restricted to related records in a scope
 * mapFilter(filter, { any: (node, type) => ..., has: (node, type) => ... }, 'person');
 */
export function mapFilter(node: FilterNode, handlers: Partial<FilterFolder<FilterNode>>): FilterNode;
export function mapFilter<C>(node: FilterNode, handlers: Partial<FilterFolder<FilterNode, C>>, context: C): FilterNode;
export function mapFilter<C>(node: FilterNode, handlers: Partial<FilterFolder<FilterNode, C>>, context?: C): FilterNode {
  return foldFilter(node, { ...rebuild<C>(), ...handlers }, context as C);
}
