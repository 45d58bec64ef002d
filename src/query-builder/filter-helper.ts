import { compareFieldsNode, compareNode, junctionNode, notNode, relationshipNode } from '../ast/filter-factories.js';
import type { FilterNode } from '../ast/filter-node.js';
import type { ComparisonOperator } from '../ast/operators.js';
import type { FieldValue, FilterableFieldName, Scalar, TargetOf } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import type {
  ComparableFieldName,
  FieldOperatorFor,
  FilterableToManyName,
  FilterableToOneName,
  IsValue,
  Names,
  OrderedFieldName,
  PresentValue,
  TextFieldName,
} from './typed-names.js';

/**
 * Typed factories for the filter nodes of type `T`: field names, operators and
 * values are checked against the schema at compile time (`birth_date` only takes a
 * string or `null`, `any` only a to-many relationship, `like` only a string field).
 * Nodes come out in the canonical form the parser produces (`eq null` is `is_ null`).
 */
export interface FilterHelper<S extends ResourceSchema, T extends string> {
  /** `{"name":field,"op":"eq","val":value}`; `null` gives `is_ null`. */
  eq<F extends Names<FilterableFieldName<S, T>>>(field: F, value: FieldValue<S, T, F>): FilterNode<S, T>;
  /** `{"name":field,"op":"ne","val":value}`; `null` gives `isnot null`. */
  ne<F extends Names<FilterableFieldName<S, T>>>(field: F, value: FieldValue<S, T, F>): FilterNode<S, T>;
  lt<F extends Names<OrderedFieldName<S, T>>>(field: F, value: PresentValue<S, T, F>): FilterNode<S, T>;
  le<F extends Names<OrderedFieldName<S, T>>>(field: F, value: PresentValue<S, T, F>): FilterNode<S, T>;
  gt<F extends Names<OrderedFieldName<S, T>>>(field: F, value: PresentValue<S, T, F>): FilterNode<S, T>;
  ge<F extends Names<OrderedFieldName<S, T>>>(field: F, value: PresentValue<S, T, F>): FilterNode<S, T>;
  /** Inclusive at both ends. */
  between<F extends Names<OrderedFieldName<S, T>>>(
    field: F,
    bounds: readonly [PresentValue<S, T, F>, PresentValue<S, T, F>],
  ): FilterNode<S, T>;
  /** `in_`; an empty list matches nothing. */
  in<F extends Names<FilterableFieldName<S, T>>>(field: F, values: readonly PresentValue<S, T, F>[]): FilterNode<S, T>;
  /** `notin_`; an empty list matches every record, a null field never. */
  notin<F extends Names<FilterableFieldName<S, T>>>(field: F, values: readonly PresentValue<S, T, F>[]): FilterNode<S, T>;
  /** `is_`: `null`, or `true`/`false` on a boolean field. */
  is<F extends Names<FilterableFieldName<S, T>>>(field: F, value: IsValue<S, T, F>): FilterNode<S, T>;
  isnot<F extends Names<FilterableFieldName<S, T>>>(field: F, value: IsValue<S, T, F>): FilterNode<S, T>;
  /** A pattern with `%`, `_` and `\` escapes, case-sensitive. */
  like<F extends Names<TextFieldName<S, T>>>(field: F, pattern: string): FilterNode<S, T>;
  ilike<F extends Names<TextFieldName<S, T>>>(field: F, pattern: string): FilterNode<S, T>;
  notlike<F extends Names<TextFieldName<S, T>>>(field: F, pattern: string): FilterNode<S, T>;
  notilike<F extends Names<TextFieldName<S, T>>>(field: F, pattern: string): FilterNode<S, T>;
  /** A literal prefix, case-sensitive. */
  startswith<F extends Names<TextFieldName<S, T>>>(field: F, prefix: string): FilterNode<S, T>;
  /** A literal suffix, case-sensitive. */
  endswith<F extends Names<TextFieldName<S, T>>>(field: F, suffix: string): FilterNode<S, T>;
  /** Every word of `words` is a whole word of the field, ignoring case. */
  match<F extends Names<TextFieldName<S, T>>>(field: F, words: string): FilterNode<S, T>;
  /** `{"name":field,"op":op,"field":other}`: two fields of the same kind. */
  compareFields<F extends Names<FilterableFieldName<S, T>>>(
    field: F,
    op: Names<FieldOperatorFor<S, T, F>>,
    other: Names<ComparableFieldName<S, T, F>>,
  ): FilterNode<S, T>;
  /** All hold; no node is true. */
  and(...nodes: readonly FilterNode<S, T>[]): FilterNode<S, T>;
  /** At least one holds; no node is false. */
  or(...nodes: readonly FilterNode<S, T>[]): FilterNode<S, T>;
  /** The node does not hold (unknown stays unknown). */
  not(node: FilterNode<S, T>): FilterNode<S, T>;
  /** At least one related record of a to-many relationship matches. */
  any<R extends Names<FilterableToManyName<S, T>>>(
    relationship: R,
    build: (f: FilterHelper<S, TargetOf<S, T, R>>) => FilterNode<S, TargetOf<S, T, R>>,
  ): FilterNode<S, T>;
  /** The related record of a to-one relationship exists and matches. */
  has<R extends Names<FilterableToOneName<S, T>>>(
    relationship: R,
    build: (f: FilterHelper<S, TargetOf<S, T, R>>) => FilterNode<S, TargetOf<S, T, R>>,
  ): FilterNode<S, T>;
}

