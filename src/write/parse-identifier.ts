/**
 * Resource identifier objects of a request document (`{ "type": "person", "id": "1" }`
 * or `{ "type": "person", "lid": "ada" }`) as `ResourceRef`s: ids checked by the id
 * rule (rules/resource-id.ts), lids resolved to the create that declared them.
 */
import { idRef, lidRef } from '../operations/operation-factories.js';
import type { ResourceRef } from '../operations/operation-node.js';
import { normaliseId } from '../rules/resource-id.js';
import { storableText } from '../rules/string-rules.js';
import type { ResolvedType } from '../schema/resolved-schema.js';
import { jsonPointer, parentPointer } from './json-pointer.js';
import { memberOf, objectAt, refuse, typeNamed, type WriteContext } from './write-context.js';

/** What an identifier names: the target of an operation (its 404 is `not_found`) or a related resource (`related_not_found`). */
export type IdentifierRole = 'target' | 'related';

/**
 * A resource identifier. `expected` is the type it must have (a relationship's
 * target, a route's type): another is a 409 `type_mismatch`. An id no resource of
 * the type can have (`07` for integer ids, too long) names nothing: a 404.
 */
export function parseIdentifier(
  context: WriteContext,
  value: unknown,
  pointer: string,
  role: IdentifierRole,
  expected?: ResolvedType,
): ResourceRef {
  const object = objectAt(value, pointer, 'A resource identifier');
  const type = typeOf(context, memberOf(object, 'type'), jsonPointer(pointer, 'type'), expected);
  const id = memberOf(object, 'id');
  const lid = memberOf(object, 'lid');
  if (id !== undefined && lid !== undefined) {
    return refuse('invalid_document', 'A resource identifier has either "id" or "lid", not both.', pointer);
  }
  if (lid !== undefined) return lidOf(context, type, lid, jsonPointer(pointer, 'lid'));
  if (id === undefined) return refuse('invalid_document', 'A resource identifier needs "id" (or "lid").', pointer);
  return idRef(type.name, idOf(context, type, id, jsonPointer(pointer, 'id'), role));
}

/** The type an identifier or resource object names; another than `expected` is a 409. */
export function typeOf(context: WriteContext, name: unknown, pointer: string, expected: ResolvedType | undefined): ResolvedType {
  if (name === undefined) return refuse('invalid_document', 'The member "type" is required.', parentPointer(pointer));
  if (expected !== undefined && name !== expected.name) {
    if (typeof name !== 'string') return refuse('invalid_document', 'A resource type must be a string.', pointer);
    return refuse('type_mismatch', `Expected type ${JSON.stringify(expected.name)}, not ${JSON.stringify(name)}.`, pointer);
  }
  return typeNamed(context, name, pointer);
}

/** The normalised id of an existing resource, or a 404 when no resource of the type can have it. */
export function idOf(context: WriteContext, type: ResolvedType, id: unknown, pointer: string, role: IdentifierRole): string | number {
  if (typeof id !== 'string') return refuse('invalid_id', 'A resource id must be a string.', pointer);
  const normalised = id.length > context.limitsOf(type.name).maxIdLength ? null : normaliseId(type.idType, id);
  if (normalised !== null) return normalised;
  const code = role === 'target' ? 'not_found' : 'related_not_found';
  return refuse(code, `No ${type.name} with id ${JSON.stringify(id)}.`, pointer);
}

/** A lid as text: a non-empty storable string no longer than `maxIdLength`. */
export function lidText(context: WriteContext, type: ResolvedType, lid: unknown, pointer: string): string {
  const { maxIdLength } = context.limitsOf(type.name);
  if (typeof lid !== 'string' || lid === '' || lid.length > maxIdLength || !storableText.check(lid)) {
    return refuse(
      'invalid_document',
      `A lid must be a non-empty string of at most ${String(maxIdLength)} characters, without NUL or lone surrogates.`,
      pointer,
    );
  }
  return lid;
}

function lidOf(context: WriteContext, type: ResolvedType, lid: unknown, pointer: string): ResourceRef {
  const text = lidText(context, type, lid, pointer);
  const declared = context.lids.get(text);
  if (declared === undefined) {
    return refuse('unknown_lid', `No operation before this one creates a resource with lid ${JSON.stringify(text)}.`, pointer);
  }
  if (declared.type !== type.name) {
    return refuse('type_mismatch', `The lid ${JSON.stringify(text)} names a ${declared.type}, not a ${type.name}.`, pointer);
  }
  return lidRef(type.name, text, declared.operation);
}
