import type { FilterNode } from '../../ast/filter-node.js';
import {
  FIELD_OPERATORS,
  OPERATORS,
  OPERATORS_BY_KIND,
  type ComparisonOperator,
  type FieldOperator,
  type Operator,
} from '../../ast/operators.js';
import {
  knownField,
  knownRelationship,
  relationshipOperator,
  supportedNode,
  supportedOperator,
} from '../../rules/filter-rules.js';
import type { FieldKind, ResolvedAttribute, ResolvedRelationship } from '../../schema/resolved-schema.js';
import type { Member, TypeTable } from '../schema-tables.js';
import type { FilterContext } from './filter-context.js';
import { compareFieldsNode, compareNode, relationshipNode } from '../../ast/filter-factories.js';
import { resolveEntry } from './resolve-entry.js';
import { convertSimpleValue } from './simple-value.js';
import { checkValue } from './values.js';
import { splitList } from '../split-list.js';

/** The right-hand side of a comparison: a JSON value, another field, or the text of a simple filter. */
export type Operand =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'text'; readonly text: string };

const KNOWN_OPERATORS: ReadonlySet<string> = new Set(OPERATORS);
const COMPARABLE_FIELDS: ReadonlySet<string> = new Set(FIELD_OPERATORS);
const OPERATORS_OF_KIND: ReadonlyMap<FieldKind, ReadonlySet<string>> = new Map(
  Object.entries(OPERATORS_BY_KIND).map(([kind, operators]) => [kind as FieldKind, new Set<string>(operators)]),
);

/**
 * Resolves `{name, op, val|field}` (or a simple filter) against a type: the name,
 * with `rel__field` shortcuts (chains too) rewritten into `any`/`has` nodes, the
 * operator checked against the field's kind and the data layer's operators, and the
 * value against the attribute's JSON Schema. Relationship names take `any`
 * (to-many) or `has` (to-one) with a nested entry as `val`.
 */
export function resolveComparison(
  table: TypeTable,
  name: string,
  op: string,
  operand: Operand,
  depth: number,
  context: FilterContext,
): FilterNode {
  let current = table;
  let hops: ResolvedRelationship[] | undefined;
  let fieldName = name;
  let member = table.members.get(name);
  // Member names never hold "__" (the schema's name rule), so only a name that is no
  // member can be a `rel__field` path.
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path; a name without "__" splits into itself, with no hops
  if (member === undefined && name.includes('__')) {
    const segments = splitList(name, '__');
    if (segments.includes('')) {
      throw context.fault(knownField.code, knownField.message(current.type.name, name), context.at('/name'));
    }
    checkHops(segments.length - 1, name, context);
    hops = [];
    for (let index = 0; index < segments.length - 1; index++) {
      const segment = segments[index] as string;
      const member = current.members.get(segment);
      if (member?.kind !== 'relationship') {
        throw context.fault(
          knownRelationship.code,
          `${knownRelationship.message(current.type.name, segment)} (in "${name}")`,
          context.at('/name'),
        );
      }
      checkRelationshipFilterable(member.relationship, context);
      checkThrough(member.relationship, name, context);
      hops.push(member.relationship);
      current = member.target;
    }
    fieldName = segments[segments.length - 1] as string;
    member = current.members.get(fieldName);
  }
  if (member === undefined) {
    throw context.fault(knownField.code, knownField.message(current.type.name, fieldName), context.at('/name'));
  }
  const inner = depth + (hops?.length ?? 0);
  context.checkDepth(inner);
  let node =
    member.kind === 'relationship'
      ? resolveRelationshipFilter(member, name, op, operand, inner, context, hops?.length ?? 0)
      : resolveAttributeComparison(current, member.attribute, op, operand, context);
  if (hops !== undefined) {
    for (let index = hops.length - 1; index >= 0; index--) {
      const relationship = hops[index] as ResolvedRelationship;
      context.countNode();
      node = relationshipNode(relationship.toMany ? 'any' : 'has', relationship.name, node);
    }
  }
  return node;
}

function resolveRelationshipFilter(
  member: Extract<Member, { kind: 'relationship' }>,
  name: string,
  op: string,
  operand: Operand,
  depth: number,
  context: FilterContext,
  hops: number,
): FilterNode {
  const { relationship, target } = member;
  checkRelationshipFilterable(relationship, context);
  if (hops > 0) checkHops(hops + 1, name, context);
  const expected = relationshipOperator.of(relationship);
  if (operand.kind === 'text') {
    throw context.fault(
      'operator_not_allowed',
      `"${relationship.name}" is a relationship: filter on one of its fields (filter[${relationship.name}__<field>])`,
      undefined,
    );
  }
  checkOperatorName(op, context);
  if (op !== expected) {
    throw context.fault(relationshipOperator.code, relationshipOperator.message(relationship, op), context.at('/op'));
  }
  checkSupported(expected, context);
  if (!context.evaluates(expected)) {
    throw context.fault(supportedOperator.code, supportedOperator.message(expected), context.at('/op'));
  }
  if (operand.kind === 'field') {
    throw context.fault('invalid_filter_entry', `"${expected}" takes a filter entry as "val", not "field"`, context.at());
  }
  context.checkDepth(depth + 1);
  context.countNode();
  context.path.push('val');
  const nested = resolveEntry(operand.value, target, depth + 1, context);
  context.path.pop();
  return relationshipNode(expected, relationship.name, nested);
}

