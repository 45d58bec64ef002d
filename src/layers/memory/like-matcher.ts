/**
 * `like`-family matching without regular expressions, on the pattern's tokens (see
 * docs/ast.md). A pattern without `%` matches the whole value. Matching
 * is greedy segment by segment (the standard wildcard algorithm), so it runs in
 * time linear in pattern × value even for patterns like `%a%a%a%…b`.
 */

import type { PatternToken } from '../../ast/like-pattern.js';

/** One piece of a segment: a literal run, or `_` (one code point). */
export type Part = string | typeof ONE;

const ONE: unique symbol = Symbol('one character');

/** A pattern as segments between `%` wildcards. */
export interface ParsedPattern {
  readonly segments: readonly (readonly Part[])[];
  readonly anchoredStart: boolean;
  readonly anchoredEnd: boolean;
}

/**
 * Compiles the tokens of a `like` pattern into a predicate on a (non-null) string
 * value. For `ilike`, pass the lower-cased tokens (`lowerCasePattern`) and a
 * lower-cased value.
 */
export function compileLikeMatcher(tokens: readonly PatternToken[]): (value: string) => boolean {
  return specialize(segmentsOf(tokens));
}

/** Groups the tokens into the segments between `%` wildcards. */
export function segmentsOf(tokens: readonly PatternToken[]): ParsedPattern {
  let current: Part[] = [];
  const segments: Part[][] = [current];
  for (const token of tokens) {
    if (token.kind === 'any') segments.push((current = []));
    else current.push(token.kind === 'one' ? ONE : token.text);
  }
  const anchoredStart = segments.length === 1 || (segments[0]?.length ?? 0) > 0;
  const anchoredEnd = segments.length === 1 || (segments[segments.length - 1]?.length ?? 0) > 0;
  return { segments: segments.filter((segment) => segment.length > 0), anchoredStart, anchoredEnd };
}

/** Fast paths for the common shapes, the general matcher otherwise. */
function specialize(parsed: ParsedPattern): (value: string) => boolean {
  const { segments, anchoredStart, anchoredEnd } = parsed;
  const only = segments.length === 1 ? segments[0] : undefined;
  const literal = only?.length === 1 && typeof only[0] === 'string' ? only[0] : undefined;
  if (segments.length === 0) return anchoredStart && anchoredEnd ? (value) => value === '' : () => true;
  if (literal !== undefined) {
    if (anchoredStart && anchoredEnd) return (value) => value === literal;
    if (anchoredStart) return (value) => value.startsWith(literal);
    if (anchoredEnd) return (value) => value.endsWith(literal);
    return (value) => value.includes(literal);
  }
  return (value) => matchSegments(parsed, value);
}

function matchSegments({ segments, anchoredStart, anchoredEnd }: ParsedPattern, value: string): boolean {
  let position = 0;
  let first = 0;
  let last = segments.length;
  if (anchoredStart) {
    const end = matchAt(segments[0] ?? [], value, 0);
    if (end < 0) return false;
    if (segments.length === 1 && anchoredEnd) return end === value.length;
    position = end;
    first = 1;
  }
  if (anchoredEnd) last -= 1;
  for (let segment = first; segment < last; segment++) {
    const end = findFrom(segments[segment] ?? [], value, position);
    if (end < 0) return false;
    position = end;
  }
  if (!anchoredEnd) return true;
  const tail = segments[segments.length - 1] ?? [];
  for (let start = position; start <= value.length; start = nextCodePoint(value, start)) {
    if (matchAt(tail, value, start) === value.length) return true;
  }
  return false;
}

/** The end of the leftmost match of a segment at or after `from`, or -1. */
function findFrom(parts: readonly Part[], value: string, from: number): number {
  const head = parts[0];
  for (let start = from; start <= value.length; start = nextCodePoint(value, start)) {
    if (typeof head === 'string') {
      start = value.indexOf(head, start);
      if (start < 0) return -1;
    }
    const end = matchAt(parts, value, start);
    if (end >= 0) return end;
  }
  return -1;
}

/** The end of a match of a segment starting exactly at `start`, or -1. */
function matchAt(parts: readonly Part[], value: string, start: number): number {
  let position = start;
  for (const part of parts) {
    if (part === ONE) {
      if (position >= value.length) return -1;
      position = nextCodePoint(value, position);
    } else {
      if (!value.startsWith(part, position)) return -1;
      position += part.length;
    }
  }
  return position;
}

function nextCodePoint(value: string, position: number): number {
  const unit = value.charCodeAt(position);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = value.charCodeAt(position + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return position + 2;
  }
  return position + 1;
}
