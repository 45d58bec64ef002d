import { compareCodePoints } from './code-point-order.js';
import type { FilterPlan, SortPlanKey, ValueTest } from './query-plan.js';
import type { ScanMode, ScanResult } from './scan.js';
import { LINKS, POSITION } from './store.js';
import type { Row } from '../data-layer.js';

/**
 * The generated code of one query shape: `bind` stores a query's constants in the
 * shape's variables, `scan` runs the query. Created once per shape, so every query
 * of that shape runs the same, already optimized functions.
 */
export interface GeneratedShape {
  bind(constants: readonly unknown[]): void;
  scan(rows: readonly Row[], offset: number, limit: number | null, signal: AbortSignal | undefined): ScanResult;
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
 * runGenerated(shape, constants, rows, 0, 30, signal); // { rows, total }
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
 * runGenerated(shape, ['John'], rows, 0, 30, undefined);
 */
export function runGenerated(
  shape: GeneratedShape,
  constants: readonly unknown[],
  rows: readonly Row[],
  offset: number,
  limit: number | null,
  signal: AbortSignal | undefined,
): ScanResult {
  shape.bind(constants);
  try {
    return shape.scan(rows, offset, limit, signal);
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
  const test = predicate === null ? 'true' : `${predicate}(r)`;
  if (mode === 'asc' || mode === 'desc') {
    lines.push(scanInOrderSource(test, mode === 'desc'));
  } else {
    lines.push(comparatorSource(keys), mode === 'top' ? HEAP_SOURCE + scanTopSource(test) : scanAllSource(test));
  }
  lines.push('return { bind, scan };');
  return lines.join('\n');
}

/** A field access on row variable `row`; the name comes from the schema, written as a JSON literal. */
function access(row: string, field: string): string {
  return `${row}[${JSON.stringify(field)}]`;
}

function integer(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error('Invalid index in a query plan');
  return String(value);
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

function comparatorSource(keys: readonly SortPlanKey[]): string {
  const parts = keys.map((key, index) => {
    const read = (row: string): string => {
      if (key.slots.length === 0) return access(row, key.field);
      const steps = key.slots.map((slot) => `(t = t[L][${integer(slot)}]) === null ? null : `).join('');
      return `(t = ${row}, ${steps}${access('t', key.field)})`;
    };
    const before = key.desc ? '1' : '-1';
    const after = key.desc ? '-1' : '1';
    const order = key.codePoint ? `return cps(x${index}, y${index}) < 0 ? ${before} : ${after};` : `return x${index} < y${index} ? ${before} : ${after};`;
    return [
      `const x${index} = ${read('a')}, y${index} = ${read('b')};`,
      `if (x${index} == null) { if (y${index} != null) return ${after}; }`,
      `else if (y${index} == null) return ${before};`,
      `else if (x${index} !== y${index}) { ${order} }`,
    ].join('\n');
  });
  return `function cmp(a, b) {\nlet t;\n${parts.join('\n')}\nreturn 0;\n}`;
}

function scanInOrderSource(test: string, descending: boolean): string {
  const row = descending ? 'rows[n - 1 - i]' : 'rows[i]';
  return `function scan(rows, offset, limit, signal) {
  const n = rows.length, end = limit === null ? Infinity : offset + limit, out = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 0 && signal !== undefined && signal.aborted) throw signal.reason;
    const r = ${row};
    if (${test}) { if (total >= offset && total < end) out.push(r); total++; }
  }
  return { rows: out, total };
}`;
}

const HEAP_SOURCE = `function up(heap, index) {
  const row = heap[index];
  let position = index;
  while (position > 0) {
    const parent = (position - 1) >> 1, above = heap[parent];
    if (cmp(above, row) >= 0) break;
    heap[position] = above; position = parent;
  }
  heap[position] = row;
}
function down(heap) {
  const row = heap[0], length = heap.length;
  let position = 0;
  for (;;) {
    let child = 2 * position + 1;
    if (child >= length) break;
    if (child + 1 < length && cmp(heap[child + 1], heap[child]) > 0) child++;
    const below = heap[child];
    if (cmp(below, row) <= 0) break;
    heap[position] = below; position = child;
  }
  heap[position] = row;
}
`;

function scanTopSource(test: string): string {
  return `function scan(rows, offset, limit, signal) {
  const n = rows.length, size = offset + limit, heap = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 0 && signal !== undefined && signal.aborted) throw signal.reason;
    const r = rows[i];
    if (!(${test})) continue;
    total++;
    if (heap.length < size) { heap.push(r); up(heap, heap.length - 1); }
    else if (size > 0 && cmp(r, heap[0]) < 0) { heap[0] = r; down(heap); }
  }
  heap.sort(cmp);
  return { rows: heap.slice(offset), total };
}`;
}

function scanAllSource(test: string): string {
  return `function scan(rows, offset, limit, signal) {
  const n = rows.length, out = [];
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 0 && signal !== undefined && signal.aborted) throw signal.reason;
    const r = rows[i];
    if (${test}) out.push(r);
  }
  out.sort(cmp);
  const page = offset === 0 && (limit === null || limit >= out.length) ? out : out.slice(offset, limit === null ? undefined : offset + limit);
  return { rows: page, total: out.length };
}`;
}
