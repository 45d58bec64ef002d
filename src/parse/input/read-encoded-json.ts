import { JSON_NUMBER } from '../filter/simple-value.js';

/** A JSON value read from its percent-encoded text, and the length of the decoded text. */
export interface EncodedJson {
  /** What `JSON.parse` of the decoded text gives. */
  readonly value: unknown;
  /** The decoded text's length in UTF-16 units (what the filter length limit counts). */
  readonly length: number;
}

/** Thrown inside the reader when the text is not of the shape it reads; never escapes it. */
const UNREAD = new Error('not read here: decode and JSON.parse instead');
/**
 * The keys of filter entries, by their text: a key read is replaced by its constant,
 * which the engine finds in its table of property names without a lookup.
 */
const ENTRY_KEYS: ReadonlyMap<string, string> = new Map(
  ['name', 'op', 'val', 'field', 'and', 'or', 'not'].map((key) => [key, key]),
);
/** `#next` at the end of the text. */
const END = -1;
/** `escapedByte` of an escape that is not two hex digits. */
const MALFORMED = -2;

/**
 * Reads a JSON text straight from its percent-encoded form in a query string
 * (`%5B%7B%22name%22%3A…`, `+` a space), in one pass without decoding it into a
 * string first: returns what `JSON.parse(decodeComponent(text))` gives and the
 * decoded length. It reads only the usual shape: ASCII throughout (raw or
 * escaped), strings without a backslash or a control character, numbers written
 * without escapes, nesting within `maxDepth` levels, at most `maxObjects` objects
 * (a filter has a node for each, so more are refused anyway), no key repeated within
 * an object, and only the keys of filter entries (`ENTRY_KEYS`: an object with any
 * other key is refused whatever it holds). For any other text it returns `undefined`, and the
 * caller decodes and parses as before, which also words every error.
 *
 * @example
 * readEncodedJson('filter=%5B1%2C%22a%22%5D', 7, 24, 10, 100); // { value: [1, 'a'], length: 9 }
 */
export function readEncodedJson(
  text: string,
  start: number,
  end: number,
  maxDepth: number,
  maxObjects: number,
): EncodedJson | undefined {
  const reader = new EncodedJsonReader(text, start, end, maxDepth, maxObjects);
  try {
    return reader.read();
  }
  // Stryker disable next-line BlockStatement: an empty catch also ends the function with undefined
  catch {
    return undefined;
  }
}

/**
 * The reader's state: the position in the encoded text and the escapes read so far
 * (each `%XX` is one decoded character for three encoded ones).
 */
class EncodedJsonReader {
  /** The position of the next encoded character. */
  private index: number;
  /** Where the character `#next` returned last starts. */
  private at: number;
  /** `%XX` escapes read. */
  private escapes = 0;
  /** Objects read. */
  private objects = 0;

  constructor(
    readonly text: string,
    readonly start: number,
    readonly end: number,
    readonly maxDepth: number,
    readonly maxObjects: number,
  ) {
    this.index = start;
    this.at = start;
  }

  read(): EncodedJson {
    const value = this.#value(this.#skipSpace(), 0);
    if (this.#skipSpace() !== END) throw UNREAD;
    return { value, length: this.end - this.start - 2 * this.escapes };
  }

  /** The value that starts with the decoded character `code`, at nesting `depth` around it. */
  #value(code: number, depth: number): unknown {
    switch (code) {
      case 34 /* " */:
        return this.#string();
      case 91 /* [ */:
        return this.#array(depth + 1);
      case 123 /* { */:
        return this.#object(depth + 1);
      case 116 /* t */:
        return this.#literal('rue', true);
      case 102 /* f */:
        return this.#literal('alse', false);
      case 110 /* n */:
        return this.#literal('ull', null);
      default:
        return this.#number();
    }
  }

  #array(depth: number): unknown[] {
    if (depth > this.maxDepth) throw UNREAD;
    const array: unknown[] = [];
    let code = this.#skipSpace();
    if (code === 93 /* ] */) return array;
    for (;;) {
      array.push(this.#value(code, depth));
      code = this.#skipSpace();
      if (code === 93 /* ] */) return array;
      if (code !== 44 /* , */) throw UNREAD;
      code = this.#skipSpace();
    }
  }

