/**
 * The rules of numbers in a query, wherever they come from (a filter value, a
 * simple filter's text, a cursor, an integer id in a path): `-0` is `0`, as JSON
 * writes it, and an integer is one every data layer holds exactly.
 */

/** The value, with `-0` made `0` (JSON writes both as `0`; engines would keep the sign apart). */
export function withoutNegativeZero<T>(value: T): T {
  return (value === 0 ? 0 : value) as T;
}

/**
 * An integer every data layer holds exactly (±(2^53 − 1)) as one rule: its check,
 * the end of its error message and its JSON Schema form.
 */
export const exactInteger = Object.freeze({
  check: (value: unknown): boolean => Number.isSafeInteger(value),
  message: 'is not an integer every data layer can hold exactly (±2^53 − 1)',
  schema: Object.freeze({ type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
});

/**
 * An integer id as text (in a path, `/computers/7`): canonical digits, no sign,
 * no leading zero (`7`, not `07`, `+7` or `7.0`), and an exact integer. The JSON
 * Schema form says the syntax; the check also bounds the value.
 */
export const canonicalIntegerText = Object.freeze({
  check: (text: string): boolean => /^(?:0|[1-9][0-9]*)$/.test(text) && Number.isSafeInteger(Number(text)),
  schema: Object.freeze({ pattern: '^(?:0|[1-9][0-9]*)$' }),
});
