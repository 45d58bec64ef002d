/**
 * Unicode lower-casing and word matching as JavaScript does them, for the engines
 * whose `lower()` is close but not equal (PostgreSQL/PGlite, MySQL/MariaDB): one
 * factory, parameterised by the few SQL spellings the engines differ in.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SqlDialect } from './sql-dialect.js';
import {
  characterRanges,
  isWordCharacter,
  relevantDifferences,
  wordCharacterRanges,
  type CaseDifference,
  type LowerTarget,
} from './unicode-case.js';

/**
 * JavaScript lower-cases a capital sigma ending a word to `ς` (Final_Sigma); the
 * databases always give `σ`, so a final `Σ` is rewritten to `ς` first (keeping the
 * captured context) when the comparison involves a sigma.
 */
export const SIGMA = '\u03a3';
const FINAL_SIGMA_REPLACEMENT = '\\1\u03c2';

/**
 * The regular expression of a final `Σ` (Unicode's Final_Sigma: after a cased
 * letter and any case-ignorable characters, and not before case-ignorable
 * characters and a cased letter), the context captured as group 1. In `words`, the
 * context is the word only (fields are split before lower-casing).
 */
function finalSigma(words: boolean): string {
  const cased = `[${characterRanges(words ? 'casedWord' : 'cased')}]`;
  const ignorable = `[${characterRanges(words ? 'caseIgnorableWord' : 'caseIgnorable')}]`;
  return `(${cased}${ignorable}*)\u03a3(?!${ignorable}*${cased})`;
}

/** Whether a final `Σ` can change a comparison with `target`: only against a sigma. */
function needsSigma(target: LowerTarget): boolean {
  return /[\u03c3\u03c2]/.test(target.text);
}

/** How an engine rewrites text: `replace()` of one string, `translate()` of single characters when it has one. */
interface TextFunctions {
  readonly replace: (text: Expression<unknown>, from: string, to: string) => Expression<unknown>;
  readonly translate?: (text: Expression<unknown>, from: string, to: string) => Expression<unknown>;
}

/**
 * The characters of `differences` rewritten to their JavaScript lower case before
 * the engine's `lower()` (their JavaScript lower case is one the engine keeps).
 */
function rewriteDifferences(
  text: Expression<unknown>,
  differences: readonly CaseDifference[],
  functions: TextFunctions,
): Expression<unknown> {
  const { translate } = functions;
  const singles = translate === undefined ? [] : differences.filter(({ js }) => Array.from(js).length === 1);
  let rewritten = text;
  if (translate !== undefined && singles.length > 0) {
    rewritten = translate(rewritten, singles.map(({ from }) => from).join(''), singles.map(({ js }) => js).join(''));
  }
  for (const { from, js } of differences) {
    if (!singles.some((single) => single.from === from)) rewritten = functions.replace(rewritten, from, js);
  }
  return rewritten;
}

/**
 * Characters of the JavaScript lower case of a rewritten difference that are not
 * word characters (the combining dot of `i̇`): inside a word when they come from the
 * rewrite, so the engine's text has its own ones replaced by a space first (they
 * separate words there) and the word class counts them in.
 */
function joiners(differences: readonly CaseDifference[]): string {
  const chars = new Set(differences.flatMap(({ js }) => Array.from(js).filter((char) => !isWordCharacter(char))));
  return [...chars].join('');
}

/** The SQL an engine spells its own way. */
export interface CaseFoldingSql {
  /** The operand under the collation whose case mapping `prepare` asked about. */
  readonly collated: (operand: Expression<unknown>) => Expression<unknown>;
  /** `text` holds a capital sigma. */
  readonly hasSigma: (text: Expression<unknown>) => RawBuilder<SqlBool>;
  /** Every match of `pattern` in `text` replaced (back-references as `\\1`). */
  readonly replaceAll: (text: Expression<unknown>, pattern: string, replacement: string) => Expression<unknown>;
  /** `text` matches the regular expression `pattern`. */
  readonly matches: (text: Expression<unknown>, pattern: string) => RawBuilder<SqlBool>;
  readonly functions: TextFunctions;
}

/**
 * The `lower` and `hasWord` hooks of an engine whose `lower()` differs from
 * JavaScript on `differences`.
 */
export function caseFolding(engine: CaseFoldingSql, differences: readonly CaseDifference[]): Pick<SqlDialect, 'lower' | 'hasWord'> {
  const lowered = (operand: Expression<unknown>, target: LowerTarget, active: readonly CaseDifference[], separators?: string): Expression<unknown> => {
    let text = engine.collated(operand);
    for (const char of separators ?? '') text = sql`replace(${text}, ${char}, ${' '})`;
    if (needsSigma(target)) {
      const rewritten = engine.replaceAll(text, finalSigma(separators !== undefined), FINAL_SIGMA_REPLACEMENT);
      text = sql`case when ${engine.hasSigma(text)} then ${rewritten} else ${text} end`;
    }
    return sql`lower(${rewriteDifferences(text, active, engine.functions)})`;
  };
  return {
    lower: (operand, against) => lowered(operand, against, relevantDifferences(differences, against, false)),
    hasWord: (operand, word) => {
      const target = { text: word, oneWildcard: false };
      const active = relevantDifferences(differences, target, true);
      const glue = joiners(active);
      const boundary = `[^${wordCharacterRanges()}${glue}]`;
      return engine.matches(lowered(operand, target, active, glue), `(^|${boundary})${word}($|${boundary})`);
    },
  };
}
