import type { ComparisonOperator } from '../../ast/operators.js';
import type { Scalar } from '../../schema/infer.js';
import type { ResolvedAttribute } from '../../schema/resolved-schema.js';
import type { FilterContext } from './filter-context.js';
import type { NodeValue } from '../../ast/filter-factories.js';
import { exactInteger, withoutNegativeZero } from '../../rules/number-rules.js';
import { matchWordLimit, wildcardLimit } from '../../rules/pattern-rules.js';
import { stringCheck, type StringCheck } from './string-check.js';
import { codePointLength, isUnstorable, storableText } from '../../rules/string-rules.js';

/**
 * Checks the value of a comparison against its operator and the attribute's JSON
 * Schema (ajv: types, `format: date` with impossible dates rejected, enums), and the
 * limits on strings, lists, wildcards and words. Throws `invalid_value` (or the
 * limit's code) pointing at `val`. `eq null`/`ne null` are rewritten by the caller
 * (to `is_ null`/`isnot null`) before this is called.
 */
export function checkValue(
  attribute: ResolvedAttribute,
  op: ComparisonOperator,
  value: unknown,
  context: FilterContext,
): NodeValue {
  // The string check (a lookup) is taken only by the operators whose values go through the schema.
  switch (op) {
    case 'eq':
    case 'ne':
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      return value === null ? null : checkScalar(attribute, value, '/val', context, stringCheck(attribute));
    case 'between':
      if (!Array.isArray(value) || value.length !== 2) {
        throw invalid(context, '/val', `"between" on "${attribute.name}" takes an array of exactly two values`);
      }
      return checkList(attribute, value, context, stringCheck(attribute));
    case 'in_':
    case 'notin_':
      if (!Array.isArray(value)) {
        throw invalid(context, '/val', `"${op}" on "${attribute.name}" takes an array of values`);
      }
      if (value.length > context.limits.maxListItems) {
        throw context.fault(
          'list_too_long',
          `The "${op}" list has ${value.length} items; the limit is ${context.limits.maxListItems}`,
          context.at('/val'),
          context.limits.maxListItems,
        );
      }
      return checkList(attribute, value, context, stringCheck(attribute));
    case 'is_':
    case 'isnot':
      if (value === null || (attribute.kind === 'boolean' && typeof value === 'boolean')) return value;
      throw invalid(
        context,
        '/val',
        attribute.kind === 'boolean'
          ? `"${op}" takes null, true or false`
          : `"${op}" on "${attribute.name}" takes null (true and false only on boolean fields)`,
      );
    case 'like':
    case 'ilike':
    case 'notlike':
    case 'notilike':
      return checkPattern(checkText(attribute, op, value, context), context);
    case 'startswith':
    case 'endswith':
      return checkText(attribute, op, value, context);
    case 'match':
      return checkWords(checkText(attribute, op, value, context), context);
  }
}

/** Checks every item in place (the array is the one `JSON.parse` made) and freezes it. */
function checkList(
  attribute: ResolvedAttribute,
  values: unknown[],
  context: FilterContext,
  accepts: StringCheck | undefined,
): readonly Scalar[] {
  for (let index = 0; index < values.length; index++) {
    const item = values[index];
    if (item === null) throw invalid(context, where(index), `A list of values on "${attribute.name}" cannot hold null`);
    values[index] = checkScalar(attribute, item, index, context, accepts);
  }
  return Object.freeze(values as Scalar[]);
}

/**
 * One non-null value, checked against the attribute's JSON Schema; `at` locates it
 * under the current entry for the error's pointer: a suffix (`/val`), or the index of
 * a list item (`/val/2`, written only when there is an error).
 */
function checkScalar(
  attribute: ResolvedAttribute,
  value: unknown,
  at: string | number,
  context: FilterContext,
  accepts: StringCheck | undefined,
): Scalar {
  // Stryker disable next-line ConditionalExpression: JSON (and the simple form) never gives undefined; the check is for callers in code
  if (typeof value === 'object' || value === undefined) {
    throw invalid(context, where(at), `The value of "${attribute.name}" must be a single value, not an object or array`);
  }
  // Stryker disable next-line ConditionalExpression: checkString finds nothing to refuse in a number or boolean
  if (typeof value === 'string') {
    checkString(value, at, context);
    // Stryker disable next-line ConditionalExpression: a fast path; ajv accepts every string the check accepts and words the error of the others
    if (accepts !== undefined && accepts(value)) return value;
  }
  if (attribute.integer && typeof value === 'number' && !exactInteger.check(value)) {
    throw invalid(context, where(at), `The value ${value} of "${attribute.name}" ${exactInteger.message}`);
  }
  const validate = attribute.validate;
  if (!validate(value)) {
    // Stryker disable next-line OptionalChaining,StringLiteral: ajv always sets errors when a value fails; the fallback only guards the types
    const reason = validate.errors?.[0]?.message ?? 'is not valid';
    throw invalid(context, where(at), `The value ${JSON.stringify(value)} of "${attribute.name}" ${reason}`);
  }
  return withoutNegativeZero(value as Scalar);
}

function checkText(attribute: ResolvedAttribute, op: ComparisonOperator, value: unknown, context: FilterContext): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw invalid(context, '/val', `"${op}" on "${attribute.name}" takes a non-empty string`);
  }
  checkString(value, '/val', context);
  return value;
}

/** A string value: at most `maxStringLength` characters (code points), no NUL, no lone surrogate. */
function checkString(value: string, at: string | number, context: FilterContext): void {
  const limit = context.limits.maxStringLength;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path (no string has more code points than UTF-16 units); the exact count decides
  if (value.length > limit) {
    const characters = codePointLength(value);
    if (characters > limit) {
      throw context.fault(
        'value_too_long',
        `A filter value has ${characters} characters; the limit is ${limit}`,
        context.at(where(at)),
        limit,
      );
    }
  }
  if (context.scanStrings && isUnstorable(value)) {
    throw invalid(context, where(at), `A filter value ${storableText.message}`);
  }
}

/** Counts the wildcards (`%`, `_`) of a `like`-family pattern. */
function checkPattern(pattern: string, context: FilterContext): string {
  const wildcards = wildcardLimit.count(pattern);
  if (wildcards > context.limits.maxWildcards) {
    throw context.fault(
      'too_many_wildcards',
      `The pattern has ${wildcards} wildcards; the limit is ${context.limits.maxWildcards}`,
      context.at('/val'),
      context.limits.maxWildcards,
    );
  }
  return pattern;
}

/** Counts the words of a `match` value (runs of letters and digits). */
function checkWords(value: string, context: FilterContext): string {
  const count = matchWordLimit.count(value);
  if (count === 0) {
    throw invalid(context, '/val', `The match value ${JSON.stringify(value)} has no words (letters or digits)`);
  }
  if (count > context.limits.maxMatchWords) {
    throw context.fault(
      'too_many_words',
      `The match value has ${count} words; the limit is ${context.limits.maxMatchWords}`,
      context.at('/val'),
      context.limits.maxMatchWords,
    );
  }
  return value;
}

/** The pointer suffix of a value: `/val`, or `/val/2` for the item at index 2 of a list. */
function where(at: string | number): string {
  return typeof at === 'number' ? `/val/${String(at)}` : at;
}

function invalid(context: FilterContext, suffix: string, detail: string) {
  return context.fault('invalid_value', detail, context.at(suffix));
}
