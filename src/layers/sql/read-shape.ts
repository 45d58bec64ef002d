/**
 * The shape of a collection read, the key of the statement cache (statement-cache.ts):
 * everything its SQL text follows from — the type, the filter tree with each value
 * replaced by its kind, the sort, the attributes, the keyset window's form, whether it
 * counts and the estimate's bound — and none of its values. `null`, `true` and
 * `false` are part of the shape (they are written as `is null`, or as the engine's
 * boolean constant); strings and numbers are values.
 *
 * Reads whose text or answer depends on a value have no shape and are compiled every
 * time: a pattern comparison (`like`, `ilike`, `startswith`, `endswith`, `match` and
 * their negations: the text follows the pattern's characters on some engines), and a
 * page without a limit (`offset` is written only past 0, and the total is `offset` +
 * rows). Row filters of a policy are part of `filter`, so of the shape.
 */
import type { FilterNode } from '../../ast/filter-node.js';
import type { KeyValue, SortKey } from '../../ast/query-ast.js';
import type { Keyset, ReadRequest } from '../data-layer.js';
import { ParameterSlot, type ShapedRequest } from './statement-cache.js';

/** Ends a name in the key (no name holds NUL), so that every part of the key is self-delimiting. */
const END = '\u0000';

/** Takes a value out of the request: records it and returns the slot that stands in its place. */
type Take = (value: unknown) => ParameterSlot;

/** The comparisons whose SQL text does not depend on their values. */
const VALUE_FREE = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'between', 'in_', 'notin_', 'is_', 'isnot']);

/**
 * The shape of `request`, or `undefined` when its statements depend on a value.
 *
 * @example
 * readShape({ type: 'person', filter: compareNode('name', 'eq', 'Jo7'), sort, offset: 0, limit: 30 })?.values; // ['Jo7', 30, 0]
 * // key: 'person\0' + 'ceq\0name\0s' + sort, attributes, keyset, count; template: the request with slots 0, 1, 2
 */
export function readShape(request: ReadRequest): ShapedRequest<ReadRequest> | undefined {
  if (request.limit === null) return undefined;
  const values: unknown[] = [];
  const shaped = shapeRead(request, (value) => new ParameterSlot(values.push(value) - 1));
  return shaped === undefined ? undefined : { key: shaped.key, values, template: shaped.request };
}

/** The key of `request` and the request with every value replaced by `take(value)`, in one fixed order. */
function shapeRead(request: ReadRequest, take: Take): { key: string; request: ReadRequest } | undefined {
  const filter = request.filter === null ? { key: '-', node: null } : shapeFilter(request.filter, take);
  if (filter === undefined) return undefined;
  const keyset = request.keyset === undefined ? { key: '-', keyset: undefined } : shapeKeyset(request.keyset, take);
  if (keyset === undefined) return undefined;
  const { attributes, withTotal, estimateAbove } = request;
  const key =
    request.type + END +
    filter.key +
    sortKey(request.sort) +
    (attributes === undefined ? '*' : `[${attributes.map((name) => name + END).join('')}]`) +
    keyset.key +
    (withTotal === false ? '0' : '1') +
    (estimateAbove === undefined ? '-' : `e${estimateAbove}${END}`);
  // A slot stands where the compiler only binds the value (read-page.ts compiles `limit ? offset ?`).
  const limit = take(request.limit) as unknown as number;
  const offset = take(request.offset) as unknown as number;
  return {
    key,
    request: {
      ...request,
      filter: filter.node,
      limit,
      offset,
      ...(keyset.keyset === undefined ? {} : { keyset: keyset.keyset }),
    },
  };
}

function sortKey(sort: readonly SortKey[]): string {
  return `(${sort.map((key) => `${key.path.length}${END}${key.path.map((name) => name + END).join('')}${key.field}${END}${key.direction === 'asc' ? 'a' : 'd'}`).join('')})`;
}

/** A value's kind in the key, and its stand-in: `null` and booleans stay (they are shape); `undefined` for any other kind of value. */
function shapeValue(value: unknown, take: Take): { key: string; value: unknown } | undefined {
  if (value === null) return { key: 'n', value };
  if (value === true || value === false) return { key: value ? 't' : 'f', value };
  if (typeof value === 'string') return { key: 's', value: take(value) };
  if (typeof value === 'number') return { key: 'd', value: take(value) };
  return undefined;
}

/** A list of values in the key (`[…]`, its length included) and its stand-ins. */
function shapeList(list: readonly unknown[], take: Take): { key: string; values: unknown[] } | undefined {
  let key = '[';
  const values: unknown[] = [];
  for (const item of list) {
    const shaped = shapeValue(item, take);
    if (shaped === undefined) return undefined;
    key += shaped.key;
    values.push(shaped.value);
  }
  return { key: `${key}]`, values };
}

function shapeKeyset(keyset: Keyset, take: Take): { key: string; keyset: Keyset } | undefined {
  const after = keyset.after === undefined ? undefined : shapeList(keyset.after, take);
  const before = keyset.before === undefined ? undefined : shapeList(keyset.before, take);
  if ((keyset.after !== undefined && after === undefined) || (keyset.before !== undefined && before === undefined)) return undefined;
  return {
    key: `K${after?.key ?? '-'}${before?.key ?? '-'}`,
    keyset: {
      ...(after === undefined ? {} : { after: after.values as KeyValue[] }),
      ...(before === undefined ? {} : { before: before.values as KeyValue[] }),
    },
  };
}

/** A filter tree in the key and with its values taken out; `undefined` when a comparison's text depends on its value. */
function shapeFilter(node: FilterNode, take: Take): { key: string; node: FilterNode } | undefined {
  switch (node.kind) {
    case 'compare': {
      if (!VALUE_FREE.has(node.op)) return undefined;
      const value = Array.isArray(node.value) ? shapeList(node.value, take) : shapeValue(node.value, take);
      if (value === undefined) return undefined;
      const taken = 'values' in value ? value.values : value.value;
      return { key: `c${node.op}${END}${node.field}${END}${value.key}`, node: { ...node, value: taken } as FilterNode };
    }
    case 'compare_fields':
      return { key: `f${node.op}${END}${node.field}${END}${node.other}${END}`, node };
    case 'and':
    case 'or': {
      let key = `${node.kind === 'and' ? 'a' : 'o'}(`;
      const nodes: FilterNode[] = [];
      for (const child of node.nodes) {
        const shaped = shapeFilter(child, take);
        if (shaped === undefined) return undefined;
        key += shaped.key;
        nodes.push(shaped.node);
      }
      return { key: `${key})`, node: { ...node, nodes } };
    }
    case 'not': {
      const shaped = shapeFilter(node.node, take);
      return shaped === undefined ? undefined : { key: `n${shaped.key}`, node: { ...node, node: shaped.node } };
    }
    case 'any':
    case 'has': {
      const shaped = shapeFilter(node.node, take);
      if (shaped === undefined) return undefined;
      return { key: `${node.kind === 'any' ? 'A' : 'H'}${node.relationship}${END}${shaped.key}`, node: { ...node, node: shaped.node } as FilterNode };
    }
  }
}
