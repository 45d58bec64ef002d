import { describe, expect, it } from 'vitest';
import { defineSchema, resolveSchema, SchemaError, type ResourceSchema } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';

function issuesOf(document: unknown): readonly { type?: string; field?: string; message: string }[] {
  try {
    defineSchema(document as ResourceSchema);
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return (error as SchemaError).issues;
  }
  throw new Error('expected a SchemaError');
}

describe('defineSchema', () => {
  it('accepts the example schema and resolves field kinds', () => {
    const person = resolveSchema(exampleSchema).types.get('person');
    expect(person?.root).toBe('persons');
    expect(person?.attributes.get('birth_date')).toMatchObject({ kind: 'date', nullable: true });
    expect(person?.attributes.get('name')).toMatchObject({ kind: 'string', nullable: false });
    expect(person?.relationships.get('computers')).toMatchObject({ target: 'computer', toMany: true, inverse: 'owner' });
    expect(resolveSchema(exampleSchema).roots.get('computers')?.name).toBe('computer');
  });

  it('freezes the document', () => {
    expect(Object.isFrozen(exampleSchema.types.person.attributes.name)).toBe(true);
  });

  it('derives an inverse declared only on the other side', () => {
    const schema = defineSchema({
      types: {
        a: { root: 'as', relationships: { bs: { target: 'b', to: 'many' } } },
        b: { root: 'bs', relationships: { a: { target: 'a', to: 'one', inverse: 'bs' } } },
      },
    });
    expect(resolveSchema(schema).types.get('a')?.relationships.get('bs')?.inverse).toBe('a');
  });

  it.each([
    ['an empty types object', { types: {} }, { message: expect.stringContaining('fewer than 1') }],
    ['a missing root', { types: { a: {} } }, { type: 'a' }],
    [
      'an unknown attribute keyword',
      { types: { a: { root: 'as', attributes: { x: { type: 'string', sortible: false } } } } },
      { type: 'a', field: 'x', message: expect.stringContaining('sortible') },
    ],
    [
      'an object attribute',
      { types: { a: { root: 'as', attributes: { x: { type: 'object' } } } } },
      { type: 'a', field: 'x' },
    ],
    [
      'an attribute named id',
      { types: { a: { root: 'as', attributes: { id: { type: 'string' } } } } },
      { type: 'a', message: expect.stringContaining('"id"') },
    ],
    [
      'a field name with a double underscore',
      { types: { a: { root: 'as', attributes: { a__b: { type: 'string' } } } } },
      { type: 'a', message: expect.stringContaining('a__b') },
    ],
    [
      'an unknown relationship target',
      { types: { a: { root: 'as', relationships: { b: { target: 'nope', to: 'one' } } } } },
      { type: 'a', field: 'b', message: expect.stringContaining('nope') },
    ],
    [
      'a wrong inverse',
      {
        types: {
          a: { root: 'as', relationships: { b: { target: 'b', to: 'one', inverse: 'x' } } },
          b: { root: 'bs' },
        },
      },
      { type: 'a', field: 'b', message: expect.stringContaining('"x"') },
    ],
    [
      'a duplicate root',
      { types: { a: { root: 'xs' }, b: { root: 'xs' } } },
      { type: 'b', message: expect.stringContaining('xs') },
    ],
    [
      'an unknown format',
      { types: { a: { root: 'as', attributes: { d: { type: 'string', format: 'nonsense' } } } } },
      { type: 'a', field: 'd', message: expect.stringContaining('nonsense') },
    ],
    [
      'a nullable enum without null',
      { types: { a: { root: 'as', attributes: { g: { type: ['string', 'null'], enum: ['m'] } } } } },
      { type: 'a', field: 'g' },
    ],
    [
      'a field both attribute and relationship',
      {
        types: {
          a: { root: 'as', attributes: { b: { type: 'string' } }, relationships: { b: { target: 'a', to: 'one' } } },
        },
      },
      { type: 'a', field: 'b' },
    ],
  ])('rejects %s, naming the type and field', (_, document, expected) => {
    expect(issuesOf(document)).toContainEqual(expect.objectContaining(expected));
  });

  it('puts every issue in the message', () => {
    expect(() => defineSchema({ types: { a: { root: 'as', relationships: { b: { target: 'nope', to: 'one' } } } } })).toThrow(
      /type "a", field "b": targets unknown type "nope"/,
    );
  });
});
