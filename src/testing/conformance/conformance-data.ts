import type { Row } from '../../layers/data-layer.js';

/** The texts of notes `n01`, `n02`, …, in id order. */
export const NOTE_TEXTS: readonly string[] = [
  'SN1.02', 'SN1002', '(x', 'x)', 'a+b', 'a*b', 'a?b', '[ab]', 'a{2}', '^a$', 'a|b', 'a\\b',
  'a-b', 'a/b', '100%', 'a_b', "it's", 'say "hi"', 'axb', 'a', 'b', 'aa', 'aab',
];

/**
 * The conformance dataset, in the memory layer's format (both sides of every
 * relationship given, and agreeing). Records, and the related ids of to-many
 * relationships, are listed out of primary key order on purpose: a layer must give
 * related rows in primary key order, not in the order it stores them. Every expectation of the example cases is written by hand against this
 * table:
 *
 * | id | name          | nickname | born       | joined     | score | rank | active | status  | mentor | groups |
 * |----|---------------|----------|------------|------------|-------|------|--------|---------|--------|--------|
 * |  1 | Alice         | Al       | 1990-04-02 | 2010-01-01 | 3.5   | 2    | true   | live    |        | g1     |
 * |  2 | alice         |          | 1985-12-31 | 1985-12-31 |       | 1    | false  | draft   | 1      | g1 g2  |
 * |  3 | Bob           | bob      |            | 2000-06-15 | 0     | 3    |        |         | 1      |        |
 * |  4 | 50% off       | 50%      | 2001-01-01 |            | -2.25 | 3    | true   | retired | 2      | g2     |
 * |  5 | snake_case    | snake    | 1990-04-02 | 1995-05-05 | 10    | 1    | false  | live    |        |        |
 * |  6 | back\slash    | back\    | 1970-01-01 | 1970-01-01 | 3.5   | 2    | true   | draft   | 4      | g3     |
 * |  7 | İstanbul      | ist      | 2020-02-29 |            | 100   | 5    |        | live    |        |        |
 * |  8 | Straße        | STRASSE  | 1999-12-31 | 2000-01-01 | 7     | 4    | true   |         | 6      | g1     |
 * |  9 | ΟΔΟΣ          | οδος     |            |            |       | 5    | false  | retired |        |        |
 * | 10 | 😀 smile      |          | 2010-10-10 | 2010-10-10 | 0.001 | 1    | true   | live    | 1      | g2     |
 * | 11 | Ａ wide       | Ａ       | 1990-04-02 | 1991-01-01 | 7     | 4    | false  | draft   |        |        |
 * | 12 | Zed           | zed      | 1960-06-06 |            | 2     | 3    |        | live    |        |        |
 *
 * (empty cells are null). The bios carry the Unicode cases of `ilike` and `match`:
 * 1 ends in `İ`, 12 in `i` + U+0307 (a combining dot: a word separator), 5 in a
 * plain `i`; 4 holds `Ⓐ` (a symbol, not a letter, that lower-cases to `ⓐ`), `①two`
 * (one word: `①` is a digit), `x²`, `½`, `Ⅻ` (`ⅻ` lower-cased); 5 holds `Ⱥ` (`ⱥ`);
 * 11 Cyrillic `ЖУК` and full-width `ＡＢＣ`. Books: b1 "Rust in Action" (author 1), b2 "Go Fast" (1),
 * b3 "100% Pure" (3), b4 "Learning_Go" (4), b5 "rust for kids" (6), b10 "Orphan" (no
 * author), b11 "Straße der Bücher" (8), b20 "Go Fast" (10). Groups: g1 Readers
 * {1, 2, 8}, g2 writers {2, 4, 10}, g3 Solo {6}, g4 Nobody {}.
 *
 * Notes hold every regex and SQL metacharacter, each beside a value a pattern that
 * leaks it would match (`SN1.02`/`SN1002`, `a+b`/`aab`, `^a$`/`a`):
 *
 * | id  | text     | id  | text     | id  | text     | id  | text       |
 * |-----|----------|-----|----------|-----|----------|-----|------------|
 * | n01 | SN1.02   | n07 | a?b      | n13 | a-b      | n19 | axb        |
 * | n02 | SN1002   | n08 | [ab]     | n14 | a/b      | n20 | a          |
 * | n03 | (x       | n09 | a{2}     | n15 | 100%     | n21 | b          |
 * | n04 | x)       | n10 | ^a$      | n16 | a_b      | n22 | aa         |
 * | n05 | a+b      | n11 | a\|b     | n17 | it's     | n23 | aab        |
 * | n06 | a*b      | n12 | a\b      | n18 | say "hi" |     |            |
 *
 * @example
 * const layer = createMemoryLayer(conformanceSchema, conformanceData);
 */
