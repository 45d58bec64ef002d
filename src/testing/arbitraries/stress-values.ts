/**
 * Small pools of values chosen to stress the semantics every data layer must share
 * (docs/data-layer.md): ties, mixed and non-ASCII case, `%`/`_`/`\` and every regex
 * and SQL metacharacter inside values (a third of the strings), shared prefixes,
 * numbers around zero, dates at month and year ends. Drawing filter values
 * and record values from the same small pools makes random filters actually match.
 */
import type { Id } from '../../layers/data-layer.js';
import type { FieldKind } from '../../schema/resolved-schema.js';

/**
 * Strings for records: case pairs, non-ASCII, combining marks (`e` + U+0301 beside a
 * precomposed `é`), pattern characters, shared prefixes,
 * blanks, and regex/SQL metacharacters next to what they would match if a layer left
 * them unescaped (`SN1.02`/`SN1002`, `a+b`/`aab`, `^a$`/`a`).
 */
export const STRESS_STRINGS: readonly string[] = [
  'a',
  'A',
  'ab',
  'Ab',
  'abc',
  'b',
  'John',
  'john',
  'JOHN',
  'Jo',
  'Johnny',
  'José',
  'josé',
  'JOSÉ',
  'Ölaf',
  'ölaf',
  'straße',
  'Ωmega',
  'ωmega',
  '日本',
  '日本語',
  '100%',
  '100% sure',
  'a_b',
  'a%b',
  'a\\b',
  '_',
  '%',
  'SN1',
  'SN10',
  'SN2',
  'sn1',
  'SN_1',
  'foo bar',
  'Foo Bar baz',
  'foo-bar',
  'x+y&z=#',
  '',
  ' ',
  'SN1.02',
  'SN1002',
  '(x',
  'x)',
  'a+b',
  'aab',
  'a*b',
  'a?b',
  '[ab]',
  'a{2}',
  'aa',
  '^a$',
  'a|b',
  'a-b',
  'a/b',
  "it's",
  'say "hi"',
  'a.b',
  'e\u0301cole',
  'E\u0301COLE',
  'école',
  'I\u0307stanbul',
];

/** Every regex and SQL metacharacter, drawn on their own into `like` patterns and affixes. */
export const METACHARACTERS: readonly string[] = ['.', '+', '*', '?', '(', ')', '[', ']', '{', '}', '^', '$', '|', '\\', '-', '/', '%', '_', "'", '"'];

/** Words `match` values are made of (lower-casing and non-ASCII included). */
export const STRESS_WORDS: readonly string[] = ['john', 'JO', 'foo', 'Bar', 'baz', 'sn1', 'josé', 'ÖLAF', '日本', '100', 'b'];

/** Integers and decimals around zero, with ties. */
const STRESS_INTEGERS: readonly number[] = [-10, -1, 0, 1, 2, 3, 10, 42, 100];
const STRESS_NUMBERS: readonly number[] = [...STRESS_INTEGERS, -2.25, 0.5, 1.5, 3.14];

/** Valid `YYYY-MM-DD` dates at month, year and leap-day edges. */
const STRESS_DATES: readonly string[] = [
  '1969-12-31',
  '1970-01-01',
  '1999-12-31',
  '2000-01-01',
  '2000-01-02',
  '2000-02-29',
  '2000-10-01',
  '2024-12-31',
];

/** String ids whose code-point order differs from numeric order. */
const STRESS_STRING_IDS: readonly string[] = ['1', '2', '3', '9', '10', '11', '20', '100', 'a', 'A', 'b', 'é', 'x-1', 'x_1'];

/** Integer ids. */
const STRESS_INTEGER_IDS: readonly number[] = [1, 2, 3, 4, 5, 7, 9, 10, 11, 20, 100, 1000];

/** The pool of one field kind (non-null values only). */
export function stressValues(kind: FieldKind, integer: boolean): readonly (string | number | boolean)[] {
  switch (kind) {
    case 'string':
      return STRESS_STRINGS;
    case 'number':
      return integer ? STRESS_INTEGERS : STRESS_NUMBERS;
    case 'boolean':
      return [true, false];
    case 'date':
      return STRESS_DATES;
  }
}

/** The pool of ids of a type. */
export function stressIds(idType: 'string' | 'integer'): readonly Id[] {
  return idType === 'integer' ? STRESS_INTEGER_IDS : STRESS_STRING_IDS;
}
