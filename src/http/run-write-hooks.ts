/**
 * The typed write hooks of a handler (`WriteHooks`) as the `OperationHooks` a data
 * layer runs for one request: each operation is shown to its type's hook as a
 * resource (ids resolved, attributes copied), the attributes a before hook returns
 * are checked against the schema and merged into the operation, and the first hook
 * that throws is remembered, so that the handler answers with its refusal whatever
 * the layer wraps it in while rolling the list back.
 */
import type { Id, OperationHooks, OperationList, Row } from '../layers/data-layer.js';
import type { Operation, RelationshipValue, ResourceRef } from '../operations/operation-node.js';
import { exactInteger, withoutNegativeZero } from '../rules/number-rules.js';
import { storableText } from '../rules/string-rules.js';
import type { ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { HandlerRequest } from './handler.js';
import { typeOf } from './operation-fault.js';
import type {
  HookContext,
  HookIdentifier,
  HookLinkage,
  HookRelationshipChange,
  HookResource,
  HookReturn,
  TypeHooks,
  WriteHooks,
} from './write-hooks.js';

type AnyHooks = TypeHooks<ResourceSchema, string>;
type AnyResource = HookResource<ResourceSchema, string>;
type AnyAttributes = AnyResource['attributes'];

/** A hook that threw: which one, at which operation, and what it threw. */
export interface HookFailure {
  readonly hook: keyof AnyHooks;
  readonly type: string;
  readonly index: number;
  readonly error: unknown;
}

/** One request's hooks, and the first hook failure once the layer has run them. */
export interface RequestHooks {
  readonly hooks: OperationHooks;
  failure(): HookFailure | undefined;
}

/** The hooks the layer runs for `request`. */
export function requestHooks(schema: ResolvedSchema, hooks: WriteHooks<ResourceSchema>, request: HandlerRequest): RequestHooks {
  let failure: HookFailure | undefined;
  /** Errors the layer's reads threw: a layer failure a hook passed on, not the hook's own. */
  const readFailures = new Set<unknown>();
  const fail = (hook: keyof AnyHooks, type: string, index: number, error: unknown): never => {
    if (!readFailures.has(error)) failure ??= { hook, type, index, error };
    throw error;
  };

  const run = async <R>(hook: keyof AnyHooks, type: string, index: number, list: OperationList, call: (context: HookContext<ResourceSchema>) => HookReturn<R>): Promise<R> => {
    let live = true;
    const context: HookContext<ResourceSchema> = {
      index,
      request,
      read: async <U extends string>(readType: U, id: Id): Promise<HookResource<ResourceSchema, U> | null> => {
        if (!live) throw new Error(`The ${hook} hook of ${type} read after it settled`);
        const resolved = schema.types.get(readType);
        if (resolved === undefined) throw new Error(`The ${hook} hook of ${type} read an unknown type ${JSON.stringify(readType)}`);
        try {
          const row = await list.read(readType, id);
          return row === null ? null : resourceOf(resolved, row, readType);
        } catch (error) {
          readFailures.add(error);
          throw error;
        }
      },
    };
    try {
      return await call(context);
    } catch (error) {
      return fail(hook, type, index, error);
    } finally {
      live = false;
    }
  };
  const current = async (list: OperationList, type: ResolvedType, id: Id): Promise<AnyResource> => {
    const row = await list.read(type.name, id);
    if (row === null) throw new Error(`The data layer found no ${type.name} ${String(id)} for its hook, after finding it for the write`);
    return resourceOf(type, row);
  };
  /** The operation with the attributes a before hook set merged in. */
  const merged = (operation: Operation, set: unknown, hook: keyof AnyHooks, type: ResolvedType, index: number): Operation => {
    if (set === undefined || set === null) return operation;
    if (operation.kind !== 'create' && operation.kind !== 'update') return operation;
    try {
      const attributes = { ...operation.attributes, ...checkedAttributes(type, set, hook) };
      return Object.freeze({ ...operation, attributes: Object.freeze(attributes) });
    } catch (error) {
      return fail(hook, type.name, index, error);
    }
  };

  const before = async (index: number, operation: Operation, list: OperationList): Promise<Operation> => {
    const { type, own } = hooksOf(schema, hooks, operation);
    if (own === undefined) return operation;
    switch (operation.kind) {
      case 'create': {
        const hook = own.beforeCreate;
        if (hook === undefined) return operation;
        const resource = {
          type: type.name,
          ...(operation.id === undefined ? {} : { id: operation.id }),
          attributes: { ...operation.attributes } as AnyAttributes,
          relationships: linkages(operation.relationships, list.ids),
        };
        return merged(operation, await run('beforeCreate', type.name, index, list, (context) => hook.call(own, resource, context)), 'beforeCreate', type, index);
      }
      case 'update': {
        const hook = own.beforeUpdate;
        if (hook === undefined) return operation;
        const id = idOf(operation.ref, list.ids);
        const change = {
          type: type.name,
          id,
          attributes: { ...operation.attributes } as AnyAttributes,
          relationships: linkages(operation.relationships, list.ids),
          current: await current(list, type, id),
        };
        return merged(operation, await run('beforeUpdate', type.name, index, list, (context) => hook.call(own, change, context)), 'beforeUpdate', type, index);
      }
      case 'delete': {
        const hook = own.beforeDelete;
        if (hook === undefined) return operation;
        const resource = await current(list, type, idOf(operation.ref, list.ids));
        await run('beforeDelete', type.name, index, list, (context) => hook.call(own, resource, context));
        return operation;
      }
      default: {
        const hook = own.beforeRelationship;
        if (hook !== undefined) {
          const change = relationshipChange(operation, list.ids);
          await run('beforeRelationship', type.name, index, list, (context) => hook.call(own, change, context));
        }
        return operation;
      }
    }
  };

  const after = async (index: number, operation: Operation, list: OperationList): Promise<void> => {
    const { type, own } = hooksOf(schema, hooks, operation);
    if (own === undefined) return;
    switch (operation.kind) {
      case 'create':
      case 'update': {
        const hook = operation.kind === 'create' ? own.afterCreate : own.afterUpdate;
        if (hook === undefined) return;
        const resource = await current(list, type, idOf(operation.kind === 'create' ? undefined : operation.ref, list.ids, index));
        await run(operation.kind === 'create' ? 'afterCreate' : 'afterUpdate', type.name, index, list, (context) => hook.call(own, resource, context));
        return;
      }
      case 'delete': {
        const hook = own.afterDelete;
        if (hook === undefined) return;
        const resource = { type: type.name, id: idOf(operation.ref, list.ids) };
        await run('afterDelete', type.name, index, list, (context) => hook.call(own, resource, context));
        return;
      }
      default: {
        const hook = own.afterRelationship;
        if (hook === undefined) return;
        const change = relationshipChange(operation, list.ids);
        await run('afterRelationship', type.name, index, list, (context) => hook.call(own, change, context));
      }
    }
  };

  return { hooks: { before, after }, failure: () => failure };
}

function hooksOf(schema: ResolvedSchema, hooks: WriteHooks<ResourceSchema>, operation: Operation): { type: ResolvedType; own: AnyHooks | undefined } {
  const name = typeOf(operation);
  const type = schema.types.get(name);
  if (type === undefined) throw new Error(`An operation on an unknown type ${JSON.stringify(name)}`);
  return { type, own: Object.hasOwn(hooks, name) ? hooks[name] : undefined };
}

/** The id `ref` names (a lid: the id its create got), or the id operation `index` wrote when `ref` is `undefined`. */
function idOf(ref: ResourceRef | undefined, ids: readonly (Id | null)[], index?: number): Id {
  const id = ref === undefined ? ids[index ?? -1] : ref.kind === 'id' ? ref.id : ids[ref.operation];
  if (id === null || id === undefined) throw new Error('The data layer gave a hook no id for a resource of the list');
  return id;
}

function identifier(ref: ResourceRef, ids: readonly (Id | null)[]): HookIdentifier {
  return { type: ref.type, id: idOf(ref, ids) };
}

function linkage(value: RelationshipValue, ids: readonly (Id | null)[]): HookLinkage {
  if (value === null) return null;
  return isRefList(value) ? value.map((ref) => identifier(ref, ids)) : identifier(value, ids);
}

function isRefList(value: RelationshipValue): value is readonly ResourceRef[] {
  return Array.isArray(value);
}

function linkages(relationships: Readonly<Record<string, RelationshipValue>>, ids: readonly (Id | null)[]): Record<string, HookLinkage> {
  return Object.fromEntries(Object.entries(relationships).map(([name, value]) => [name, linkage(value, ids)]));
}

function relationshipChange(
  operation: Extract<Operation, { relationship: string }>,
  ids: readonly (Id | null)[],
): HookRelationshipChange<ResourceSchema, string> {
  const base = { type: operation.ref.type, id: idOf(operation.ref, ids), relationship: operation.relationship };
  if (operation.kind === 'set_relationship') return { ...base, change: 'set', related: linkage(operation.linkage, ids) };
  return { ...base, change: operation.kind === 'add_to_relationship' ? 'add' : 'remove', related: linkage(operation.members, ids) };
}

/** A row of the layer as a hook sees it: the type's attributes only, copied (`name` is `type.name`, typed). */
function resourceOf<U extends string>(type: ResolvedType, row: Row, name: U): HookResource<ResourceSchema, U>;
function resourceOf(type: ResolvedType, row: Row): AnyResource;
function resourceOf(type: ResolvedType, row: Row): AnyResource {
  const attributes: Record<string, unknown> = {};
  for (const name of type.attributes.keys()) if (name !== 'id') attributes[name] = row[name] ?? null;
  return { type: type.name, id: row.id, attributes: attributes as AnyAttributes };
}

/**
 * The attributes a before hook returned, checked as a client's are (JSON Schema and
 * the value rules), read-only ones allowed; throws (a logged 500: the server's fault)
 * for an unknown attribute, the version, or an invalid value.
 */
function checkedAttributes(type: ResolvedType, set: unknown, hook: keyof AnyHooks): Record<string, unknown> {
  const where = `The ${hook} hook of ${type.name}`;
  if (typeof set !== 'object' || set === null || Array.isArray(set)) throw new TypeError(`${where} returned ${Array.isArray(set) ? 'an array' : typeof set}, not attributes`);
  const checked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(set)) {
    const attribute = name === 'id' || name === type.version ? undefined : type.attributes.get(name);
    if (attribute === undefined) throw new TypeError(`${where} set ${JSON.stringify(name)}, which is not an attribute it may set`);
    const fail = (why: string): never => {
      throw new TypeError(`${where} set ${JSON.stringify(name)} to a value that ${why}`);
    };
    if (typeof value === 'string' && !storableText.check(value)) fail(storableText.message);
    if (typeof value === 'number' && attribute.integer && !exactInteger.check(value)) fail(exactInteger.message);
    const normalised: unknown = withoutNegativeZero(value);
    if (!attribute.validate(normalised)) fail(attribute.validate.errors?.[0]?.message ?? 'is invalid');
    checked[name] = normalised;
  }
  return checked;
}
