import type { Id } from '../../layers/data-layer.js';
import { METACHARACTER_CASES } from './metacharacter-cases.js';
import { and, any, cmp, cmpFields, has, not, or, query, type Entry, type QueryParts } from './query-text.js';

/**
 * One example of the conformance suite: a query string on a collection of the
 * conformance dataset and the answer every layer must give, written by hand from
 * docs/data-layer.md (never computed by a layer).
 */
export interface CollectionCase {
  /** A stable name, usable as a key of the `skip` option. */
  readonly id: string;
  readonly description: string;
  /** The collection read (`author`, `book` or `group`). */
  readonly type: string;
  /** The query string as a client sends it (encoded). */
  readonly query: string;
  readonly expect: {
    /** The primary keys of the page, in order, as the layer holds them. */
    readonly ids: readonly Id[];
    /** The number of records matching the filter, before paging. */
    readonly total: number;
    /** `type:id` of every included resource (compared as a set), when the query includes. */
    readonly included?: readonly string[];
  };
}

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const BOOKS = ['b1', 'b10', 'b11', 'b2', 'b20', 'b3', 'b4', 'b5'];

function authors(id: string, description: string, parts: QueryParts, ids: readonly Id[], total = ids.length): CollectionCase {
  return { id, description, type: 'author', query: query(parts), expect: { ids, total } };
}

function books(id: string, description: string, parts: QueryParts, ids: readonly Id[], total = ids.length): CollectionCase {
  return { id, description, type: 'book', query: query(parts), expect: { ids, total } };
}

function groups(id: string, description: string, parts: QueryParts, ids: readonly Id[], total = ids.length): CollectionCase {
  return { id, description, type: 'group', query: query(parts), expect: { ids, total } };
}

const where = (...entries: Entry[]): QueryParts => ({ filter: entries });

