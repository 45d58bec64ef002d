/**
 * What the schema says about writes: read-only types and fields, attributes a create
 * must give, and who chooses ids, resolved once.
 */
import { describe, expect, it } from 'vitest';
import { defineSchema } from '../../src/schema/define-schema.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import { SchemaError } from '../../src/schema/schema-error.js';
import { writeSchema } from './write-schema.js';

describe('the schema of writes', () => {
  const resolved = resolveSchema(writeSchema);
  it('resolves read-only types and fields, required attributes and client ids', () => {
    const tag = resolved.types.get('tag');
    expect(tag?.clientIds).toBe('allowed');
    expect([...(tag?.requiredOnCreate ?? [])].sort()).toEqual(['label', 'note']);
    expect(tag?.attributes.get('created')?.readOnly).toBe(true);
    expect(tag?.relationships.get('creator')?.readOnly).toBe(true);
    expect(resolved.types.get('country')?.readOnly).toBe(true);
  });

  it('defaults to writable types and fields whose ids the server chooses', () => {
    const person = resolved.types.get('person');
    expect(person).toMatchObject({ readOnly: false, clientIds: 'forbidden' });
    expect([...(person?.requiredOnCreate ?? [])].sort()).toEqual(['display_name', 'name']);
    expect(person?.attributes.get('name')?.readOnly).toBe(false);
    expect(person?.relationships.get('computers')?.readOnly).toBe(false);
  });

  it('refuses a required name that is no attribute, and unknown values of the new members', () => {
    expect(() => defineSchema({ types: { a: { root: 'as', required: ['nope'], attributes: { x: { type: 'string' } } } } })).toThrow(SchemaError);
    expect(() => defineSchema({ types: { a: { root: 'as', clientIds: 'sometimes' as never } } })).toThrow(SchemaError);
    expect(() => defineSchema({ types: { a: { root: 'as', readOnly: 'yes' as never } } })).toThrow(SchemaError);
  });
});
