import type { FilterPlan, SortPlanKey } from './query-plan.js';
import type { ScanMode } from './scan.js';

/**
 * The cache key of a compiled query shape: the type, the scan mode, the lowered sort
 * keys and the filter plan (which holds no client value). Two shapes have the same key
 * exactly when these are equal. The sort keys are written member by member, each field
 * name after its length so no name can run into the next member (a fraction of the
 * cost of `JSON.stringify`, which the plan, of many kinds, still goes through).
 *
 * @example
 * shapeKey('person', 'top', [{ slots: [], field: 'name', desc: true, codePoint: false }], null);
 * // 'person\ntop\n:4:namedn;\n'
 */
export function shapeKey(type: string, mode: ScanMode, keys: readonly SortPlanKey[], plan: FilterPlan | null): string {
  let key = `${type}\n${mode}\n`;
  for (let index = 0; index < keys.length; index++) {
    const { slots, field, desc, codePoint } = keys[index] as SortPlanKey;
    key += `${slots.length === 0 ? '' : slots.join('.')}:${String(field.length)}:${field}${desc ? 'd' : 'a'}${codePoint ? 'c' : 'n'};`;
  }
  return `${key}\n${plan === null ? '' : JSON.stringify(plan)}`;
}
