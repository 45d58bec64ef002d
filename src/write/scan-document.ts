/**
 * A linear scan of a request document's JSON text before `JSON.parse`: nesting
 * past the limit is refused before any parsing recursion, and a member name given
 * twice in one object (which `JSON.parse` would silently resolve to the last) is
 * refused rather than guessed at (docs/writes.md, "Hostile bodies").
 */
import { jsonPointer } from './json-pointer.js';

/** What the scan found: nesting past the limit, or a member given twice; `pointer` locates it (RFC 6901). */
export type DocumentScanFault =
  | { readonly kind: 'too_deep'; readonly pointer: string }
  | { readonly kind: 'duplicate_member'; readonly pointer: string; readonly member: string };

interface Frame {
  readonly object: boolean;
  /** Element index of an array, or the current member name of an object. */
  at: number | string;
  /** The member names of an object so far: a list while short, then a set (a long object stays linear to check). */
  names: string[] | Set<string> | undefined;
}

/** The most member names of one object looked up in a list; past it, in a set. */
const LISTED_NAMES = 16;

/**
 * The first fault of a JSON text, or `undefined`. The document itself is level 1, so
 * `{"data":{}}` has depth 2. Member names are compared unescaped (`"d\u0061ta"` repeats
 * `"data"`). Text that is not JSON gives no fault or an arbitrary one, never an
 * exception: `JSON.parse` refuses it next.
 *
 * @example
 * scanDocument('{"data":{"type":"a","type":"b"}}', 32); // { kind: 'duplicate_member', pointer: '/data', member: 'type' }
 */
export function scanDocument(text: string, maxDepth: number): DocumentScanFault | undefined {
  const stack: Frame[] = [];
  let frame: Frame | undefined;
  let expectName = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34 /* " */) {
      const start = index + 1;
      index = closingQuote(text, start);
      if (expectName && frame?.names !== undefined) {
        expectName = false;
        const raw = text.slice(start, index);
        const name = raw.includes('\\') ? unescaped(raw) : raw;
        if (!added(frame, frame.names, name)) return { kind: 'duplicate_member', pointer: pointerOf(stack.slice(0, -1)), member: name };
        frame.at = name;
      }
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (stack.length === maxDepth) return { kind: 'too_deep', pointer: pointerOf(stack) };
      expectName = code === 123;
      frame = { object: expectName, at: 0, names: expectName ? [] : undefined };
      stack.push(frame);
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      if (stack.pop() === undefined) return undefined;
      frame = stack[stack.length - 1];
      expectName = false;
    } else if (code === 44 /* , */) {
      if (frame?.object === true) expectName = true;
      else if (frame !== undefined) frame.at = (frame.at as number) + 1;
    }
  }
  return undefined;
}

/** The index of the quote closing a string that starts at `start` (past a backslash, a character is taken as it is), or the text's length. */
function closingQuote(text: string, start: number): number {
  let quote = text.indexOf('"', start);
  while (quote !== -1) {
    let backslashes = 0;
    while (quote - backslashes > start && text.charCodeAt(quote - backslashes - 1) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

/** Adds a member name to the names of its object; `false` when the object has it already. */
function added(frame: Frame, names: string[] | Set<string>, name: string): boolean {
  if (!Array.isArray(names)) return names.size < names.add(name).size;
  if (names.includes(name)) return false;
  if (names.length < LISTED_NAMES) names.push(name);
  else frame.names = new Set(names).add(name);
  return true;
}

function unescaped(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

function pointerOf(frames: readonly Frame[]): string {
  return jsonPointer('', ...frames.map((frame) => frame.at));
}
