/**
 * What the serializer reads: the result of one execution, as the executor
 * (`src/execute/`) returns it. Declared here structurally so the serializer depends
 * on no data layer and on no executor internals.
 */
import type { Id, Row } from '../layers/data-layer.js';

/** One resource to serialize: its type and the row a data layer returned. */
export interface ResourceRecord {
  readonly type: string;
  readonly row: Row;
}

/**
 * The relationship data gathered while following `include` paths.
 * `get` returns the related id(s) of one resource along one relationship, or
 * `undefined` when that relationship of that resource was not followed.
 */
export interface LinkageLookup {
  get(type: string, id: Id, relationship: string): readonly Id[] | Id | null | undefined;
}

/** The result of a read of resources (collection, single resource, related route). */
export interface ResourceResult {
  /** An array for to-many reads, one resource or `null` for to-one reads. */
  readonly data: ResourceRecord | null | readonly ResourceRecord[];
  /** `meta.count`: the number of matching records before paging, on paged to-many reads. */
  readonly total?: number;
  /** Each type+id once, first-encounter order; `undefined` when there was no `include`. */
  readonly included?: readonly ResourceRecord[];
  readonly linkage: LinkageLookup;
}

/** The result of a read of relationship linkage (`/persons/1/relationships/computers`). */
export interface LinkageResult {
  readonly data: Id | null | readonly Id[];
  /** The type of the related resources. */
  readonly targetType: string;
  readonly total?: number;
  readonly included?: readonly ResourceRecord[];
  readonly linkage: LinkageLookup;
}

/** The request a document answers: its raw, percent-encoded path and query string. */
export interface DocumentRequest {
  /** The path as sent, percent-encoded, without the query (`/persons`). */
  readonly path: string;
  /** The raw query string without `?`; `''` when there is none. */
  readonly query: string;
}
