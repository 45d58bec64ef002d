/**
 * The shape of a read policy as the kit generates it (POLICY-API: the handler's
 * `policy` option): per type a row filter and the hidden attribute and relationship
 * names. A type without an entry is unrestricted.
 */
import type { FilterNode } from '../../ast/filter-node.js';

/** What one requester may see of one type. */
export interface TypeReadPolicy {
  /** Row filter: only rows matching it exist for the requester. */
  readonly filter?: FilterNode;
  /** Attribute and relationship names that do not exist for the requester. */
  readonly hidden?: readonly string[];
}

/** A read policy: per type. */
export interface ReadPolicy {
  readonly types: { readonly [type: string]: TypeReadPolicy | undefined };
}
