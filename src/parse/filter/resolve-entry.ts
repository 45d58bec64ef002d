import type { FilterNode } from '../../ast/filter-node.js';
import type { TypeTable } from '../schema-tables.js';
import type { FilterContext } from './filter-context.js';
import { junctionNode, notNode } from '../../ast/filter-factories.js';
import { resolveComparison } from './resolve-comparison.js';

/**
 * Resolves one entry of the JSON filter form against a type: exactly one of a
 * comparison (`name`, `op`, and one of `val`/`field`), `{and:[...]}`, `{or:[...]}`
 * or `{not:{...}}`. Any other key (`__proto__` included: keys are read from
 * `Object.keys` and matched by name, never looked up), a missing key, or boolean
 * and comparison keys together is an `invalid_filter_entry` pointing at the entry.
 * Recursion is bounded: the depth scan ran before `JSON.parse`, and `depth` is
 * checked against `maxFilterDepth` at every level. `context.path` locates the
 * entry for error pointers.
 *
 * @example
 * resolveEntry({ or: [{ name: 'name', op: 'eq', val: 'A' }] }, person, 0, context);
 */
export function resolveEntry(entry: unknown, table: TypeTable, depth: number, context: FilterContext): FilterNode {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw context.fault('invalid_filter_entry', 'A filter entry must be a JSON object', context.at());
  }
  const record = entry as Readonly<Record<string, unknown>>;
  let name: unknown;
  let op: unknown;
  let val: unknown;
  let field: unknown;
  let junction: unknown;
  let hasName = false;
  let hasOp = false;
  let hasVal = false;
  let hasField = false;
  let booleanKey: 'and' | 'or' | 'not' | undefined;
  for (const key of Object.keys(record)) {
    switch (key) {
      case 'name':
        hasName = true;
        name = record[key];
        break;
      case 'op':
        hasOp = true;
        op = record[key];
        break;
      case 'val':
        hasVal = true;
        val = record[key];
        break;
      case 'field':
        hasField = true;
        field = record[key];
        break;
      case 'and':
      case 'or':
      case 'not':
        if (booleanKey !== undefined) {
          throw context.fault(
            'invalid_filter_entry',
            `A filter entry has one boolean key, not both "${booleanKey}" and "${key}"`,
            context.at(),
          );
        }
        booleanKey = key;
        junction = record[key];
        break;
      default:
        throw context.fault(
          'invalid_filter_entry',
          `Unknown key ${JSON.stringify(key)} in a filter entry (expected name/op/val/field, and, or, not)`,
          context.at(),
        );
    }
  }
  if (booleanKey !== undefined) {
    if (hasName || hasOp || hasVal || hasField) {
      throw context.fault(
        'invalid_filter_entry',
        `A filter entry with "${booleanKey}" cannot also have name, op, val or field`,
        context.at(),
      );
    }
    context.checkDepth(depth + 1);
    context.countNode();
    const { path } = context;
    if (booleanKey === 'not') {
      if (Array.isArray(junction)) {
        throw context.fault('invalid_filter_entry', '"not" takes one filter entry, not an array', context.at('/not'));
      }
      path.push('not');
      const node = notNode(resolveEntry(junction, table, depth + 1, context));
      path.pop();
      return node;
    }
    if (!Array.isArray(junction)) {
      throw context.fault(
        'invalid_filter_entry',
        `"${booleanKey}" takes an array of filter entries`,
        context.at(`/${booleanKey}`),
      );
    }
    const nodes: FilterNode[] = new Array<FilterNode>(junction.length);
    path.push(booleanKey, 0);
    for (let index = 0; index < junction.length; index++) {
      path[path.length - 1] = index;
      nodes[index] = resolveEntry(junction[index], table, depth + 1, context);
    }
    path.length -= 2;
    return junctionNode(booleanKey, nodes);
  }
  if (!hasName || !hasOp) {
    throw context.fault(
      'invalid_filter_entry',
      hasName || hasOp || hasVal || hasField
        ? `A filter entry needs both "name" and "op"`
        : 'An empty filter entry (expected name/op/val, and, or, not)',
      context.at(),
    );
  }
  if (typeof name !== 'string') {
    throw context.fault('invalid_filter_entry', '"name" must be a string', context.at('/name'));
  }
  if (typeof op !== 'string') {
    throw context.fault('invalid_filter_entry', '"op" must be a string', context.at('/op'));
  }
  if (hasVal === hasField) {
    throw context.fault(
      'invalid_filter_entry',
      hasVal ? 'A filter entry has "val" or "field", not both' : 'A filter entry needs "val" or "field"',
      context.at(),
    );
  }
  if (hasField && typeof field !== 'string') {
    throw context.fault('invalid_filter_entry', '"field" must be a string', context.at('/field'));
  }
  return resolveComparison(
    table,
    name,
    op,
    hasField ? { kind: 'field', name: field as string } : { kind: 'value', value: val },
    depth,
    context,
  );
}
