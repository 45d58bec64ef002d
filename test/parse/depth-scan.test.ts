import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  jsonDepthBound,
  mayExceedJsonDepth,
  mayRepeatKeys,
  scanJson,
} from '../../src/parse/filter/depth-scan.js';

describe('scanJson: depth', () => {
  it.each([
    ['[]', 1, undefined],
    ['[[]]', 1, '/0'],
    ['[{}]', 2, undefined],
    ['[{"a":[{}]}]', 3, '/0/a/0'],
    ['[1,2,[3,[4]]]', 2, '/2/1'],
    ['{"a":1,"b":{"c":[5,[6]]}}', 3, '/b/c/1'],
    ['{"a/b":{"m~n":[[]]}}', 3, '/a~1b/m~0n/0'],
    ['{"v\\u0061l":[[]]}', 2, '/val/0'],
    ['{"a\\x":[[]]}', 2, '/a\\x/0'],
    ['[[]]', 0, ''],
    ['["[[[[[["]', 1, undefined],
    ['["\\"[[[["]', 1, undefined],
    ['["\\\\",[[]]]', 2, '/1/0'],
    ['["\\\\"]', 1, undefined],
    ['{"a":"}}}}"}', 1, undefined],
    ['"unterminated [[[[', 1, undefined],
    [']]]][[[[[[', 1, undefined],
    ['[]]]', 1, undefined],
    ['', 0, undefined],
  ])('%s with at most %i levels → %s', (text, depth, pointer) => {
    expect(scanJson(text, depth)).toEqual(pointer === undefined ? undefined : { kind: 'too_deep', pointer });
  });

  it('bounds the JSON nesting of a filter within the limit', () => {
    expect(jsonDepthBound(10)).toBe(23);
    const ands = '{"and":['.repeat(10) + '{"name":"a","op":"in_","val":[1]}' + ']}'.repeat(10);
    expect(scanJson(`[${ands}]`, jsonDepthBound(10))).toBeUndefined();
    expect(scanJson(`[{"and":[${ands}]}]`, jsonDepthBound(10))).toEqual({
      kind: 'too_deep',
      pointer: '/0' + '/and/0'.repeat(11),
    });
  });

  it('stops at the limit on a text a million levels deep', () => {
    const text = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(scanJson(text, 3)).toEqual({ kind: 'too_deep', pointer: '/0/0/0' });
    expect(scanJson(text, 2003)).toEqual({ kind: 'too_deep', pointer: '/0'.repeat(2003) });
  });

  it('a too deep text is a depth fault even after a repeated key', () => {
    expect(scanJson('[{"a":1,"a":2},[[[]]]]', 3)).toEqual({ kind: 'too_deep', pointer: '/1/0/0' });
    expect(scanJson('[{"a":1,"a":2},[[]]]', 3)).toEqual({ kind: 'duplicate_key', pointer: '/0', key: 'a' });
  });
});

describe('scanJson: repeated keys', () => {
  it.each([
    ['{"val":1,"val":2}', '', 'val'],
    ['[{"name":"gender","op":"eq","val":"m","val":"f"}]', '/0', 'val'],
    ['[{"name":"a","op":"eq","name":"b","val":1}]', '/0', 'name'],
    ['[{"not":{"op":"eq","op":"ne"}}]', '/0/not', 'op'],
    ['[{"or":[{"and":[]},{"and":[{"a":1,"b":2,"a":3}]}]}]', '/0/or/1/and/0', 'a'],
    ['[{"name":"c","op":"any","val":{"field":"x","field":"y"}}]', '/0/val', 'field'],
    ['[{"and":[],"and":[{"a":1}]}]', '/0', 'and'],
    ['[{"v\\u0061l":1,"val":2}]', '/0', 'val'],
    ['[{"val":1,"\\u0076al":2}]', '/0', 'val'],
    ['[{"\\u0076al":1,"v\\u0061l":2}]', '/0', 'val'],
    ['[{"\\"":1,"\\u0022":2}]', '/0', '"'],
    ['[{"a\\\\":1,"a\\\\":2}]', '/0', 'a\\'],
    ['[{"":1,"":2}]', '/0', ''],
    [' [ { "val" : 1 , "val" : 2 } ] ', '/0', 'val'],
    ['{"x/y":{"k~":{"b":1,"b":1}}}', '/x~1y/k~0', 'b'],
    ['[{"a":1,"b":2,"c":3,"a":4}]', '/0', 'a'],
    ['[{"a":1,"b":2,"c":3,"d":4,"d":5}]', '/0', 'd'],
    ['[{},"k",{"b":1,"b":2}]', '/2', 'b'],
    ['[{"a":{}},"k",[],"k",{"b":1,"b":2}]', '/4', 'b'],
  ])('%s repeats at %j the key %j', (text, pointer, key) => {
    expect(JSON.parse(text)).toBeTypeOf('object');
    expect(scanJson(text, 10)).toEqual({ kind: 'duplicate_key', pointer, key });
  });

  it.each([
    ['sibling objects with the same keys', '[{"name":"a","op":"eq","val":1},{"name":"a","op":"eq","val":1}]'],
    ['a nested object with its parent’s keys', '{"val":{"val":{"val":1}},"name":"val"}'],
    ['keys as string values', '[{"name":"val","op":"val","val":"val"}]'],
    ['keys as list items', '[{"name":"a","op":"in_","val":["val","val","op","op"]}]'],
    ['a quoted key inside a value', '[{"name":"a","op":"eq","val":"\\"val\\":1,\\"val\\":2"}]'],
    ['keys that differ after an escape', '[{"v\\u0061l":1,"v\\u0062l":2,"va":3,"val ":4}]'],
    ['keys of the same length', '[{"and":1,"not":2,"val":3}]'],
    ['the same key after the object closed', '[{"a":{"b":1},"b":2},{"b":3}]'],
  ])('no repeat in %s', (_, text) => {
    expect(JSON.parse(text)).toBeTypeOf('object');
    expect(scanJson(text, 10)).toBeUndefined();
  });

  it('compares only the first four keys of an object (more than four distinct keys is never an entry)', () => {
    expect(scanJson('{"a":1,"b":2,"c":3,"d":4,"e":5,"e":6}', 10)).toBeUndefined();
  });

  it('finds the first repeat of arbitrary JSON, where a reference walk over the tree finds it', () => {
    const key = fc.constantFrom('val', 'v\\u0061l', 'op', 'a', '\\"', 'a/b', 'm~');
    const tree = fc.letrec<{ value: Tree }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('1', '"val"', '"a\\"b"', 'null', '"{[:,"', '" \\"op\\":"'),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((members) => ({ members })),
      ),
    })).value;
    fc.assert(
      fc.property(tree, fc.constantFrom('', ' '), (value, space) => {
        const text = render(value, space);
        expect(JSON.parse(text)).toEqual(valueOf(value)); // the rendered text is the tree's JSON
        const repeat = firstRepeat(value, '');
        expect(scanJson(text, 1000)).toEqual(repeat === undefined ? undefined : { kind: 'duplicate_key', ...repeat });
      }),
      { numRuns: 1000 },
    );
  });
});