const scalar = (op: ComparisonOperator) => (field: string, value: Scalar) => compareNode(field, op, value);
const list = (op: ComparisonOperator) => (field: string, values: readonly Scalar[]) => compareNode(field, op, values);
const relationship =
  (kind: 'any' | 'has') => (name: string, build: (f: FilterHelper<ResourceSchema, string>) => FilterNode) =>
    relationshipNode(kind, name, build(untypedHelper));

/**
 * One helper serves every type: the type parameters only narrow what the compiler
 * accepts. `satisfies` makes a factory missing from the interface a compile error.
 */
const untypedHelper = Object.freeze({
  eq: (field: string, value: Scalar) => compareNode(field, value === null ? 'is_' : 'eq', value),
  ne: (field: string, value: Scalar) => compareNode(field, value === null ? 'isnot' : 'ne', value),
  lt: scalar('lt'),
  le: scalar('le'),
  gt: scalar('gt'),
  ge: scalar('ge'),
  between: list('between'),
  in: list('in_'),
  notin: list('notin_'),
  is: scalar('is_'),
  isnot: scalar('isnot'),
  like: scalar('like'),
  ilike: scalar('ilike'),
  notlike: scalar('notlike'),
  notilike: scalar('notilike'),
  startswith: scalar('startswith'),
  endswith: scalar('endswith'),
  match: scalar('match'),
  compareFields: compareFieldsNode,
  and: (...nodes: readonly FilterNode[]) => junctionNode('and', nodes),
  or: (...nodes: readonly FilterNode[]) => junctionNode('or', nodes),
  not: notNode,
  any: relationship('any'),
  has: relationship('has'),
} satisfies Record<keyof FilterHelper<ResourceSchema, string>, (...args: never[]) => FilterNode>) as unknown as FilterHelper<
  ResourceSchema,
  string
>;

/**
 * The typed filter factories for one resource type of a schema declared `as const`.
 * Names are checked when the query is built (`query(...).build()` validates the
 * whole AST with the parser).
 *
 * @example
 * const f = filterHelper(exampleSchema, 'person');
 * const node = f.or(
 *   f.ilike('name', '%jo%'),
 *   f.any('computers', (c) => c.startswith('serial', 'SN')),
 * );
 */
export function filterHelper<S extends ResourceSchema, T extends string>(
  _schema: S,
  _type: T,
): FilterHelper<S, T> {
  return untypedHelper as unknown as FilterHelper<S, T>;
}
