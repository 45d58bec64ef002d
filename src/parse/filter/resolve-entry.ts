import type { FilterNode } from '../../ast/filter-node.js';
import type { TypeTable } from '../schema-tables.js';
import { supportedNode } from '../../rules/filter-rules.js';
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
 */
export function resolveEntry(entry: unknown, table: TypeTable, depth: number, context: FilterContext): FilterNode {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw context.fault('invalid_filter_entry', 'A filter entry must be a JSON object', context.at());
  }
  const keys = readEntryKeys(entry as Readonly<Record<string, unknown>>, context);
  return keys.booleanKey === undefined
    ? resolveComparisonEntry(keys, table, depth, context)
    : resolveBooleanEntry(keys, keys.booleanKey, table, depth, context);
}

/** The members of one filter entry, read by name; `has*` says whether a member is present (whatever its value). */
interface EntryKeys {
  name?: unknown;
  op?: unknown;
  val?: unknown;
  field?: unknown;
  hasName: boolean;
  hasOp: boolean;
  hasVal: boolean;
  hasField: boolean;
  booleanKey: 'and' | 'or' | 'not' | undefined;
  junction?: unknown;
}

/** Reads the keys of an entry; an unknown key or two boolean keys is an `invalid_filter_entry`. */
function readEntryKeys(record: Readonly<Record<string, unknown>>, context: FilterContext): EntryKeys {
  // Every member is set here, so every entry's keys have one shape, whatever order the entry lists them in.
  // Stryker disable next-line ObjectLiteral: a member left out reads as undefined, as falsy as the value it starts with
  const keys: EntryKeys = {
    name: undefined,
    op: undefined,
    val: undefined,
    field: undefined,
    hasName: false,
    hasOp: false,
    hasVal: false,
    hasField: false,
    booleanKey: undefined,
    junction: undefined,
  };
  for (const key of Object.keys(record)) {
    switch (key) {
      case 'name':
        keys.hasName = true;
        keys.name = record[key];
        break;
      case 'op':
        keys.hasOp = true;
        keys.op = record[key];
        break;
      case 'val':
        keys.hasVal = true;
        keys.val = record[key];
        break;
      case 'field':
        keys.hasField = true;
        keys.field = record[key];
        break;
      case 'and':
      case 'or':
      case 'not':
        if (keys.booleanKey !== undefined) {
          throw context.fault(
            'invalid_filter_entry',
            `A filter entry has one boolean key, not both "${keys.booleanKey}" and "${key}"`,
            context.at(),
          );
        }
        keys.booleanKey = key;
        keys.junction = record[key];
        break;
      default:
        throw context.fault(
          'invalid_filter_entry',
          `Unknown key ${JSON.stringify(key)} in a filter entry (expected name/op/val/field, and, or, not)`,
          context.at(),
        );
    }
  }
  return keys;
}

/** `{and:[…]}`, `{or:[…]}` or `{not:{…}}`, its entries resolved one level deeper. */
function resolveBooleanEntry(
  keys: EntryKeys,
  booleanKey: 'and' | 'or' | 'not',
  table: TypeTable,
  depth: number,
  context: FilterContext,
): FilterNode {
  if (keys.hasName || keys.hasOp || keys.hasVal || keys.hasField) {
    throw context.fault(
      'invalid_filter_entry',
      `A filter entry with "${booleanKey}" cannot also have name, op, val or field`,
      context.at(),
    );
  }
  if (!context.evaluates(booleanKey)) {
    throw context.fault(supportedNode.code, supportedNode.message(booleanKey), context.at(`/${booleanKey}`));
  }
  context.checkDepth(depth + 1);
  context.countNode();
  const { path } = context;
  const { junction } = keys;
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
    throw context.fault('invalid_filter_entry', `"${booleanKey}" takes an array of filter entries`, context.at(`/${booleanKey}`));
  }
  // Stryker disable next-line ArrayDeclaration: the length is a preallocation; the loop below fills every slot
  const nodes: FilterNode[] = new Array<FilterNode>(junction.length);
  path.push(booleanKey, 0);
  for (let index = 0; index < junction.length; index++) {
    path[path.length - 1] = index;
    nodes[index] = resolveEntry(junction[index], table, depth + 1, context);
  }
  // Two pops: setting an array's length is a call into the runtime.
  path.pop();
  path.pop();
  // The list is this parse's own: frozen in place, not copied.
  return junctionNode(booleanKey, Object.freeze(nodes));
}

/** `{name, op, val}` or `{name, op, field}`: the members checked, then the comparison resolved. */
function resolveComparisonEntry(keys: EntryKeys, table: TypeTable, depth: number, context: FilterContext): FilterNode {
  const { name, op, field, hasName, hasOp, hasVal, hasField } = keys;
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
  const operand = hasField ? { kind: 'field' as const, name: field as string } : { kind: 'value' as const, value: keys.val };
  return resolveComparison(table, name, op, operand, depth, context);
}
