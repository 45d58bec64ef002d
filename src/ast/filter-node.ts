/**
 * The filter part of the QueryAST: plain, frozen, JSON-serializable objects
 * discriminated by `kind`. Field names are resolved against the schema: a compare
 * node names a field (`id` or an attribute) of the type it is evaluated on, and
 * `any`/`has` nodes move evaluation to the relationship's target type. Shortcuts
 * (`computers__serial`) are already rewritten into `any`/`has` nodes.
 *
 * The type parameters carry a schema declared `as const` and the current type, so
 * field names and value types are checked; with the defaults they widen to strings
 * and scalars.
 */
import type {
  FieldValue,
  FilterableFieldName,
  Scalar,
  TargetOf,
  ToManyName,
  ToOneName,
} from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import type {
  FieldOperator,
  IsOperator,
  ListOperator,
  PatternOperator,
  ScalarOperator,
} from './operators.js';
import type { PatternToken } from './like-pattern.js';

/** Any node of a filter tree. */
export type FilterNode<S extends ResourceSchema = ResourceSchema, T extends string = string> =
  | CompareNode<S, T>
  | CompareFieldsNode<S, T>
  | AndNode<S, T>
  | OrNode<S, T>
  | NotNode<S, T>
  | AnyNode<S, T>
  | HasNode<S, T>;

/** The `kind` of every filter node. */
export type FilterNodeKind = FilterNode['kind'];

type CompareNodeOf<S extends ResourceSchema, T extends string, F extends string> =
  | {
      readonly kind: 'compare';
      readonly field: F;
      readonly op: ScalarOperator;
      /** `null` only for `lt`/`le`/`gt`/`ge` (always unknown); `eq null` is parsed as `is_ null`. */
      readonly value: FieldValue<S, T, F>;
    }
  | {
      readonly kind: 'compare';
      readonly field: F;
      readonly op: 'between';
      /** Inclusive bounds, never null. */
      readonly value: readonly [NonNullable<FieldValue<S, T, F>>, NonNullable<FieldValue<S, T, F>>];
    }
  | {
      readonly kind: 'compare';
      readonly field: F;
      readonly op: ListOperator;
      /** Never null items; `in_ []` matches nothing, `notin_ []` everything. */
      readonly value: readonly NonNullable<FieldValue<S, T, F>>[];
    }
  | {
      readonly kind: 'compare';
      readonly field: F;
      readonly op: IsOperator;
      /** `null` for any field; `true`/`false` for boolean fields. */
      readonly value: null | boolean;
    }
  | {
      readonly kind: 'compare';
      readonly field: F;
      readonly op: PatternOperator;
      /** The pattern as sent (`%`, `_`, `\\` escapes). */
      readonly value: string;
      /** The pattern tokenized: literal runs and wildcards. */
      readonly pattern: readonly PatternToken[];
    }
  | {
      readonly kind: 'compare';
      readonly field: F;
      readonly op: 'startswith' | 'endswith';
      /** A literal prefix or suffix. */
      readonly value: string;
    }
  | {
      readonly kind: 'compare';
      readonly field: F;
      readonly op: 'match';
      /** The words as sent. */
      readonly value: string;
      /** Its words (see `words`), lower-cased, each once, never empty. */
      readonly words: readonly string[];
    };

/**
 * A field compared with a value.
 * `filter[name]=John` → `{ kind: 'compare', field: 'name', op: 'eq', value: 'John' }`.
 */
export type CompareNode<S extends ResourceSchema = ResourceSchema, T extends string = string> = {
  [F in FilterableFieldName<S, T>]: CompareNodeOf<S, T, F>;
}[FilterableFieldName<S, T>];

/**
 * A field compared with another field of the same resource.
 * `filter=[{"name":"name","op":"ne","field":"display_name"}]` →
 * `{ kind: 'compare_fields', field: 'name', op: 'ne', other: 'display_name' }`.
 */
export interface CompareFieldsNode<S extends ResourceSchema = ResourceSchema, T extends string = string> {
  readonly kind: 'compare_fields';
  readonly field: FilterableFieldName<S, T>;
  readonly op: FieldOperator;
  readonly other: FilterableFieldName<S, T>;
}

/**
 * All children hold; `{"and":[]}` is true.
 * `filter=[{"and":[A,B]}]` (or two top-level entries) → `{ kind: 'and', nodes: [A, B] }`.
 */
export interface AndNode<S extends ResourceSchema = ResourceSchema, T extends string = string> {
  readonly kind: 'and';
  readonly nodes: readonly FilterNode<S, T>[];
}

/**
 * At least one child holds; `{"or":[]}` is false.
 * `filter=[{"or":[A,B]}]` → `{ kind: 'or', nodes: [A, B] }`.
 */
export interface OrNode<S extends ResourceSchema = ResourceSchema, T extends string = string> {
  readonly kind: 'or';
  readonly nodes: readonly FilterNode<S, T>[];
}

/**
 * The child does not hold (unknown stays unknown).
 * `filter=[{"not":A}]` → `{ kind: 'not', node: A }`.
 */
export interface NotNode<S extends ResourceSchema = ResourceSchema, T extends string = string> {
  readonly kind: 'not';
  readonly node: FilterNode<S, T>;
}

/**
 * At least one related record of a to-many relationship matches.
 * `filter=[{"name":"computers","op":"any","val":{"name":"serial","op":"eq","val":"X"}}]`
 * or `filter[computers__serial]=X` →
 * `{ kind: 'any', relationship: 'computers', node: { kind: 'compare', field: 'serial', op: 'eq', value: 'X' } }`.
 */
export type AnyNode<S extends ResourceSchema = ResourceSchema, T extends string = string> = {
  [R in ToManyName<S, T>]: {
    readonly kind: 'any';
    readonly relationship: R;
    readonly node: FilterNode<S, TargetOf<S, T, R>>;
  };
}[ToManyName<S, T>];

/**
 * The related record of a to-one relationship exists and matches.
 * `filter[owner__name]=John` (on computers) →
 * `{ kind: 'has', relationship: 'owner', node: { kind: 'compare', field: 'name', op: 'eq', value: 'John' } }`.
 */
export type HasNode<S extends ResourceSchema = ResourceSchema, T extends string = string> = {
  [R in ToOneName<S, T>]: {
    readonly kind: 'has';
    readonly relationship: R;
    readonly node: FilterNode<S, TargetOf<S, T, R>>;
  };
}[ToOneName<S, T>];

/** A value a compare node may hold: a scalar, or a list of scalars for `between`, `in_` and `notin_`. */
export type CompareValue = Scalar | readonly Scalar[];
