import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeComponent } from '../../src/parse/input/decode-component.js';
import { readEncodedJson } from '../../src/parse/input/read-encoded-json.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { exampleSchema } from '../../src/example/example-schema.js';

/** What the reader must give for `encoded`: JSON.parse of the decoded text, and its length. */
function reference(encoded: string): { value: unknown; length: number } {
  const text = decodeComponent(encoded) as string;
  return { value: JSON.parse(text) as unknown, length: text.length };
}

/** The reader on `encoded` as the value of `filter=` followed by another parameter. */
function read(encoded: string, maxDepth = 10, maxObjects = 100) {
  const text = `filter=${encoded}&sort=name`;
  return readEncodedJson(text, 7, 7 + encoded.length, maxDepth, maxObjects);
}

/** Every ASCII character escaped, with upper- or lower-case hex digits. */
function escapeAll(text: string, lower = false): string {
  const escaped = [...text].map((character) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  return lower ? escaped.toLowerCase() : escaped.toUpperCase();
}

describe('readEncodedJson reads what JSON.parse of the decoded text gives', () => {
  it.each([
    encodeURIComponent('[{"name":"name","op":"in_","val":["a","b-c","d.e"]}]'),
    encodeURIComponent('{"not":{"name":"gender","op":"eq","val":"x"}}'),
    encodeURIComponent('[1,-2,3.5,-0.25,1e3,2E-2,0,-0,12345678901234567890]'),
    encodeURIComponent('[true,false,null,{},[],"",[[]],[{}]]'),
    encodeURIComponent('{"and":{"or":{"not":[1]}}}'),
    encodeURIComponent('"% +&=?#\u007f~!*()\'"'),
    encodeURIComponent('{"val":1,"op":2,"name":3,"field":4,"and":5,"or":6,"not":7}'),
    '[{"name":"name","op":"eq","val":"John"}]',
    '["a+b","%25","%2B",1]',
    '+[+1+,%20%09%0A%0D2+]+',
    '%5b%7b%22op%22%3a%22eq%22%7d%5d',
    escapeAll('[true,false,null,"x"]'),
    escapeAll('{"val":[true,false,null]}', true),
    '["a b", "!$\'()*,;:@/?[]{}~^`|<>"]',
    '[1]%20',
    '%22x%22',
    '"x"',
    '7',
    '-1.5e-7',
    encodeURIComponent('["a/b","a+b%c"]'),
    '["a+%25"]',
  ])('%s', (encoded) => {
    const result = read(encoded);
    expect(result).toEqual(reference(encoded));
    expect(Object.keys(result?.value ?? {})).toEqual(Object.keys(reference(encoded).value ?? {}));
  });

  it('keeps -0, and makes plain objects with their own keys in the order written', () => {
    const result = read('%5B-0%2C%7B%22val%22%3A1%2C%22name%22%3A2%7D%5D')?.value as [number, Record<string, number>];
    expect(Object.is(result[0], -0)).toBe(true);
    expect(Object.getPrototypeOf(result[1])).toBe(Object.prototype);
    expect(Object.keys(result[1])).toEqual(['val', 'name']);
  });

  it('counts the decoded length: an escape is one character, "+" one', () => {
    expect(read('%5B%22a%22%5D')?.length).toBe(5);
    expect(read('["a+b"]')?.length).toBe(7);
    expect(read('[%22%25%22]')?.length).toBe(5);
    expect(read('[true]')?.length).toBe(6);
    expect(read('[%74rue]')?.length).toBe(6);
  });

  it('reads nesting up to maxDepth levels, arrays and objects alike', () => {
    expect(read('[[1]]', 2)?.value).toEqual([[1]]);
    expect(read('{"not":{"val":1}}', 2)?.value).toEqual({ not: { val: 1 } });
    expect(read('[{"op":1}]', 2)?.value).toEqual([{ op: 1 }]);
    expect(read('[[[1]]]', 2)).toBeUndefined();
    expect(read('{"not":{"val":{}}}', 2)).toBeUndefined();
    expect(read('[[{}]]', 2)).toBeUndefined();
  });

  it('reads up to maxObjects objects, at any depth', () => {
    expect(read('[{},{"not":{}}]', 10, 3)?.value).toEqual([{}, { not: {} }]);
    expect(read('[{},{"not":{}},{}]', 10, 3)).toBeUndefined();
    expect(read('[{"or":[{}]},{}]', 10, 2)).toBeUndefined();
    expect(read('[[],[],[]]', 10, 0)?.value).toEqual([[], [], []]);
  });

  it('stops at the end it is given', () => {
    const text = 'filter=[1]&x=2]';
    expect(readEncodedJson(text, 7, 10, 10, 10)).toEqual({ value: [1], length: 3 });
    expect(readEncodedJson('filter="ab"&c"', 7, 10, 10, 10)).toBeUndefined();
    expect(readEncodedJson('filter="ab&c"', 7, 10, 10, 10)).toBeUndefined();
    expect(readEncodedJson('filter=12&3', 7, 9, 10, 10)).toEqual({ value: 12, length: 2 });
    expect(readEncodedJson('filter=tr&ue', 7, 9, 10, 10)).toBeUndefined();
    expect(readEncodedJson('filter=[1]%', 7, 10, 10, 10)).toEqual({ value: [1], length: 3 });
  });

  it('agrees with JSON.parse on generated JSON, however it is escaped', () => {
    fc.assert(
      fc.property(
        fc.letrec((tie) => ({
          value: fc.oneof(
            { depthSize: 'small' },
            fc.jsonValue({ maxDepth: 0 }),
            fc.array(tie('value'), { maxLength: 4 }),
            fc.dictionary(fc.constantFrom('name', 'op', 'val', 'field', 'and', 'or', 'not'), tie('value'), { maxKeys: 4 }),
          ),
        })).value,
        fc.infiniteStream(fc.constantFrom('raw', 'escaped', 'lower')),
        (value, choices) => {
          const json = JSON.stringify(value);
          const encoded = [...json]
            .map((character) => {
              const code = character.charCodeAt(0);
              const choice = choices.next().value;
              if (code > 127 || '%+&'.includes(character) || choice === 'escaped') return encodeURIComponent(character);
              return choice === 'lower' ? escapeAll(character, true) : character;
            })
            .join('');
          const result = read(encoded, 10);
          if (result !== undefined) expect(result).toEqual(reference(encoded));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('readEncodedJson leaves to decodeComponent and JSON.parse', () => {
  it.each([
    ['an empty text', ''],
    ['whitespace alone', '+'],
    ['a malformed escape', '[%2G]'],
    ['a malformed escape in a string', '["%G2"]'],
    ['an escape cut short', '[1]%2'],
    ['a non-ASCII escape', '["%C3%A9"]'],
    ['a non-ASCII escape outside strings', '[1%C2%A0]'],
    ['a raw non-ASCII character', '["é"]'],
    ['a raw lone surrogate', '["\uD800"]'],
    ['a raw control character in a string', '["a\tb"]'],
    ['an escaped control character in a string', '["a%09b"]'],
    ['an escaped NUL', '["a%00"]'],
    ['a backslash', '["a\\\\b"]'],
    ['an escaped backslash', '["a%5Cn"]'],
    ['an unclosed string', '["abc'],
    ['an unclosed array', '[1'],
    ['an unclosed object', '{"op":1'],
    ['a missing comma', '[1 2]'],
    ['a missing colon', '{"op" 1}'],
    ['a trailing comma', '[1,]'],
    ['a key that is no string', '{op:1}'],
    ['a repeated key', '{"op":1,"op":2}'],
    ['a repeated key escaped', '{"op":1,"%6Fp":2}'],
    ['a key of no filter entry', '{"a":1}'],
    ['a key of no filter entry, later', '{"op":1,"vals":2}'],
    ['a __proto__ key', '{"__proto__":{"x":1}}'],
    ['a constructor key', '{"constructor":1}'],
    ['a number with an escape', '[%31]'],
    ['a number with an encoded sign', '[1e%2B5]'],
    ['a number with a leading zero', '[01]'],
    ['a bare minus', '[-]'],
    ['a number ending in a point', '[1.]'],
    ['a literal cut short', '[tru]'],
    ['a misspelt literal', '[nul1]'],
    ['a literal with letters after it', '[falsey]'],
    ['text after the value', '[1]x'],
    ['a second value', '[1][2]'],
    ['a colon outside an object', '[1:2]'],
    ['a closing bracket of the other kind', '[1}'],
    ['a JSON whitespace JSON does not have', '[1%0B]'],
    ['a first letter alone', '[t]'],
    ['another first letter alone', '[f]'],
    ['a third first letter alone', '[n]'],
    ['a key without its opening quote', '{xop":1}'],
    ['a key and value without a colon', '{"op"x1}'],
    ['members without a comma', '{"op":1x"val":2}'],
    ['an escape with ":" for a digit', '["a%2:"]'],
    ['an escape with "`" for a digit', '["a%2`"]'],
    ['a malformed escape where the text may end', '[1]%xF'],
    ['another malformed escape where the text may end', '[1]%0x'],
    ['a malformed escape in a literal', 'tr%6le'],
    ['another malformed escape in a literal', 'f%6xlse'],
    ['a malformed escape for whitespace', '[1%0`]'],
    ['another malformed escape for whitespace', '[1%1g]'],
  ])('%s: %j', (_, encoded) => {
    expect(read(encoded)).toBeUndefined();
  });
});

describe('a filter read from its encoded text parses as its decoded text does', () => {
  const options = { schema: exampleSchema, type: 'person' } as const;
  const errorsOf = (query: string | URLSearchParams) => {
    try {
      parseQuery(query, options);
      return undefined;
    } catch (error) {
      return (error as { errors: unknown }).errors;
    }
  };

  it.each([
    '[{"name":"name","op":"in_","val":["a","b"]},{"name":"birth_date","op":"ge","val":"1980-01-01"}]',
    '{"or":[{"name":"name","op":"ilike","val":"%jo hn%"},{"not":{"name":"gender","op":"eq","val":null}}]}',
    '[{"name":"computers","op":"any","val":{"name":"serial","op":"startswith","val":"SN"}}]',
  ])('%s', (filter) => {
    const encoded = parseQuery(`filter=${encodeURIComponent(filter)}&sort=name`, options);
    const plain = parseQuery(new URLSearchParams({ filter, sort: 'name' }), options);
    expect(encoded).toEqual(plain);
  });

  it.each([
    ['too long a filter', `[{"name":"name","op":"in_","val":[${'"abcdefgh",'.repeat(400)}"x"]}]`],
    ['a value of the wrong type', '[{"name":"name","op":"eq","val":1}]'],
    ['an entry that is no object', '[1]'],
    ['a filter that is no array or object', '"x"'],
    ['an impossible date', '[{"name":"birth_date","op":"eq","val":"1980-02-30"}]'],
  ])('%s: the same errors', (_, filter) => {
    const encoded = errorsOf(`filter=${encodeURIComponent(filter)}`);
    expect(encoded).toBeDefined();
    expect(encoded).toEqual(errorsOf(new URLSearchParams({ filter })));
  });

  it('reports a filter given three times once, the third read from its encoded text', () => {
    expect(errorsOf('filter=%5B%5D&filter=%5B%5D&filter=%5B1%5D')).toEqual([
      expect.objectContaining({ code: 'repeated_parameter', source: { parameter: 'filter' } }),
    ]);
  });
});