export const conformanceData: { readonly [type: string]: readonly Row[] } = {
  author: [
    author(10, '\u{1F600} smile', null, 'Emoji \u{1F600} lover', 'live', '2010-10-10', '2010-10-10', 0.001, 1, true, 1, ['b20'], [], ['g2']),
    author(2, 'alice', null, null, 'draft', '1985-12-31', '1985-12-31', null, 1, false, 1, [], [4], ['g2', 'g1']),
    author(1, 'Alice', 'Al', 'Writes about Rust and Go İ', 'live', '1990-04-02', '2010-01-01', 3.5, 2, true, null, ['b2', 'b1'], [10, 3, 2], ['g1']),
    author(12, 'Zed', 'zed', 'go i\u0307', 'live', '1960-06-06', null, 2, 3, null, null, [], [], []),
    author(3, 'Bob', 'bob', 'rust-lang fan; go go go', null, null, '2000-06-15', 0, 3, null, 1, ['b3'], [], []),
    author(4, '50% off', '50%', 'Sales & more: \u24b6 circ \u2460two x\u00b2 \u00bd \u216b', 'retired', '2001-01-01', null, -2.25, 3, true, 2, ['b4'], [6], ['g2']),
    author(5, 'snake_case', 'snake', 'Python_ developer, two \u023a i', 'live', '1990-04-02', '1995-05-05', 10, 1, false, null, [], [], []),
    author(6, 'back\\slash', 'back\\', 'Die Straße ist groß', 'draft', '1970-01-01', '1970-01-01', 3.5, 2, true, 4, ['b5'], [8], ['g3']),
    author(11, '\uFF21 wide', '\uFF21', 'RUST rust Rust \u0416\u0423\u041a \uff21\uff22\uff23', 'draft', '1990-04-02', '1991-01-01', 7, 4, false, null, [], [], []),
    author(7, 'İstanbul', 'ist', "İstanbul'da yaşıyor", 'live', '2020-02-29', null, 100, 5, null, null, [], [], []),
    author(8, 'Straße', 'STRASSE', null, null, '1999-12-31', '2000-01-01', 7, 4, true, 6, ['b11'], [], ['g1']),
    author(9, 'ΟΔΟΣ', 'οδος', 'Σοφία μένει', 'retired', null, null, null, 5, false, null, [], [], []),
  ],
  book: [
    book('b20', 'Go Fast', '2023-07-07', 120, true, 10),
    book('b3', '100% Pure', null, 80, true, 3),
    book('b1', 'Rust in Action', '2019-01-01', 450, true, 1),
    book('b11', 'Straße der Bücher', null, null, false, 8),
    book('b10', 'Orphan', '2000-01-01', 300, true, null),
    book('b5', 'rust for kids', '2019-01-01', 80, false, 6),
    book('b2', 'Go Fast', '2015-05-05', 120, false, 1),
    book('b4', 'Learning_Go', '2021-03-03', null, true, 4),
  ],
  group: [
    { id: 'g3', label: 'Solo', members: [6] },
    { id: 'g1', label: 'Readers', members: [8, 1, 2] },
    { id: 'g4', label: 'Nobody', members: [] },
    { id: 'g2', label: 'writers', members: [10, 2, 4] },
  ],
  note: NOTE_TEXTS.map((text, index) => ({ id: `n${String(index + 1).padStart(2, '0')}`, text })).reverse(),
};

function author(
  id: number,
  name: string,
  nickname: string | null,
  bio: string | null,
  status: string | null,
  born: string | null,
  joined: string | null,
  score: number | null,
  rank: number,
  active: boolean | null,
  mentor: number | null,
  books: readonly string[],
  mentees: readonly number[],
  groups: readonly string[],
): Row {
  return { id, name, nickname, bio, status, born, joined, score, rank, active, books, mentor, mentees, groups };
}

function book(
  id: string,
  title: string,
  published: string | null,
  pages: number | null,
  inPrint: boolean,
  authorId: number | null,
): Row {
  return { id, title, published, pages, in_print: inPrint, author: authorId };
}
