/**
 * What the layer needs to make an engine lower-case and split words exactly as
 * JavaScript does: the word characters of `match` (`[\p{L}\p{N}]`) as code-point
 * ranges, and the characters whose lower case in the engine differs from
 * `toLowerCase()` (the engine's Unicode version or locale is older or narrower than
 * JavaScript's: `Ⓐ`, `İ`, recently added letters).
 */

/** A word character of `match`: a letter or a digit, in JavaScript's Unicode. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/** Case mappings exist in the first two planes only; the engines are asked about these. */
export const LAST_CASED_CODE_POINT = 0x1ffff;

/** One character that lower-cases differently in JavaScript and in the engine. */
export interface CaseDifference {
  /** The character as stored. */
  readonly from: string;
  /** Its `toLowerCase()` (one or two code points). */
  readonly js: string;
  /** The engine's `lower()` of it. */
  readonly engine: string;
}

/** What a lower-cased operand is compared with: its literal text, and whether `_` occurs. */
export interface LowerTarget {
  readonly text: string;
  readonly oneWildcard: boolean;
}

/**
 * `İ` lower-cases to `i̇` (two code points) in JavaScript and to `i` in every
 * engine's `lower()`: the difference known before any engine is asked.
 */
export const DOTTED_CAPITAL_I: CaseDifference = { from: '\u0130', js: '\u0130'.toLowerCase(), engine: 'i' };

/** Whether a character is a word character of `match`. */
export function isWordCharacter(char: string): boolean {
  return WORD_CHARACTER.test(char);
}

/** The character classes the engines are given as code-point ranges (JavaScript `v`-flag class bodies). */
const CLASSES = {
  word: '[\\p{L}\\p{N}]',
  cased: '\\p{Cased}',
  caseIgnorable: '\\p{Case_Ignorable}',
  casedWord: '[\\p{Cased}&&[\\p{L}\\p{N}]]',
  caseIgnorableWord: '[\\p{Case_Ignorable}&&[\\p{L}\\p{N}]]',
} as const;

/** A character class the layer spells out for the engines. */
export type CharacterClass = keyof typeof CLASSES;

const rangesByClass = new Map<CharacterClass, string>();

/**
 * A character class of JavaScript's Unicode as the inside of a regular-expression
 * bracket expression of code-point ranges (`0-9A-Za-z…`), for engines whose own
 * classes follow another Unicode version or the locale: `word` (the word
 * characters of `match`), `cased` and `caseIgnorable` (the context of a final
 * sigma), and these two within words. Computed once per class, on first use.
 */
export function characterRanges(name: CharacterClass): string {
  let ranges = rangesByClass.get(name);
  if (ranges === undefined) {
    ranges = buildRanges(new RegExp(`${CLASSES[name]}+`, 'gv'));
    rangesByClass.set(name, ranges);
  }
  return ranges;
}

/** The word characters of `match` as code-point ranges (`characterRanges('word')`). */
export function wordCharacterRanges(): string {
  return characterRanges('word');
}

function buildRanges(runs: RegExp): string {
  const ranges: [number, number][] = [];
  const BLOCK = 0x1000;
  for (let base = 0; base <= 0x10ffff; base += BLOCK) {
    // Skip the surrogates (in no class): U+D000–U+D7FF only.
    addRuns(ranges, runs, base, base === 0xd000 ? 0xd7ff : Math.min(base + BLOCK - 1, 0x10ffff));
  }
  return ranges
    .map(([first, last]) =>
      first === last ? escapeInBrackets(first) : `${escapeInBrackets(first)}-${escapeInBrackets(last)}`,
    )
    .join('');
}

/** A character written inside brackets: the few with a meaning there are escaped. */
function escapeInBrackets(codePoint: number): string {
  const char = String.fromCodePoint(codePoint);
  return /[\\\]^[-]/.test(char) ? `\\${char}` : char;
}

function addRuns(ranges: [number, number][], runs: RegExp, first: number, last: number): void {
  const codePoints = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const text = String.fromCodePoint(...codePoints);
  const width = first >= 0x10000 ? 2 : 1;
  for (const run of text.matchAll(runs)) {
    const start = first + run.index / width;
    const end = start + run[0].length / width - 1;
    const previous = ranges[ranges.length - 1];
    if (previous !== undefined && previous[1] === start - 1) previous[1] = end;
    else ranges.push([start, end]);
  }
}

/**
 * The differences between `toLowerCase()` and an engine's `lower()`, given the
 * characters the engine changes (code point → its lower case) up to
 * `LAST_CASED_CODE_POINT`.
 */
export function caseDifferences(engineLower: ReadonlyMap<number, string>): CaseDifference[] {
  const differences: CaseDifference[] = [];
  for (let codePoint = 1; codePoint <= LAST_CASED_CODE_POINT; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const from = String.fromCodePoint(codePoint);
    const js = from.toLowerCase();
    const engine = engineLower.get(codePoint) ?? from;
    if (js !== engine) differences.push({ from, js, engine });
  }
  return differences;
}

/**
 * The differences that can change a comparison of a lower-cased operand with
 * `target`: those whose lower case (either one) shares a character with the
 * target's text, those of another length when `_` occurs, and — for word matching
 * (`words`) — those whose engine lower case is not a word character when the
 * character is (or the other way round). Rewriting only these keeps the common
 * comparison as cheap as a plain `lower()`.
 */
export function relevantDifferences(
  differences: readonly CaseDifference[],
  target: LowerTarget,
  words: boolean,
): CaseDifference[] {
  return differences.filter(({ from, js, engine }) => {
    if ([...js, ...engine].some((char) => target.text.includes(char))) return true;
    if (target.oneWildcard && (Array.from(js).length !== 1 || Array.from(engine).length !== 1)) return true;
    return words && Array.from(engine).some((char) => isWordCharacter(char) !== isWordCharacter(from));
  });
}
