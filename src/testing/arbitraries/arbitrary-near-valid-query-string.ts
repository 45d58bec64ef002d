import fc from 'fast-check';
import { OPERATORS } from '../../ast/operators.js';
import type { ResourceSchema } from '../../schema/schema.js';
import type { ArbitraryQueryAstOptions } from './arbitrary-query-ast.js';
import { arbitraryQueryString } from './arbitrary-query-string.js';

/** One way to break a valid query string, given random numbers to place it. */
type Mutation = (query: string, a: number, b: number) => string;

const HUGE_NUMBERS = ['99999999999999999999', '1e309', '-1', '0x10', '1.5', '00', '9007199254740993', ''];
const BAD_ESCAPES = ['%', '%2', '%G1', '%zz', '%E0%A4', '%C0%AF', '%ED%A0%80', '%00', '%FF'];
const HOSTILE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'length'];
/** Cursors no server made: garbage, base64url of JSON that is no cursor of the sort, over-long. */
const FORGED_CURSORS = [
  '',
  'x',
  '%00',
  '!!',
  // base64url of JSON that is no cursor, written out: computing them when the module
  // loads would run the codec outside any test (a "static" mutant for `npm run mutation`).
  'WyJ4Il0', // ["x"]
  'WzEsMiwzXQ', // [1,2,3]
  'eyJhIjoxfQ', // {"a":1}
  'WyIiLG51bGwsbnVsbCxudWxsXQ', // ["",null,null,null]
  'WyJcdTAwMDAiLDFd', // ["\u0000",1]
  'A'.repeat(1100),
];
const JUNK_OPERATORS = [...OPERATORS, 'EQ', '$ne', '$where', 'regex', '', 'in', 'not', 'and', '__proto__'];

/** Decodes for editing; a query whose escapes are already broken is edited as it is. */
function decoded(query: string): string {
  try {
    return decodeURIComponent(query);
  } catch {
    return query;
  }
}

const at = (text: string, a: number) => (text.length === 0 ? 0 : a % (text.length + 1));

const MUTATIONS: readonly Mutation[] = [
  // drop a character
  (query, a) => {
    const index = at(query, a);
    return query.slice(0, index) + query.slice(index + 1);
  },
  // duplicate a character
  (query, a) => {
    const index = at(query, a);
    return query.slice(0, index) + query.slice(index, index + 1) + query.slice(index);
  },
  // swap an operator for another (or for junk)
  (query, a, b) => {
    const text = decoded(query);
    const operators = [...text.matchAll(/"op":"([^"]*)"/g)];
    const target = operators[a % Math.max(operators.length, 1)];
    const replacement = JUNK_OPERATORS[b % JUNK_OPERATORS.length] as string;
    if (target?.index === undefined) return `${query}&filter=${encodeURIComponent(`[{"name":"id","op":"${replacement}","val":"1"}]`)}`;
    return encodeQuery(text.slice(0, target.index) + `"op":"${replacement}"` + text.slice(target.index + target[0].length));
  },
  // break the JSON: drop or add a bracket, brace, quote, colon or comma
  (query, a, b) => {
    const text = decoded(query);
    const structural = [...text.matchAll(/[[\]{}":,]/g)];
    const target = structural[a % Math.max(structural.length, 1)];
    if (target?.index === undefined) return `${query}&filter=${encodeURIComponent('[{"name":')}`;
    const insert = b % 2 === 0 ? '' : (target[0] + target[0]);
    return encodeQuery(text.slice(0, target.index) + insert + text.slice(target.index + 1));
  },
  // a prototype key as a name, a member or a parameter
  (query, a, b) => {
    const name = HOSTILE_NAMES[a % HOSTILE_NAMES.length] as string;
    const text = decoded(query);
    const names = [...text.matchAll(/"name":"([^"]*)"/g)];
    const target = names[b % Math.max(names.length, 1)];
    switch (b % 5) {
      case 0:
        if (target?.index !== undefined) {
          return encodeQuery(text.slice(0, target.index) + `"name":"${name}"` + text.slice(target.index + target[0].length));
        }
        return `${query}&filter[${name}]=1`;
      case 1:
        return `${query}&filter[${name}][x]=1`;
      case 2:
        return `${query}&fields[${name}]=name`;
      case 3:
        return `${query}&page[${name}]=1`;
      default:
        return encodeQuery(text.replace(/"(and|or|not)":/, `"${name}":`)) || `${name}=1`;
    }
  },
  // repeat a parameter
  (query, a) => {
    const parameters = query.split('&');
    return [...parameters, parameters[a % parameters.length] as string].join('&');
  },
  // a page value that is huge, signed, decimal, hexadecimal or empty
  (query, a, b) => {
    const member = a % 2 === 0 ? 'size' : 'number';
    const value = HUGE_NUMBERS[b % HUGE_NUMBERS.length] as string;
    const stripped = query.split('&').filter((parameter) => !parameter.startsWith(`page[${member}]=`));
    return [...stripped, `page[${member}]=${value}`].join('&');
  },
  // a cursor no server made, as page[after] or page[before] (beside page[number] or not)
  (query, a, b) => {
    const member = a % 2 === 0 ? 'after' : 'before';
    return `${query}&page[${member}]=${FORGED_CURSORS[b % FORGED_CURSORS.length] as string}`;
  },
  // a bad or unusual percent-escape
  (query, a, b) => {
    const index = at(query, a);
    return query.slice(0, index) + (BAD_ESCAPES[b % BAD_ESCAPES.length] as string) + query.slice(index);
  },
  // a value where a list belongs, or a list where a value belongs
  (query, a) => {
    const text = decoded(query);
    return encodeQuery(
      a % 2 === 0 ? text.replace(/"val":\[[^\]]*\]/, '"val":"x"') : text.replace(/"val":("[^"]*"|[-\d.]+|true|false)/, '"val":{"$ne":1}'),
    );
  },
];

/** Re-encodes a decoded query, keeping `&` and `=` between parameters as separators. */
function encodeQuery(text: string): string {
  return text
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      if (equals === -1) return encodeURIComponent(parameter);
      return `${parameter.slice(0, equals)}=${encodeURIComponent(parameter.slice(equals + 1))}`;
    })
    .join('&');
}

/**
 * Query strings one to three small mutations away from valid ones, for fuzzing a
 * parser: a character dropped or duplicated, an operator swapped for another or for
 * junk (`$ne`, `EQ`), JSON broken, `__proto__`/`constructor` inserted as a name,
 * member or parameter, a parameter repeated, huge, signed or decimal page numbers,
 * forged cursors, malformed percent-escapes and NUL, objects where values belong. Most are invalid;
 * some stay valid. A correct parser returns an AST or throws its own error for each.
 *
 * @example
 * fc.assert(fc.property(arbitraryNearValidQueryString(exampleSchema, 'person'), (query) => {
 *   const result = safeParseQuery(query, { schema: exampleSchema, type: 'person' });
 *   expect(typeof result.success).toBe('boolean');
 * }));
 */
export function arbitraryNearValidQueryString(
  schema: ResourceSchema,
  type: string,
  options: ArbitraryQueryAstOptions = {},
): fc.Arbitrary<string> {
  const mutation = fc.record({ index: fc.nat(MUTATIONS.length - 1), a: fc.nat(), b: fc.nat() });
  return fc
    .tuple(arbitraryQueryString(schema, type, options), fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([query, mutations]) =>
      mutations.reduce((current, { index, a, b }) => (MUTATIONS[index] as Mutation)(current, a, b), query),
    );
}
