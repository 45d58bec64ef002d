import type { CompareNode, FilterNode } from '../../ast/filter-node.js';
import type { PatternToken } from '../../ast/like-pattern.js';
import { lowerCasePattern } from '../../ast/like-pattern.js';
import { compileLikeAny } from './like-any.js';
import { lowerSetTest, requireField } from './lower-compare.js';
import { compileMatch, compileMatchAny } from './match-words.js';
import type { FilterPlan } from './query-plan.js';
import type { TypeStore } from './store.js';

/** Terms that one evaluation can answer together: equality (a set), `like`, `ilike`, `match`. */
type Family = 'set' | 'like' | 'ilike' | 'match';

/** A term of a junction that may share its evaluation with others on the same field. */
interface Term {
  readonly key: string;
  readonly family: Family;
  readonly negate: boolean;
}

/**
 * Lowers the children of a junction, answering together the terms on one field
 * that one evaluation can decide: in an `or` (of the plan), `eq`/`in_` terms become
 * one set lookup and `like`/`ilike` terms one multi-pattern match (`like-any.ts`);
 * in an `and`, their negations the same way; `match` terms share one split of the
 * field into words whichever the junction. The result is the same two-valued plan
 * the terms give one by one (a null field fails every term, and the merged one).
 */
export function lowerTerms(
  nodes: readonly FilterNode[],
  current: TypeStore,
  negate: boolean,
  conjunction: boolean,
  constants: unknown[],
  lowerOne: (node: FilterNode) => FilterPlan,
): FilterPlan[] {
  const groups = new Map<string, CompareNode[]>();
  const slots: (FilterPlan | Term)[] = [];
  for (const node of nodes) {
    const term = node.kind === 'compare' ? termOf(node, negate, conjunction) : undefined;
    if (term === undefined) {
      slots.push(lowerOne(node));
      continue;
    }
    const group = groups.get(term.key);
    if (group === undefined) {
      groups.set(term.key, [node as CompareNode]);
      slots.push(term);
    } else {
      group.push(node as CompareNode);
    }
  }
  return slots.map((slot) => {
    if (!('key' in slot)) return slot;
    const group = groups.get(slot.key) ?? [];
    const [first] = group;
    if (group.length === 1 && first !== undefined) return lowerOne(first);
    return lowerGroup(group, slot, current, slot.family === 'match' ? slot.negate === conjunction : true, constants);
  });
}

/** The family of a comparison and its polarity in the plan, when it can be answered with others. */
function termOf(node: CompareNode, negate: boolean, conjunction: boolean): Term | undefined {
  const entry = FAMILIES[node.op];
  if (entry === undefined) return undefined;
  const [family, negative] = entry;
  if (node.op === 'eq' && node.value === null) return undefined;
  if ((node.op === 'in_' || node.op === 'notin_') && node.value.length === 0) return undefined;
  const effective = negate !== negative;
  // A set or a pattern list answers "any term holds": an `or` of the terms, or an `and` of their negations.
  if (family !== 'match' && effective !== conjunction) return undefined;
  return { key: `${family}\n${node.field}\n${String(effective)}`, family, negate: effective };
}

/** Operator → its family, and whether the plan tests its negation. */
const FAMILIES: Partial<Record<CompareNode['op'], readonly [Family, boolean]>> = {
  eq: ['set', false],
  ne: ['set', true],
  in_: ['set', false],
  notin_: ['set', true],
  like: ['like', false],
  notlike: ['like', true],
  ilike: ['ilike', false],
  notilike: ['ilike', true],
  match: ['match', false],
};

function lowerGroup(group: readonly CompareNode[], term: Term, current: TypeStore, any: boolean, constants: unknown[]): FilterPlan {
  const field = group[0]?.field ?? '';
  const { nullable } = requireField(current.type, field);
  const constant = (value: unknown): number => constants.push(value) - 1;
  const patterns = (): (readonly PatternToken[])[] => group.map((node) => ('pattern' in node ? node.pattern : []));
  const negate = term.negate;
  switch (term.family) {
    case 'set':
      return lowerSetTest(current, field, group.flatMap((node) => (Array.isArray(node.value) ? node.value : [node.value])), negate, constants);
    case 'like':
      return { kind: 'test', field, nullable, test: { kind: 'call', constant: constant(compileLikeAny(patterns())) }, negate };
    case 'ilike': {
      const matcher = constant(compileLikeAny(patterns().map(lowerCasePattern)));
      return { kind: 'lowered', field, nullable, matcher, column: constant(current.lowered(field)), negate };
    }
    case 'match': {
      const lists = group.map((node) => ('words' in node ? node.words : []));
      const holds = any ? compileMatchAny(lists) : compileMatch([...new Set(lists.flat())]);
      return { kind: 'test', field, nullable, test: { kind: 'call', constant: constant(holds) }, negate };
    }
  }
}
