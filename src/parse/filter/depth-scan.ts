/**
 * What the scan of a filter JSON text found wrong: nesting past the limit
 * (`pointer` locates the first value opened one level too deep), or a key repeated
 * within one object (`pointer` locates the object, `key` is the key, unescaped).
 * Pointers are JSON pointers (RFC 6901) into the filter JSON.
 */
export type JsonScanFault =
  | { readonly kind: 'too_deep'; readonly pointer: string }
  | { readonly kind: 'duplicate_key'; readonly pointer: string; readonly key: string };

/** Frame kinds. */
const ARRAY = 0;
const OBJECT = 1;
/**
 * The keys of an object compared for repeats: the first four. A filter object has at
 * most four meaningful keys (`name`, `op`, `val`, `field`), so an object with more
 * distinct keys than that is rejected by the resolver whatever its later keys are,
 * and comparing only against these keeps the scan linear on hostile objects with
 * thousands of keys.
 */
const TRACKED_KEYS = 4;
/**
 * One frame per nesting level, in a flat `Int32Array`: its kind; its element index
 * (arrays) or key count (objects); the current key (start, end, escaped) for the
 * JSON pointer; the first `TRACKED_KEYS` keys (start, end, escaped each).
 * Key start/end are offsets in the text, between the quotes: keys are compared in
 * place and only sliced when an error is built or a key has an escape.
 */
const KIND = 0;
const COUNT = 1;
const KEY = 2;
const TRACKED = 5;
const STRIDE = TRACKED + 3 * TRACKED_KEYS;

/** Reused between scans (the scan is synchronous), grown to the deepest limit seen. */
let frames = new Int32Array(STRIDE * 32);

/**
 * Whether the nesting of a JSON text can pass `maxDepth`: counts `[` and `{`
 * anywhere in it (strings included) with native `indexOf`, stopping past the limit.
 * When there are no more than `maxDepth` of them, no nesting can exceed it and
 * `scanJson` is not needed before `JSON.parse`; for usual filters this costs a
 * handful of calls instead of a pass over every character.
 */
export function mayExceedJsonDepth(text: string, maxDepth: number): boolean {
  let count = 0;
  for (let index = text.indexOf('['); index !== -1 && count <= maxDepth; index = text.indexOf('[', index + 1)) count++;
  // Stryker disable next-line ConditionalExpression: counting past the limit only costs; the answer is already true
  for (let index = text.indexOf('{'); index !== -1 && count <= maxDepth; index = text.indexOf('{', index + 1)) count++;
  return count > maxDepth;
}

/**
 * Whether a parsed JSON text can have had a key repeated in one object, which
 * `JSON.parse` silently drops (the last one wins). Every key of the text is followed
 * by one `:` outside strings, and the parsed objects keep each distinct key once; so
 * when the text has no more colons than the parsed value has keys, no key was
 * repeated. Counting colons takes native `indexOf` calls, one per colon, and the walk
 * over the parsed value skips lists of values (`in_`, `between`): both far cheaper
 * than `scanJson`, which locates the repeat when this says there may be one. Keys the
 * walk misses, and colons inside strings, only make it answer `true` (a scan for
 * nothing), never hide a repeat.
 */
export function mayRepeatKeys(text: string, parsed: unknown): boolean {
  let colons = 0;
  for (let index = text.indexOf(':'); index !== -1; index = text.indexOf(':', index + 1)) colons++;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: answering true more often only costs a scan, which finds no repeat where there is none
  return colons !== 0 && (typeof parsed !== 'object' || parsed === null || colons !== countKeys(parsed));
}

/**
 * The keys of the objects in a parsed JSON value. An array whose first item is not an
 * object is taken for a list of values and not entered. Recursion is bounded: the
 * value passed the depth check.
 */
function countKeys(value: object): number {
  let count = 0;
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    // Stryker disable next-line ConditionalExpression: counting the objects after a leading null still counts fewer keys than colons when a key repeats
    if (typeof first !== 'object' || first === null) return 0;
    for (const item of value as unknown[]) {
      // Stryker disable next-line ConditionalExpression: countKeys(null) is 0; the check narrows the type
      if (typeof item === 'object' && item !== null) count += countKeys(item);
    }
    return count;
  }
  const record = value as Readonly<Record<string, unknown>>;
  for (const key in record) {
    count++;
    const item = record[key];
    // Stryker disable next-line ConditionalExpression: countKeys(null) is 0; the check narrows the type
    if (typeof item === 'object' && item !== null) count += countKeys(item);
  }
  return count;
}

/**
 * Scans a JSON text once, linearly and without recursion: measures the nesting of
 * `[` and `{` outside strings, stopping as soon as it passes `maxDepth`, and finds a
 * key repeated within one object (`JSON.parse` silently keeps the last). Keys are
 * compared as written, and unescaped only when one has a backslash, so `"v\u0061l"`
 * repeats `"val"`. After a repeated key the scan still checks the depth, so a deep
 * text never reaches `JSON.parse`: a `too_deep` fault wins. Text that is not JSON
 * gives no fault or an arbitrary one (never an exception): `JSON.parse` rejects it.
 * A pass over every character costs about half of `JSON.parse`, so the parser runs it
 * only when `mayExceedJsonDepth` or `mayRepeatKeys` says it must.
 */
