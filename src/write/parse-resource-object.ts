/**
 * A resource object of a create or an update (`data` of `POST /persons`, of
 * `PATCH /persons/1`, of an atomic `add`/`update`): its type, its id or lid, and its
 * fields.
 */
import type { ResourceFields, ResourceRef } from '../operations/operation-node.js';
import { normaliseId } from '../rules/resource-id.js';
import type { ResolvedType } from '../schema/resolved-schema.js';
import { jsonPointer } from './json-pointer.js';
import { lidText, parseIdentifier, typeOf } from './parse-identifier.js';
import { parseFields } from './parse-resource.js';
import { memberOf, objectAt, refuse, type WriteContext } from './write-context.js';

/** A resource object of a create: its fields and the id or lid it names itself with. */
export interface NewResource {
  readonly type: ResolvedType;
  readonly fields: ResourceFields;
  readonly naming: { readonly id?: string | number; readonly lid?: string };
}

/** A resource object of an update: the resource it names and its fields. */
export interface ChangedResource {
  readonly type: ResolvedType;
  readonly ref: ResourceRef;
  readonly fields: ResourceFields;
}

/**
 * Reads a resource object. `expected` is the type the route or `ref` names (another
 * is a 409); without it any type of the schema. A create's `id` is refused with a 403
 * unless the type allows client ids (`clientIds`), and must pass the id rule; its
 * `lid` is declared for the operations after it. An update names its resource by
 * `id`, or by `lid` in a batch.
 */
export function parseResourceObject(
  context: WriteContext,
  data: unknown,
  pointer: string,
  expected: ResolvedType | undefined,
  mode: 'create',
): NewResource;
export function parseResourceObject(
  context: WriteContext,
  data: unknown,
  pointer: string,
  expected: ResolvedType | undefined,
  mode: 'update',
): ChangedResource;
export function parseResourceObject(
  context: WriteContext,
  data: unknown,
  pointer: string,
  expected: ResolvedType | undefined,
  mode: 'create' | 'update',
): NewResource | ChangedResource {
  const resource = objectAt(data, pointer, 'The member "data"');
  const type = typeOf(context, memberOf(resource, 'type'), jsonPointer(pointer, 'type'), expected);
  if (mode === 'update') {
    const ref = parseIdentifier(context, { type: type.name, ...pick(resource, 'id', 'lid') }, pointer, 'target', type);
    return { type, ref, fields: parseFields(context, resource, pointer, type, 'update') };
  }
  const naming: { id?: string | number; lid?: string } = {};
  const id = memberOf(resource, 'id');
  if (id !== undefined) naming.id = clientId(context, type, id, jsonPointer(pointer, 'id'));
  else if (type.clientIds === 'required') refuse('missing_id', `A new ${type.name} needs a client-generated "id".`, pointer);
  const lid = memberOf(resource, 'lid');
  if (lid !== undefined) {
    const text = lidText(context, type, lid, jsonPointer(pointer, 'lid'));
    if (context.lids.has(text)) refuse('duplicate_lid', `The lid ${JSON.stringify(text)} is declared twice.`, jsonPointer(pointer, 'lid'));
    context.lids.set(text, { type: type.name, operation: context.operation });
    naming.lid = text;
  }
  return { type, fields: parseFields(context, resource, pointer, type, 'create'), naming };
}

/** A client-generated id: allowed by the type (else 403), a string, and one the id rule accepts (else 400). */
function clientId(context: WriteContext, type: ResolvedType, id: unknown, pointer: string): string | number {
  if (type.clientIds === 'forbidden') {
    refuse('client_id_forbidden', `The server chooses the ids of new ${type.name} resources.`, pointer);
  }
  if (typeof id !== 'string') return refuse('invalid_id', 'A resource id must be a string.', pointer);
  const { maxIdLength } = context.limitsOf(type.name);
  const normalised = id === '' || id.length > maxIdLength ? null : normaliseId(type.idType, id);
  if (normalised === null) {
    const form = type.idType === 'integer' ? 'a non-negative integer without leading zeros' : 'text without NUL or lone surrogates';
    return refuse('invalid_id', `An id of ${type.name} is ${form}, of 1 to ${String(maxIdLength)} characters.`, pointer);
  }
  return normalised;
}

function pick(object: Readonly<Record<string, unknown>>, ...names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => Object.hasOwn(object, name)).map((name) => [name, object[name]]));
}
