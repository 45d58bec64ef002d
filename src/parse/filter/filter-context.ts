import type { FilterNodeKind } from '../../ast/filter-node.js';
import type { ComparisonOperator, Operator } from '../../ast/operators.js';
import type { ErrorCode } from '../../errors/error-codes.js';
import { QueryError } from '../../errors/query-error.js';
import type { ResolvedCapabilities } from '../../layers/capabilities.js';
import type { QueryLimits } from '../../limits.js';
import type { FieldKind } from '../../schema/resolved-schema.js';
import { FILTER_DEPTH_CEILING } from './depth-scan.js';

/**
 * What resolving one request's filter needs: the limits, the data layer's
 * operators and capabilities, the parameter being resolved (for `source.parameter`) and the node
 * budget shared by the JSON form and every simple filter.
 */
export class FilterContext {
  /** The parameter being resolved, exactly as sent: `filter` or `filter[name]`. */
  // Stryker disable next-line StringLiteral: parseFilter sets the parameter before resolving anything
  parameter = 'filter';
  /** Nodes created so far for this request. */
  nodes = 0;
  /** Whether the JSON form is being resolved: only then do faults carry a pointer. */
  // Stryker disable next-line BooleanLiteral: parseFilter sets it before any fault reads it (faults of the JSON text give their pointer)
  json = false;
  /**
   * Whether string values may hold a NUL or a lone surrogate and must be scanned: always
   * for simple-form values (an already-decoded query string or a parsed object may carry
   * a raw lone surrogate), and for the JSON form only when its text holds a `\u` escape
   * or a surrogate code unit, so the common filter is never scanned twice.
   */
  // Stryker disable next-line BooleanLiteral: parseFilter sets it before any value is checked
  scanStrings = false;
  /**
   * The keys from the top of the filter JSON to the entry being resolved, pushed and
   * popped while descending, so a JSON pointer is only built when a fault needs one.
   */
  readonly path: (string | number)[] = [];
  /** `maxFilterDepth`, at most `FILTER_DEPTH_CEILING`. */
  readonly maxDepth: number;

  constructor(
    readonly limits: QueryLimits,
    readonly operators: ReadonlySet<Operator> | undefined,
    readonly capabilities?: ResolvedCapabilities,
  ) {
    this.maxDepth = Math.min(limits.maxFilterDepth, FILTER_DEPTH_CEILING);
  }

  /** Whether the data layer evaluates this node kind (every kind without a declaration). */
  evaluates(kind: FilterNodeKind): boolean {
    return this.capabilities === undefined || this.capabilities.nodes.has(kind);
  }

  /** Whether the data layer evaluates this operator on a field of this kind. */
  evaluatesOn(kind: FieldKind, op: ComparisonOperator): boolean {
    return this.capabilities === undefined || this.capabilities.operators[kind].has(op);
  }

  /**
   * The JSON pointer of the current entry, plus a suffix (`/val`), or `undefined`
   * outside the JSON form.
   */
  at(suffix = ''): string | undefined {
    if (!this.json) return undefined;
    let pointer = '';
    for (const key of this.path) pointer += `/${key}`;
    return pointer + suffix;
  }

  /** Counts one node against `maxFilterNodes`. */
  countNode(): void {
    if (++this.nodes > this.limits.maxFilterNodes) {
      throw this.fault(
        'filter_too_many_nodes',
        `The filter has more than ${this.limits.maxFilterNodes} nodes`,
        this.at(),
        this.limits.maxFilterNodes,
      );
    }
  }

  /** Checks that a node at this nesting level is within `maxFilterDepth`. */
  checkDepth(depth: number): void {
    if (depth > this.maxDepth) throw this.tooDeep(this.at());
  }

  /** The `filter_too_deep` error. */
  tooDeep(pointer: string | undefined): QueryError {
    return this.fault(
      'filter_too_deep',
      `The filter nests and/or/not/any/has more than ${this.maxDepth} levels deep`,
      pointer,
      this.maxDepth,
    );
  }

  /** The error for a fault of the current parameter, at a JSON pointer when inside the filter JSON. */
  fault(code: ErrorCode, detail: string, pointer: string | undefined, limit?: number): QueryError {
    return QueryError.of({
      code,
      detail,
      parameter: this.parameter,
      // Stryker disable next-line ConditionalExpression: jsonApiError leaves an undefined pointer out itself; the spread satisfies exactOptionalPropertyTypes
      ...(pointer === undefined ? {} : { pointer }),
      // Stryker disable next-line ConditionalExpression: jsonApiError leaves an undefined limit out itself; the spread satisfies exactOptionalPropertyTypes
      ...(limit === undefined ? {} : { limit }),
    });
  }
}
