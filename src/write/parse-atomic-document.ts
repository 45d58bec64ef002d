/**
 * The request document of the Atomic Operations extension
 * (`ext="https://jsonapi.org/ext/atomic"`, `POST /operations`) as a list of
 * operations: `add`, `update` and `remove` of resources and of relationships, with
 * `lid`s resolved to the create that declares them.
 */
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from '../operations/operation-factories.js';
import type { Operation, ResourceRef } from '../operations/operation-node.js';
import type { ResolvedRelationship, ResolvedType } from '../schema/resolved-schema.js';
import { jsonPointer } from './json-pointer.js';
import { parseIdentifier, typeOf } from './parse-identifier.js';
import { parseResourceObject } from './parse-resource-object.js';
import { checkWritable, parseLinkage, parseMembers } from './parse-resource.js';
import type { OperationSource, ParsedWrite } from './parsed-write.js';
import { readDocument } from './read-document.js';
import { memberOf, objectAt, refuse, writeContext, type WriteContext, type WriteParseOptions } from './write-context.js';

/** The URI of the Atomic Operations extension. */
export const ATOMIC_EXTENSION = 'https://jsonapi.org/ext/atomic';

/** The member of an operations document holding the operations. */
const OPERATIONS = 'atomic:operations';

/**
 * Parses an Atomic Operations request body into its list of operations. Throws a
 * `QueryError` whose `source.pointer` names the operation
 * (`/atomic:operations/3/data/attributes/serial`): 400 for a malformed document, an
 * unknown or undeclared lid, more than `maxOperations` operations; 403 for a
 * read-only type or field, or a client id the type does not allow; 404 for an id no
 * resource can have; 409 for a `ref` and `data` that disagree; 413 past `maxBodyBytes`.
 *
 * @example
 * parseAtomicDocument(JSON.stringify({ 'atomic:operations': [
 *   { op: 'add', data: { type: 'person', lid: 'ada', attributes: { name: 'Ada', display_name: 'Ada L.' } } },
 *   { op: 'add', data: { type: 'computer', attributes: { serial: 'X1' }, relationships: { owner: { data: { type: 'person', lid: 'ada' } } } } },
 * ] }), { schema });
 */
export function parseAtomicDocument(body: string | undefined, options: WriteParseOptions): ParsedWrite {
  const context = writeContext(options);
  const limits = context.limitsOf('');
  const document = objectAt(readDocument(body, limits), '', 'The request document');
  if (Object.hasOwn(document, 'data')) refuse('invalid_document', `An operations document has "${OPERATIONS}", not "data".`, '/data');
  const list = memberOf(document, OPERATIONS);
  const at = jsonPointer('', OPERATIONS);
  if (!Array.isArray(list)) return refuse('invalid_document', `The request document needs "${OPERATIONS}", an array.`, list === undefined ? '' : at);
  if (list.length === 0) refuse('invalid_document', `"${OPERATIONS}" lists no operation.`, at);
  if (list.length > limits.maxOperations) {
    refuse('too_many_operations', `One request takes at most ${String(limits.maxOperations)} operations.`, at, limits.maxOperations);
  }
  const operations: Operation[] = [];
  const sources: OperationSource[] = [];
  list.forEach((item: unknown, index) => {
    context.operation = index;
    const parsed = parseOperation(context, item, jsonPointer(at, index));
    operations.push(parsed.operation);
    sources.push(parsed.source);
  });
  return { operations, sources };
}

