/**
 * The request documents of the single-resource routes as lists of one operation,
 * and every refusal with its status, code and `source.pointer`.
 */
import { describe, expect, it } from 'vitest';
import type { JsonApiError } from '../../src/errors/query-error.js';
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  idRef,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from '../../src/operations/operation-factories.js';
import { parseRouteDocument, type WriteTarget } from '../../src/write/parse-route-document.js';
import { newPerson, writeSchema } from './write-schema.js';

const CREATE_PERSON: WriteTarget = { kind: 'create', type: 'person' };
const parse = (document: unknown, target: WriteTarget = CREATE_PERSON, limits = {}) =>
  parseRouteDocument(typeof document === 'string' ? document : JSON.stringify(document), target, { schema: writeSchema, limits });
const errorOf = (document: unknown, target: WriteTarget = CREATE_PERSON, limits = {}): JsonApiError => {
  try {
    parse(document, target, limits);
  } catch (error) {
    return (error as { errors: JsonApiError[] }).errors[0] as JsonApiError;
  }
  throw new Error('expected a refusal');
};

describe('the operation of each route', () => {
  it('POST /persons creates', () => {
    const document = { data: { ...newPerson(), relationships: { computers: { data: [{ type: 'computer', id: '1' }] } } } };
    const { operations, sources } = parse(document);
    expect(operations).toEqual([
      createOperation('person', { attributes: { name: 'Ada', display_name: 'Ada L.' }, relationships: { computers: [idRef('computer', '1')] } }),
    ]);
    expect(sources).toEqual([{ pointer: '', ref: undefined }]);
    expect(Object.isFrozen(operations[0])).toBe(true);
    expect(Object.isFrozen((operations[0] as { attributes: object }).attributes)).toBe(true);
  });

  it('PATCH /persons/1 updates the members given, normalising -0', () => {
    const target: WriteTarget = { kind: 'update', type: 'person', id: '1' };
    expect(parse({ data: { type: 'person', id: '1', attributes: { name: 'Bo' } } }, target).operations).toEqual([
      updateOperation(idRef('person', '1'), { attributes: { name: 'Bo' }, relationships: {} }),
    ]);
    const tag: WriteTarget = { kind: 'update', type: 'tag', id: 7 };
    const [operation] = parse({ data: { type: 'tag', id: '7', attributes: { weight: -0 } } }, tag).operations;
    expect(Object.is((operation as unknown as { attributes: { weight: number } }).attributes.weight, 0)).toBe(true);
  });

  it('DELETE /persons/1 deletes and reads no body', () => {
    expect(parseRouteDocument('not json', { kind: 'delete', type: 'person', id: '1' }, { schema: writeSchema }).operations).toEqual([
      deleteOperation(idRef('person', '1')),
    ]);
  });

  it('relationship routes replace, add and remove', () => {
    const ref = idRef('computer', '1');
    expect(parse({ data: null }, { kind: 'set_relationship', type: 'computer', id: '1', relationship: 'owner' }).operations).toEqual([
      setRelationshipOperation(ref, 'owner', null),
    ]);
    const members = { data: [{ type: 'computer', id: '2' }] };
    const person = idRef('person', '1');
    expect(parse(members, { kind: 'add_to_relationship', type: 'person', id: '1', relationship: 'computers' }).operations).toEqual([
      addToRelationshipOperation(person, 'computers', [idRef('computer', '2')]),
    ]);
    expect(parse(members, { kind: 'remove_from_relationship', type: 'person', id: '1', relationship: 'computers' }).operations).toEqual([
      removeFromRelationshipOperation(person, 'computers', [idRef('computer', '2')]),
    ]);
  });

  it('takes client ids where the type allows or requires them, normalised by the id rule', () => {
    const [tag] = parse({ data: { type: 'tag', id: '42', attributes: { label: 'l', note: null } } }, { kind: 'create', type: 'tag' }).operations;
    expect(tag).toMatchObject({ kind: 'create', id: 42 });
    const [code] = parse({ data: { type: 'code', id: 'abc', attributes: { value: 'x' } } }, { kind: 'create', type: 'code' }).operations;
    expect(code).toMatchObject({ id: 'abc' });
  });

  it('ignores members the specification does not define (meta, links, unknown) outside attributes and relationships', () => {
    const document = { data: { ...newPerson(), meta: { a: 1 }, links: {}, extra: 1 }, meta: {}, jsonapi: { version: '1.1' } };
    expect(parse(document).operations).toHaveLength(1);
  });
});

