import type { PatternToken } from '../../ast/like-pattern.js';
import { compileLikeMatcher, segmentsOf } from './like-matcher.js';

/** Literal patterns of one anchoring, by length: `value.slice(…)` is looked up once per length. */
type ByLength = Map<number, Set<string>>;

/**
 * Compiles several `like` patterns into one predicate: does the value match any
 * of them. The terms of an `or` of `like`/`ilike` on one field are evaluated by it,
 * so a record costs about the same for 2 terms as for 100: whole-value, prefix and
 * suffix literals are set lookups, `%literal%` terms share one scan of the value
 * (a two-unit index of the literals), and only other patterns run one by one.
 */
export function compileLikeAny(patterns: readonly (readonly PatternToken[])[]): (value: string) => boolean {
  const exact = new Set<string>();
  const prefixes: ByLength = new Map();
  const suffixes: ByLength = new Map();
  const contained: string[] = [];
  const others: ((value: string) => boolean)[] = [];
  for (const tokens of patterns) {
    const { segments, anchoredStart, anchoredEnd } = segmentsOf(tokens);
    const only = segments.length === 1 ? segments[0] : undefined;
    const literal = only?.length === 1 && typeof only[0] === 'string' ? only[0] : undefined;
    if (segments.length === 0 && !(anchoredStart && anchoredEnd)) return () => true;
    if (segments.length === 0) exact.add('');
    else if (literal === undefined) others.push(compileLikeMatcher(tokens));
    else if (anchoredStart && anchoredEnd) exact.add(literal);
    else if (anchoredStart) add(prefixes, literal);
    else if (anchoredEnd) add(suffixes, literal);
    else contained.push(literal);
  }
  const tests: ((value: string) => boolean)[] = [];
  if (exact.size > 0) tests.push((value) => exact.has(value));
  if (prefixes.size > 0) tests.push((value) => hasSlice(prefixes, value, true));
  if (suffixes.size > 0) tests.push((value) => hasSlice(suffixes, value, false));
  if (contained.length > 0) tests.push(compileContainsAny(contained));
  tests.push(...others);
  const [first, second] = tests;
  if (first === undefined) return () => false;
  if (second === undefined) return first;
  return (value) => tests.some((test) => test(value));
}

function add(byLength: ByLength, literal: string): void {
  let set = byLength.get(literal.length);
  if (set === undefined) byLength.set(literal.length, (set = new Set()));
  set.add(literal);
}

function hasSlice(byLength: ByLength, value: string, start: boolean): boolean {
  for (const [length, set] of byLength) {
    if (length <= value.length && set.has(start ? value.slice(0, length) : value.slice(value.length - length))) return true;
  }
  return false;
}

/**
 * Whether a value contains any of the literals, in one pass over the value: the
 * literals are indexed by a hash of their first two UTF-16 units (most positions
 * find an empty slot with one read), one-unit literals by their unit.
 * A literal is well-formed text, so a match can only start on a code point.
 */
function compileContainsAny(literals: readonly string[]): (value: string) => boolean {
  const [only] = literals;
  if (literals.length === 1 && only !== undefined) return (value) => value.includes(only);
  if (literals.includes('')) return () => true;
  const units = new Set<number>();
  // Literals of two units or more by the hash of their first two units; most slots stay empty.
  const buckets: (string[] | undefined)[] = new Array<string[] | undefined>(1 << 16).fill(undefined);
  for (const literal of literals) {
    if (literal.length === 1) units.add(literal.charCodeAt(0));
    else (buckets[pairHash(literal.charCodeAt(0), literal.charCodeAt(1))] ??= []).push(literal);
  }
  const single = units.size > 0;
  return (value) => {
    const last = value.length - 1;
    for (let position = 0; position <= last; position++) {
      const unit = value.charCodeAt(position);
      if (single && units.has(unit)) return true;
      if (position === last) break;
      const bucket = buckets[pairHash(unit, value.charCodeAt(position + 1))];
      if (bucket === undefined) continue;
      for (const literal of bucket) {
        if (value.startsWith(literal, position)) return true;
      }
    }
    return false;
  };
}

/** A 16-bit hash of two UTF-16 units. */
function pairHash(first: number, second: number): number {
  return ((first * 31) ^ second) & 0xffff;
}
