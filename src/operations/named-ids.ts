/**
 * The existing resources an operation list names by id: the target of every operation
 * but a create, and every member of the linkage it writes. Lid refs are left out (they
 * name resources the list itself creates).
 */
import type { Operation, RelationshipValue, ResourceRef } from './operation-node.js';

/** The ids the list names by id, per type, for the types `includes` accepts. */
export function namedIds(operations: readonly Operation[], includes: (type: string) => boolean): Map<string, Set<string | number>> {
  const named = new Map<string, Set<string | number>>();
  const add = (ref: ResourceRef): void => {
    if (ref.kind !== 'id' || !includes(ref.type)) return;
    let ids = named.get(ref.type);
    if (ids === undefined) named.set(ref.type, (ids = new Set()));
    ids.add(ref.id);
  };
  const addLinkage = (linkage: RelationshipValue): void => {
    if (Array.isArray(linkage)) (linkage as readonly ResourceRef[]).forEach(add);
    else if (linkage !== null) add(linkage as ResourceRef);
  };
  for (const operation of operations) {
    if (operation.kind !== 'create') add(operation.ref);
    if (operation.kind === 'create' || operation.kind === 'update') Object.values(operation.relationships).forEach(addLinkage);
    if (operation.kind === 'set_relationship') addLinkage(operation.linkage);
    if (operation.kind === 'add_to_relationship' || operation.kind === 'remove_from_relationship') operation.members.forEach(add);
  }
  return named;
}
