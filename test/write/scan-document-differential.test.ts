/**
 * The scan of a request document before `JSON.parse` (src/write/scan-document.ts)
 * gives the fault the scan it replaced gave, on any text: the reference below is that
 * scan as it was (a set of names per object, every string walked character by
 * character), kept here as the model the faster one is checked against.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPointer } from '../../src/write/json-pointer.js';
import { scanDocument, type DocumentScanFault } from '../../src/write/scan-document.js';

interface ReferenceFrame {
  readonly object: boolean;
  at: number | string;
  readonly names: Set<string> | undefined;
}

function referenceScan(text: string, maxDepth: number): DocumentScanFault | undefined {
  const stack: ReferenceFrame[] = [];
  let expectName = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      const start = index + 1;
      let escaped = false;
      for (index = start; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 34) break;
        if (inner === 92) {
          escaped = true;
          index++;
        }
      }
      const frame = stack.at(-1);
      if (expectName && frame?.names !== undefined) {
        expectName = false;
        const raw = text.slice(start, index);
        const name = escaped ? unescapedOrRaw(raw) : raw;
        if (frame.names.has(name)) return { kind: 'duplicate_member', pointer: pointerOf(stack.slice(0, -1)), member: name };
        frame.names.add(name);
        frame.at = name;
      }
    } else if (code === 123 || code === 91) {
      if (stack.length === maxDepth) return { kind: 'too_deep', pointer: pointerOf(stack) };
      expectName = code === 123;
      stack.push({ object: expectName, at: 0, names: expectName ? new Set() : undefined });
    } else if (code === 125 || code === 93) {
      if (stack.pop() === undefined) return undefined;
      expectName = false;
    } else if (code === 44) {
      const frame = stack.at(-1);
      if (frame?.object === true) expectName = true;
      else if (frame !== undefined) frame.at = (frame.at as number) + 1;
    }
  }
  return undefined;
}

function unescapedOrRaw(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

function pointerOf(frames: readonly ReferenceFrame[]): string {
  return jsonPointer('', ...frames.map((frame) => frame.at));
}

/** Member names that collide often, escaped or not, with quotes and backslashes. */
const name = fc.constantFrom('a', 'b', 'data', 'd\\u0061ta', 'x\\"y', 'x\\\\', '\\\\', '~/', 'k1', 'k2', 'k3', '');

/** JSON-like text: objects with repeated names (sometimes past the list of 16 names), arrays, strings with escapes. */
const jsonLike: fc.Arbitrary<string> = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
  value: fc.oneof({ maxDepth: 4 }, fc.constantFrom('1', 'true', 'null', '"v"', '"\\\\"', '"\\""', '"a\\\\\\"b"'), tie('object'), tie('array')),
  object: fc
    .array(fc.tuple(fc.oneof(name, fc.integer({ min: 0, max: 40 }).map((n) => `n${String(n)}`)), tie('value')), { maxLength: 24 })
    .map((members) => `{${members.map(([key, value]) => `"${key}":${value}`).join(',')}}`),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
})).value;

/** Any text of the characters the scan looks at, and a few others. */
const scrambled = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\\', 'a', 'u', '0', ' '), maxLength: 60 });

describe('scanDocument against the scan it replaced', () => {
  it('gives the same fault on JSON-like documents, at every depth limit', () => {
    fc.assert(
      fc.property(jsonLike, fc.integer({ min: 1, max: 6 }), (text, maxDepth) => {
        expect(scanDocument(text, maxDepth)).toEqual(referenceScan(text, maxDepth));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same fault on any text of brackets, quotes and backslashes', () => {
    fc.assert(
      fc.property(scrambled, fc.integer({ min: 1, max: 6 }), (text, maxDepth) => {
        expect(scanDocument(text, maxDepth)).toEqual(referenceScan(text, maxDepth));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a name repeated after more than 16 names in one object', () => {
    const names = Array.from({ length: 20 }, (_, index) => `"n${String(index)}":1`);
    const text = `{"data":{${[...names, '"n17":2'].join(',')}}}`;
    expect(scanDocument(text, 32)).toEqual({ kind: 'duplicate_member', pointer: '/data', member: 'n17' });
    expect(scanDocument(text, 32)).toEqual(referenceScan(text, 32));
  });
});
