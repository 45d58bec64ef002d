import type { CollectionCase } from './collection-cases.js';
import { NOTE_TEXTS } from './conformance-data.js';
import { cmp, query, type QueryParts } from './query-text.js';

/**
 * Cases over the notes of the conformance dataset, whose texts hold every regex and
 * SQL metacharacter (`. + * ? ( ) [ ] { } ^ $ | \ - /`, `%`, `_`, quotes). A layer
 * that builds a regular expression, a `LIKE`/`GLOB` pattern or SQL text from a value
 * without escaping it right fails here: `like 'SN1.02'` must not match `SN1002`,
 * `like '(x'` must not throw, `startswith '['` is literal.
 */
function notes(id: string, description: string, parts: QueryParts, ids: readonly string[]): CollectionCase {
  return { id: `meta-${id}`, description, type: 'note', query: query(parts), expect: { ids, total: ids.length } };
}

const where = (field: string, op: string, value: unknown): QueryParts => ({ filter: [cmp(field, op, value)] });
const text = (op: string, value: unknown): QueryParts => where('text', op, value);
const noteId = (index: number): string => `n${String(index + 1).padStart(2, '0')}`;
/** A `like` pattern matching exactly `value`: `\`, `%` and `_` escaped. */
const literalPattern = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every text found by `eq`, by `like` and by `ilike` of its escaped self, and by nothing else. */
const EACH_TEXT: readonly CollectionCase[] = NOTE_TEXTS.flatMap((value, index) => [
  notes(`eq-${noteId(index)}`, `eq ${JSON.stringify(value)} finds that text only`, text('eq', value), [noteId(index)]),
  notes(`like-${noteId(index)}`, `like ${JSON.stringify(literalPattern(value))} finds that text only`, text('like', literalPattern(value)), [noteId(index)]),
  notes(`ilike-${noteId(index)}`, `ilike ${JSON.stringify(literalPattern(value))} finds that text only`, text('ilike', literalPattern(value)), [noteId(index)]),
]);

const A_ANY_B = ['n05', 'n06', 'n07', 'n11', 'n12', 'n13', 'n14', 'n16', 'n19', 'n23'];
const STARTS_WITH_A = ['n05', 'n06', 'n07', 'n09', 'n11', 'n12', 'n13', 'n14', 'n16', 'n19', 'n20', 'n22', 'n23'];
const ALL_NOTES = NOTE_TEXTS.map((_, index) => noteId(index));
const allBut = (...ids: string[]): string[] => ALL_NOTES.filter((id) => !ids.includes(id));

