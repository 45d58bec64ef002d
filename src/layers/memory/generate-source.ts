import { compareCodePoints } from './code-point-order.js';
import type { FilterPlan, SortPlanKey, ValueTest } from './query-plan.js';
import { access, integer, scanSource } from './generate-scan.js';
import type { ScanMode, ScanResult, ScanWindow } from './scan.js';
import { LINKS, POSITION } from './store.js';
import type { Row } from '../data-layer.js';

/**
 * The generated code of one query shape: `bind` stores a query's constants in the
 * shape's variables, `scan` runs the query. Created once per shape, so every query
 * of that shape runs the same, already optimized functions.
 */
export interface GeneratedShape {
  bind(constants: readonly unknown[]): void;
  scan(rows: readonly Row[], window: ScanWindow, signal: AbortSignal | undefined): ScanResult;
}

const HELPERS = { L: LINKS, P: POSITION, cps: compareCodePoints } as const;
const NO_CONSTANTS: readonly unknown[] = [];

/**
 * Generates, with `new Function`, the code of one query shape: the predicate, the
 * comparator and the loop in one closure, so each shape has its own monomorphic
 * code however many shapes a long-running process has seen. No client text ever
 * appears in the source: values are read from the constants array by index, field
 * names come from the schema and are written as JSON string literals, and every
 * other token comes from fixed tables. Throws where code generation is forbidden
 * (a Content-Security-Policy without `unsafe-eval`); the layer then falls back to
 * closures.
 *
 * @example
 * const shape = generateShape(plan, sortKeys, 'top');
 * runGenerated(shape, constants, rows, window, signal); // { rows, total }
 */
export function generateShape(plan: FilterPlan | null, keys: readonly SortPlanKey[], mode: ScanMode): GeneratedShape {
  const source = generateSource(plan, keys, mode);
  return (new Function('h', source) as (helpers: typeof HELPERS) => GeneratedShape)(HELPERS);
}

/**
 * Runs a generated shape with one query's constants (bound for the synchronous
 * duration of the scan, then released).
 *
 * @example
 * runGenerated(shape, ['John'], rows, window, undefined);
 */
export function runGenerated(
  shape: GeneratedShape,
  constants: readonly unknown[],
  rows: readonly Row[],
  window: ScanWindow,
  signal: AbortSignal | undefined,
): ScanResult {
  shape.bind(constants);
  try {
    return shape.scan(rows, window, signal);
  } finally {
    shape.bind(NO_CONSTANTS);
  }
}

/**
 * The source text of a shape's scan (exported for tests that check no client text
 * reaches it).
 *
 * @example
 * generateSource(null, [{ slots: [], field: 'id', desc: false, codePoint: true }], 'asc');
 */
export function generateSource(plan: FilterPlan | null, keys: readonly SortPlanKey[], mode: ScanMode): string {
  const emitter = new Emitter();
  const predicate = plan === null ? null : emitter.predicate(plan);
  const lines = ['"use strict";', 'const L = h.L, P = h.P, cps = h.cps;'];
  const names = Array.from({ length: emitter.constantCount }, (_, index) => `k${index}`);
  if (names.length > 0) lines.push(`let ${names.join(', ')};`);
  lines.push(`function bind(c) { ${names.map((name, index) => `${name} = c[${index}];`).join(' ')} }`);
  lines.push(...emitter.functions);
  lines.push(scanSource(keys, mode, predicate === null ? 'true' : `${predicate}(r)`));
  lines.push('return { bind, scan };');
  return lines.join('\n');
}

class Emitter {
  readonly functions: string[] = [];
  constantCount = 0;
  private next = 0;

  /** Emits a predicate function for a plan and returns its name. */
  predicate(plan: FilterPlan): string {
    const name = `p${this.next++}`;
    const body = this.expression(plan, 'r');
    this.functions.push(`function ${name}(r) { return ${body}; }`);
    return name;
  }

