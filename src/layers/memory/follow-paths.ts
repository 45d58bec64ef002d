import type { FilterNode } from '../../ast/filter-node.js';
import { foldFilter, type FilterFolder } from '../../ast/fold-filter.js';
import type { SortKey } from '../../ast/query-ast.js';

/** Relationship paths as a tree: each relationship followed, and what is followed from its target. */
export type PathTree = Map<string, PathTree>;

const COLLECT: FilterFolder<void, PathTree> = {
  compare: () => undefined,
  compare_fields: () => undefined,
  and: (node, tree, collect) => node.nodes.forEach((child) => collect(child, tree)),
  or: (node, tree, collect) => node.nodes.forEach((child) => collect(child, tree)),
  not: (node, tree, collect) => collect(node.node, tree),
  any: (node, tree, collect) => collect(node.node, branch(tree, node.relationship)),
  has: (node, tree, collect) => collect(node.node, branch(tree, node.relationship)),
};

/**
 * The relationships a filter and a sort follow from the type they apply to
 * (`any`/`has` nodes, dotted sort keys), as a tree: what a fallback must read
 * besides the rows themselves to evaluate them.
 */
export function pathsOf(filter: FilterNode | null, sort: readonly SortKey[]): PathTree {
  const tree: PathTree = new Map();
  if (filter !== null) foldFilter(filter, COLLECT, tree);
  for (const key of sort) key.path.reduce(branch, tree);
  return tree;
}

function branch(tree: PathTree, relationship: string): PathTree {
  let next = tree.get(relationship);
  if (next === undefined) {
    next = new Map();
    tree.set(relationship, next);
  }
  return next;
}
