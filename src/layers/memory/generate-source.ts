import { compareCodePoints } from './code-point-order.js';
import { scanSource } from './generate-scan.js';
import { integer } from './source-text.js';
import { planRule, type PlanWriter } from './plan-rules.js';
import type { FilterPlan, SortPlanKey } from './query-plan.js';
import type { ScanMode, ScanResult, ScanWindow } from './scan.js';
import { LINK_KEYS, POSITION } from './store.js';
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

const HELPERS = { L: LINK_KEYS, P: POSITION, cps: compareCodePoints } as const;
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
 */
export function generateShape(plan: FilterPlan | null, keys: readonly SortPlanKey[], mode: ScanMode): GeneratedShape {
  const source = generateSource(plan, keys, mode);
  return (new Function('h', source) as (helpers: typeof HELPERS) => GeneratedShape)(HELPERS);
}

/**
 * Runs a generated shape with one query's constants (bound for the synchronous
 * duration of the scan, then released).
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

/** Writes a shape's functions: the generated side of `PLAN_RULES`. */
class Emitter implements PlanWriter {
  readonly functions: string[] = [];
  constantCount = 0;
  private next = 0;

  predicate(plan: FilterPlan): string {
    const body = this.expression(plan, 'r');
    return this.helper((name) => `function ${name}(r) { return ${body}; }`);
  }

  helper(source: (name: string) => string): string {
    const name = `p${this.next++}`;
    this.functions.push(source(name));
    return name;
  }

  constant(index: number): string {
    this.constantCount = Math.max(this.constantCount, index + 1);
    return `k${integer(index)}`;
  }

  private readonly expression = (plan: FilterPlan, row: string): string => planRule(plan).source(plan, row, this, this.expression);
}