/** A JSON value for the property: a literal's text, an array, or an object's members (keys as written). */
type Tree = string | Tree[] | { members: [string, Tree][] };

function render(value: Tree, space: string): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map((item) => render(item, space)).join(`${space},`)}]`;
  return `{${value.members.map(([name, item]) => `"${name}"${space}:${space}${render(item, space)}`).join(',')}}`;
}

/** The value `JSON.parse` gives for a tree: its leaves parsed, the last of repeated keys winning. */
function valueOf(value: Tree): unknown {
  if (typeof value === 'string') return JSON.parse(value);
  if (Array.isArray(value)) return value.map(valueOf);
  const object: Record<string, unknown> = {};
  for (const [name, item] of value.members) {
    const key = JSON.parse(`"${name}"`) as string;
    object[key] = valueOf(item);
  }
  return object;
}

/** The repeat the scan must report: the first key, in text order, that its object already had. */
function firstRepeat(value: Tree, pointer: string): { pointer: string; key: string } | undefined {
  if (typeof value === 'string') return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstRepeat(item, `${pointer}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const seen = new Set<string>();
  for (const [name, item] of value.members) {
    const key = JSON.parse(`"${name}"`) as string;
    if (seen.has(key)) return { pointer, key };
    seen.add(key);
    const found = firstRepeat(item, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

describe('mayExceedJsonDepth', () => {
  it.each([
    ['[{"not":{"not":{}}}]', 3, true],
    ['[{"not":{"not":{}}}]', 4, false],
    ['["[[[[["]', 3, true],
    ['[{"name":"a","op":"eq","val":1}]', 3, false],
    ['', 0, false],
  ])('%s with at most %i levels → %s', (text, depth, expected) => {
    expect(mayExceedJsonDepth(text, depth)).toBe(expected);
  });
});

describe('mayRepeatKeys', () => {
  it.each([
    ['{"op":"eq","op":"ne"}', true],
    ['[{"name":"a","op":"eq","val":1},{"not":{"name":"b","op":"eq","val":{"x":1,"x":2}}}]', true],
    ['[{"name":"a","op":"eq","val":1},{"not":{"name":"b","op":"eq","val":{"x":1,"y":2}}}]', false],
    ['[{"name":"a","op":"in_","val":["x","y","z"]}]', false],
    ['[{"name":"a","op":"eq","val":"10:30"}]', true],
    ['[{"name":"a","op":"in_","val":[1,{"x":1}]}]', true],
    ['[{"a":1,"a":2},"x"]', true],
    ['[1,2]', false],
    ['"a:b"', true],
  ])('%s → %s', (text, expected) => {
    expect(mayRepeatKeys(text, JSON.parse(text))).toBe(expected);
  });

  it('never misses a repeat the scan finds', () => {
    const entry = fc.constantFrom(
      '{"name":"a","op":"eq","val":1}',
      '{"name":"a","op":"eq","val":1,"val":2}',
      '{"not":{"name":"a","op":"eq","v\\u0061l":1,"val":2}}',
      '{"name":"a","op":"in_","val":["x:y","z"]}',
      '{"and":[{"op":"eq","op":"ne"}]}',
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), (entries) => {
        const text = `[${entries.join(',')}]`;
        if (scanJson(text, 100) !== undefined) expect(mayRepeatKeys(text, JSON.parse(text))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