/** Each metacharacter inside a pattern, a literal or a list, by hand against the table in conformance-data.ts. */
const BY_HAND: readonly CollectionCase[] = [
  notes('like-dot-underscore', '_ matches the dot and a digit alike', text('like', 'SN1_02'), ['n01', 'n02']),
  notes('like-dot-literal', 'a dot inside % is literal', text('like', '%.%'), ['n01']),
  notes('like-one-of-anything', '_ matches any one character, metacharacters included', text('like', 'a_b'), A_ANY_B),
  notes('like-escaped-underscore', '\\_ is a literal underscore', text('like', 'a\\_b'), ['n16']),
  notes('like-prefix', 'a% finds every text starting with a', text('like', 'a%'), STARTS_WITH_A),
  notes('like-one-char', '_ alone finds one-character texts', text('like', '_'), ['n20', 'n21']),
  notes('like-two-chars', '__ finds two-character texts, parentheses included', text('like', '__'), ['n03', 'n04', 'n22']),
  notes('like-plus', '+ is literal', text('like', '%+%'), ['n05']),
  notes('like-star', '* is literal (no GLOB or regex repetition)', text('like', '%*%'), ['n06']),
  notes('like-question', '? is literal (no GLOB wildcard)', text('like', '%?%'), ['n07']),
  notes('like-open-paren', '( is literal (no regex group)', text('like', '(%'), ['n03']),
  notes('like-close-paren', ') is literal', text('like', '%)'), ['n04']),
  notes('like-open-bracket', '[ is literal (no GLOB or regex class)', text('like', '[%'), ['n08']),
  notes('like-close-bracket', '] is literal', text('like', '%]'), ['n08']),
  notes('like-brace', '{ and } are literal (no regex quantifier)', text('like', 'a{%}'), ['n09']),
  notes('like-caret', '^ is literal (no anchor)', text('like', '^%'), ['n10']),
  notes('like-dollar', '$ is literal (no anchor)', text('like', '%$'), ['n10']),
  notes('like-pipe', '| is literal (no alternation)', text('like', '%|%'), ['n11']),
  notes('like-backslash', '\\\\ is a literal backslash', text('like', '%\\\\%'), ['n12']),
  notes('like-hyphen', '- is literal (an escaped - is not valid in a Unicode regex)', text('like', '%-%'), ['n13']),
  notes('like-slash', '/ is literal', text('like', '%/%'), ['n14']),
  notes('like-percent', '\\% is a literal percent sign', text('like', '%\\%'), ['n15']),
  notes('like-single-quote', 'a single quote is literal', text('like', "%'%"), ['n17']),
  notes('like-double-quote', 'a double quote is literal', text('like', '%"%'), ['n18']),
  notes('ilike-dot', 'ilike: the dot stays literal after case folding', text('ilike', 'sn1.02'), ['n01']),
  notes('ilike-brackets', 'ilike: brackets stay literal after case folding', text('ilike', '%[AB]%'), ['n08']),
  notes('ilike-one-of-anything', 'ilike: _ matches any one character', text('ilike', 'A_B'), A_ANY_B),
  notes('ilike-quotes', 'ilike: quotes are literal', text('ilike', 'SAY "HI"'), ['n18']),
  notes('notlike-one-of-anything', 'notlike is the complement (no null texts)', text('notlike', 'a_b'), allBut(...A_ANY_B)),
  notes('notilike-dot', 'notilike with a literal dot', text('notilike', '%.%'), allBut('n01')),
  notes('startswith-paren', 'startswith ( is literal', text('startswith', '('), ['n03']),
  notes('startswith-dot', 'startswith SN1. is literal', text('startswith', 'SN1.'), ['n01']),
  notes('startswith-bracket', 'startswith [ is literal', text('startswith', '['), ['n08']),
  notes('startswith-caret', 'startswith ^ is literal', text('startswith', '^'), ['n10']),
  notes('startswith-underscore', 'startswith a_ : _ is no wildcard here', text('startswith', 'a_'), ['n16']),
  notes('startswith-percent', 'startswith 100% : % is no wildcard here', text('startswith', '100%'), ['n15']),
  notes('startswith-backslash', 'startswith a\\ is literal', text('startswith', 'a\\'), ['n12']),
  notes('startswith-quote', 'startswith with a quote', text('startswith', "it'"), ['n17']),
  notes('startswith-a', 'startswith a', text('startswith', 'a'), STARTS_WITH_A),
  notes('endswith-dollar', 'endswith $ is literal', text('endswith', '$'), ['n10']),
  notes('endswith-dot', 'endswith .02 is literal', text('endswith', '.02'), ['n01']),
  notes('endswith-percent', 'endswith % is literal', text('endswith', '%'), ['n15']),
  notes('endswith-underscore', 'endswith _b is literal', text('endswith', '_b'), ['n16']),
  notes('endswith-paren', 'endswith ) is literal', text('endswith', ')'), ['n04']),
  notes('endswith-double-quote', 'endswith a double quote', text('endswith', '"'), ['n18']),
  notes('endswith-star', 'endswith *b is literal', text('endswith', '*b'), ['n06']),
  notes('endswith-brace', 'endswith } is literal', text('endswith', '}'), ['n09']),
  notes('endswith-bracket', 'endswith ] is literal', text('endswith', ']'), ['n08']),
  notes('endswith-pipe', 'endswith |b is literal', text('endswith', '|b'), ['n11']),
  notes('endswith-backslash', 'endswith \\b is literal', text('endswith', '\\b'), ['n12']),
  notes('endswith-hyphen', 'endswith -b is literal', text('endswith', '-b'), ['n13']),
  notes('endswith-slash', 'endswith /b is literal', text('endswith', '/b'), ['n14']),
  notes('endswith-plus', 'endswith +b is literal', text('endswith', '+b'), ['n05']),
  notes('endswith-question', 'endswith ?b is literal', text('endswith', '?b'), ['n07']),
  notes('endswith-ab', 'endswith ab: [ab] ends in ], so only aab', text('endswith', 'ab'), ['n23']),
  notes('in-metacharacters', 'in_ with metacharacters and quotes', text('in_', ['(x', 'x)', '[ab]', "it's", 'a\\b']), ['n03', 'n04', 'n08', 'n12', 'n17']),
  notes('notin-metacharacters', 'notin_ with metacharacters', text('notin_', ['a+b', 'a*b', '^a$']), allBut('n05', 'n06', 'n10')),
  notes('lt-code-points', 'lt a in code-point order: ( 1 S [ ^ sort before a', text('lt', 'a'), ['n01', 'n02', 'n03', 'n08', 'n10', 'n15']),
  notes('match-separators', 'match: every metacharacter separates words', text('match', 'a b'), ['n05', 'n06', 'n07', 'n11', 'n12', 'n13', 'n14', 'n16']),
  notes('match-dot', 'match: the dot separates sn1 from 02', text('match', 'SN1'), ['n01']),
  notes('match-quote', 'match: a quote separates it from s', text('match', 'it'), ['n17']),
  notes('simple-paren', 'simple form filter[text]=(x', { simple: { text: '(x' } }, ['n03']),
  notes('simple-plus', 'simple form with an encoded +', { simple: { text: 'a+b' } }, ['n05']),
  notes('sort-code-points', 'sort by text in code-point order', { sort: 'text' }, [
    'n03', 'n15', 'n01', 'n02', 'n08', 'n10', 'n20', 'n06', 'n05', 'n13', 'n14', 'n07',
    'n12', 'n16', 'n22', 'n23', 'n19', 'n09', 'n11', 'n21', 'n17', 'n18', 'n04',
  ]),
];

/** Every metacharacter case of the example suite. */
export const METACHARACTER_CASES: readonly CollectionCase[] = [...EACH_TEXT, ...BY_HAND];
