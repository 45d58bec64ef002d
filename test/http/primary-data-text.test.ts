/**
 * `primaryDataText` cuts a document's primary data out of its text exactly as
 * `JSON.parse` then `JSON.stringify` would give it: strings holding braces, brackets,
 * quotes and backslashes do not end it early; arrays and `null` are data too.
 */
import { describe, expect, it } from 'vitest';
import { primaryDataText } from '../../src/http/primary-data-text.js';

const documentOf = (data: unknown): string => JSON.stringify({ data, links: { self: '/x' }, jsonapi: { version: '1.0' } });

describe('primaryDataText', () => {
  const values: readonly [string, unknown][] = [
    ['a resource', { type: 'person', id: '1', attributes: { name: 'a}b]c"d\\', note: '\\"}' }, links: { self: '/persons/1' } }],
    ['a list', [{ type: 'person', id: '1' }, { type: 'person', id: '{2}' }]],
    ['an empty list', []],
    ['null', null],
  ];
  for (const [name, data] of values) {
    it(`gives ${name} as JSON.stringify writes it`, () => {
      expect(primaryDataText(documentOf(data))).toBe(JSON.stringify(data));
    });
  }
  it('refuses a document whose first member is not data', () => {
    expect(() => primaryDataText('{"errors":[]}')).toThrow('not data');
  });
  it('refuses a document cut short', () => {
    expect(() => primaryDataText('{"data":{"type":"person"')).toThrow('does not end');
  });
});
