import type { AndNode, AnyNode, FilterNode, HasNode, OrNode } from '../../ast/filter-node.js';
import { foldFilter, type FilterFolder } from '../../ast/fold-filter.js';
import type { FieldOperator } from '../../ast/operators.js';
import type { SortKey } from '../../ast/query-ast.js';
import { lowerCompare, lowerFieldComparison, requireField } from './lower-compare.js';
import { lowerTerms } from './lower-terms.js';
import type { Store, TypeStore } from './store.js';

/**
 * A test of one non-null field value against constants (indexes into the query's
 * constants array). `codePoint` marks string comparisons that need code-point
 * order; native `<` serves the others.
 */
export type ValueTest =
  | { readonly kind: 'eq' | 'lt' | 'le' | 'gt' | 'ge'; readonly constant: number; readonly codePoint: boolean }
  | { readonly kind: 'between'; readonly low: number; readonly high: number; readonly codePoint: boolean }
  | { readonly kind: 'in' | 'call' | 'startswith' | 'endswith'; readonly constant: number };

/**
 * The filter lowered for evaluation: pure structure, no client value (values are
 * constants referenced by index), so its JSON text is the cache key of the query
 * shape. Three-valued logic is resolved here: each node answers "is the filter
 * TRUE" (`negate: false`) or "is it FALSE" (`negate: true`), so a `not` flips the
 * polarity and an unknown comparison is false in both.
 */
export type FilterPlan =
  | { readonly kind: 'const'; readonly value: boolean }
  | { readonly kind: 'and' | 'or'; readonly items: readonly FilterPlan[] }
  /** A comparison: the field is non-null and the test holds (or, negated, does not hold). */
  | { readonly kind: 'test'; readonly field: string; readonly nullable: boolean; readonly test: ValueTest; readonly negate: boolean }
  /**
   * `ilike`/`notilike` on the type's lower-cased column: the field is non-null and
   * `constants[matcher](constants[column][row[POSITION]])` holds (or not).
   */
  | {
      readonly kind: 'lowered';
      readonly field: string;
      readonly nullable: boolean;
      readonly matcher: number;
      readonly column: number;
      readonly negate: boolean;
    }
  /**
   * A set test on a dictionary-encoded field (`in_`, and an `or` of `eq`):
   * `constants[members][constants[column][row[POSITION]]]` is 1 (negated: 0); a
   * null field (code -1) is neither.
   */
  | { readonly kind: 'member'; readonly field: string; readonly column: number; readonly members: number; readonly negate: boolean }
  /** `is_`/`isnot`: two-valued. */
  | { readonly kind: 'is'; readonly field: string; readonly value: null | boolean; readonly negate: boolean }
  | {
      readonly kind: 'fields';
      readonly field: string;
      readonly other: string;
      readonly nullable: boolean;
      readonly op: FieldOperator;
      readonly codePoint: boolean;
      readonly negate: boolean;
    }
  /** `any`/`has`: two-valued; `item` is evaluated on the related rows of link slot `slot`. */
  | { readonly kind: 'exists'; readonly slot: number; readonly toMany: boolean; readonly item: FilterPlan; readonly negate: boolean };

/** One sort key lowered: link slots to follow, the field, and how to compare. */
export interface SortPlanKey {
  readonly slots: readonly number[];
  readonly field: string;
  readonly desc: boolean;
  readonly codePoint: boolean;
}

/** A filter plan with the constants it refers to. */
export interface LoweredFilter {
  readonly plan: FilterPlan;
  readonly constants: readonly unknown[];
}

/**
 * Lowers a filter node of type `type` into a plan and its constants. Field and
 * relationship names are checked against the schema; an unknown one is a
 * programming error (the parser never produces it) and throws.
 */
export function lowerFilter(store: Store, type: string, node: FilterNode): LoweredFilter {
  const constants: unknown[] = [];
  const plan = foldFilter(node, planFolder(store, constants), { current: requireStore(store, type), negate: false });
  return { plan, constants };
}

/**
 * Lowers sort keys. The keys are total already (the parser appends the `id`
 * tie-breaker; docs/data-layer.md).
 */
export function lowerSort(store: Store, type: string, keys: readonly SortKey[]): SortPlanKey[] {
  const root = requireStore(store, type);
  return keys.map((key): SortPlanKey => {
    let current = root;
    const slots: number[] = [];
    for (const name of key.path) {
      const relationship = current.type.relationships.get(name);
      if (relationship === undefined || relationship.toMany) {
        throw new Error(`Cannot sort ${type} through "${name}": not a to-one relationship of ${current.type.name}`);
      }
      // A store has a slot for exactly its type's relationships.
      slots.push(current.slots.get(name) as number);
      current = requireStore(store, relationship.target);
    }
    const attribute = requireField(current.type, key.field);
    const codePoint = attribute.kind === 'string' && !current.codeUnitSafe(key.field);
    return { slots, field: key.field, desc: key.direction === 'desc', codePoint };
  });
}

/** The TypeStore of a type, or a thrown `Error` for a type the schema lacks. */
export function requireStore(store: Store, type: string): TypeStore {
  const found = store.types.get(type);
  if (found === undefined) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
  return found;
}


/** Where a node is lowered: its type's store, and whether the node's FALSE is asked. */
interface LowerContext {
  readonly current: TypeStore;
  readonly negate: boolean;
}

type Fold = (node: FilterNode, context: LowerContext) => FilterPlan;

/** How each node kind is lowered; `constants` receives the values the plan refers to. */
function planFolder(store: Store, constants: unknown[]): FilterFolder<FilterPlan, LowerContext> {
  const junction = (node: AndNode | OrNode, { current, negate }: LowerContext, fold: Fold): FilterPlan => {
    // NOT (a AND b) is FALSE-of-and: (NOT a) OR (NOT b), and dually.
    const conjunction = (node.kind === 'and') !== negate;
    const items = lowerTerms(node.nodes, current, negate, conjunction, constants, (child) => fold(child, { current, negate }));
    if (items.length <= 1) return items[0] ?? { kind: 'const', value: conjunction };
    return { kind: conjunction ? 'and' : 'or', items };
  };
  const exists = (node: AnyNode | HasNode, { current, negate }: LowerContext, fold: Fold): FilterPlan => {
    const relationship = current.type.relationships.get(node.relationship);
    if (relationship === undefined || relationship.toMany !== (node.kind === 'any')) {
      throw new Error(`"${node.kind}" does not apply to "${node.relationship}" of type "${current.type.name}"`);
    }
    const item = fold(node.node, { current: requireStore(store, relationship.target), negate: false });
    // A store has a slot for exactly its type's relationships.
    return { kind: 'exists', slot: current.slots.get(node.relationship) as number, toMany: relationship.toMany, item, negate };
  };
  return {
    and: junction,
    or: junction,
    not: (node, { current, negate }, fold) => fold(node.node, { current, negate: !negate }),
    any: exists,
    has: exists,
    compare_fields: (node, { current, negate }) => lowerFieldComparison(current, node, negate),
    compare: (node, { current, negate }) => lowerCompare(current, requireField(current.type, node.field), node, negate, constants),
  };
}