/** Every operator on string attributes (plain, nullable, enum), with patterns, case folding and code-point order. */
const STRING_CASES: readonly CollectionCase[] = [
  authors('string-eq', 'eq on a string is exact and case-sensitive', where(cmp('name', 'eq', 'alice')), [2]),
  authors('string-eq-astral', 'eq with an astral character', where(cmp('name', 'eq', '\u{1F600} smile')), [10]),
  authors('string-ne', 'ne on a non-null string', where(cmp('name', 'ne', 'alice')), [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  authors('string-ne-null-field', 'ne does not match a null field', where(cmp('nickname', 'ne', 'bob')), [1, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('string-eq-null', 'eq null is is_ null', where(cmp('nickname', 'eq', null)), [2, 10]),
  authors('string-ne-null', 'ne null is isnot null', where(cmp('nickname', 'ne', null)), [1, 3, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('string-is-null', 'is_ null', where(cmp('nickname', 'is_', null)), [2, 10]),
  authors('string-isnot-null', 'isnot null', where(cmp('nickname', 'isnot', null)), [1, 3, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('string-lt', 'lt uses code-point order (upper case before lower case)', where(cmp('name', 'lt', 'a')), [1, 3, 4, 8, 12]),
  authors('string-le', 'le includes the bound', where(cmp('name', 'le', 'alice')), [1, 2, 3, 4, 8, 12]),
  authors('string-gt', 'gt: non-ASCII sorts after ASCII', where(cmp('name', 'gt', 'snake_case')), [7, 9, 10, 11]),
  authors('string-ge-astral', 'ge U+FF21: an astral character is above U+FFxx in code-point order', where(cmp('name', 'ge', '\uFF21')), [10, 11]),
  authors('string-lt-ffff', 'lt U+FFFF excludes the astral value (UTF-16 order would not)', where(cmp('name', 'lt', '\uFFFF')), [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('string-between', 'between is inclusive at both ends', where(cmp('name', 'between', ['Bob', 'Straße'])), [3, 8]),
  authors('string-between-upper-bound-bmp', 'between includes a value equal to an upper bound above U+D800 (code-point path)', where(cmp('name', 'between', ['Straße', '\uFF21 wide'])), [2, 5, 6, 7, 8, 9, 11, 12]),
  authors('string-between-upper-bound-astral', 'between includes a value equal to an astral upper bound', where(cmp('name', 'between', ['Zed', '\u{1F600} smile'])), [2, 5, 6, 7, 9, 10, 11, 12]),
  authors('string-between-equal-bounds-above-ffff', 'between two bounds at and above U+FF21 includes both ends', where(cmp('name', 'between', ['\uFF21 wide', '\u{1F600} smile'])), [10, 11]),
  authors('string-between-null-field', 'between never matches a null field; a longer value is above its prefix', where(cmp('nickname', 'between', ['a', 'z'])), [3, 5, 6, 7]),
  authors('string-between-reversed', 'between with the bounds reversed matches nothing', where(cmp('name', 'between', ['Straße', 'Bob'])), []),
  authors('string-in', 'in_ is exact and case-sensitive', where(cmp('name', 'in_', ['Bob', 'bob', 'Zed', 'nobody'])), [3, 12]),
  authors('string-in-empty', 'in_ [] matches nothing', where(cmp('name', 'in_', [])), []),
  authors('string-not-in-empty', 'not (in_ []) matches every record, null fields included', where(not(cmp('nickname', 'in_', []))), ALL),
  authors('string-notin', 'notin_ does not match a null field', where(cmp('nickname', 'notin_', ['bob', 'zed'])), [1, 4, 5, 6, 7, 8, 9, 11]),
  authors('string-notin-empty', 'notin_ [] matches every record, null fields included', where(cmp('nickname', 'notin_', [])), ALL),
  authors('string-not-eq-null-field', 'not (eq) leaves null fields out (unknown stays unknown)', where(not(cmp('nickname', 'eq', 'bob'))), [1, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('like-suffix', 'like with a leading %', where(cmp('name', 'like', '%ice')), [1, 2]),
  authors('like-case-sensitive', 'like is case-sensitive', where(cmp('name', 'like', 'A%')), [1]),
  authors('like-whole-value', 'like without wildcards matches the whole value only', where(cmp('name', 'like', 'Bob')), [3]),
  authors('like-no-partial', 'like without wildcards does not match a part', where(cmp('name', 'like', 'Bo')), []),
  authors('like-underscore', '_ matches exactly one character', where(cmp('name', 'like', '_ob')), [3]),
  authors('like-underscore-eszett', '_ matches one non-ASCII character', where(cmp('name', 'like', 'Stra_e')), [8]),
  authors('like-underscore-astral', '_ matches one astral character (a code point, not a UTF-16 unit)', where(cmp('name', 'like', '_ smile')), [10]),
  authors('like-escaped-percent', '\\% is a literal percent sign', where(cmp('name', 'like', '50\\%%')), [4]),
  authors('like-escaped-underscore', '\\_ is a literal underscore', where(cmp('name', 'like', '%\\_%')), [5]),
  authors('like-unescaped-underscore', 'an unescaped _ matches any character', where(cmp('name', 'like', '%_%')), ALL),
  authors('like-escaped-backslash', '\\\\ is a literal backslash', where(cmp('name', 'like', 'back\\\\%')), [6]),
  authors('like-null-field', 'like never matches a null field', where(cmp('bio', 'like', '%')), [1, 3, 4, 5, 6, 7, 9, 10, 11, 12]),
  authors('ilike-ascii', 'ilike ignores ASCII case', where(cmp('name', 'ilike', 'ALICE')), [1, 2]),
  authors('ilike-escaped-percent', 'ilike honours escapes too', where(cmp('name', 'ilike', '50\\% OFF')), [4]),
  authors('ilike-eszett', 'ilike lower-cases: ß stays ß (no folding to ss)', where(cmp('name', 'ilike', 'STRAßE')), [8]),
  authors('ilike-eszett-ss', 'ilike does not fold ß to ss', where(cmp('name', 'ilike', 'strasse')), []),
  authors('ilike-ss-value', 'ilike on an upper-case ASCII value', where(cmp('nickname', 'ilike', 'strasse')), [8]),
  authors('ilike-dotted-capital-i-prefix', 'ilike: İ lower-cases to i + U+0307, so i% matches', where(cmp('name', 'ilike', 'i%')), [7]),
  authors('ilike-dotted-capital-i-exact', 'ilike: İstanbul lower-cased is not istanbul', where(cmp('name', 'ilike', 'istanbul')), []),
  authors('ilike-dotted-capital-i-both', 'ilike lower-cases the pattern too', where(cmp('name', 'ilike', 'İSTANBUL')), [7]),
  authors('ilike-final-sigma', 'ilike: ΟΔΟΣ lower-cases to οδος (final sigma)', where(cmp('name', 'ilike', 'οδος')), [9]),
  authors('ilike-medial-sigma', 'ilike: the final Σ does not lower-case to σ', where(cmp('name', 'ilike', 'οδοσ')), []),
  authors('ilike-fullwidth', 'ilike lower-cases full-width letters to full-width letters only', where(cmp('nickname', 'ilike', '%a%')), [1, 5, 6, 8]),
  authors('notlike', 'notlike is case-sensitive and never matches a null field', where(cmp('nickname', 'notlike', '%a%')), [1, 3, 4, 7, 8, 9, 11, 12]),
  authors('notlike-whole-value', 'notlike without wildcards excludes the whole value only', where(cmp('nickname', 'notlike', 'bo')), [1, 3, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('notilike', 'notilike ignores case and never matches a null field', where(cmp('nickname', 'notilike', '%a%')), [3, 4, 7, 9, 11, 12]),
  authors('not-like-null-field', 'not (like) leaves null fields out', where(not(cmp('bio', 'like', '%o%'))), [9, 11]),
  authors('startswith-percent', 'startswith: % in the value is literal', where(cmp('name', 'startswith', '50%')), [4]),
  authors('startswith-percent-not-wildcard', 'startswith: % is not a wildcard', where(cmp('name', 'startswith', '5%')), []),
  authors('startswith-underscore', 'startswith: _ in the value is literal', where(cmp('name', 'startswith', 'snake_')), [5]),
  authors('startswith-underscore-not-wildcard', 'startswith: _ is not a wildcard', where(cmp('name', 'startswith', 'Bo_')), []),
  authors('startswith-backslash', 'startswith: a backslash is literal', where(cmp('nickname', 'startswith', 'back\\')), [6]),
  authors('startswith-case-sensitive', 'startswith is case-sensitive', where(cmp('name', 'startswith', 'a')), [2]),
  authors('endswith-underscore', 'endswith with a literal _', where(cmp('name', 'endswith', '_case')), [5]),
  authors('endswith-percent', 'endswith with a literal %', where(cmp('nickname', 'endswith', '%')), [4]),
  authors('endswith-backslash', 'endswith with a literal backslash', where(cmp('nickname', 'endswith', '\\')), [6]),
  authors('endswith-after-astral', 'endswith after an astral character', where(cmp('name', 'endswith', 'smile')), [10]),
  authors('endswith-case-sensitive', 'endswith is case-sensitive', where(cmp('name', 'endswith', 'ICE')), []),
  authors('match-word', 'match: whole words, case-insensitive, split on non-letters', where(cmp('bio', 'match', 'rust')), [1, 3, 11]),
  authors('match-every-word', 'match: every word of the value must occur', where(cmp('bio', 'match', 'GO rust')), [1, 3]),
  authors('match-punctuated-value', 'match: the value is split on non-letters too', where(cmp('bio', 'match', 'go-rust')), [1, 3]),
  authors('match-whole-word-only', 'match: a prefix of a word is not a word', where(cmp('bio', 'match', 'lan')), []),
  authors('match-underscore-splits', 'match: _ is not a letter, it splits words', where(cmp('bio', 'match', 'python')), [5]),
  authors('match-non-ascii', 'match with non-ASCII words (lower-cased, not folded)', where(cmp('bio', 'match', 'Straße')), [6]),
  authors('match-no-folding', 'match does not fold ß to ss', where(cmp('bio', 'match', 'STRASSE')), []),
  authors('match-greek', 'match lower-cases Greek', where(cmp('bio', 'match', 'ΣΟΦΊΑ')), [9]),
  authors('match-no-accent-folding', 'match does not remove accents', where(cmp('bio', 'match', 'σοφια')), []),
  authors('ilike-circled-letter', 'ilike lower-cases Ⓐ (a symbol, not a letter) to ⓐ', where(cmp('bio', 'ilike', '%\u24d0 circ%')), [4]),
  authors('ilike-circled-letter-pattern', 'ilike lower-cases a circled letter in the pattern too', where(cmp('bio', 'ilike', '%\u24b6 CIRC%')), [4]),
  authors('notilike-circled-letter', 'notilike on a circled letter leaves null fields out', where(cmp('bio', 'notilike', '%\u24d0%')), [1, 3, 5, 6, 7, 9, 10, 11, 12]),
  authors('ilike-roman-numeral', 'ilike lower-cases the Roman numeral Ⅻ to ⅻ', where(cmp('bio', 'ilike', '%\u217b')), [4]),
  authors('ilike-latin-extended', 'ilike lower-cases Ⱥ to ⱥ', where(cmp('bio', 'ilike', '%\u2c65 i')), [5]),
  authors('ilike-cyrillic-full-width', 'ilike lower-cases Cyrillic and full-width letters', where(cmp('bio', 'ilike', '%\u0436\u0443\u043a \uff41\uff42\uff43')), [11]),
  authors('ilike-dotted-capital-i-suffix', 'ilike: İ and i + U+0307 both lower-case to i + U+0307', where(cmp('bio', 'ilike', '%\u0130')), [1, 12]),
  authors('ilike-one-character-after-space', 'ilike: _ is one code point, and İ lower-cases to two', where(cmp('bio', 'ilike', '% _')), [4, 5]),
  authors('like-one-character-after-space', 'like: İ is one code point when not lower-cased', where(cmp('bio', 'like', '% _')), [1, 4, 5]),
  authors('match-circled-digit-joins', 'match: ① is a digit, so ①two is one word', where(cmp('bio', 'match', 'two')), [5]),
  authors('match-circled-digit-word', 'match on the word ①two', where(cmp('bio', 'match', '\u2460TWO')), [4]),
  authors('match-after-symbol', 'match: Ⓐ is no letter, it splits words', where(cmp('bio', 'match', 'CIRC')), [4]),
  authors('match-superscript-joins', 'match: ² is a digit, so x² is one word', where(cmp('bio', 'match', 'x')), []),
  authors('match-superscript-word', 'match on the word x²', where(cmp('bio', 'match', 'X\u00b2')), [4]),
  authors('match-superscript-not-digit', 'match: ² is not 2', where(cmp('bio', 'match', '2')), []),
  authors('match-fraction', 'match on a fraction, a digit of its own', where(cmp('bio', 'match', '\u00bd')), [4]),
  authors('match-roman-numeral', 'match lower-cases the Roman numeral Ⅻ (a letter number)', where(cmp('bio', 'match', '\u217b')), [4]),
  authors('match-roman-numeral-not-letters', 'match: ⅻ is not xii', where(cmp('bio', 'match', 'xii')), []),
  authors('match-latin-extended', 'match lower-cases Ⱥ to ⱥ', where(cmp('bio', 'match', '\u2c65')), [5]),
  authors('match-cyrillic', 'match lower-cases Cyrillic', where(cmp('bio', 'match', '\u0416\u0443\u043a')), [11]),
  authors('match-full-width', 'match lower-cases full-width letters', where(cmp('bio', 'match', '\uff41\uff42\uff43')), [11]),
  authors('match-plain-i', 'match: the field is split before lower-casing, so İ is the word i + U+0307, and a combining dot splits i from it', where(cmp('bio', 'match', 'i')), [5, 12]),
  authors('match-dotted-capital-i', 'match İ: only the word İ (i + U+0307 lower-cased)', where(cmp('bio', 'match', '\u0130')), [1]),
  authors('match-combining-dot-value', 'match: the value is split on the combining dot too', where(cmp('bio', 'match', 'i\u0307')), [5, 12]),
  authors('not-match-null-field', 'not (match) leaves null fields out', where(not(cmp('bio', 'match', 'rust'))), [4, 5, 6, 7, 9, 10, 12]),
  authors('enum-eq', 'eq on an enum', where(cmp('status', 'eq', 'live')), [1, 5, 7, 10, 12]),
  authors('enum-in', 'in_ on an enum', where(cmp('status', 'in_', ['draft', 'retired'])), [2, 4, 6, 9, 11]),
  authors('enum-ne', 'ne on a nullable enum leaves nulls out', where(cmp('status', 'ne', 'live')), [2, 4, 6, 9, 11]),
  authors('enum-gt', 'gt on an enum compares the strings', where(cmp('status', 'gt', 'draft')), [1, 4, 5, 7, 9, 10, 12]),
  authors('enum-is-null', 'is_ null on an enum', where(cmp('status', 'is_', null)), [3, 8]),
  authors('simple-string', 'simple form filter[name]=v is eq', { simple: { name: 'Bob' } }, [3]),
  authors('simple-comma', 'simple form: a comma is part of the value', { simple: { name: 'Bob,Zed' } }, []),
];

/** Every operator on numbers (float and integer), integer ids, dates and booleans. */
const SCALAR_CASES: readonly CollectionCase[] = [
  authors('number-eq', 'eq on a float', where(cmp('score', 'eq', 3.5)), [1, 6]),
  authors('number-eq-zero', 'eq 0 is not null', where(cmp('score', 'eq', 0)), [3]),
  authors('number-ne', 'ne leaves nulls out', where(cmp('score', 'ne', 3.5)), [3, 4, 5, 7, 8, 10, 11, 12]),
  authors('number-lt', 'lt with negative and fractional values', where(cmp('score', 'lt', 0.5)), [3, 4, 10]),
  authors('number-le', 'le', where(cmp('score', 'le', 2)), [3, 4, 10, 12]),
  authors('number-gt', 'gt compares numerically (100 > 7)', where(cmp('score', 'gt', 7)), [5, 7]),
  authors('number-ge', 'ge', where(cmp('score', 'ge', 7)), [5, 7, 8, 11]),
  authors('number-between', 'between is inclusive at both ends', where(cmp('score', 'between', [0, 3.5])), [1, 3, 6, 10, 12]),
  authors('number-between-point', 'between with equal bounds', where(cmp('score', 'between', [-2.25, -2.25])), [4]),
  authors('number-between-reversed', 'between with the bounds reversed matches nothing', where(cmp('score', 'between', [5, 1])), []),
  authors('number-in', 'in_ on numbers', where(cmp('score', 'in_', [7, 100, 42])), [7, 8, 11]),
  authors('number-notin', 'notin_ leaves nulls out', where(cmp('score', 'notin_', [7])), [1, 3, 4, 5, 6, 7, 10, 12]),
  authors('number-is-null', 'is_ null', where(cmp('score', 'is_', null)), [2, 9]),
  authors('number-isnot-null', 'isnot null', where(cmp('score', 'isnot', null)), [1, 3, 4, 5, 6, 7, 8, 10, 11, 12]),
  authors('number-gt-null', 'gt null is unknown: nothing matches', where(cmp('score', 'gt', null)), []),
  authors('number-not-gt-null', 'not (gt null) is still unknown', where(not(cmp('score', 'gt', null))), []),
  authors('integer-eq', 'eq on an integer', where(cmp('rank', 'eq', 1)), [2, 5, 10]),
  authors('integer-ge', 'ge on an integer', where(cmp('rank', 'ge', 4)), [7, 8, 9, 11]),
  authors('integer-between', 'between on an integer', where(cmp('rank', 'between', [2, 3])), [1, 3, 4, 6, 12]),
  authors('integer-notin-empty', 'notin_ [] on a non-null integer', where(cmp('rank', 'notin_', [])), ALL),
  authors('simple-integer', 'simple form converts the value to an integer', { simple: { rank: '3' } }, [3, 4, 12]),
  authors('integer-id-lt', 'integer ids compare numerically', where(cmp('id', 'lt', 3)), [1, 2]),
  authors('integer-id-gt', 'integer ids compare numerically (10 > 9)', where(cmp('id', 'gt', 9)), [10, 11, 12]),
  authors('integer-id-between', 'between on integer ids', where(cmp('id', 'between', [2, 10])), [2, 3, 4, 5, 6, 7, 8, 9, 10]),
  authors('integer-id-in', 'in_ on integer ids', where(cmp('id', 'in_', [10, 2, 99])), [2, 10]),
  authors('simple-integer-id', 'simple form on an integer id', { simple: { id: '10' } }, [10]),
  books('string-id-lt', 'string ids compare as strings ("b10" < "b2")', where(cmp('id', 'lt', 'b2')), ['b1', 'b10', 'b11']),
  books('string-id-in', 'in_ on string ids is case-sensitive', where(cmp('id', 'in_', ['b2', 'B3', 'b20'])), ['b2', 'b20']),
  authors('date-eq', 'eq on a date', where(cmp('born', 'eq', '1990-04-02')), [1, 5, 11]),
  authors('date-lt', 'lt on a date', where(cmp('born', 'lt', '1990-01-01')), [2, 6, 12]),
  authors('date-ge', 'ge on a date (leap day included)', where(cmp('born', 'ge', '2001-01-01')), [4, 7, 10]),
  authors('date-between', 'between on dates is inclusive', where(cmp('born', 'between', ['1985-12-31', '1999-12-31'])), [1, 2, 5, 8, 11]),
  authors('date-in', 'in_ on dates', where(cmp('born', 'in_', ['1970-01-01', '2020-02-29'])), [6, 7]),
  authors('date-notin', 'notin_ on dates leaves nulls out', where(cmp('born', 'notin_', ['1990-04-02'])), [2, 4, 6, 7, 8, 10, 12]),
  authors('date-ne', 'ne on dates leaves nulls out', where(cmp('born', 'ne', '1990-04-02')), [2, 4, 6, 7, 8, 10, 12]),
  authors('date-is-null', 'is_ null on a date', where(cmp('born', 'is_', null)), [3, 9]),
  authors('date-isnot-null', 'isnot null on a date', where(cmp('born', 'isnot', null)), [1, 2, 4, 5, 6, 7, 8, 10, 11, 12]),
  authors('simple-date', 'simple form on a date', { simple: { born: '1970-01-01' } }, [6]),
  authors('boolean-eq-true', 'eq true', where(cmp('active', 'eq', true)), [1, 4, 6, 8, 10]),
  authors('boolean-eq-false', 'eq false', where(cmp('active', 'eq', false)), [2, 5, 9, 11]),
  authors('boolean-ne-true', 'ne true leaves nulls out', where(cmp('active', 'ne', true)), [2, 5, 9, 11]),
  authors('boolean-in', 'in_ [true]', where(cmp('active', 'in_', [true])), [1, 4, 6, 8, 10]),
  authors('boolean-in-both', 'in_ [true, false] leaves nulls out', where(cmp('active', 'in_', [true, false])), [1, 2, 4, 5, 6, 8, 9, 10, 11]),
  authors('boolean-notin', 'notin_ [true] leaves nulls out', where(cmp('active', 'notin_', [true])), [2, 5, 9, 11]),
  authors('boolean-is-true', 'is_ true', where(cmp('active', 'is_', true)), [1, 4, 6, 8, 10]),
  authors('boolean-isnot-true', 'isnot true includes nulls (never unknown)', where(cmp('active', 'isnot', true)), [2, 3, 5, 7, 9, 11, 12]),
  authors('boolean-is-false', 'is_ false', where(cmp('active', 'is_', false)), [2, 5, 9, 11]),
  authors('boolean-isnot-false', 'isnot false includes nulls', where(cmp('active', 'isnot', false)), [1, 3, 4, 6, 7, 8, 10, 12]),
  authors('boolean-is-null', 'is_ null on a boolean', where(cmp('active', 'is_', null)), [3, 7, 12]),
  authors('boolean-isnot-null', 'isnot null on a boolean', where(cmp('active', 'isnot', null)), [1, 2, 4, 5, 6, 8, 9, 10, 11]),
  authors('boolean-not-eq', 'not (eq true) leaves nulls out', where(not(cmp('active', 'eq', true))), [2, 5, 9, 11]),
  authors('boolean-not-is', 'not (is_ true) includes nulls: is_ is never unknown', where(not(cmp('active', 'is_', true))), [2, 3, 5, 7, 9, 11, 12]),
  authors('simple-boolean', 'simple form converts the value to a boolean', { simple: { active: 'false' } }, [2, 5, 9, 11]),
  books('boolean-non-null', 'eq false on a non-null boolean', where(cmp('in_print', 'eq', false)), ['b11', 'b2', 'b5']),
];

/** and/or/not with three-valued logic, and field-to-field comparisons. */
const LOGIC_CASES: readonly CollectionCase[] = [
  authors('or', 'or: at least one holds', where(or(cmp('nickname', 'eq', 'bob'), cmp('score', 'gt', 50))), [3, 7]),
  authors('not-or-3vl', 'not (or): unknown stays unknown through not', where(not(or(cmp('nickname', 'eq', 'zed'), cmp('score', 'gt', 5)))), [1, 3, 4, 6]),
  authors('not-and-3vl', 'not (and): false and unknown is false, true and unknown is unknown', where(not(and(cmp('active', 'eq', true), cmp('score', 'gt', 1)))), [2, 3, 4, 5, 9, 10, 11]),
  authors('not-not', 'not (not x) is x', where(not(not(cmp('nickname', 'eq', 'bob')))), [3]),
  authors('and-empty', '{"and":[]} is true', where(and()), ALL),
  authors('or-empty', '{"or":[]} is false', where(or()), []),
  authors('not-or-empty', 'not {"or":[]} is true', where(not(or())), ALL),
  authors('top-level-and', 'several top-level entries are combined with and', where(cmp('rank', 'eq', 3), cmp('active', 'is_', null)), [3, 12]),
  authors('simple-and-json', 'the simple form and the JSON form are combined with and', { simple: { rank: '3' }, filter: [cmp('active', 'is_', null)] }, [3, 12]),
  authors('fields-ne', 'compare_fields ne leaves rows with a null side out', where(cmpFields('name', 'ne', 'nickname')), [1, 3, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('fields-string-gt', 'compare_fields gt uses code-point order', where(cmpFields('name', 'gt', 'nickname')), [1, 4, 5, 6, 7, 8, 11]),
  authors('fields-number-lt', 'compare_fields between a float and an integer', where(cmpFields('score', 'lt', 'rank')), [3, 4, 10, 12]),
  authors('fields-number-ge', 'compare_fields ge', where(cmpFields('score', 'ge', 'rank')), [1, 5, 6, 7, 8, 11]),
  authors('fields-id', 'compare_fields with the integer id', where(cmpFields('rank', 'eq', 'id')), [3]),
  authors('fields-date-eq', 'compare_fields eq on dates', where(cmpFields('joined', 'eq', 'born')), [2, 6, 10]),
  authors('fields-date-le', 'compare_fields le on dates', where(cmpFields('joined', 'le', 'born')), [2, 6, 10]),
  authors('fields-date-gt', 'compare_fields gt on dates', where(cmpFields('joined', 'gt', 'born')), [1, 5, 8, 11]),
  authors('fields-not', 'not (compare_fields) leaves rows with a null side out', where(not(cmpFields('joined', 'gt', 'born'))), [2, 6, 10]),
];

/** any/has, their negations, nesting, shortcuts, many-to-many and self-references. */
const RELATIONSHIP_CASES: readonly CollectionCase[] = [
  authors('any', 'any: at least one related record matches', where(any('books', cmp('title', 'eq', 'Go Fast'))), [1, 10]),
  authors('any-boolean', 'any on a boolean of the related records', where(any('books', cmp('in_print', 'eq', false))), [1, 6, 8]),
  authors('not-any', 'not any matches records with no related record', where(not(any('books', cmp('in_print', 'eq', true)))), [2, 5, 6, 7, 8, 9, 11, 12]),
  authors('any-null', 'any with is_ null inside', where(any('books', cmp('pages', 'is_', null))), [4, 8]),
  authors('any-unknown', 'any: an unknown comparison inside does not match', where(any('books', cmp('pages', 'gt', 100))), [1, 10]),
  authors('not-any-unknown', 'not any is never unknown (EXISTS)', where(not(any('books', cmp('pages', 'gt', 100)))), [2, 3, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('any-exists', 'any with an empty and: has at least one related record', where(any('books', and())), [1, 3, 4, 6, 8, 10]),
  authors('not-any-exists', 'not any with an empty and: no related record', where(not(any('books', and()))), [2, 5, 7, 9, 11, 12]),
  authors('any-shortcut', 'rel__field shortcut is any', { simple: { books__title: 'Go Fast' } }, [1, 10]),
  books('has', 'has: the related record exists and matches', where(has('author', cmp('name', 'eq', 'Alice'))), ['b1', 'b2']),
  books('not-has', 'not has matches records with no related record', where(not(has('author', cmp('name', 'eq', 'Alice')))), ['b10', 'b11', 'b20', 'b3', 'b4', 'b5']),
  books('has-exists', 'has with an empty and: the related record exists', where(has('author', and())), ['b1', 'b11', 'b2', 'b20', 'b3', 'b4', 'b5']),
  books('has-shortcut', 'rel__field shortcut is has', { simple: { author__name: 'Alice' } }, ['b1', 'b2']),
  books('has-null-inside', 'has with is_ null inside', where(has('author', cmp('active', 'is_', null))), ['b3']),
  books('has-unknown-inside', 'not has: an unknown comparison inside makes has false', where(not(has('author', cmp('active', 'eq', true)))), ['b10', 'b3']),
  authors('has-self', 'has on a self-referential to-one', where(has('mentor', cmp('name', 'eq', 'Alice'))), [2, 3, 10]),
  authors('not-has-self', 'not has on a self-referential to-one', where(not(has('mentor', cmp('name', 'eq', 'Alice')))), [1, 4, 5, 6, 7, 8, 9, 11, 12]),
  authors('not-has-exists', 'not has with an empty and: no related record', where(not(has('mentor', and()))), [1, 5, 7, 9, 11, 12]),
  authors('many-to-many-any', 'any on a many-to-many relationship', where(any('groups', cmp('label', 'eq', 'Readers'))), [1, 2, 8]),
  groups('many-to-many-inverse', 'any on the other side of a many-to-many relationship', where(any('members', cmp('name', 'ilike', 'alice'))), ['g1', 'g2']),
  groups('many-to-many-empty', 'not any on a many-to-many relationship', where(not(any('members', and()))), ['g4']),
  authors('nested-any-has-has-any', 'any inside has inside has inside any', where(any('books', has('author', has('mentor', any('books', cmp('in_print', 'eq', false)))))), [3, 8, 10]),
  groups('nested-any-has-any', 'any inside has inside any', where(any('members', has('mentor', any('books', cmp('in_print', 'eq', false))))), ['g1', 'g2']),
  authors('nested-any-any-has', 'has inside any inside any', where(any('groups', any('members', has('mentor', cmp('name', 'eq', 'back\\slash'))))), [1, 2, 8]),
  authors('nested-not-inside-any', 'not inside any', where(any('mentees', not(cmp('active', 'eq', true)))), [1]),
  authors('shortcut-chain', 'a chained shortcut nests any and has', { simple: { books__author__name: 'Alice' } }, [1]),
  authors('shortcut-chain-self', 'a chained shortcut through a self-reference', { simple: { mentor__mentor__name: 'Alice' } }, [4]),
];

/** Orders: code points, nulls, ties, integer and string ids, dotted paths. */
const SORT_CASES: readonly CollectionCase[] = [
  authors('sort-default', 'without sort, integer ids ascend numerically (2 before 10)', {}, ALL),
  authors('sort-id-desc', '-id on integer ids', { sort: '-id' }, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]),
  books('sort-default-string-ids', 'without sort, string ids ascend by code point ("b10" before "b2")', {}, BOOKS),
  books('sort-string-id-desc', '-id on string ids', { sort: '-id' }, ['b5', 'b4', 'b3', 'b20', 'b2', 'b11', 'b10', 'b1']),
  authors('sort-string-asc', 'code-point order: digits, upper case, lower case, Latin Extended, Greek, U+FF21, astral', { sort: 'name' }, [4, 1, 3, 8, 12, 2, 6, 5, 7, 9, 11, 10]),
  authors('sort-string-desc', 'descending code-point order', { sort: '-name' }, [10, 11, 9, 7, 5, 6, 2, 12, 8, 3, 1, 4]),
  authors('sort-nullable-asc', 'nulls last ascending, ties of nulls by id', { sort: 'nickname' }, [4, 1, 8, 6, 3, 7, 5, 12, 9, 11, 2, 10]),
  authors('sort-nullable-desc', 'nulls first descending, ties of nulls by id ascending', { sort: '-nickname' }, [2, 10, 11, 9, 12, 5, 7, 3, 6, 8, 1, 4]),
  authors('sort-number-asc', 'numbers ascending with ties by id and nulls last', { sort: 'score' }, [4, 3, 10, 12, 1, 6, 8, 11, 5, 7, 2, 9]),
  authors('sort-number-desc', 'numbers descending: nulls first, ties by id ascending', { sort: '-score' }, [2, 9, 7, 5, 8, 11, 1, 6, 12, 10, 3, 4]),
  authors('sort-ties-by-integer-id', 'ties broken by id numerically (2, 5, 10)', { sort: 'rank' }, [2, 5, 10, 1, 6, 3, 4, 12, 8, 11, 7, 9]),
  authors('sort-ties-desc', 'ties of a descending key still broken by id ascending', { sort: '-rank' }, [7, 9, 8, 11, 3, 4, 12, 1, 6, 2, 5, 10]),
  authors('sort-explicit-id-desc', 'an explicit -id as the last key replaces the tie-breaker', { sort: 'rank,-id' }, [10, 5, 2, 6, 1, 12, 4, 3, 11, 8, 9, 7]),
  authors('sort-date', 'dates ascending, nulls last', { sort: 'born' }, [12, 6, 2, 1, 5, 11, 8, 4, 10, 7, 3, 9]),
  authors('sort-two-keys', 'two keys: -born (nulls first), then name', { sort: '-born,name' }, [3, 9, 7, 10, 4, 8, 1, 5, 11, 2, 6, 12]),
  authors('sort-boolean', 'booleans: false before true, nulls last', { sort: 'active' }, [2, 5, 9, 11, 1, 4, 6, 8, 10, 3, 7, 12]),
  authors('sort-enum', 'an enum sorts as its strings', { sort: 'status' }, [2, 6, 11, 1, 5, 7, 10, 12, 4, 9, 3, 8]),
  books('sort-ties-by-string-id', 'ties broken by string id ("b2" before "b20")', { sort: 'title' }, ['b3', 'b2', 'b20', 'b4', 'b10', 'b1', 'b11', 'b5']),
  authors('sort-dotted', 'dotted path: owners without a mentor sort last', { sort: 'mentor.name' }, [6, 2, 3, 10, 4, 8, 1, 5, 7, 9, 11, 12]),
  authors('sort-dotted-desc', 'dotted path descending: owners without a mentor first', { sort: '-mentor.name' }, [1, 5, 7, 9, 11, 12, 8, 4, 2, 3, 10, 6]),
  authors('sort-dotted-two-hops', 'two hops: a null anywhere on the path is a null key', { sort: 'mentor.mentor.name' }, [8, 4, 6, 1, 2, 3, 5, 7, 9, 10, 11, 12]),
  books('sort-dotted-null-owner', 'dotted path on books; the book without an author last', { sort: 'author.name' }, ['b4', 'b1', 'b2', 'b3', 'b11', 'b5', 'b20', 'b10']),
  books('sort-dotted-desc-then-title', 'dotted path descending (null first), then title', { sort: '-author.rank,title' }, ['b10', 'b11', 'b3', 'b4', 'b2', 'b1', 'b5', 'b20']),
  authors('sort-filtered', 'filter and sort together', { filter: [cmp('status', 'eq', 'live')], sort: '-score' }, [7, 5, 1, 12, 10]),
];

/** Pages: at, inside and past the end, page[size]=0, and the total. */
const PAGE_CASES: readonly CollectionCase[] = [
  authors('page-first', 'first page', { sort: 'rank', page: [5, 1] }, [2, 5, 10, 1, 6], 12),
  authors('page-middle', 'second page continues the order', { sort: 'rank', page: [5, 2] }, [3, 4, 12, 8, 11], 12),
  authors('page-last-partial', 'last, partial page', { sort: 'rank', page: [5, 3] }, [7, 9], 12),
  authors('page-past-end', 'a page past the end is empty, the total stays', { sort: 'rank', page: [5, 4] }, [], 12),
  authors('page-exactly-at-end', 'a last page that ends exactly at the end', { sort: 'rank', page: [4, 3] }, [8, 11, 7, 9], 12),
  authors('page-just-past-end', 'the page after an exact end is empty', { sort: 'rank', page: [4, 4] }, [], 12),
  authors('page-size-one', 'page size 1, last record', { page: [1, 12] }, [12], 12),
  authors('page-size-one-past', 'page size 1, past the end', { page: [1, 13] }, [], 12),
  authors('page-default-number', 'page[size] alone is page 1', { sort: '-id', page: [3] }, [12, 11, 10], 12),
  authors('page-size-zero', 'page[size]=0 returns every row', { sort: 'score', page: [0] }, [4, 3, 10, 12, 1, 6, 8, 11, 5, 7, 2, 9], 12),
  authors('page-size-zero-filtered', 'page[size]=0 with a filter', { filter: [cmp('rank', 'eq', 1)], page: [0] }, [2, 5, 10], 3),
  authors('page-filtered-total', 'the total counts the filtered rows, not the page', { filter: [cmp('score', 'isnot', null)], sort: 'score', page: [3, 2] }, [12, 1, 6], 10),
  authors('page-empty-filter', 'an empty result has total 0', { filter: [cmp('rank', 'gt', 5)], page: [5, 1] }, [], 0),
  books('page-string-ids', 'pages over string ids', { page: [3, 2] }, ['b2', 'b20', 'b3'], 8),
];

/** Every collection case of the example suite. */
export const COLLECTION_CASES: readonly CollectionCase[] = [
  ...STRING_CASES,
  ...SCALAR_CASES,
  ...LOGIC_CASES,
  ...RELATIONSHIP_CASES,
  ...SORT_CASES,
  ...PAGE_CASES,
  ...METACHARACTER_CASES,
];
