/**
 * The schema's `version` and `requireIfMatch` (docs/writes.md, "Versions"), checked
 * when the schema is loaded: the version is an integer, non-nullable, read-only
 * attribute of the type, and only a versioned type may require `If-Match`.
 */
import { describe, expect, it } from 'vitest';
import { resolveSchema, SchemaError, type ResourceSchema } from '../../src/index.js';

const withNote = (note: Record<string, unknown>): ResourceSchema => ({ types: { note: { root: 'notes', ...note } } }) as ResourceSchema;
function issuesOf(schema: ResourceSchema): unknown {
  try {
    resolveSchema(schema);
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return (error as SchemaError).issues;
  }
  throw new Error('expected a SchemaError');
}

describe('a versioned type', () => {
  it('resolves with its version attribute and whether it requires If-Match', () => {
    const schema = withNote({ version: 'revision', requireIfMatch: true, attributes: { revision: { type: 'integer', readOnly: true } } });
    expect(resolveSchema(schema).types.get('note')).toMatchObject({ version: 'revision', requireIfMatch: true });
    const plain = resolveSchema(withNote({ attributes: {} })).types.get('note');
    expect(plain).toMatchObject({ version: undefined, requireIfMatch: false });
  });

  it.each([
    ['an unknown attribute', { version: 'revision' }, 'is the version but is not an attribute of the type'],
    ['a nullable attribute', { version: 'revision', attributes: { revision: { type: ['integer', 'null'], readOnly: true } } }, 'must be declared'],
    ['a string attribute', { version: 'revision', attributes: { revision: { type: 'string', readOnly: true } } }, 'must be declared'],
    ['a writable attribute', { version: 'revision', attributes: { revision: { type: 'integer' } } }, 'must be declared'],
  ])('refuses a version naming %s', (_, note, message) => {
    expect(issuesOf(withNote(note))).toEqual([expect.objectContaining({ type: 'note', field: 'revision', message: expect.stringContaining(message) as string })]);
  });

  it('refuses requireIfMatch without a version, and members of the wrong type', () => {
    expect(issuesOf(withNote({ requireIfMatch: true }))).toEqual([{ type: 'note', message: 'requires If-Match but declares no version' }]);
    expect(() => resolveSchema(withNote({ version: 3 }))).toThrow(SchemaError);
    expect(() => resolveSchema(withNote({ requireIfMatch: 'yes' }))).toThrow(SchemaError);
  });
});
