import { describe, expect, it } from 'vitest';
import { isDate, stringCheck } from '../../src/parse/filter/string-check.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import type { AttributeDefinition } from '../../src/schema/schema.js';

/** The resolved attribute of a one-attribute schema. */
function attributeOf(definition: AttributeDefinition) {
  const resolved = resolveSchema({ types: { thing: { root: 'things', attributes: { value: definition } } } });
  return resolved.types.get('thing')?.attributes.get('value') as NonNullable<ReturnType<typeof resolved.types.get>>['id'];
}

describe('isDate answers as ajv-formats\' date', () => {
  const dates = [
    '1980-01-01', '2024-02-29', '2023-02-29', '2023-02-28', '1900-02-29', '2000-02-29', '2100-02-29', '1600-02-29',
    '0000-02-29', '0000-01-01', '9999-12-31', '2024-04-30', '2024-04-31', '2024-06-31', '2024-09-31', '2024-11-31',
    '2024-01-31', '2024-03-31', '2024-05-31', '2024-07-31', '2024-08-31', '2024-10-31', '2024-12-31', '2024-12-32',
    '2024-00-10', '2024-13-10', '2024-01-00', '2024-1-010', '2024-01-1', '2024-01-001', '12024-01-01', '2024/01/01',
    '2024-01-01\n', ' 2024-01-01', '2024-01-0a', '202a-01-01', '2024-0a-01', '2024-01-:1', '2024-01-/1', '٢٠٢٤-٠١-٠١',
    '2024-01-01T00:00:00Z', '', '2024-02-30', '2024-02-00', '1996-02-29', '1997-02-29', '2024-10-10', '2024-01-10',
    '2024x01-01', '2024-01x01', '20/4-01-01', '2024-0/-01', '2024-/1-01', '2024-99-01', '2024--1-01', '2024-00-00',
  ];
  const validate = attributeOf({ type: 'string', format: 'date' }).validate;

  it.each(dates)('%j', (value) => {
    expect(isDate(value)).toBe(validate(value));
  });
});

describe('stringCheck', () => {
  it('checks dates without ajv where the definition is a date', () => {
    expect(stringCheck(attributeOf({ type: 'string', format: 'date' }))).toBe(isDate);
    expect(stringCheck(attributeOf({ type: ['string', 'null'], format: 'date', description: 'd', sortable: false }))).toBe(isDate);
  });

  it('accepts every string where the definition is only a type and annotations', () => {
    for (const definition of [
      { type: 'string' },
      { type: ['null', 'string'] },
      { type: 'string', description: 'x', filterable: true, sortable: true, readOnly: true },
    ] as AttributeDefinition[]) {
      const check = stringCheck(attributeOf(definition));
      expect(check?.('')).toBe(true);
      expect(check?.('anything')).toBe(true);
    }
  });

  it('leaves every other definition to ajv', () => {
    for (const definition of [
      { type: 'integer' },
      { type: 'number' },
      { type: 'boolean' },
      { type: ['number', 'null'] },
      { type: 'string', format: 'email' },
      { type: 'string', enum: ['a'] },
      { type: 'string', pattern: '^a' },
      { type: 'string', minLength: 1 },
      { type: 'string', maxLength: 1 },
      { type: 'string', format: 'date', enum: ['2024-01-01'] },
    ] as AttributeDefinition[]) {
      expect(stringCheck(attributeOf(definition))).toBeUndefined();
    }
  });

  it('is the same function for the same attribute', () => {
    const attribute = attributeOf({ type: 'string' });
    expect(stringCheck(attribute)).toBe(stringCheck(attribute));
  });
});
