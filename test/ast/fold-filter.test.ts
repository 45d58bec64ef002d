/**
 * `foldFilter` and `mapFilter` (docs/api.md): a handler per node kind, the context
 * handed down, and `mapFilter`'s structural copy of every kind left without a handler.
 */
import { describe, expect, it } from 'vitest';
import { compareFieldsNode, compareNode, foldFilter, mapFilter, type FilterFolder, type FilterNode } from '../../src/index.js';

/** One node of every kind: compare and compare_fields leaves under and, or, not, any and has. */
function everyKind(): FilterNode {
  return {
    kind: 'and',
    nodes: [
      compareNode('name', 'eq', 'Ann'),
      { kind: 'or', nodes: [compareFieldsNode('name', 'ne', 'nick'), { kind: 'not', node: compareNode('age', 'lt', 3) }] },
      { kind: 'any', relationship: 'pets', node: compareNode('species', 'eq', 'cat') },
      { kind: 'has', relationship: 'manager', node: compareNode('name', 'eq', 'Bob') },
    ],
  };
}

/** A fold naming each node with its depth, the depth passed down as the context. */
const names: FilterFolder<string, number> = {
  compare: (node, depth) => `${depth}:${node.field} ${node.op}`,
  compare_fields: (node, depth) => `${depth}:${node.field} ${node.op} ${node.other}`,
  and: (node, depth, fold) => `${depth}:and(${node.nodes.map((child) => fold(child, depth + 1)).join(', ')})`,
  or: (node, depth, fold) => `${depth}:or(${node.nodes.map((child) => fold(child, depth + 1)).join(', ')})`,
  not: (node, depth, fold) => `${depth}:not(${fold(node.node, depth + 1)})`,
  any: (node, depth, fold) => `${depth}:any ${node.relationship}(${fold(node.node, depth + 1)})`,
  has: (node, depth, fold) => `${depth}:has ${node.relationship}(${fold(node.node, depth + 1)})`,
};

describe('foldFilter', () => {
  it('calls the handler of each kind, with the context each parent passes', () => {
    expect(foldFilter(everyKind(), names, 0)).toBe(
      '0:and(1:name eq, 1:or(2:name ne nick, 2:not(3:age lt)), 1:any pets(2:species eq), 1:has manager(2:name eq))',
    );
  });
});

describe('mapFilter', () => {
  it('copies every kind without a handler: an equal, frozen tree, leaves kept as they are', () => {
    const filter = everyKind();
    const copy = mapFilter(filter, {});
    expect(copy).toEqual(filter);
    expect(copy).not.toBe(filter);
    expect(Object.isFrozen(copy)).toBe(true);
    if (copy.kind !== 'and' || filter.kind !== 'and') throw new Error('an and node');
    expect(Object.isFrozen(copy.nodes)).toBe(true);
    expect(copy.nodes[0]).toBe(filter.nodes[0]);
  });

  it('rewrites the kinds it has handlers for, under parents of every kind, with the context', () => {
    const rename = mapFilter(
      everyKind(),
      {
        compare: (node, suffix) => compareNode(`${node.field}${suffix}`, 'eq', 0),
        compare_fields: (node, suffix) => compareFieldsNode(node.field, 'eq', `${node.other}${suffix}`),
      },
      '_x',
    );
    expect(foldFilter(rename, names, 0)).toBe(
      '0:and(1:name_x eq, 1:or(2:name eq nick_x, 2:not(3:age_x eq)), 1:any pets(2:species_x eq), 1:has manager(2:name_x eq))',
    );
  });
});
