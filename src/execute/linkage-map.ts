import type { Id } from '../layers/data-layer.js';
import type { Linkage } from './execution.js';

type Linked = readonly Id[] | Id | null;

/**
 * The linkage recorded while includes are followed, by type, relationship and id (as
 * a string, so `1` and `'1'` are the same resource). Nested maps: a lookup hashes the
 * schema's own names and the id, never a key built per call.
 *
 * @example
 * linkage.set('person', 1, 'computers', [3, 4]);
 * linkage.get('person', '1', 'computers'); // [3, 4]
 */
export class LinkageMap implements Linkage {
  private readonly types = new Map<string, Map<string, Map<string, Linked>>>();

  /** Records the linkage of one relationship of one resource. */
  set(type: string, id: Id, relationship: string, linked: Linked): void {
    this.relationship(type, relationship).set(String(id), linked);
  }

  get(type: string, id: Id, relationship: string): Linked | undefined {
    return this.types.get(type)?.get(relationship)?.get(String(id));
  }

  /** The linkage of one relationship of a type, by id: for recording a whole include step. */
  relationship(type: string, relationship: string): Map<string, Linked> {
    let relationships = this.types.get(type);
    if (relationships === undefined) {
      relationships = new Map();
      this.types.set(type, relationships);
    }
    let ids = relationships.get(relationship);
    if (ids === undefined) {
      ids = new Map();
      relationships.set(relationship, ids);
    }
    return ids;
  }
}
