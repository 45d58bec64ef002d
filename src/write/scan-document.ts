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
  readonly names: Set<string> | undefined;
}

/**
 * The first fault of a JSON text, or `undefined`. The document itself is level 1, so
 * `{"data":{}}` has depth 2. Member names are compared unescaped (`"d\u0061ta"` repeats
 * `"data"`). Text that is not JSON gives no fault or an arbitrary one, never an
 * exception: `JSON.parse` refuses it next.
 */
export function scanDocument(text: string, maxDepth: number): DocumentScanFault | undefined {
  const stack: Frame[] = [];
  let expectName = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34 /* " */) {
      const start = index + 1;
      let escaped = false;
      for (index = start; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 34) break;
        if (inner === 92 /* \ */) {
          escaped = true;
          index++;
        }
      }
      const frame = stack.at(-1);
      if (expectName && frame?.names !== undefined) {
        expectName = false;
        const name = memberName(text.slice(start, index), escaped);
        if (frame.names.has(name)) {
          return { kind: 'duplicate_member', pointer: pointerOf(stack.slice(0, -1)), member: name };
        }
        frame.names.add(name);
        frame.at = name;
      }
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (stack.length === maxDepth) return { kind: 'too_deep', pointer: pointerOf(stack) };
      expectName = code === 123;
      stack.push({ object: expectName, at: 0, names: expectName ? new Set() : undefined });
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      if (stack.pop() === undefined) return undefined;
      expectName = false;
    } else if (code === 44 /* , */) {
      const frame = stack.at(-1);
      if (frame?.object === true) expectName = true;
      else if (frame !== undefined) frame.at = (frame.at as number) + 1;
    }
  }
  return undefined;
}

function memberName(raw: string, escaped: boolean): string {
  if (!escaped) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

function pointerOf(frames: readonly Frame[]): string {
  return jsonPointer('', ...frames.map((frame) => frame.at));
}
