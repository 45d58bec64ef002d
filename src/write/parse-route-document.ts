/**
 * The request document of a single-resource write route as a list of one operation
 * (JSON:API 1.1, "Creating, Updating and Deleting Resources"): `POST /persons`,
 * `PATCH`/`DELETE /persons/1`, and `POST`/`PATCH`/`DELETE` on
 * `/persons/1/relationships/computers`.
 */
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  idRef,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from '../operations/operation-factories.js';
import type { Operation } from '../operations/operation-node.js';
import { requireType } from '../schema/resolved-schema.js';
import { parseResourceObject } from './parse-resource-object.js';
import { checkWritable, parseLinkage, parseMembers } from './parse-resource.js';
import type { ParsedWrite } from './parsed-write.js';
import { readDocument } from './read-document.js';
import { memberOf, objectAt, refuse, writeContext, type WriteParseOptions } from './write-context.js';

/**
 * What a single-resource route writes: a create in a collection, an update or a
 * delete of a resource (its id normalised, as `pathId` gives it), or a change of one
 * relationship of a resource.
 */
export type WriteTarget =
  | { readonly kind: 'create'; readonly type: string }
  | { readonly kind: 'update' | 'delete'; readonly type: string; readonly id: string | number }
  | {
      readonly kind: 'set_relationship' | 'add_to_relationship' | 'remove_from_relationship';
      readonly type: string;
      readonly id: string | number;
      readonly relationship: string;
    };

/**
 * Parses the body of a single-resource write into a list of one operation. A delete
 * takes no body (one sent is not read). Throws a `QueryError` with `source.pointer`:
 * 400 for a malformed document, 403 for a read-only field or a client id the type
 * does not allow, 404 for a related resource no id can name, 409 for a type or id
 * that disagrees with the URL, 413 for a body past `maxBodyBytes`.
 *
 * @example
 * parseRouteDocument('{"data":{"type":"person","attributes":{"name":"Ada","display_name":"Ada L."}}}', { kind: 'create', type: 'person' }, { schema });
 * // { operations: [{ kind: 'create', type: 'person', attributes: {…}, relationships: {} }], sources: [{ pointer: '', ref: undefined }] }
 */
export function parseRouteDocument(body: string | undefined, target: WriteTarget, options: WriteParseOptions): ParsedWrite {
  const context = writeContext(options);
  const type = requireType(context.schema, target.type);
  const sources = [{ pointer: '', ref: undefined }];
  if (target.kind === 'delete') return { operations: [deleteOperation(idRef(type.name, target.id))], sources };
  const document = objectAt(readDocument(body, context.limitsOf(type.name)), '', 'The request document');
  if (!Object.hasOwn(document, 'data')) refuse('invalid_document', 'The request document needs "data".', '');
  const data = memberOf(document, 'data');
  const operation = ((): Operation => {
    switch (target.kind) {
      case 'create': {
        const resource = parseResourceObject(context, data, '/data', type, 'create');
        return createOperation(type.name, resource.fields, resource.naming);
      }
      case 'update': {
        const id = memberOf(objectAt(data, '/data', 'The member "data"'), 'id');
        if (typeof id === 'string' && id !== String(target.id)) {
          refuse('id_mismatch', 'The id in the document is not the id in the URL.', '/data/id');
        }
        const resource = parseResourceObject(context, data, '/data', type, 'update');
        return updateOperation(idRef(type.name, target.id), resource.fields);
      }
      case 'set_relationship': {
        const relationship = type.relationships.get(target.relationship);
        if (relationship === undefined) throw new Error(`Unknown relationship "${target.relationship}"`);
        checkWritable(type, relationship, '/data');
        return setRelationshipOperation(idRef(type.name, target.id), relationship.name, parseLinkage(context, data, '/data', relationship));
      }
      case 'add_to_relationship':
      case 'remove_from_relationship': {
        const relationship = type.relationships.get(target.relationship);
        const related = context.schema.types.get(relationship?.target ?? '');
        if (relationship === undefined || related === undefined) throw new Error(`Unknown relationship "${target.relationship}"`);
        checkWritable(type, relationship, '/data');
        const members = parseMembers(context, data, '/data', relationship, related);
        const ref = idRef(type.name, target.id);
        return target.kind === 'add_to_relationship'
          ? addToRelationshipOperation(ref, relationship.name, members)
          : removeFromRelationshipOperation(ref, relationship.name, members);
      }
    }
  })();
  return { operations: [operation], sources };
}
