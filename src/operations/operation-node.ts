/**
 * The operation AST: a write as a list of plain, frozen operations tagged with a
 * `kind`, storage-agnostic and validated against the schema (docs/writes.md). A
 * single `POST`/`PATCH`/`DELETE` is a list of one; an Atomic Operations request
 * (`ext="https://jsonapi.org/ext/atomic"`) is a list of many. A data layer applies a
 * list all or nothing.
 */

/**
 * An existing resource, named by its id in its normalised form (the `Id` of the
 * DataLayer: a number for a type with integer ids).
 * `{ "type": "person", "id": "1" }`
 */
export interface IdRef {
  readonly kind: 'id';
  readonly type: string;
  readonly id: string | number;
}

/**
 * A resource created earlier in the same list, named by the `lid` its create gave;
 * `operation` is the index of that create in the list (the lid is resolved).
 * `{ "type": "person", "lid": "new-person" }`
 */
export interface LidRef {
  readonly kind: 'lid';
  readonly type: string;
  readonly lid: string;
  readonly operation: number;
}

/** A resource a write names: by id, or by the lid of a create earlier in the list. */
export type ResourceRef = IdRef | LidRef;

/**
 * The new value of a relationship: one resource or `null` for a to-one relationship,
 * a list of resources for a to-many one.
 * `"data": { "type": "person", "id": "1" }`, `"data": null`, `"data": [ … ]`
 */
export type RelationshipValue = ResourceRef | null | readonly ResourceRef[];

/** Attribute values (validated against their JSON Schema) and relationship values a create or update gives. */
export interface ResourceFields {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly relationships: Readonly<Record<string, RelationshipValue>>;
}

/**
 * A precondition on the resource an operation addresses (from `If-Match`): its
 * version must be one of `ifMatch`, checked by the layer atomically with the write,
 * else the list is refused (`precondition_failed`). Absent: no precondition.
 */
export interface Guarded {
  readonly ifMatch?: readonly number[];
}

/**
 * Creates a resource: `POST /persons` with `{ "data": { "type": "person", "attributes": { … } } }`,
 * or `{ "op": "add", "data": { … } }`. `id` is the client's id where the type allows it
 * (absent: the layer generates one); `lid` names it for later operations of the list.
 */
export interface CreateOperation extends ResourceFields {
  readonly kind: 'create';
  readonly type: string;
  readonly id?: string | number;
  readonly lid?: string;
}

/**
 * Updates the given attributes and relationships of a resource, leaving the others:
 * `PATCH /persons/1`, or `{ "op": "update", "data": { "type": "person", "id": "1", … } }`.
 */
export interface UpdateOperation extends ResourceFields, Guarded {
  readonly kind: 'update';
  readonly ref: ResourceRef;
}

/** Deletes a resource: `DELETE /persons/1`, or `{ "op": "remove", "ref": { "type": "person", "id": "1" } }`. */
export interface DeleteOperation extends Guarded {
  readonly kind: 'delete';
  readonly ref: ResourceRef;
}

/**
 * Replaces a relationship: `PATCH /computers/1/relationships/owner`, or
 * `{ "op": "update", "ref": { …, "relationship": "owner" }, "data": … }`.
 */
export interface SetRelationshipOperation extends Guarded {
  readonly kind: 'set_relationship';
  readonly ref: ResourceRef;
  readonly relationship: string;
  readonly linkage: RelationshipValue;
}

/**
 * Adds members to a to-many relationship (those already there stay once):
 * `POST /persons/1/relationships/computers`, or `{ "op": "add", "ref": { …, "relationship": "computers" }, "data": [ … ] }`.
 */
export interface AddToRelationshipOperation extends Guarded {
  readonly kind: 'add_to_relationship';
  readonly ref: ResourceRef;
  readonly relationship: string;
  readonly members: readonly ResourceRef[];
}

/**
 * Removes members from a to-many relationship (those not there are ignored):
 * `DELETE /persons/1/relationships/computers`, or `{ "op": "remove", "ref": { …, "relationship": "computers" }, "data": [ … ] }`.
 */
export interface RemoveFromRelationshipOperation extends Guarded {
  readonly kind: 'remove_from_relationship';
  readonly ref: ResourceRef;
  readonly relationship: string;
  readonly members: readonly ResourceRef[];
}

/** One operation of a write. */
export type Operation =
  | CreateOperation
  | UpdateOperation
  | DeleteOperation
  | SetRelationshipOperation
  | AddToRelationshipOperation
  | RemoveFromRelationshipOperation;

/** An operation addressed to an existing resource: every kind but `create`. */
export type GuardedOperation = Exclude<Operation, CreateOperation>;

/** The kinds of operation; a dispatch table typed `Record<OperationKind, …>` breaks the build when one is added. */
export type OperationKind = Operation['kind'];