function resolveAttributeComparison(
  table: TypeTable,
  attribute: ResolvedAttribute,
  op: string,
  operand: Operand,
  context: FilterContext,
): FilterNode {
  if (!attribute.filterable) {
    throw context.fault('field_not_filterable', `The field "${attribute.name}" cannot be filtered on`, context.at('/name'));
  }
  // An operator of the field's kind is a known one; only another is checked for being known.
  if (!(OPERATORS_OF_KIND.get(attribute.kind) as ReadonlySet<string>).has(op)) {
    checkOperatorName(op, context);
    throw context.fault(
      'operator_not_allowed',
      op === 'any' || op === 'has'
        ? `"${op}" applies to ${op === 'any' ? 'to-many' : 'to-one'} relationships; "${attribute.name}" is a field`
        : `The operator "${op}" does not apply to the ${attribute.kind} field "${attribute.name}"`,
      context.at('/op'),
    );
  }
  checkSupported(op as Operator, context);
  if (!context.evaluatesOn(attribute.kind, op as ComparisonOperator)) {
    throw context.fault(
      supportedOperator.code,
      supportedOperator.onField(op, attribute.kind, attribute.name),
      context.at('/op'),
    );
  }
  context.countNode();
  switch (operand.kind) {
    case 'field':
      return resolveFieldComparison(table, attribute, op as ComparisonOperator, operand.name, context);
    case 'value': {
      const value = operand.value;
      // `eq null` is `is_ null`, `ne null` is `isnot null`.
      if (value === null && (op === 'eq' || op === 'ne')) {
        return compareNode(attribute.name, op === 'eq' ? 'is_' : 'isnot', null);
      }
      const checked = checkValue(attribute, op as ComparisonOperator, value, context);
      return compareNode(attribute.name, op as ComparisonOperator, checked);
    }
    case 'text': {
      const value = convertSimpleValue(attribute, operand.text);
      if (value === undefined) {
        throw context.fault(
          'invalid_value',
          `The value ${JSON.stringify(operand.text)} of "${attribute.name}" is not a ${attribute.integer ? 'integer' : attribute.kind}`,
          undefined,
        );
      }
      return compareNode(attribute.name, 'eq', checkValue(attribute, 'eq', value, context));
    }
  }
}

function resolveFieldComparison(
  table: TypeTable,
  attribute: ResolvedAttribute,
  op: ComparisonOperator,
  otherName: string,
  context: FilterContext,
): FilterNode {
  if (!COMPARABLE_FIELDS.has(op)) {
    throw context.fault(
      'operator_not_allowed',
      `Only ${FIELD_OPERATORS.join(', ')} compare two fields, not "${op}"`,
      context.at('/op'),
    );
  }
  if (!context.evaluates('compare_fields')) {
    throw context.fault(supportedNode.code, supportedNode.message('compare_fields'), context.at('/field'));
  }
  const other = table.members.get(otherName);
  if (other?.kind !== 'attribute') {
    throw context.fault(knownField.code, `${knownField.message(table.type.name, otherName)} to compare with`, context.at('/field'));
  }
  if (!other.attribute.filterable) {
    throw context.fault('field_not_filterable', `The field "${otherName}" cannot be filtered on`, context.at('/field'));
  }
  if (other.attribute.kind !== attribute.kind) {
    throw context.fault(
      'incomparable_fields',
      `"${attribute.name}" (${attribute.kind}) cannot be compared with "${otherName}" (${other.attribute.kind})`,
      context.at('/field'),
    );
  }
  return compareFieldsNode(attribute.name, op as FieldOperator, otherName);
}

function checkOperatorName(op: string, context: FilterContext): void {
  if (!KNOWN_OPERATORS.has(op)) {
    throw context.fault('unknown_operator', `Unknown operator ${JSON.stringify(op)}`, context.at('/op'));
  }
}

function checkSupported(op: Operator, context: FilterContext): void {
  if (!supportedOperator.check(op, context.operators)) {
    throw context.fault(supportedOperator.code, supportedOperator.message(op), context.at('/op'));
  }
}

/** A `rel__field` shortcut: the layer must evaluate `any`/`has`; a refusal names the shortcut, not the node. */
function checkThrough(relationship: ResolvedRelationship, name: string, context: FilterContext): void {
  const op = relationshipOperator.of(relationship);
  if (supportedOperator.check(op, context.operators) && context.evaluates(op)) return;
  throw context.fault(supportedOperator.code, supportedNode.through(relationship.name, name), context.at('/name'));
}

function checkRelationshipFilterable(relationship: ResolvedRelationship, context: FilterContext): void {
  if (!relationship.filterable) {
    throw context.fault(
      'field_not_filterable',
      `The relationship "${relationship.name}" cannot be filtered on`,
      context.at('/name'),
    );
  }
}

function checkHops(hops: number, name: string, context: FilterContext): void {
  if (hops > context.limits.maxPathHops) {
    throw context.fault(
      'path_too_long',
      `The filter path "${name}" follows ${hops} relationships; the limit is ${context.limits.maxPathHops}`,
      context.at('/name'),
      context.limits.maxPathHops,
    );
  }
}
