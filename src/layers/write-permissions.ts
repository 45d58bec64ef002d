/**
 * The write permissions of a list (`WriteRequest.permits`, docs/writes.md "Writing a
 * layer", rule 8), checked the same way by every layer that ships with the package:
 * which existing resources the list may update or delete is read once before its
 * first operation, and what it created or changed is checked against `create` and
 * `update` after its last. A layer gives the filter evaluation (`MatchFilter`), in its
 * own transaction.
 */
import type { FilterNode } from '../ast/filter-node.js';
import { OperationError } from '../operations/operation-error.js';
import type { Operation } from '../operations/operation-node.js';
import type { Id, WriteChange, WriteRequest } from './data-layer.js';

/** Of some ids of one type: those that exist, and those of them that match a filter. */
export interface FilterMatch {
  readonly existing: ReadonlySet<Id>;
  readonly matching: ReadonlySet<Id>;
}

/** Evaluates `filter` on the resources `ids` of `type` as the list sees them now. */
export type MatchFilter = (type: string, ids: readonly Id[], filter: FilterNode) => Promise<FilterMatch>;

/** A resource the list created or changed, and the first operation that did. */
export interface ChangedResource {
  readonly type: string;
  readonly id: Id;
  readonly operation: number;
}

/**
 * What an operation does to the resource it is addressed to: a relationship change
 * is an update of its owner.
 *
 * @example
 * changeOf(deleteOperation(idRef('person', '1'))); // 'delete'
 */
export function changeOf(operation: Exclude<Operation, { kind: 'create' }>): Exclude<WriteChange, 'create'>;
export function changeOf(operation: Operation): WriteChange;
export function changeOf(operation: Operation): WriteChange {
  return operation.kind === 'create' ? 'create' : operation.kind === 'delete' ? 'delete' : 'update';
}

/** The write permissions of one list, with what was allowed before its first operation. */
export class WritePermissions {
  private constructor(
    private readonly permits: WriteRequest['permits'],
    /** Per change and type, the existing resources the list names that the change's filter allowed before the list. */
    private readonly allowedBefore: ReadonlyMap<string, ReadonlySet<Id>>,
  ) {}

  /**
   * Reads, before any operation of the list, which existing resources it addresses by
   * id (to update, change a relationship of, or delete) the permits allow.
   *
   * @example
   * const permissions = await WritePermissions.before(request.operations, request.permits, match);
   */
  static async before(operations: readonly Operation[], permits: WriteRequest['permits'], match: MatchFilter): Promise<WritePermissions> {
    const addressed = new Map<string, { readonly type: string; readonly filter: FilterNode; readonly ids: Set<Id> }>();
    if (permits !== undefined) {
      for (const operation of operations) {
        if (operation.kind === 'create' || operation.ref.kind !== 'id') continue;
        const { type, id } = operation.ref;
        const change = changeOf(operation);
        const filter = permits(type, change);
        if (filter === undefined) continue;
        const key = changeKey(change, type);
        const entry = addressed.get(key) ?? { type, filter, ids: new Set<Id>() };
        entry.ids.add(id);
        addressed.set(key, entry);
      }
    }
    const allowed = new Map<string, ReadonlySet<Id>>();
    for (const [key, { type, filter, ids }] of addressed) allowed.set(key, (await match(type, [...ids], filter)).matching);
    return new WritePermissions(permits, allowed);
  }

  /**
   * Throws `forbidden_write` at operation `index` unless the change of the existing
   * resource was allowed before the list; a resource the list created is its own.
   *
   * @example
   * permissions.require('person', 1, 'delete', 0, false);
   */
  require(type: string, id: Id, change: Exclude<WriteChange, 'create'>, index: number, createdByList: boolean): void {
    if (createdByList || this.permits?.(type, change) === undefined) return;
    if (this.allowedBefore.get(changeKey(change, type))?.has(id) !== true) throw new OperationError('forbidden_write', index);
  }

  /**
   * After the whole list: throws `forbidden_write` at the operation that first created
   * or changed the first resource (in list order) that still exists and does not match
   * `create` (when the list created it) or `update`.
   *
   * @example
   * await permissions.after(changed, (type, id) => created.has(key(type, id)), match);
   */
  async after(changed: readonly ChangedResource[], createdByList: (type: string, id: Id) => boolean, match: MatchFilter): Promise<void> {
    const { permits } = this;
    if (permits === undefined) return;
    const byChange = new Map<string, { readonly type: string; readonly filter: FilterNode; readonly ids: Id[] }>();
    const changeOfResource = (type: string, id: Id): WriteChange => (createdByList(type, id) ? 'create' : 'update');
    for (const { type, id } of changed) {
      const change = changeOfResource(type, id);
      const filter = permits(type, change);
      if (filter === undefined) continue;
      const key = changeKey(change, type);
      const entry = byChange.get(key) ?? { type, filter, ids: [] };
      entry.ids.push(id);
      byChange.set(key, entry);
    }
    const refused = new Set<string>();
    for (const [key, { type, filter, ids }] of byChange) {
      const { existing, matching } = await match(type, ids, filter);
      for (const id of existing) if (!matching.has(id)) refused.add(`${key}\u0000${typeof id}\u0000${String(id)}`);
    }
    const first = changed.find(({ type, id }) => refused.has(`${changeKey(changeOfResource(type, id), type)}\u0000${typeof id}\u0000${String(id)}`));
    if (first !== undefined) throw new OperationError('forbidden_write', first.operation);
  }
}

function changeKey(change: WriteChange, type: string): string {
  return `${change}\u0000${type}`;
}
