/**
 * Unicode `ilike`/`notilike`/`match` on every engine give exactly the memory
 * layer's answers: the word characters the SQL is built with are JavaScript's
 * `[\p{L}\p{N}]`, the engines' `lower()` is corrected where it differs from
 * `toLowerCase()` (circled letters, `İ`, letters newer than the engine's Unicode),
 * and fields are split into words before lower-casing (`İ` is one word `i̇`, while a
 * combining dot in the field separates words).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { words } from '../../src/ast/match-words.js';
import {
  DOTTED_CAPITAL_I,
  LAST_CASED_CODE_POINT,
  caseDifferences,
  relevantDifferences,
  wordCharacterRanges,
} from '../../src/layers/sql/unicode-case.js';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, type EngineInstance, skippedEngines } from '../helpers/engines.js';
import { context } from './fixtures.js';
import { compareNode } from '../../src/ast/filter-factories.js';

const schema = defineSchema({
  types: {
    text: { root: 'texts', id: 'integer', attributes: { v: { type: ['string', 'null'] } }, relationships: {} },
  },
});

/** Values where an engine's case mapping or character classes differ from JavaScript's. */
const VALUES: readonly (string | null)[] = [
  '\u24b6 circ',
  '\u2460two',
  'i',
  '\u0130',
  'i\u0307',
  '\u0130stanbul',
  "\u0130stanbul'da",
  'x\u00b2',
  '\u00bd cup',
  'Chapter \u216b',
  '\u216bth',
  'Stra\u00dfe',
  'STRA\u1e9eE',
  '\u039f\u0394\u039f\u03a3',
  "\u039f\u0394\u039f\u03a3'\u0391",
  '\u0391\u03a31',
  '1\u03a3',
  '\u0391\u03a3\u0301',
  '\u0391\u02b0\u03a3',
  '\u0391\u03a3.\u0392',
  '\u0391^\u03a3',
  '\u03a3',
  '\u03a3\u0391 \u0391\u03a3\u03a3',
  '\u0391\u03a3\u03a3\u0391',
  '\u03a3\u03bf\u03c6\u03af\u03b1 \u03bc\u03ad\u03bd\u03b5\u03b9',
  '\u0416\u0423\u041a \u0436\u0443\u043a',
  '\uff21\uff22\uff23 wide',
  '\u023a\u023b',
  '\u1c89 new',
  '\u2c2f old',
  '\u212a kelvin',
  '\u212b angstrom',
  '\u01c5 title',
  '\u{10400}\u{10428} deseret',
  '\u{1E900} adlam',
  'caf\u00e9',
  'cafe\u0301',
  'a\u0307b',
  'A_B',
  '\u24d0\u24b6',
  'plain text',
  '',
  null,
];

const data = { text: VALUES.map((v, index) => ({ id: index + 1, v })) };

/** Patterns and match values from every value: itself, upper- and lower-cased, each character alone. */
function probes(): { ilike: string[]; match: string[] } {
  const ilike = new Set<string>(['%', '_', '% _', '%\u0130', '%i', 'i_', '%\u24d0%', '%\u24b6%']);
  const match = new Set<string>(['i', '\u0130', 'i\u0307', 'two', 'x', '2', 'xii', 'istanbul', 'cafe', 'caf\u00e9']);
  for (const value of VALUES) {
    if (value === null || value === '') continue;
    for (const variant of [value, value.toUpperCase(), value.toLowerCase()]) {
      ilike.add(variant.replace(/[%_\\]/g, (char) => `\\${char}`));
      for (const char of variant) if (!/[%_\\]/.test(char)) ilike.add(`%${char}%`);
      for (const word of words(variant)) {
        match.add(word);
        match.add(word.toUpperCase());
      }
    }
  }
  return { ilike: [...ilike], match: [...match].filter((value) => words(value).length > 0) };
}

