/**
 * Type-level views of a schema declared `as const`: names and value types of
 * attributes and relationships. With a plain (non-literal) `ResourceSchema` they
 * widen to `string` and to any scalar, so untyped code keeps working.
 */
import type { ResourceSchema } from './schema.js';

/** A JSON scalar as it appears in filter values and records. */
export type Scalar = string | number | boolean | null;

/** The names of the resource types of a schema. */
export type TypeName<S extends ResourceSchema> = Extract<keyof S['types'], string>;

type TypeDefinitionOf<S extends ResourceSchema, T extends string> = T extends keyof S['types']
  ? S['types'][T]
  : never;

type AttributesOf<S extends ResourceSchema, T extends string> =
  TypeDefinitionOf<S, T> extends { readonly attributes?: infer A } ? NonNullable<A> : never;

type RelationshipsOf<S extends ResourceSchema, T extends string> =
  TypeDefinitionOf<S, T> extends { readonly relationships?: infer R } ? NonNullable<R> : never;

/** Attribute names of a type (without `id`). */
export type AttributeName<S extends ResourceSchema, T extends string> = Extract<keyof AttributesOf<S, T>, string>;

/** Names usable in `filter`: attributes not marked `filterable: false`, and `id`. */
export type FilterableFieldName<S extends ResourceSchema, T extends string> =
  | 'id'
  | {
      [A in AttributeName<S, T>]: AttributesOf<S, T>[A] extends { readonly filterable: false } ? never : A;
    }[AttributeName<S, T>];

/** Names usable in `sort`: attributes not marked `sortable: false`, and `id`. */
export type SortableFieldName<S extends ResourceSchema, T extends string> =
  | 'id'
  | {
      [A in AttributeName<S, T>]: AttributesOf<S, T>[A] extends { readonly sortable: false } ? never : A;
    }[AttributeName<S, T>];

/** Relationship names of a type. */
export type RelationshipName<S extends ResourceSchema, T extends string> = Extract<
  keyof RelationshipsOf<S, T>,
  string
>;

/** Names of the to-many relationships of a type (the ones `any` applies to). */
export type ToManyName<S extends ResourceSchema, T extends string> = {
  [R in RelationshipName<S, T>]: RelationshipsOf<S, T>[R] extends { readonly to: 'one' } ? never : R;
}[RelationshipName<S, T>];

/** Names of the to-one relationships of a type (the ones `has` applies to). */
export type ToOneName<S extends ResourceSchema, T extends string> = {
  [R in RelationshipName<S, T>]: RelationshipsOf<S, T>[R] extends { readonly to: 'many' } ? never : R;
}[RelationshipName<S, T>];

/** The target type of a relationship. */
export type TargetOf<S extends ResourceSchema, T extends string, R extends string> =
  RelationshipsOf<S, T> extends { readonly [K in R]: { readonly target: infer Target extends string } }
    ? Target
    : string;

type JsonTypeValue<J> = J extends 'string'
  ? string
  : J extends 'integer' | 'number'
    ? number
    : J extends 'boolean'
      ? boolean
      : J extends 'null'
        ? null
        : never;

/** The value type of one attribute definition: its enum members, or its JSON type(s). */
export type AttributeValue<D> = D extends { readonly enum: readonly (infer E)[] }
  ? E
  : D extends { readonly type: infer J }
    ? DeclaredTypeValue<J>
    : Scalar;

type DeclaredTypeValue<J> = J extends readonly (infer Member)[] ? JsonTypeValue<Member> : JsonTypeValue<J>;

/** The value type of the primary key of a type as used in filters (`integer` ids are numbers). */
export type IdValue<S extends ResourceSchema, T extends string> = IdValueOf<TypeDefinitionOf<S, T>>;

/** A type without `id` has string ids (checked with `keyof`: `{ id?: 'string' }` is a weak type no literal without `id` extends). */
type IdValueOf<D> = 'id' extends keyof D
  ? D extends { readonly id: 'integer' }
    ? number
    : D extends { readonly id?: 'string' }
      ? string
      : string | number
  : string;

/** The value type of a field (`id` or an attribute) of a type. */
export type FieldValue<S extends ResourceSchema, T extends string, F extends string> = F extends 'id'
  ? IdValue<S, T>
  : F extends AttributeName<S, T>
    ? AttributeValue<AttributesOf<S, T>[F]>
    : Scalar;
