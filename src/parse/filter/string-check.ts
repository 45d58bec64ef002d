import type { ResolvedAttribute } from '../../schema/resolved-schema.js';

/** Accepts a string value without ajv; `false` leaves it to ajv, which words the error. */
export type StringCheck = (value: string) => boolean;

/** The keys of an attribute definition that change nothing its validator accepts of a string. */
const ANNOTATIONS: ReadonlySet<string> = new Set(['type', 'description', 'filterable', 'sortable', 'readOnly']);

const checks = new WeakMap<ResolvedAttribute, StringCheck | null>();

/**
 * The strings an attribute's validator accepts, checked without calling ajv, for the
 * definitions where that is simple: a `type` that includes `string`, perhaps
 * `format: 'date'`, and annotations. `undefined` for any other definition (an `enum`,
 * a `pattern`, lengths), whose values ajv checks. Computed once per attribute.
 *
 * @example
 * stringCheck(birthDate)?.('1980-02-29'); // true, as ajv answers
 */
export function stringCheck(attribute: ResolvedAttribute): StringCheck | undefined {
  let check = checks.get(attribute);
  // Stryker disable next-line ConditionalExpression: a cache; computing the check again gives the same function
  if (check === undefined) {
    check = checkOf(attribute);
    checks.set(attribute, check);
  }
  return check ?? undefined;
}

function checkOf(attribute: ResolvedAttribute): StringCheck | null {
  const { definition } = attribute;
  if (!([definition.type].flat() as string[]).includes('string')) return null;
  for (const key of Object.keys(definition)) {
    if (!ANNOTATIONS.has(key) && !(key === 'format' && definition.format === 'date')) return null;
  }
  return definition.format === 'date' ? isDate : isString;
}

const isString: StringCheck = () => true;

/** Days in each month of a common year (index 1–12). */
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * ajv-formats' `date` (RFC 3339 full-date) without a regular expression:
 * `DDDD-DD-DD` in ASCII digits, a month from 1 to 12 and a day of that month
 * (29 February in leap years only).
 */
export function isDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (year < 0 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  // Not a month from 1 to 12: no days (DAYS[0] is 0).
  return day <= (month === 2 && leap ? 29 : (DAYS[month] ?? 0));
}

/** The number written by the ASCII digits `value[from, to)`, or -1 when one is not a digit. */
function digits(value: string, from: number, to: number): number {
  let number = 0;
  for (let index = from; index < to; index++) {
    const digit = value.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}