const { ilike, match } = probes();
const FILTERS: readonly FilterNode[] = [
  ...ilike.flatMap((value): FilterNode[] => [
    compareNode('v', 'ilike', value),
    compareNode('v', 'notilike', value),
  ]),
  ...match.map((value) => compareNode('v', 'match', value)),
];

describe('word characters and case differences', () => {
  it('spells out exactly JavaScript’s [\\p{L}\\p{N}] as code-point ranges', () => {
    const spelled = new RegExp(`^[${wordCharacterRanges()}]$`, 'u');
    const reference = /^[\p{L}\p{N}]$/u;
    const disagreeing: number[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const char = String.fromCodePoint(codePoint);
      if (spelled.test(char) !== reference.test(char)) disagreeing.push(codePoint);
    }
    expect(disagreeing).toEqual([]);
  });

  it('asks the engines about every character that lower-cases in JavaScript', () => {
    const beyond: number[] = [];
    for (let codePoint = LAST_CASED_CODE_POINT + 1; codePoint <= 0x10ffff; codePoint++) {
      const char = String.fromCodePoint(codePoint);
      if (char.toLowerCase() !== char) beyond.push(codePoint);
    }
    expect(beyond).toEqual([]);
  });

  it('lists the characters an engine lower-cases differently', () => {
    // An engine that lower-cases ASCII only, and İ to i.
    const ascii = new Map<number, string>();
    for (let code = 0x41; code <= 0x5a; code++) ascii.set(code, String.fromCharCode(code + 32));
    ascii.set(0x130, 'i');
    const differences = caseDifferences(ascii);
    expect(differences).toContainEqual(DOTTED_CAPITAL_I);
    expect(differences).toContainEqual({ from: '\u24b6', js: '\u24d0', engine: '\u24b6' });
    expect(differences).toContainEqual({ from: '\u00c9', js: '\u00e9', engine: '\u00c9' });
    expect(differences.some(({ from }) => from === 'A')).toBe(false);
  });

  it.each([
    ['a pattern sharing a character with the JavaScript lower case', { text: '%\u24d0%', oneWildcard: false }, false, ['\u24b6']],
    ['a pattern sharing a character with the engine lower case', { text: '%\u24b6%', oneWildcard: false }, false, ['\u24b6']],
    ['an ASCII pattern: nothing to rewrite', { text: 'bob', oneWildcard: false }, false, []],
    ['an i: the dotted capital I', { text: 'is', oneWildcard: false }, false, ['\u0130']],
    ['_ and a lower case of another length', { text: 'x', oneWildcard: true }, false, ['\u0130']],
  ])('rewrites only what can change the comparison: %s', (_, target, forWords, expected) => {
    const differences = [DOTTED_CAPITAL_I, { from: '\u24b6', js: '\u24d0', engine: '\u24b6' }];
    expect(relevantDifferences(differences, target, forWords).map(({ from }) => from)).toEqual(expected);
  });
});

const engines = await availableEngines();
for (const { name, reason } of skippedEngines()) {
  describe.skip(`Unicode case on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(engines.map((engine) => [engine.name, engine] as const))('Unicode ilike and match on %s', (_, engine) => {
  const memory = createMemoryLayer(schema, data);
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(schema, data);
  });
  afterAll(async () => {
    await instance.close();
  });

  it(`answers ${FILTERS.length} filters exactly as the memory layer`, async () => {
    const differing: string[] = [];
    const sort = [{ path: [], field: 'id', direction: 'asc' }] as const;
    for (const filter of FILTERS) {
      const request = { type: 'text', filter, sort, offset: 0, limit: null };
      const [expected, actual] = await Promise.all([memory.read(request, context), instance.layer.read(request, context)]);
      const ids = (result: typeof expected): string => result.rows.map((row) => String(row.id)).join(',');
      if (ids(actual) !== ids(expected)) differing.push(`${JSON.stringify(filter)}: sql [${ids(actual)}] memory [${ids(expected)}]`);
    }
    expect(differing).toEqual([]);
  });
});