describe('refusals', () => {
  const update: WriteTarget = { kind: 'update', type: 'person', id: '1' };
  it.each<[string, unknown, WriteTarget, Partial<JsonApiError>]>([
    ['a document that is not an object', [], CREATE_PERSON, { status: '400', code: 'invalid_document', source: { pointer: '' } }],
    ['no data', { meta: {} }, CREATE_PERSON, { status: '400', code: 'invalid_document', source: { pointer: '' } }],
    ['data that is not an object', { data: [] }, CREATE_PERSON, { status: '400', code: 'invalid_document', source: { pointer: '/data' } }],
    ['no type', { data: { attributes: {} } }, CREATE_PERSON, { status: '400', code: 'invalid_document', source: { pointer: '/data' } }],
    ['another type than the route', { data: { type: 'computer', attributes: { serial: 'x' } } }, CREATE_PERSON, { status: '409', code: 'type_mismatch', source: { pointer: '/data/type' } }],
    ['a type of no string', { data: { type: 7 } }, CREATE_PERSON, { status: '400', code: 'invalid_document', source: { pointer: '/data/type' } }],
    ['a client id the type forbids', { data: { ...newPerson(), id: '9' } }, CREATE_PERSON, { status: '403', code: 'client_id_forbidden', source: { pointer: '/data/id' } }],
    ['a client id of no string', { data: { type: 'tag', id: 9, attributes: { note: null } } }, { kind: 'create', type: 'tag' }, { status: '400', code: 'invalid_id', source: { pointer: '/data/id' } }],
    ['a non-canonical integer client id', { data: { type: 'tag', id: '09', attributes: { note: null } } }, { kind: 'create', type: 'tag' }, { status: '400', code: 'invalid_id', source: { pointer: '/data/id' } }],
    ['an empty client id', { data: { type: 'code', id: '', attributes: { value: 'x' } } }, { kind: 'create', type: 'code' }, { status: '400', code: 'invalid_id', source: { pointer: '/data/id' } }],
    ['a client id with a NUL', { data: { type: 'code', id: 'a\u0000', attributes: { value: 'x' } } }, { kind: 'create', type: 'code' }, { status: '400', code: 'invalid_id' }],
    ['no client id where one is required', { data: { type: 'code', attributes: { value: 'x' } } }, { kind: 'create', type: 'code' }, { status: '400', code: 'missing_id', source: { pointer: '/data' } }],
    ['a missing required attribute', { data: { type: 'person', attributes: { name: 'Ada' } } }, CREATE_PERSON, { status: '400', code: 'missing_attribute', source: { pointer: '/data/attributes' } }],
    ['a missing nullable attribute the type requires', { data: { type: 'tag', attributes: { label: 'x' } } }, { kind: 'create', type: 'tag' }, { status: '400', code: 'missing_attribute', detail: 'A new tag needs the attribute "note".' }],
    ['an unknown attribute', { data: { ...newPerson(), attributes: { ...newPerson().attributes, nmae: 'x' } } }, CREATE_PERSON, { status: '400', code: 'unknown_field', source: { pointer: '/data/attributes/nmae' } }],
    ['a __proto__ attribute', JSON.parse('{"data":{"type":"person","attributes":{"__proto__":{"name":"x"}}}}'), CREATE_PERSON, { status: '400', code: 'unknown_field', source: { pointer: '/data/attributes/__proto__' } }],
    ['a constructor attribute', { data: { type: 'person', attributes: { constructor: 'x' } } }, CREATE_PERSON, { status: '400', code: 'unknown_field', source: { pointer: '/data/attributes/constructor' } }],
    ['attributes that are no object', { data: { type: 'person', attributes: [] } }, CREATE_PERSON, { status: '400', code: 'invalid_document', source: { pointer: '/data/attributes' } }],
    ['a value of the wrong JSON type', { data: { type: 'person', attributes: { name: 1 } } }, CREATE_PERSON, { status: '400', code: 'invalid_attribute', detail: 'The attribute "name" must be string.', source: { pointer: '/data/attributes/name' } }],
    ['a value past its maxLength (code points)', { data: { type: 'person', attributes: { name: '😀'.repeat(21) } } }, CREATE_PERSON, { status: '400', code: 'invalid_attribute' }],
    ['a lone surrogate', { data: { type: 'person', attributes: { name: '\uD800' } } }, CREATE_PERSON, { status: '400', code: 'invalid_attribute', detail: 'The attribute "name" cannot hold a NUL character or a lone UTF-16 surrogate.' }],
    ['a NUL', { data: { type: 'person', attributes: { display_name: 'a\u0000' } } }, CREATE_PERSON, { status: '400', code: 'invalid_attribute', source: { pointer: '/data/attributes/display_name' } }],
    ['a date in another format', { data: { type: 'person', attributes: { birth_date: '02/04/1990' } } }, CREATE_PERSON, { status: '400', code: 'invalid_attribute', source: { pointer: '/data/attributes/birth_date' } }],
    ['an integer no layer holds exactly', { data: { type: 'tag', id: '7', attributes: { weight: 2 ** 53 } } }, { kind: 'update', type: 'tag', id: 7 }, { status: '400', code: 'invalid_attribute', source: { pointer: '/data/attributes/weight' } }],
    ['a read-only attribute', { data: { type: 'tag', id: '7', attributes: { created: 'now' } } }, { kind: 'update', type: 'tag', id: 7 }, { status: '403', code: 'read_only_field', source: { pointer: '/data/attributes/created' } }],
    ['a read-only relationship', { data: { type: 'tag', id: '7', relationships: { creator: { data: null } } } }, { kind: 'update', type: 'tag', id: 7 }, { status: '403', code: 'read_only_field', source: { pointer: '/data/relationships/creator' } }],
    ['an unknown relationship', { data: { type: 'person', id: '1', relationships: { pets: { data: [] } } } }, update, { status: '400', code: 'unknown_relationship', source: { pointer: '/data/relationships/pets' } }],
    ['a relationship without data', { data: { type: 'person', id: '1', relationships: { computers: {} } } }, update, { status: '400', code: 'invalid_document', source: { pointer: '/data/relationships/computers' } }],
    ['a to-many relationship given one identifier', { data: { type: 'person', id: '1', relationships: { computers: { data: { type: 'computer', id: '1' } } } } }, update, { status: '400', code: 'invalid_document', source: { pointer: '/data/relationships/computers/data' } }],
    ['a related identifier of another type', { data: { type: 'person', id: '1', relationships: { computers: { data: [{ type: 'person', id: '1' }] } } } }, update, { status: '409', code: 'type_mismatch', source: { pointer: '/data/relationships/computers/data/0/type' } }],
    ['a related identifier listed twice', { data: { type: 'person', id: '1', relationships: { computers: { data: [{ type: 'computer', id: '1' }, { type: 'computer', id: '1' }] } } } }, update, { status: '400', code: 'invalid_document', source: { pointer: '/data/relationships/computers/data/1' } }],
    ['a related id no resource can have', { data: { type: 'tag', id: '7', relationships: { people: { data: [{ type: 'person', id: 'x'.repeat(65) }] } } } }, { kind: 'update', type: 'tag', id: 7 }, { status: '404', code: 'related_not_found', source: { pointer: '/data/relationships/people/data/0/id' } }],
    ['a related id of no string', { data: { type: 'computer', id: '1', relationships: { owner: { data: { type: 'person', id: 1 } } } } }, { kind: 'update', type: 'computer', id: '1' }, { status: '400', code: 'invalid_id', source: { pointer: '/data/relationships/owner/data/id' } }],
    ['an id and a lid in one identifier', { data: { type: 'computer', id: '1', relationships: { owner: { data: { type: 'person', id: '1', lid: 'a' } } } } }, { kind: 'update', type: 'computer', id: '1' }, { status: '400', code: 'invalid_document' }],
    ['an unknown lid', { data: { type: 'computer', id: '1', relationships: { owner: { data: { type: 'person', lid: 'a' } } } } }, { kind: 'update', type: 'computer', id: '1' }, { status: '400', code: 'unknown_lid', source: { pointer: '/data/relationships/owner/data/lid' } }],
    ['an update without id', { data: { type: 'person', attributes: {} } }, update, { status: '400', code: 'invalid_document', source: { pointer: '/data' } }],
    ['an update of another id', { data: { type: 'person', id: '2' } }, update, { status: '409', code: 'id_mismatch', source: { pointer: '/data/id' } }],
    ['an update of a non-canonical integer id', { data: { type: 'tag', id: '07' } }, { kind: 'update', type: 'tag', id: 7 }, { status: '409', code: 'id_mismatch', source: { pointer: '/data/id' } }],
    ['an update of another type', { data: { type: 'computer', id: '1' } }, update, { status: '409', code: 'type_mismatch', source: { pointer: '/data/type' } }],
    ['a to-one relationship given a list', { data: [] }, { kind: 'set_relationship', type: 'computer', id: '1', relationship: 'owner' }, { status: '400', code: 'invalid_document', source: { pointer: '/data' } }],
    ['a to-many relationship given null', { data: null }, { kind: 'add_to_relationship', type: 'person', id: '1', relationship: 'computers' }, { status: '400', code: 'invalid_document', source: { pointer: '/data' } }],
  ])('%s', (_, document, target, expected) => {
    expect(errorOf(document, target)).toMatchObject(expected);
  });

  it('escapes pointers (RFC 6901)', () => {
    expect(errorOf({ data: { type: 'person', attributes: { 'a/b~c': 1 } } })).toMatchObject({ source: { pointer: '/data/attributes/a~1b~0c' } });
  });
});

