/**
 * What the names and operators of a query must respect about the schema and the data
 * layer, each rule with its error code and its message: the parser (a client's
 * filter, sort or include, a 400) and the handler's scope filters (a server's filter,
 * a `ScopeError` at start-up) read the same rules.
 */
import type { Operator } from '../ast/operators.js';
import type { ResolvedRelationship } from '../schema/resolved-schema.js';

/** A field is `id` or a member of the type it is read on. */
export const knownField = Object.freeze({
  code: 'unknown_field',
  message: (type: string, name: string): string => `Type "${type}" has no field "${name}"`,
});

/** A relationship in a filter is one the type declares. */
export const knownRelationship = Object.freeze({
  code: 'unknown_relationship',
  message: (type: string, name: string): string => `Type "${type}" has no relationship "${name}"`,
});

/** A to-many relationship is filtered with `any`, a to-one with `has`. */
export const relationshipOperator = Object.freeze({
  code: 'operator_not_allowed',
  of: (relationship: ResolvedRelationship): 'any' | 'has' => (relationship.toMany ? 'any' : 'has'),
  message: (relationship: ResolvedRelationship, op: string): string =>
    `"${op}" does not apply to the ${relationship.toMany ? 'to-many' : 'to-one'} relationship "${relationship.owner}.${relationship.name}"`,
});

/** Every operator of a filter is one the data layer evaluates (`undefined`: every operator). */
export const supportedOperator = Object.freeze({
  code: 'operator_not_supported',
  check: (op: Operator, operators: ReadonlySet<Operator> | undefined): boolean => operators === undefined || operators.has(op),
  message: (op: string): string => `The data layer does not support the operator "${op}"`,
  onField: (op: string, kind: string, field: string): string =>
    `The data layer does not support the operator "${op}" on the ${kind} field "${field}"`,
});

/**
 * Every node kind of a filter (`and`, `or`, `not`, a field compared with a field) is
 * one the data layer evaluates; a relationship shortcut it does not follow is an
 * `operator_not_supported` (`any`/`has` are operators) worded with `through`, naming
 * the shortcut as written.
 */
export const supportedNode = Object.freeze({
  code: 'filter_not_supported',
  message: (kind: 'and' | 'or' | 'not' | 'compare_fields'): string =>
    kind === 'compare_fields'
      ? 'The data layer does not compare a field with another field'
      : `The data layer does not evaluate "${kind}"${kind === 'and' ? ' (several filters at once)' : ''}`,
  through: (relationship: string, name: string): string =>
    name === relationship
      ? `The data layer does not filter through the relationship "${relationship}"`
      : `The data layer does not filter through the relationship "${relationship}" (in "${name}")`,
});