  private constant(index: number): string {
    this.constantCount = Math.max(this.constantCount, index + 1);
    return `k${integer(index)}`;
  }

  private expression(plan: FilterPlan, row: string): string {
    switch (plan.k) {
      case 'const':
        return plan.value ? 'true' : 'false';
      case 'and':
      case 'or':
        return `(${plan.items.map((item) => this.expression(item, row)).join(plan.k === 'and' ? ' && ' : ' || ')})`;
      case 'is': {
        const value = access(row, plan.field);
        const holds = plan.value === null ? `${value} == null` : `${value} === ${plan.value ? 'true' : 'false'}`;
        return plan.negate ? `!(${holds})` : `(${holds})`;
      }
      case 'test': {
        const value = access(row, plan.field);
        const holds = this.test(plan.test, value);
        const outcome = plan.negate ? `!(${holds})` : `(${holds})`;
        return plan.nullable ? `(${value} != null && ${outcome})` : outcome;
      }
      case 'lowered': {
        const value = access(row, plan.field);
        const lowered = `${this.constant(plan.column)}[${row}[P]]`;
        const holds = `${this.constant(plan.matcher)}(${lowered})`;
        const outcome = plan.negate ? `!${holds}` : holds;
        return plan.nullable ? `(${value} != null && ${outcome})` : outcome;
      }
      case 'member': {
        const code = `${this.constant(plan.column)}[${row}[P]]`;
        return `(${this.constant(plan.members)}[${code}] === ${plan.negate ? '0' : '1'})`;
      }
      case 'fields': {
        const a = access(row, plan.field);
        const b = access(row, plan.other);
        const operator = OPERATOR_TOKENS[plan.op];
        const holds =
          plan.op === 'eq' || plan.op === 'ne' || !plan.codePoint
            ? `${a} ${operator} ${b}`
            : `cps(${a}, ${b}) ${operator} 0`;
        const outcome = plan.negate ? `!(${holds})` : `(${holds})`;
        return plan.nullable ? `(${a} != null && ${b} != null && ${outcome})` : outcome;
      }
      case 'exists': {
        const inner = this.predicate(plan.item);
        const name = `e${this.next++}`;
        const slot = integer(plan.slot);
        this.functions.push(
          plan.toMany
            ? `function ${name}(r) { const a = r[L][${slot}]; for (let i = 0; i < a.length; i++) { if (${inner}(a[i])) return true; } return false; }`
            : `function ${name}(r) { const t = r[L][${slot}]; return t !== null && ${inner}(t); }`,
        );
        return plan.negate ? `!${name}(${row})` : `${name}(${row})`;
      }
    }
  }

  private test(test: ValueTest, value: string): string {
    switch (test.t) {
      case 'eq':
        return `${value} === ${this.constant(test.c)}`;
      case 'lt':
      case 'le':
      case 'gt':
      case 'ge': {
        const operator = OPERATOR_TOKENS[test.t];
        const constant = this.constant(test.c);
        return test.codePoint ? `cps(${value}, ${constant}) ${operator} 0` : `${value} ${operator} ${constant}`;
      }
      case 'between': {
        const lo = this.constant(test.lo);
        const hi = this.constant(test.hi);
        return test.codePoint
          ? `cps(${value}, ${lo}) >= 0 && cps(${value}, ${hi}) <= 0`
          : `${value} >= ${lo} && ${value} <= ${hi}`;
      }
      case 'in':
        return `${this.constant(test.c)}.has(${value})`;
      case 'call':
        return `${this.constant(test.c)}(${value})`;
      case 'startswith':
        return `${value}.startsWith(${this.constant(test.c)})`;
      case 'endswith':
        return `${value}.endsWith(${this.constant(test.c)})`;
    }
  }
}

const OPERATOR_TOKENS = { eq: '===', ne: '!==', lt: '<', le: '<=', gt: '>', ge: '>=' } as const;