function parseOperation(context: WriteContext, item: unknown, pointer: string): { operation: Operation; source: OperationSource } {
  const object = objectAt(item, pointer, 'An operation');
  const op = memberOf(object, 'op');
  if (op !== 'add' && op !== 'update' && op !== 'remove') {
    refuse('invalid_document', 'The member "op" is "add", "update" or "remove".', op === undefined ? pointer : jsonPointer(pointer, 'op'));
  }
  if (Object.hasOwn(object, 'href')) refuse('invalid_document', 'This server takes "ref", not "href".', jsonPointer(pointer, 'href'));
  const hasData = Object.hasOwn(object, 'data');
  const data = memberOf(object, 'data');
  const refAt = jsonPointer(pointer, 'ref');
  const dataAt = jsonPointer(pointer, 'data');
  const given = memberOf(object, 'ref');
  if (given === undefined) {
    if (op === 'remove') return refuse('invalid_document', 'A "remove" needs "ref".', pointer);
    if (!hasData) return refuse('invalid_document', `An "${op}" needs "data".`, pointer);
    if (op === 'add') {
      const resource = parseResourceObject(context, data, dataAt, undefined, 'create');
      writable(resource.type, dataAt);
      return { operation: createOperation(resource.type.name, resource.fields, resource.naming), source: { pointer, ref: dataAt } };
    }
    const resource = parseResourceObject(context, data, dataAt, undefined, 'update');
    writable(resource.type, dataAt);
    return { operation: updateOperation(resource.ref, resource.fields), source: { pointer, ref: dataAt } };
  }
  const refObject = objectAt(given, refAt, 'The member "ref"');
  const type = typeOf(context, memberOf(refObject, 'type'), jsonPointer(refAt, 'type'), undefined);
  writable(type, refAt);
  const relationshipName = memberOf(refObject, 'relationship');
  const identifier = Object.fromEntries(Object.entries(refObject).filter(([name]) => name !== 'relationship'));
  const ref = parseIdentifier(context, identifier, refAt, 'target', type);
  const source = { pointer, ref: refAt };
  if (relationshipName === undefined) {
    if (op === 'remove') return { operation: deleteOperation(ref), source };
    if (op === 'add') return refuse('invalid_document', 'An "add" with "ref" names a relationship.', refAt);
    const resource = parseResourceObject(context, hasData ? data : undefined, dataAt, type, 'update');
    if (!sameResource(resource.ref, ref)) refuse('id_mismatch', 'The resource in "data" is not the one "ref" names.', dataAt);
    return { operation: updateOperation(ref, resource.fields), source };
  }
  const relationship = relationshipOf(type, relationshipName, jsonPointer(refAt, 'relationship'));
  if (!hasData) return refuse('invalid_document', `An "${op}" of a relationship needs "data".`, pointer);
  if (op === 'update') return { operation: setRelationshipOperation(ref, relationship.name, parseLinkage(context, data, dataAt, relationship)), source };
  if (!relationship.toMany) {
    return refuse('invalid_document', `"${op}" applies to to-many relationships; "${relationship.name}" is to-one (use "update").`, jsonPointer(pointer, 'op'));
  }
  const target = context.schema.types.get(relationship.target);
  if (target === undefined) throw new Error(`Unknown relationship target "${relationship.target}"`);
  const members = parseMembers(context, data, dataAt, relationship, target);
  const operation = op === 'add' ? addToRelationshipOperation(ref, relationship.name, members) : removeFromRelationshipOperation(ref, relationship.name, members);
  return { operation, source };
}

/** Refuses a write of a read-only type, at the `type` of the object at `pointer`. */
function writable(type: ResolvedType, pointer: string): void {
  if (type.readOnly) refuse('read_only_type', `Resources of type ${type.name} are read-only.`, jsonPointer(pointer, 'type'));
}

function relationshipOf(type: ResolvedType, name: unknown, pointer: string): ResolvedRelationship {
  const relationship = typeof name === 'string' ? type.relationships.get(name) : undefined;
  if (relationship === undefined) {
    return refuse('unknown_relationship', `Type ${JSON.stringify(type.name)} has no relationship ${JSON.stringify(name)}.`, pointer);
  }
  checkWritable(type, relationship, pointer);
  return relationship;
}

function sameResource(a: ResourceRef, b: ResourceRef): boolean {
  return a.kind === 'id' ? b.kind === 'id' && a.id === b.id : b.kind === 'lid' && a.lid === b.lid;
}
