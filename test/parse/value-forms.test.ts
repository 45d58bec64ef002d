/**
 * The value rules hold whatever form a query arrives in: a raw query string (as a
 * framework that already decoded it may pass it), a `URLSearchParams`, or a parsed
 * object. A lone surrogate in a simple-form value is a 400 `invalid_value`, as it is
 * in the JSON form; a NUL is a 400 `malformed_query_string` in every form.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/index.js';
import { safeParseQuery, type QueryInput } from '../../src/index.js';

const person = { schema: exampleSchema, type: 'person' } as const;

/** The three input forms of one `filter[name]=<value>` parameter. */
function forms(name: string, value: string): { form: string; input: QueryInput }[] {
  return [
    { form: 'decoded query string', input: `${name}=${value}` },
    { form: 'URLSearchParams', input: new URLSearchParams([[name, value]]) },
    { form: 'parsed object', input: { [name]: value } },
  ];
}

function fault(input: QueryInput) {
  const result = safeParseQuery(input, person);
  if (result.success) return undefined;
  const [error] = result.error.errors;
  return { code: error.code, parameter: error.source?.parameter };
}

const hasLoneSurrogate = (text: string): boolean => /[\uD800-\uDFFF]/u.test(text);

describe('the same value rules on every path into the parser', () => {
  it.each(forms('filter[name]', 'Jo\udc00hn').filter(({ form }) => form !== 'URLSearchParams'))(
    'a lone surrogate in a simple-form value, $form: 400 invalid_value',
    ({ input }) => {
      expect(fault(input)).toEqual({ code: 'invalid_value', parameter: 'filter[name]' });
    },
  );

  it('URLSearchParams cannot hold a lone surrogate: the platform stores U+FFFD, which is a valid value', () => {
    const params = new URLSearchParams([['filter[name]', 'Jo\udc00hn']]);
    expect(params.get('filter[name]')).toBe('Jo\uFFFDhn');
    expect(fault(params)).toBeUndefined();
  });

  it.each(forms('filter', JSON.stringify([{ name: 'name', op: 'eq', val: 'x' }]).replace('x', '\ud800')).filter(({ form }) => form !== 'URLSearchParams'))(
    'a raw lone surrogate inside the JSON form, $form: 400 invalid_value',
    ({ input }) => {
      expect(fault(input)).toEqual({ code: 'invalid_value', parameter: 'filter' });
    },
  );

  it.each(forms('filter[name]', 'a\u0000b'))('a NUL in a value, $form: 400 malformed_query_string', ({ input }) => {
    expect(fault(input)).toEqual({ code: 'malformed_query_string', parameter: 'filter[name]' });
  });

  it('every form gives the JSON form\'s answer for the same value (property)', () => {
    const unit = fc.oneof(
      fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '😀', 'é', ' ', '[', '"', '\\'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    );
    const text = fc
      .array(unit, { maxLength: 6 })
      .map((parts) => parts.join(''))
      // Characters a query string would read as syntax, or reject (NUL), are left out.
      .filter((value) => ![...'&=+%#\u0000'].some((char) => value.includes(char)));
    fc.assert(
      fc.property(text, (value) => {
        const json = fault(`filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'eq', val: value }]).replace(/[\uD800-\uDFFF]/gu, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`))}`);
        for (const { form, input } of forms('filter[name]', value)) {
          const delivered = form === 'URLSearchParams' ? value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD') : value;
          const expected = form === 'URLSearchParams' && hasLoneSurrogate(value) ? undefined : json;
          expect({ form, delivered, fault: fault(input) }).toEqual({
            form,
            delivered,
            fault: expected === undefined ? undefined : { code: expected.code, parameter: 'filter[name]' },
          });
        }
      }),
      { seed: 8, numRuns: 500 },
    );
  });
});
