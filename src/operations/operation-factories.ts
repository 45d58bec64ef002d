/**
 * Factories of the operation AST: each returns a frozen node (lists and member
 * records frozen too), so a list handed to a data layer cannot change under it.
 */
import type {
  AddToRelationshipOperation,
  CreateOperation,
  DeleteOperation,
  GuardedOperation,
  IdRef,
  LidRef,
  RelationshipValue,
  RemoveFromRelationshipOperation,
  ResourceFields,
  ResourceRef,
  SetRelationshipOperation,
  UpdateOperation,
} from './operation-node.js';
import { setOwnMember } from './own-member.js';
import type { Mutable } from '../mutable.js';

/**
 * An existing resource by id.
 *
 * @example
 * idRef('person', '1'); // { kind: 'id', type: 'person', id: '1' }
 */
export function idRef(type: string, id: string | number): IdRef {
  return Object.freeze({ kind: 'id', type, id });
}

/**
 * A resource created by the operation at index `operation` of the same list, named by its lid.
 *
 * @example
 * lidRef('person', 'new-person', 0);
 */
export function lidRef(type: string, lid: string, operation: number): LidRef {
  return Object.freeze({ kind: 'lid', type, lid, operation });
}

/**
 * A create.
 *
 * @example
 * createOperation('person', { attributes: { name: 'Ada', display_name: 'Ada L.' }, relationships: {} });
 * createOperation('person', { attributes: { name: 'Ada', display_name: 'Ada L.' }, relationships: {} }, { lid: 'ada' });
 */
export function createOperation(
  type: string,
  fields: ResourceFields,
  naming: { readonly id?: string | number; readonly lid?: string } = {},
): CreateOperation {
  // Built member by member, in this order, rather than spread together: a create is made per written resource.
  const operation: Mutable<CreateOperation> = { kind: 'create', type } as CreateOperation;
  if (naming.id !== undefined) operation.id = naming.id;
  if (naming.lid !== undefined) operation.lid = naming.lid;
  operation.attributes = frozenRecord(fields.attributes, same);
  operation.relationships = frozenRecord(fields.relationships, frozenLinkage);
  return Object.freeze(operation);
}

/**
 * An update of some attributes and relationships of a resource.
 *
 * @example
 * updateOperation(idRef('person', '1'), { attributes: { name: 'Ada' }, relationships: {} });
 */
export function updateOperation(ref: ResourceRef, fields: ResourceFields): UpdateOperation {
  return Object.freeze({ kind: 'update', ref, attributes: frozenRecord(fields.attributes, same), relationships: frozenRecord(fields.relationships, frozenLinkage) });
}

/**
 * A delete.
 *
 * @example
 * deleteOperation(idRef('computer', '3'));
 */
export function deleteOperation(ref: ResourceRef): DeleteOperation {
  return Object.freeze({ kind: 'delete', ref });
}

/**
 * A relationship replaced.
 *
 * @example
 * setRelationshipOperation(idRef('computer', '1'), 'owner', idRef('person', '2'));
 */
export function setRelationshipOperation(ref: ResourceRef, relationship: string, linkage: RelationshipValue): SetRelationshipOperation {
  return Object.freeze({ kind: 'set_relationship', ref, relationship, linkage: frozenLinkage(linkage) });
}

/**
 * Members added to a to-many relationship.
 *
 * @example
 * addToRelationshipOperation(idRef('person', '1'), 'computers', [idRef('computer', '3')]);
 */
export function addToRelationshipOperation(
  ref: ResourceRef,
  relationship: string,
  members: readonly ResourceRef[],
): AddToRelationshipOperation {
  return Object.freeze({ kind: 'add_to_relationship', ref, relationship, members: Object.freeze([...members]) });
}

/**
 * Members removed from a to-many relationship.
 *
 * @example
 * removeFromRelationshipOperation(idRef('person', '1'), 'computers', [idRef('computer', '3')]);
 */
export function removeFromRelationshipOperation(
  ref: ResourceRef,
  relationship: string,
  members: readonly ResourceRef[],
): RemoveFromRelationshipOperation {
  return Object.freeze({ kind: 'remove_from_relationship', ref, relationship, members: Object.freeze([...members]) });
}

/**
 * A frozen copy of a record's own enumerable members, each value passed through
 * `copy`. A member named `__proto__` stays an own member, as `JSON.parse` makes it.
 */
function frozenRecord<T>(record: Readonly<Record<string, T>>, copy: (value: T) => T): Readonly<Record<string, T>> {
  const frozen: Record<string, T> = {};
  for (const name of Object.keys(record)) {
    setOwnMember(frozen, name, copy(record[name] as T));
  }
  return Object.freeze(frozen);
}

function same<T>(value: T): T {
  return value;
}

function frozenLinkage(linkage: RelationshipValue): RelationshipValue {
  return Array.isArray(linkage) ? Object.freeze([...(linkage as readonly ResourceRef[])]) : linkage;
}

/**
 * The operation with a precondition: the resource it addresses must have one of
 * `versions` (from `If-Match`), checked by the layer atomically with the write.
 *
 * @example
 * guardedOperation(updateOperation(idRef('person', '1'), { attributes: { name: 'Ada' }, relationships: {} }), [3]);
 */
export function guardedOperation<T extends GuardedOperation>(operation: T, versions: readonly number[]): T {
  const guarded: T = { ...operation, ifMatch: Object.freeze([...versions]) };
  return Object.freeze(guarded);
}
