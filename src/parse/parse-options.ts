import type { Operator } from '../ast/operators.js';
import type { ResolvedCapabilities } from '../layers/capabilities.js';
import type { LimitOptions } from '../limits.js';
import type { TypeName } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';

/**
 * Options of `parseQuery` and `safeParseQuery`.
 *
 * @example
 * { schema: exampleSchema, type: 'person', limits: { maxPageSize: 50 } }
 */
export interface ParseOptions<S extends ResourceSchema = ResourceSchema, T extends string = TypeName<S>> {
  /** The resource schema (ideally declared `as const` or with `defineSchema`). */
  readonly schema: S;
  /** The resource type `filter`, `sort` and `page` apply to. */
  readonly type: T;
  /** The query budget; defaults in docs/query-syntax.md. Overrides per type apply to `type`. */
  readonly limits?: LimitOptions | undefined;
  /**
   * The operators the data layer supports; any other operator is a 400
   * `operator_not_supported` naming it. Default: every operator.
   */
  readonly operators?: ReadonlySet<Operator> | undefined;
  /**
   * What the data layer evaluates on reads of `type` (`resolveCapabilities(layer, type)`;
   * the handler passes it): a filter node, operator, sort, page or include beyond it
   * is a 400 naming the parameter as sent (`filter_not_supported`,
   * `operator_not_supported`, `sort_not_supported`, `page_not_supported`,
   * `include_not_supported`). Default: everything.
   */
  readonly capabilities?: ResolvedCapabilities | undefined;
  /**
   * The type include paths start from. Default `type`; on a relationship route
   * (`/persons/1/relationships/computers`) the handler passes the owning type.
   */
  readonly includeFrom?: string | undefined;
  /**
   * The client prefers cursor pages (the handler sets it when `Accept` asks for the
   * Cursor Pagination profile): a request naming neither `page[number]` nor a
   * cursor gets the first page of a cursor walk, as under `pagination: 'cursor'`;
   * `page[number]` still gives a page by number. Default `false`.
   */
  readonly preferCursor?: boolean | undefined;
}