describe('maxLinkageItems', () => {
  const target: WriteTarget = { kind: 'set_relationship', type: 'person', id: '1', relationship: 'computers' };
  const members = (count: number) => ({ data: Array.from({ length: count }, (_, index) => ({ type: 'computer', id: String(index) })) });
  it('takes exactly the limit', () => {
    expect(parse(members(3), target, { maxLinkageItems: 3 }).operations).toHaveLength(1);
    expect(parse(members(1000), target).operations).toHaveLength(1);
  });
  it('refuses one past it', () => {
    expect(errorOf(members(4), target, { maxLinkageItems: 3 })).toMatchObject({ status: '400', code: 'too_many_identifiers', source: { pointer: '/data' }, meta: { limit: 3 } });
    expect(errorOf(members(1001), target)).toMatchObject({ code: 'too_many_identifiers', meta: { limit: 1000 } });
  });
});

describe('maxIdLength applies to ids and lids in documents', () => {
  const code: WriteTarget = { kind: 'create', type: 'code' };
  it('takes a client id of exactly the limit and refuses one past it', () => {
    expect(parse({ data: { type: 'code', id: 'x'.repeat(64), attributes: { value: 'v' } } }, code).operations).toHaveLength(1);
    expect(errorOf({ data: { type: 'code', id: 'x'.repeat(65), attributes: { value: 'v' } } }, code)).toMatchObject({ code: 'invalid_id' });
  });
  it('takes a lid of exactly the limit and refuses one past it', () => {
    expect(parse({ data: { ...newPerson(), lid: 'l'.repeat(64) } }).operations[0]).toMatchObject({ lid: 'l'.repeat(64) });
    expect(errorOf({ data: { ...newPerson(), lid: 'l'.repeat(65) } })).toMatchObject({ code: 'invalid_document', source: { pointer: '/data/lid' } });
  });
});
