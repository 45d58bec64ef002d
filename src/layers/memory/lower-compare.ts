import type { CompareFieldsNode, CompareNode } from '../../ast/filter-node.js';
import { lowerCasePattern } from '../../ast/like-pattern.js';
import type { ResolvedAttribute, ResolvedType } from '../../schema/resolved-schema.js';
import { isCodeUnitSafe } from './code-point-order.js';
import { compileLikeMatcher } from './like-matcher.js';
import { compileMatch } from './match-words.js';
import type { FilterPlan, ValueTest } from './query-plan.js';
import type { TypeStore } from './store.js';

/**
 * The attribute (or primary key) of a type by name, or a thrown `Error` for a field
 * the schema lacks (the parser never produces one).
 */
export function requireField(type: ResolvedType, field: string): ResolvedAttribute {
  const attribute = field === 'id' ? type.id : type.attributes.get(field);
  if (attribute === undefined) throw new Error(`Unknown field "${field}" of type "${type.name}"`);
  return attribute;
}

/** Lowers a comparison of two fields of one record. */
export function lowerFieldComparison(current: TypeStore, node: CompareFieldsNode, negate: boolean): FilterPlan {
  const attribute = requireField(current.type, node.field);
  const other = requireField(current.type, node.other);
  return {
    kind: 'fields',
    field: node.field,
    other: node.other,
    nullable: attribute.nullable || other.nullable,
    op: node.op,
    codePoint: attribute.kind === 'string' && !current.codeUnitSafe(node.field) && !current.codeUnitSafe(node.other),
    negate,
  };
}

/** Lowers one comparison with a value; `constants` receives the values the plan refers to. */
export function lowerCompare(
  current: TypeStore,
  attribute: ResolvedAttribute,
  node: CompareNode,
  negate: boolean,
  constants: unknown[],
): FilterPlan {
  const field = attribute.name;
  const nullable = attribute.nullable;
  const constant = (value: unknown): number => constants.push(value) - 1;
  // Native `<` is exact when either side has no unit at or above U+D800.
  const codePoint = (value: unknown): boolean =>
    attribute.kind === 'string' && !current.codeUnitSafe(field) && typeof value === 'string' && !isCodeUnitSafe(value);
  const test = (valueTest: ValueTest, negated: boolean): FilterPlan => ({ kind: 'test', field, nullable, test: valueTest, negate: negated });
  switch (node.op) {
    case 'is_':
    case 'isnot':
      return { kind: 'is', field, value: node.value, negate: negate !== (node.op === 'isnot') };
    case 'in_':
    case 'notin_': {
      const negated = node.op === 'notin_';
      if (node.value.length === 0) return { kind: 'const', value: negated !== negate };
      return lowerSetTest(current, field, node.value, negate !== negated, constants);
    }
    case 'between': {
      const [lo, hi] = node.value;
      return test({ kind: 'between', low: constant(lo), high: constant(hi), codePoint: codePoint(lo) || codePoint(hi) }, negate);
    }
    case 'eq':
    case 'ne':
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge': {
      const { op, value } = node;
      if (value === null) return { kind: 'const', value: false };
      return test({ kind: op === 'ne' ? 'eq' : op, constant: constant(value), codePoint: codePoint(value) }, negate !== (op === 'ne'));
    }
    case 'like':
    case 'notlike':
      return test({ kind: 'call', constant: constant(compileLikeMatcher(node.pattern)) }, negate !== (node.op === 'notlike'));
    case 'ilike':
    case 'notilike':
      return {
        kind: 'lowered',
        field,
        nullable,
        matcher: constant(compileLikeMatcher(lowerCasePattern(node.pattern))),
        column: constant(current.lowered(field)),
        negate: negate !== (node.op === 'notilike'),
      };
    case 'match':
      return test({ kind: 'call', constant: constant(compileMatch(node.words)) }, negate);
    case 'startswith':
    case 'endswith':
      return test({ kind: node.op, constant: constant(node.value) }, negate);
  }
}

/**
 * A test of a field against a set of values (`in_`, an `or` of `eq`): two array
 * reads on the field's dictionary codes, or a `Set` lookup on a field with too many
 * distinct values for a dictionary.
 */
export function lowerSetTest(current: TypeStore, field: string, values: readonly unknown[], negate: boolean, constants: unknown[]): FilterPlan {
  const codes = current.codes(field);
  if (codes === null) {
    const nullable = requireField(current.type, field).nullable;
    return { kind: 'test', field, nullable, test: { kind: 'in', constant: constants.push(new Set(values)) - 1 }, negate };
  }
  const members = new Uint8Array(codes.dictionary.size);
  for (const value of values) {
    const code = codes.dictionary.get(value);
    if (code !== undefined) members[code] = 1;
  }
  return { kind: 'member', field, column: constants.push(codes.column) - 1, members: constants.push(members) - 1, negate };
}
