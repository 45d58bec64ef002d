import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { serializeResourceDocument } from '../../src/serialize/index.js';
import { ast, linkage } from './fixtures.js';

const value = fc.oneof(fc.string({ unit: 'binary' }), fc.constant(null));
const id = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const personRow = fc.record({ id, display_name: value, birth_date: value, name: value, gender: value });
const fieldset = fc.option(fc.subarray(['display_name', 'birth_date', 'name', 'gender', 'computers']), { nil: undefined });

describe('serializeResourceDocument (property)', () => {
  it('writes valid JSON equal to the document built from plain objects, for any values and ids', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(personRow, { selector: (row) => row.id, maxLength: 8 }),
        fc.array(id, { maxLength: 3 }),
        fieldset,
        (rows, computerIds, fields) => {
          const table: Record<string, readonly string[]> = {};
          for (const row of rows) table[`person/${row.id}/computers`] = computerIds;
          const body = serializeResourceDocument(
            ast('person', { include: [['computers']], fields: fields === undefined ? {} : { person: fields } }),
            { data: rows.map((row) => ({ type: 'person', row })), total: rows.length, included: [], linkage: linkage(table) },
            { path: '/persons', query: 'include=computers' },
            { schema: exampleSchema },
          );
          const names = ['display_name', 'birth_date', 'name', 'gender'].filter(
            (name) => fields === undefined || fields.includes(name),
          );
          const showComputers = fields === undefined || fields.includes('computers');
          const expected = rows.map((row) => {
            const link = `/persons/${encodeURIComponent(row.id)}`;
            const attributes = Object.fromEntries(names.map((name) => [name, row[name as keyof typeof row]]));
            return {
              type: 'person',
              id: row.id,
              ...(names.length === 0 ? {} : { attributes }),
              ...(showComputers
                ? {
                    relationships: {
                      computers: {
                        data: computerIds.map((computer) => ({ type: 'computer', id: computer })),
                        links: { self: `${link}/relationships/computers`, related: `${link}/computers` },
                      },
                    },
                  }
                : {}),
              links: { self: link },
            };
          });
          const document = JSON.parse(body) as { data: unknown; meta: unknown };
          expect(document.data).toEqual(expected);
          expect(document.meta).toEqual({ count: rows.length });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not fail on an id that is not valid UTF-16 (a lone surrogate)', () => {
    const body = serializeResourceDocument(
      ast('computer'),
      { data: { type: 'computer', row: { id: 'a\uD800', serial: 'x\uDC00' } }, linkage: linkage() },
      { path: '/computers/x', query: '' },
      { schema: exampleSchema },
    );
    expect(JSON.parse(body)).toMatchObject({
      data: { id: 'a\uD800', attributes: { serial: 'x\uDC00' }, links: { self: '/computers/a%EF%BF%BD' } },
    });
  });
});
