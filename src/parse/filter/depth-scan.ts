/**
 * Measures the nesting of `[` and `{` in a JSON text, outside strings, in one
 * linear pass without recursion, and stops as soon as it passes `maxDepth`. Runs
 * before `JSON.parse`, so a filter nested 100,000 levels deep costs one scan and
 * never reaches a recursive parser.
 *
 * @example
 * exceedsJsonDepth('[{"not":{"not":{}}}]', 3); // true (depth 4)
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  if (countOpenings(text, maxDepth) <= maxDepth) return false;
  let depth = 0;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34 /* " */) {
      index = endOfString(text, index + 1);
    } else if (code === 91 /* [ */ || code === 123 /* { */) {
      if (++depth > maxDepth) return true;
    } else if (code === 93 /* ] */ || code === 125 /* } */) {
      // A close without an open: not JSON, and JSON.parse stops right there.
      if (--depth < 0) return false;
    }
  }
  return false;
}

/**
 * Counts `[` and `{` anywhere in the text (strings included), stopping past
 * `limit`: when there are no more than `maxDepth` of them, no nesting can exceed
 * it, and the exact scan is skipped. `indexOf` runs natively, so for usual
 * filters this costs a handful of calls instead of a pass over every character.
 */
function countOpenings(text: string, limit: number): number {
  let count = 0;
  for (let index = text.indexOf('['); index !== -1 && count <= limit; index = text.indexOf('[', index + 1)) count++;
  for (let index = text.indexOf('{'); index !== -1 && count <= limit; index = text.indexOf('{', index + 1)) count++;
  return count;
}

/** The index of the closing quote of a string starting at `from` (or the end of the text). */
function endOfString(text: string, from: number): number {
  let index = from;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote;
    index = quote + 1;
  }
}

/**
 * The JSON nesting a filter within `maxFilterDepth` levels of and/or/not/any/has can
 * reach: the top array and its entry, two levels per `and`/`or` (object and array),
 * and one for a value list (`between`, `in_`).
 *
 * @example
 * jsonDepthBound(10); // 23
 */
export function jsonDepthBound(maxFilterDepth: number): number {
  return 2 * maxFilterDepth + 3;
}

/**
 * The deepest nesting the parser accepts whatever `maxFilterDepth` says: resolving
 * recurses once or twice per level, and a few thousand levels would exhaust the stack.
 * A configured limit above it acts as this one (and errors report it as the limit).
 *
 * @example
 * Math.min(limits.maxFilterDepth, FILTER_DEPTH_CEILING);
 */
export const FILTER_DEPTH_CEILING = 1000;
