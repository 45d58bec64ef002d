/**
 * Type-level names the typed builder accepts, derived from a schema declared
 * `as const`: which fields take which operators, the dotted sort and include paths,
 * and the fieldsets. With a plain `ResourceSchema` they widen to `string`.
 */
import type { FieldOperator } from '../ast/operators.js';
import type { FieldKind } from '../schema/resolved-schema.js';
import type {
  AttributeName,
  FieldValue,
  FilterableFieldName,
  RelationshipName,
  SortableFieldName,
  TargetOf,
  ToManyName,
  ToOneName,
  TypeName,
} from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';

/**
 * The same union of literal names, resolved into its members, so that a compiler
 * error lists the allowed names (`'"titel"' is not assignable to parameter of type
 * '"id" | "name" | …'`) instead of naming the type alias with the whole schema.
 */
export type Names<U> = (U extends unknown ? [U] : never)[0];

type DefinitionOf<S extends ResourceSchema, T extends string, F extends string> = S['types'][T] extends {
  readonly attributes?: infer A;
}
  ? F extends keyof NonNullable<A>
    ? NonNullable<A>[F]
    : never
  : never;

type RelationshipDefinitionOf<S extends ResourceSchema, T extends string, R extends string> = S['types'][T] extends {
  readonly relationships?: infer Rs;
}
  ? R extends keyof NonNullable<Rs>
    ? NonNullable<Rs>[R]
    : never
  : never;

/**
 * The field kind of `id` or an attribute (`'string' | 'number' | 'boolean' | 'date'`),
 * or every kind when the schema is not literal.
 */
export type FieldKindOf<S extends ResourceSchema, T extends string, F extends string> =
  [NonNullable<FieldValue<S, T, F>>] extends [boolean]
    ? 'boolean'
    : [NonNullable<FieldValue<S, T, F>>] extends [number]
      ? 'number'
      : [NonNullable<FieldValue<S, T, F>>] extends [string]
        ? DefinitionOf<S, T, F> extends { readonly format: 'date' }
          ? 'date'
          : 'string'
        : FieldKind;

/** A filter value that is never `null`: bounds of `between`, items of `in_`, ordering comparisons. */
export type PresentValue<S extends ResourceSchema, T extends string, F extends string> = NonNullable<
  FieldValue<S, T, F>
>;

/** Filterable fields that can be ordered (`lt`, `le`, `gt`, `ge`, `between`): every kind but boolean. */
export type OrderedFieldName<S extends ResourceSchema, T extends string> = {
  [F in FilterableFieldName<S, T>]: Exclude<FieldKindOf<S, T, F>, 'boolean'> extends never ? never : F;
}[FilterableFieldName<S, T>];

/** Filterable string fields: the `like` family, `startswith`, `endswith` and `match` apply to them. */
export type TextFieldName<S extends ResourceSchema, T extends string> = {
  [F in FilterableFieldName<S, T>]: 'string' extends FieldKindOf<S, T, F> ? F : never;
}[FilterableFieldName<S, T>];

/** The value of `is_`/`isnot`: `null`, or `true`/`false` on a boolean field. */
export type IsValue<S extends ResourceSchema, T extends string, F extends string> =
  'boolean' extends FieldKindOf<S, T, F> ? boolean | null : null;

/** Fields another field can be compared with: the filterable fields of the same kind. */
export type ComparableFieldName<S extends ResourceSchema, T extends string, F extends string> = {
  [G in FilterableFieldName<S, T>]: Extract<FieldKindOf<S, T, G>, FieldKindOf<S, T, F>> extends never ? never : G;
}[FilterableFieldName<S, T>];

/** The operators of a field-to-field comparison: `eq`/`ne` for booleans, all six otherwise. */
export type FieldOperatorFor<S extends ResourceSchema, T extends string, F extends string> =
  Exclude<FieldKindOf<S, T, F>, 'boolean'> extends never ? 'eq' | 'ne' : FieldOperator;

/** To-many relationships not marked `filterable: false` (the ones `any` applies to). */
export type FilterableToManyName<S extends ResourceSchema, T extends string> = {
  [R in ToManyName<S, T>]: RelationshipDefinitionOf<S, T, R> extends { readonly filterable: false } ? never : R;
}[ToManyName<S, T>];

/** To-one relationships not marked `filterable: false` (the ones `has` applies to). */
export type FilterableToOneName<S extends ResourceSchema, T extends string> = {
  [R in ToOneName<S, T>]: RelationshipDefinitionOf<S, T, R> extends { readonly filterable: false } ? never : R;
}[ToOneName<S, T>];

/** `Hops[n]` is `n - 1`: the budget left after one more relationship (`never` when none is left). */
type Hops = [never, 0, 1, 2];

/** A sortable field, or a dotted path through at most three to-one relationships to one: `owner.name`. */
export type SortPath<S extends ResourceSchema, T extends string, H extends number = 2> =
  | SortableFieldName<S, T>
  | ([H] extends [never]
      ? never
      : { [R in ToOneName<S, T>]: `${R}.${SortPath<S, TargetOf<S, T, R>, Hops[H]>}` }[ToOneName<S, T>]);

/** A `sort` key: a sort path, descending with a leading `-`. */
export type SortName<S extends ResourceSchema, T extends string> = SortPath<S, T> | `-${SortPath<S, T>}`;

/** An `include` path: relationship names joined with `.`, at most three deep. */
export type IncludeName<S extends ResourceSchema, T extends string, H extends number = 1> = {
  [R in RelationshipName<S, T>]:
    | R
    | ([H] extends [never] ? never : `${R}.${IncludeName<S, TargetOf<S, T, R>, Hops[H]>}`);
}[RelationshipName<S, T>];

/** Sparse fieldsets by type: attribute and relationship names of that type. */
export type FieldsetsInput<S extends ResourceSchema> = {
  readonly [K in TypeName<S>]?: readonly (AttributeName<S, K> | RelationshipName<S, K>)[];
};
