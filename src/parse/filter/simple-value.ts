import type { Scalar } from '../../schema/infer.js';
import { withoutNegativeZero } from '../../rules/number-rules.js';
import type { ResolvedAttribute } from '../../schema/resolved-schema.js';

/** A number in JSON syntax (RFC 8259): what a simple filter accepts as a number. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Converts the text of a simple filter (`filter[age]=42`) to the attribute's
 * declared type: numbers in JSON number syntax, booleans `true`/`false`, dates and
 * strings as they are. Returns `undefined` when the text cannot be converted.
 */
export function convertSimpleValue(attribute: ResolvedAttribute, text: string): Scalar | undefined {
  switch (attribute.kind) {
    case 'string':
    case 'date':
      return text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'number': {
      if (!JSON_NUMBER.test(text)) return undefined;
      const number = Number(text);
      if (!Number.isFinite(number)) return undefined;
      return withoutNegativeZero(number);
    }
  }
}