  #object(depth: number): Record<string, unknown> {
    if (depth > this.maxDepth || ++this.objects > this.maxObjects) throw UNREAD;
    const object: Record<string, unknown> = {};
    let code = this.#skipSpace();
    if (code === 125 /* } */) return object;
    for (;;) {
      if (code !== 34 /* " */) throw UNREAD;
      const key = ENTRY_KEYS.get(this.#string());
      // A repeated key is reported from the text.
      if (key === undefined || Object.hasOwn(object, key)) throw UNREAD;
      if (this.#skipSpace() !== 58 /* : */) throw UNREAD;
      object[key] = this.#value(this.#skipSpace(), depth);
      code = this.#skipSpace();
      if (code === 125 /* } */) return object;
      if (code !== 44 /* , */) throw UNREAD;
      code = this.#skipSpace();
    }
  }

  /** The rest of a string after its opening quote: sliced as it is when nothing in it is encoded. */
  #string(): string {
    const { text, end } = this;
    const from = this.index;
    let index = from;
    let escapes = 0;
    // Stryker disable next-line BooleanLiteral: a fast path; decoding a string without escapes or "+" gives it back
    let plus = false;
    for (;;) {
      if (index >= end) throw UNREAD;
      let code = text.charCodeAt(index);
      if (code === 37 /* % */) {
        code = escapedByte(text, index);
        if (code === 34 /* " */) break;
        escapes++;
        index += 2;
      } else if (code === 34 /* " */) {
        break;
      }
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; decoding a string without escapes or "+" gives it back
      if (code === 43 /* + */) plus = true;
      if (code < 32 || code > 127 || code === 92 /* \ */) throw UNREAD;
      index++;
    }
    const value = text.slice(from, index);
    const closing = text.charCodeAt(index) === 37 /* % */ ? 1 : 0;
    this.escapes += escapes + closing;
    this.index = index + 1 + 2 * closing;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: a fast path; decoding a string without escapes or "+" gives it back
    if (escapes === 0 && !plus) return value;
    return decodeURIComponent(value.replaceAll('+', ' '));
  }

  /** `true`, `false` or `null` once its first letter is read. */
  #literal<T>(rest: string, value: T): T {
    for (let index = 0; index < rest.length; index++) {
      if (this.#next() !== rest.charCodeAt(index)) throw UNREAD;
    }
    return value;
  }

  /** A number in JSON syntax, every character of it written as it is (no escape). */
  #number(): number {
    const { text, end } = this;
    const from = this.at;
    let index = this.index;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: text[end] is "&" or past the end, no character of a number
    while (index < end && isNumberCharacter(text.charCodeAt(index))) index++;
    const written = text.slice(from, index);
    if (!JSON_NUMBER.test(written)) throw UNREAD;
    this.index = index;
    return Number(written);
  }

  /** The next decoded character that is not JSON whitespace, consumed. */
  #skipSpace(): number {
    let code = this.#next();
    while (code === 32 || code === 9 || code === 10 || code === 13) code = this.#next();
    return code;
  }

  /** The next decoded character (`+` is a space), consumed; `END` at the end. */
  #next(): number {
    const index = this.index;
    if (index >= this.end) return END;
    this.at = index;
    const code = this.text.charCodeAt(index);
    if (code === 37 /* % */) {
      this.index = index + 3;
      this.escapes++;
      return escapedByte(this.text, index);
    }
    this.index = index + 1;
    return code === 43 /* + */ ? 32 : code;
  }
}

/**
 * The byte of the escape `%XX` at `index`, or `MALFORMED`. The text past the value is
 * `&` or nothing, never a hex digit, so an escape cut short by the end is malformed.
 * A byte past ASCII is refused by every caller (no token, no string character).
 */
function escapedByte(text: string, index: number): number {
  const high = hexDigit(text.charCodeAt(index + 1));
  const low = hexDigit(text.charCodeAt(index + 2));
  return high < 0 || low < 0 ? MALFORMED : high * 16 + low;
}

/** The value of a hex digit, or -1 (NaN past the end of the text is no digit). */
function hexDigit(code: number): number {
  // Stryker disable next-line ConditionalExpression: a character below "0" gives a negative value, which escapedByte refuses as it refuses -1
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** Digits, `-`, `.`, `e`, `E`: what a JSON number is written with here (its `+` would be encoded). */
function isNumberCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 45 || code === 46 || code === 101 || code === 69;
}
