/**
 * The writes in the OpenAPI document of a writable handler: which routes take which
 * methods (read-only types and relationships none), and request-body schemas that
 * accept what the handler accepts and refuse what it refuses.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { toOpenApi } from '../../src/openapi/index.js';
import { newPerson, writeSchema } from '../write/write-schema.js';

const document = toOpenApi(writeSchema, { writable: true });
const methods = (path: string): string[] => Object.keys(document.paths[path] ?? {}).sort();

describe('the document of a writable handler', () => {
  it('lists the write methods of every route', () => {
    expect(methods('/persons')).toEqual(['get', 'head', 'post']);
    expect(methods('/persons/{id}')).toEqual(['delete', 'get', 'head', 'patch']);
    expect(methods('/persons/{id}/relationships/computers')).toEqual(['delete', 'get', 'head', 'patch', 'post']);
    expect(methods('/computers/{id}/relationships/owner')).toEqual(['get', 'head', 'patch']);
    expect(methods('/persons/{id}/computers')).toEqual(['get', 'head']);
    expect(methods('/tags/{id}/relationships/creator')).toEqual(['get', 'head']);
    expect(methods('/countries')).toEqual(['get', 'head']);
    expect(methods('/countries/{id}')).toEqual(['get', 'head']);
    expect(methods('/operations')).toEqual(['post']);
  });

  it('lists none without writable', () => {
    const readOnly = toOpenApi(writeSchema);
    expect(Object.keys(readOnly.paths['/persons'] ?? {}).sort()).toEqual(['get', 'head']);
    expect(readOnly.paths['/operations']).toBeUndefined();
  });

  describe('request bodies', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    formats.default(ajv);
    ajv.addSchema({ ...structuredClone(document), $id: 'urn:jsonapi-query:write-document' });
    const valid = (name: string, body: unknown): boolean => ajv.validate({ $ref: `urn:jsonapi-query:write-document#/components/schemas/${name}` }, body);

    it('take a create with the attributes it needs, without an id the server chooses', () => {
      expect(valid('person.request.create', { data: newPerson() })).toBe(true);
      expect(valid('person.request.create', { data: { type: 'person', attributes: { name: 'A' } } })).toBe(false);
      expect(valid('person.request.create', { data: { ...newPerson(), id: '7' } })).toBe(false);
      expect(valid('code.request.create', { data: { type: 'code', attributes: { value: 'v' } } })).toBe(false);
      expect(valid('code.request.create', { data: { type: 'code', id: 'c', attributes: { value: 'v' } } })).toBe(true);
    });

    it('refuse read-only and unknown fields, and take relationships by id or lid', () => {
      expect(valid('tag.request.update', { data: { type: 'tag', id: '1', attributes: { created: 'x' } } })).toBe(false);
      expect(valid('tag.request.update', { data: { type: 'tag', id: '1', relationships: { creator: { data: null } } } })).toBe(false);
      expect(valid('person.request.update', { data: { type: 'person', id: '1', attributes: { nmae: 'x' } } })).toBe(false);
      const owner = { data: { type: 'computer', id: '1', relationships: { owner: { data: { type: 'person', lid: 'p' } } } } };
      expect(valid('computer.request.update', owner)).toBe(true);
      expect(valid('person.request.members.computers', { data: [{ type: 'computer', id: '1' }] })).toBe(true);
      expect(valid('computer.request.relationship.owner', { data: null })).toBe(true);
      expect(valid('computer.request.relationship.owner', { data: [] })).toBe(false);
    });

    it('take an atomic request of at most maxOperations operations', () => {
      const operation = { op: 'add', data: newPerson() };
      expect(valid('AtomicRequest', { 'atomic:operations': Array.from({ length: 100 }, () => operation) })).toBe(true);
      expect(valid('AtomicRequest', { 'atomic:operations': Array.from({ length: 101 }, () => operation) })).toBe(false);
      expect(valid('AtomicRequest', { 'atomic:operations': [{ op: 'upsert' }] })).toBe(false);
    });
  });
});
