/**
 * What the scan of the filter JSON before `JSON.parse` adds to the errors: a key
 * repeated within one object is an `invalid_filter_entry` at that object (never
 * "last wins"), and a filter nested too deep for the JSON depth bound points at the
 * first value opened one level too deep.
 */
import { describe, expect, it } from 'vitest';
import { errorsOf, faultOf, jsonFilter, parse } from './test-schema.js';

/** `filter=<text>`, the JSON text URL-encoded as written (escapes and spaces kept). */
const filter = (text: string) => `filter=${encodeURIComponent(text)}`;
const leaf = '{"name":"name","op":"eq","val":"x"}';
const valid = (index: number) => `{"name":"name","op":"eq","val":"n${index}"}`;
const repeated = (key: string, pointer: string) => ({
  fault: { status: '400', code: 'invalid_filter_entry', parameter: 'filter', pointer },
  detail: `The key ${JSON.stringify(key)} appears more than once in one filter entry`,
});

describe('a key repeated in one filter object', () => {
  it.each([
    ['val at the top level', '[{"name":"gender","op":"eq","val":"m","val":"f"}]', 'val', '/0'],
    ['name at the top level', '[{"name":"name","op":"eq","name":"gender","val":"m"}]', 'name', '/0'],
    ['op, one entry without the array', '{"name":"name","op":"eq","op":"ne","val":"x"}', 'op', ''],
    ['field', '[{"name":"name","op":"eq","field":"gender","field":"name"}]', 'field', '/0'],
    ['in the second entry', `[${leaf},{"name":"gender","op":"eq","val":"m","val":"f"}]`, 'val', '/1'],
    ['inside and', `[{"and":[${leaf},{"name":"name","op":"eq","val":"a","val":"b"}]}]`, 'val', '/0/and/1'],
    ['inside or', `[{"or":[{"name":"name","op":"eq","op":"ne","val":"a"}]}]`, 'op', '/0/or/0'],
    ['inside not', '[{"not":{"name":"gender","op":"eq","val":"m","val":"f"}}]', 'val', '/0/not'],
    [
      'inside an any value',
      '[{"name":"computers","op":"any","val":{"name":"serial","op":"eq","val":"A","val":"B"}}]',
      'val',
      '/0/val',
    ],
    [
      'inside has inside any',
      '[{"name":"computers","op":"any","val":{"name":"owner","op":"has","val":{"name":"name","name":"x","op":"eq","val":"y"}}}]',
      'name',
      '/0/val/val',
    ],
    ['and twice', `[{"and":[],"and":[${leaf}]}]`, 'and', '/0'],
    ['or twice', `[{"or":[${leaf}],"or":[]}]`, 'or', '/0'],
    ['not twice', `[{"not":${leaf},"not":${leaf}}]`, 'not', '/0'],
    ['an unknown key twice', '[{"x":1,"x":2}]', 'x', '/0'],
    ['val escaped, then plain', '[{"name":"gender","op":"eq","v\\u0061l":"m","val":"f"}]', 'val', '/0'],
    ['val plain, then escaped', '[{"name":"gender","op":"eq","val":"m","\\u0076\\u0061\\u006c":"f"}]', 'val', '/0'],
    ['name escaped twice, differently', '[{"n\\u0061me":"name","\\u006eame":"gender","op":"eq","val":"m"}]', 'name', '/0'],
    ['with spaces around', ' [ { "name" : "gender" , "op" : "eq" , "val" : "m" , "val" : "f" } ] ', 'val', '/0'],
    ['after a value holding colons and quotes', `[{"name":"name","op":"eq","val":"a\\":b","val":"c"}]`, 'val', '/0'],
  ])('%s', (_, text, key, pointer) => {
    const expected = repeated(key, pointer);
    expect(faultOf(filter(text))).toEqual(expected.fault);
    expect(errorsOf(filter(text))[0]?.detail).toBe(expected.detail);
  });

  it('is found when the text is long enough for the depth scan to run too', () => {
    const entries = Array.from({ length: 30 }, (_, index) => valid(index));
    entries.push('{"name":"gender","op":"eq","val":"m","val":"f"}');
    expect(faultOf(filter(`[${entries.join(',')}]`))).toEqual(repeated('val', '/30').fault);
  });

  it('is found after an in_ list holding colons and keys as values', () => {
    const text = `[{"name":"name","op":"in_","val":["a:b","\\"val\\":1"]},{"name":"gender","op":"eq","val":"m","val":"f"}]`;
    expect(faultOf(filter(text))).toEqual(repeated('val', '/1').fault);
  });

  it('stays linear on an object with 100,000 keys', () => {
    const keys = Array.from({ length: 100_000 }, (_, index) => `"k${index}":${index}`).join(',');
    const limits = { maxQueryLength: 10_000_000, maxFilterLength: 10_000_000 };
    const first = filter(`[{"k1":0,${keys}}]`);
    const last = filter(`[{${keys},"k99999":1}]`);
    // A quadratic scan would not finish within the test timeout; its speed belongs in bench:parse.
    expect(faultOf(first, { limits })).toEqual(repeated('k1', '/0').fault);
    // Past the first four keys a repeat is not looked for: the unknown keys are the fault.
    expect(faultOf(last, { limits })).toMatchObject({
      code: 'invalid_filter_entry',
      pointer: '/0',
    });
  });

  it('reports invalid JSON first', () => {
    expect(faultOf(filter('[{"name":"gender","op":"eq","val":"m","val":"f"}'))).toEqual({
      status: '400',
      code: 'invalid_filter_json',
      parameter: 'filter',
    });
    const entries = Array.from({ length: 30 }, (_, index) => valid(index)).join(',');
    expect(faultOf(filter(`[${entries},{"val":1,"val":2}`))).toMatchObject({ code: 'invalid_filter_json' });
  });

  it('reports a filter too deep first', () => {
    const ands = '{"and":['.repeat(11) + leaf + ']}'.repeat(11);
    expect(faultOf(filter(`[{"name":"gender","op":"eq","val":"m","val":"f"},${ands}]`))).toEqual({
      status: '400',
      code: 'filter_too_deep',
      parameter: 'filter',
      pointer: `/1${'/and/0'.repeat(11)}`,
      limit: 10,
    });
  });

  it.each([
    ['the same keys in sibling entries', `[${valid(1)},${valid(2)}]`],
    ['the same keys in nested entries', `[{"and":[${valid(1)},{"or":[${valid(2)},{"not":${valid(3)}}]}]}]`],
    [
      'the same keys in an any entry and its value',
      '[{"name":"computers","op":"any","val":{"name":"serial","op":"eq","val":"val"}}]',
    ],
    ['"val" as a string value', '[{"name":"name","op":"eq","val":"val"}]'],
    ['keys as values of an in_ list', '[{"name":"name","op":"in_","val":["val","name","op"]}]'],
    ['a repeated key written inside a string value', '[{"name":"name","op":"eq","val":"{\\"val\\":1,\\"val\\":2}"}]'],
    ['a colon inside a value', '[{"name":"name","op":"eq","val":"10:30"}]'],
    ['keys that differ only after unescaping', '[{"n\\u0061me":"name","op":"eq","v\\u0061l":"x"}]'],
  ])('no repeat: %s', (_, text) => {
    expect(parse(filter(text)).filter).not.toBeNull();
  });

  it('parses a filter with repeated values exactly as without them', () => {
    expect(parse(filter('[{"name":"name","op":"eq","val":"val"}]')).filter).toEqual({
      kind: 'compare',
      field: 'name',
      op: 'eq',
      value: 'val',
    });
    expect(parse(filter('[{"n\\u0061me":"name","op":"eq","v\\u0061l":"x"}]')).filter).toEqual(
      parse(jsonFilter([{ name: 'name', op: 'eq', val: 'x' }])).filter,
    );
  });
});

