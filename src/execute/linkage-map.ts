import type { Id } from '../layers/data-layer.js';
import type { Linkage } from './execution.js';

type Linked = readonly Id[] | Id | null;

/**
 * The linkage recorded while includes are followed, keyed by type, id (as a
 * string, so `1` and `'1'` are the same resource) and relationship.
 */
export class LinkageMap implements Linkage {
  private readonly entries = new Map<string, Linked>();

  /** Records the linkage of one relationship of one resource. */
  set(type: string, id: Id, relationship: string, linked: Linked): void {
    this.entries.set(key(type, id, relationship), linked);
  }

  get(type: string, id: Id, relationship: string): Linked | undefined {
    return this.entries.get(key(type, id, relationship));
  }
}

function key(type: string, id: Id, relationship: string): string {
  return `${type}\u0000${String(id)}\u0000${relationship}`;
}
