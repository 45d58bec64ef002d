/**
 * Typed write hooks (docs/writes.md, "Hooks"): per type, functions the data layer
 * runs before and after each operation of a write, inside the list's transaction.
 * A hook refuses the write by throwing a `HookError`, and a before hook of a create
 * or an update sets server-owned attributes by returning them. Attribute names and
 * value types come from the schema declared `as const`.
 */
import type { Id } from '../layers/data-layer.js';
import type { AttributeName, FieldValue, IdValue, RelationshipName, TypeName } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { HandlerRequest } from './handler.js';

/** Attribute values of a resource of type `T`, each optional. */
export type HookAttributes<S extends ResourceSchema, T extends string> = {
  readonly [A in AttributeName<S, T>]?: FieldValue<S, T, A>;
};

/** A resource as a hook sees it: its type, id and every attribute. */
export interface HookResource<S extends ResourceSchema, T extends string> {
  readonly type: T;
  readonly id: IdValue<S, T>;
  readonly attributes: HookAttributes<S, T>;
}

/** A resource a relationship names, its id resolved (a `lid` of the list names the resource created). */
export interface HookIdentifier {
  readonly type: string;
  readonly id: Id;
}

/** The value of a relationship in a write: one resource or `null` (to-one), a list (to-many). */
export type HookLinkage = HookIdentifier | null | readonly HookIdentifier[];

/** The relationships a create or update gives. */
export type HookRelationships<S extends ResourceSchema, T extends string> = {
  readonly [R in RelationshipName<S, T>]?: HookLinkage;
};

/** What `beforeCreate` sees: the resource the client sent (`id` only when the client chose it). */
export interface HookCreate<S extends ResourceSchema, T extends string> {
  readonly type: T;
  readonly id?: IdValue<S, T>;
  readonly attributes: HookAttributes<S, T>;
  readonly relationships: HookRelationships<S, T>;
}

/** What `beforeUpdate` sees: the members the client sent, and the resource as it is before the update. */
export interface HookUpdate<S extends ResourceSchema, T extends string> {
  readonly type: T;
  readonly id: IdValue<S, T>;
  readonly attributes: HookAttributes<S, T>;
  readonly relationships: HookRelationships<S, T>;
  readonly current: HookResource<S, T>;
}

/** A relationship change (`PATCH`/`POST`/`DELETE /persons/1/relationships/computers`, or its atomic operation). */
export interface HookRelationshipChange<S extends ResourceSchema, T extends string> {
  readonly type: T;
  readonly id: IdValue<S, T>;
  readonly relationship: RelationshipName<S, T>;
  /** `set` replaces the linkage, `add` and `remove` change members of a to-many relationship. */
  readonly change: 'set' | 'add' | 'remove';
  /** The new linkage (`set`), or the members added or removed. */
  readonly related: HookLinkage;
}

/** What every hook is given besides the resource. */
export interface HookContext<S extends ResourceSchema> {
  /** The operation's index in its list: 0 on a single route, its place in `atomic:operations` in a batch. */
  readonly index: number;
  /** The request being served (its headers say who writes). */
  readonly request: HandlerRequest;
  /**
   * A resource as the list sees it now, in its transaction (earlier operations
   * applied), `null` when there is none; on PostgreSQL and MySQL/MariaDB its row stays
   * locked until the list ends. Valid only until the hook settles.
   */
  read<U extends TypeName<S>>(type: U, id: IdValue<S, U>): Promise<HookResource<S, U> | null>;
}

/** A hook's result: a value or a promise of it. */
export type HookReturn<T> = T | Promise<T>;

/**
 * The hooks of one type. Each runs inside the list's transaction, once per operation
 * of its kind, in the order of the list: `before…`, the write, `after…`. A hook
 * refuses the whole list by throwing a `HookError`; anything else it throws is a
 * logged 500. A before hook of a create or an update returns attributes to set,
 * merged over the client's (read-only ones included; checked against the schema).
 */
export interface TypeHooks<S extends ResourceSchema, T extends string> {
  beforeCreate?(resource: HookCreate<S, T>, context: HookContext<S>): HookReturn<HookAttributes<S, T> | undefined> | HookReturn<void>;
  /** The resource as created: its id, and every attribute. */
  afterCreate?(resource: HookResource<S, T>, context: HookContext<S>): HookReturn<void>;
  beforeUpdate?(change: HookUpdate<S, T>, context: HookContext<S>): HookReturn<HookAttributes<S, T> | undefined> | HookReturn<void>;
  /** The resource as updated. */
  afterUpdate?(resource: HookResource<S, T>, context: HookContext<S>): HookReturn<void>;
  /** The resource about to be deleted, as it is. */
  beforeDelete?(resource: HookResource<S, T>, context: HookContext<S>): HookReturn<void>;
  /** The id of the deleted resource. */
  afterDelete?(resource: { readonly type: T; readonly id: IdValue<S, T> }, context: HookContext<S>): HookReturn<void>;
  /** A change of one relationship through its own route or operation (not the relationships of a create or update). */
  beforeRelationship?(change: HookRelationshipChange<S, T>, context: HookContext<S>): HookReturn<void>;
  afterRelationship?(change: HookRelationshipChange<S, T>, context: HookContext<S>): HookReturn<void>;
}

/** Hooks by type name. */
export type WriteHooks<S extends ResourceSchema> = {
  readonly [T in TypeName<S>]?: TypeHooks<S, T>;
};

/**
 * The `writable` option of `createHandler` as an object: writes are served, with hooks.
 *
 * @example
 * createHandler({ schema, dataLayer, writable: { hooks: { note: {
 *   beforeCreate: (note, { request }) => ({ createdBy: String(request.headers['x-user']) }),
 *   beforeDelete: (note) => { if (note.attributes.locked === true) throw new HookError({ status: 403, code: 'locked', detail: 'The note is locked.' }); },
 * } } } });
 */
export interface WritableOptions<S extends ResourceSchema = ResourceSchema> {
  readonly hooks?: WriteHooks<S>;
}