describe('a filter nested too deep for the scan before JSON.parse', () => {
  const ands = (depth: number, inner: string) => '{"and":['.repeat(depth) + inner + ']}'.repeat(depth);
  const ors = (depth: number) => `{"or":[${leaf},`.repeat(depth) + leaf + ']}'.repeat(depth);

  it.each([
    ['eleven nested and, at the entry inside the eleventh', `[${ands(11, leaf)}]`, `/0${'/and/0'.repeat(11)}`],
    ['twelve nested and, one entry without the array', ands(12, leaf), `${'/and/0'.repeat(11)}/and`],
    ['eleven nested or, each second', `[${ors(11)}]`, `/0${'/or/1'.repeat(10)}/or/0`],
    ['in the third top-level entry', `[${leaf},${leaf},${ands(11, leaf)}]`, `/2${'/and/0'.repeat(11)}`],
    ['a thousand nested and', `[${ands(1000, leaf)}]`, `/0${'/and/0'.repeat(11)}`],
    ['arrays nested in a value', `[{"name":"name","op":"in_","val":${'['.repeat(30)}${']'.repeat(30)}}]`, `/0/val${'/0'.repeat(21)}`],
    ['a key with / and ~', `[{"a/b~":${'['.repeat(30)}${']'.repeat(30)}}]`, `/0/a~1b~0${'/0'.repeat(21)}`],
  ])('%s', (_, text, pointer) => {
    const limits = { maxQueryLength: 1_000_000, maxFilterLength: 1_000_000 };
    expect(faultOf(filter(text), { limits })).toEqual({
      status: '400',
      code: 'filter_too_deep',
      parameter: 'filter',
      pointer,
      limit: 10,
    });
  });

  it('eleven nested and without the array are within the JSON bound: the resolver points at the eleventh and', () => {
    expect(faultOf(filter(ands(11, leaf)))).toEqual({
      status: '400',
      code: 'filter_too_deep',
      parameter: 'filter',
      pointer: '/and/0'.repeat(10),
      limit: 10,
    });
  });

  it('eleven nested not still get the resolver’s pointer: the eleventh not', () => {
    const nots = '{"not":'.repeat(11) + leaf + '}'.repeat(11);
    expect(faultOf(filter(`[${nots}]`))).toEqual({
      status: '400',
      code: 'filter_too_deep',
      parameter: 'filter',
      pointer: `/0${'/not'.repeat(10)}`,
      limit: 10,
    });
  });

  it('with a configured limit, at the value one JSON level past 2 × limit + 3', () => {
    const text = `[{"and":[{"or":[{"and":[${leaf}]}]}]}]`;
    expect(faultOf(filter(text), { limits: { maxFilterDepth: 2 } })).toEqual({
      status: '400',
      code: 'filter_too_deep',
      parameter: 'filter',
      pointer: '/0/and/0/or/0/and/0',
      limit: 2,
    });
  });

  it('exactly ten nested and still parse', () => {
    expect(parse(filter(`[${ands(10, leaf)}]`)).filter).toMatchObject({ kind: 'and' });
  });
});
