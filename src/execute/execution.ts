import type { QueryLimits } from '../limits.js';
import type { DataLayer, Id, Row } from '../layers/data-layer.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { CursorPageResult } from '../paging/cursor-window.js';

/** What the executor needs: the schema, a data layer, and the request's budget and signal. */
export interface ExecuteOptions {
  readonly schema: ResourceSchema;
  readonly layer: DataLayer;
  /** Resolved limits; default `DEFAULT_LIMITS` (`maxIncluded`, `maxUnpaginatedRows` are used here). */
  readonly limits?: QueryLimits;
  readonly signal?: AbortSignal;
  /**
   * `true` (default): the specification's rule — an include has no effect unless its
   * relationship is listed in the fields of its owning type (when that type has a
   * fieldset). `false`: JSON:API 1.1 behaviour (includes always apply).
   */
  readonly includeRequiresFields?: boolean;
}

/** A resource to serialize: its type and the row a layer returned. */
export interface Resource {
  readonly type: string;
  readonly row: Row;
}

/**
 * The followed relationships' linkage: `get(type, id, relationship)` gives the related
 * ids (to-many), the related id or `null` (to-one), or `undefined` when that
 * relationship was not followed from that resource.
 */
export interface Linkage {
  get(type: string, id: Id, relationship: string): readonly Id[] | Id | null | undefined;
}

/** The outcome of a read route: what the serializer turns into a document. */
export interface Execution {
  /** One resource, `null` (an empty to-one), or a list. */
  readonly data: Resource | null | readonly Resource[];
  /** Total after filtering (`meta.count`), present for paged to-many reads that are counted. */
  readonly total?: number;
  /** A cursor page's cursors (one per resource of `data`) and neighbouring pages. */
  readonly cursorPage?: CursorPageResult;
  /** Under `count: 'estimated'`, whether `total` is exact or the layer's estimate (`meta.countKind`). */
  readonly countKind?: 'exact' | 'estimated';
  /** A page by number read without an exact count (`count: 'none'` or `'estimated'`): whether a later page has rows. */
  readonly hasNext?: boolean;
  /** Included resources, each type+id once, in first-encounter order; `undefined` when no include. */
  readonly included?: readonly Resource[];
  readonly linkage: Linkage;
}

/** The outcome of a relationship route (`/persons/1/relationships/computers`). */
export interface RelationshipExecution {
  /** The related id(s): a list for to-many, an id or `null` for to-one. */
  readonly data: Id | null | readonly Id[];
  /** The related type, for the resource identifiers. */
  readonly targetType: string;
  /** Total after filtering, present for paged to-many linkage that is counted. */
  readonly total?: number;
  /** A cursor page's cursors (one per identifier of `data`) and neighbouring pages. */
  readonly cursorPage?: CursorPageResult;
  /** Under `count: 'estimated'`, whether `total` is exact or an estimate (`meta.countKind`). */
  readonly countKind?: 'exact' | 'estimated';
  /** A page by number read without an exact count: whether a later page has rows. */
  readonly hasNext?: boolean;
  /** Included resources (include paths start at the owner); `undefined` when no include. */
  readonly included?: readonly Resource[];
  readonly linkage: Linkage;
}