export function scanJson(text: string, maxDepth: number): JsonScanFault | undefined {
  const length = text.length;
  // Stryker disable next-line MethodExpression: more frames than the text can open only cost memory
  const levels = Math.min(maxDepth, length) + 1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a new, larger buffer only costs memory
  if (frames.length < levels * STRIDE) frames = new Int32Array(levels * STRIDE);
  const stack = frames;
  let duplicate: JsonScanFault | undefined;
  let depth = 0;
  let base = 0;
  let expectKey = false;
  stack[KIND] = ARRAY;
  // Stryker disable next-line EqualityOperator: charCodeAt past the end is NaN, which no branch reads
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34 /* " */) {
      const start = index + 1;
      let escaped = 0;
      // Stryker disable next-line EqualityOperator: charCodeAt past the end is NaN, which neither ends nor escapes the string; the key ends at the text's length
      for (index = start; index < length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 34 /* " */) break;
        if (inner === 92 /* \ */) {
          escaped = 1;
          index++;
        }
      }
      if (expectKey) {
        expectKey = false;
        const end = Math.min(index, length);
        if (duplicate === undefined) {
          duplicate = recordKey(text, stack, depth, start, end, escaped);
        } else {
          setKey(stack, base + KEY, start, end, escaped);
        }
      }
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (depth === maxDepth) return { kind: 'too_deep', pointer: pointerTo(text, stack, depth) };
      depth++;
      base += STRIDE;
      expectKey = code === 123;
      // Stryker disable next-line ArithmeticOperator: KIND is 0
      stack[base + KIND] = expectKey ? OBJECT : ARRAY;
      stack[base + COUNT] = 0;
      setKey(stack, base + KEY, 0, 0, 0);
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      // A close without an open: not JSON, and JSON.parse stops right there.
      if (depth === 0) break;
      depth--;
      base -= STRIDE;
      expectKey = false;
    } else if (code === 44 /* , */) {
      // Stryker disable next-line ArithmeticOperator: KIND is 0
      if (stack[base + KIND] === OBJECT) expectKey = true;
      else stack[base + COUNT] = (stack[base + COUNT] ?? 0) + 1;
    }
  }
  return duplicate;
}

/**
 * Records a key of the object at `depth` as its current key and, among its first
 * keys, compares it with those before it: the fault if it repeats one.
 */
function recordKey(
  text: string,
  stack: Int32Array,
  depth: number,
  start: number,
  end: number,
  escaped: number,
): JsonScanFault | undefined {
  const base = depth * STRIDE;
  setKey(stack, base + KEY, start, end, escaped);
  const count = stack[base + COUNT] ?? 0;
  stack[base + COUNT] = count + 1;
  const compared = Math.min(count, TRACKED_KEYS);
  for (let slot = base + TRACKED; slot < base + TRACKED + 3 * compared; slot += 3) {
    if (sameKey(text, stack, slot, start, end, escaped)) {
      return { kind: 'duplicate_key', pointer: pointerTo(text, stack, depth - 1), key: keyText(text, start, end, escaped) };
    }
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a key past the tracked ones lands in deeper frames, which are set again when they open
  if (count < TRACKED_KEYS) setKey(stack, base + TRACKED + 3 * count, start, end, escaped);
  return undefined;
}

/** Stores a key's start, end and escaped flag at `slot`. */
function setKey(stack: Int32Array, slot: number, start: number, end: number, escaped: number): void {
  stack[slot] = start;
  stack[slot + 1] = end;
  stack[slot + 2] = escaped;
}

/** Whether the key stored at `slot` and the key at `start`–`end` are the same once unescaped. */
function sameKey(text: string, stack: Int32Array, slot: number, start: number, end: number, escaped: number): boolean {
  const otherStart = stack[slot] ?? 0;
  const otherEnd = stack[slot + 1] ?? 0;
  const otherEscaped = stack[slot + 2] ?? 0;
  // Stryker disable next-line ConditionalExpression,BlockStatement: a fast path; comparing the unescaped texts gives the same answer
  if (escaped === 0 && otherEscaped === 0) {
    if (end - start !== otherEnd - otherStart) return false;
    // Stryker disable next-line EqualityOperator: past the last character both keys end with their closing quote
    for (let offset = 0; offset < end - start; offset++) {
      if (text.charCodeAt(start + offset) !== text.charCodeAt(otherStart + offset)) return false;
    }
    return true;
  }
  return keyText(text, start, end, escaped) === keyText(text, otherStart, otherEnd, otherEscaped);
}

/** A key's text, unescaped; an invalid escape (not JSON) leaves it as written. */
function keyText(text: string, start: number, end: number, escaped: number): string {
  const raw = text.slice(start, end);
  if (escaped === 0) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/**
 * The JSON pointer of the value being read at `depth`: one segment per enclosing
 * level, its element index or current key (with `~` and `/` escaped, RFC 6901).
 */
function pointerTo(text: string, stack: Int32Array, depth: number): string {
  let pointer = '';
  for (let base = STRIDE; base <= depth * STRIDE; base += STRIDE) {
    // Stryker disable next-line ArithmeticOperator: KIND is 0
    if (stack[base + KIND] === ARRAY) {
      pointer += `/${stack[base + COUNT]}`;
    } else {
      const key = keyText(text, stack[base + KEY] ?? 0, stack[base + KEY + 1] ?? 0, stack[base + KEY + 2] ?? 0);
      pointer += `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    }
  }
  return pointer;
}

/**
 * The JSON nesting a filter within `maxFilterDepth` levels of and/or/not/any/has can
 * reach: the top array and its entry, two levels per `and`/`or` (object and array),
 * and one for a value list (`between`, `in_`).
 */
export function jsonDepthBound(maxFilterDepth: number): number {
  return 2 * maxFilterDepth + 3;
}

/**
 * The deepest nesting the parser accepts whatever `maxFilterDepth` says: resolving
 * recurses once or twice per level, and a few thousand levels would exhaust the stack.
 * A configured limit above it acts as this one (and errors report it as the limit).
 */
export const FILTER_DEPTH_CEILING = 1000;
