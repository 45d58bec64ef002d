/**
 * Atomic Operations documents as lists of operations: every `op` with and without
 * `ref`, lids resolved to their create, `maxOperations` at and one past the limit,
 * and refusals pointing into `/atomic:operations/<n>`.
 */
import { describe, expect, it } from 'vitest';
import type { JsonApiError } from '../../src/errors/query-error.js';
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  idRef,
  lidRef,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from '../../src/operations/operation-factories.js';
import { parseAtomicDocument } from '../../src/write/parse-atomic-document.js';
import { newPerson, writeSchema } from './write-schema.js';

const parse = (operations: unknown, limits = {}) =>
  parseAtomicDocument(JSON.stringify({ 'atomic:operations': operations }), { schema: writeSchema, limits });
const errorOf = (operations: unknown, limits = {}): JsonApiError => {
  try {
    parse(operations, limits);
  } catch (error) {
    return (error as { errors: JsonApiError[] }).errors[0] as JsonApiError;
  }
  throw new Error('expected a refusal');
};
const fields = (attributes: Record<string, unknown>, relationships = {}) => ({ attributes, relationships });

describe('operations', () => {
  it('reads every op, with lids resolved to the index of their create', () => {
    const { operations, sources } = parse([
      { op: 'add', data: { ...newPerson(), lid: 'ada' } },
      { op: 'add', data: { type: 'computer', lid: 'pc', attributes: { serial: 'X1' }, relationships: { owner: { data: { type: 'person', lid: 'ada' } } } } },
      { op: 'update', data: { type: 'person', lid: 'ada', attributes: { gender: 'f' } } },
      { op: 'update', ref: { type: 'person', id: '2' }, data: { type: 'person', id: '2', attributes: { name: 'Bo' } } },
      { op: 'update', ref: { type: 'computer', lid: 'pc', relationship: 'owner' }, data: null },
      { op: 'add', ref: { type: 'person', id: '2', relationship: 'computers' }, data: [{ type: 'computer', lid: 'pc' }] },
      { op: 'remove', ref: { type: 'person', id: '2', relationship: 'computers' }, data: [{ type: 'computer', id: '1' }] },
      { op: 'remove', ref: { type: 'computer', id: '1' } },
    ]);
    const ada = lidRef('person', 'ada', 0);
    const pc = lidRef('computer', 'pc', 1);
    expect(operations).toEqual([
      createOperation('person', fields({ name: 'Ada', display_name: 'Ada L.' }), { lid: 'ada' }),
      createOperation('computer', fields({ serial: 'X1' }, { owner: ada }), { lid: 'pc' }),
      updateOperation(ada, fields({ gender: 'f' })),
      updateOperation(idRef('person', '2'), fields({ name: 'Bo' })),
      setRelationshipOperation(pc, 'owner', null),
      addToRelationshipOperation(idRef('person', '2'), 'computers', [pc]),
      removeFromRelationshipOperation(idRef('person', '2'), 'computers', [idRef('computer', '1')]),
      deleteOperation(idRef('computer', '1')),
    ]);
    expect(sources[0]).toEqual({ pointer: '/atomic:operations/0', ref: '/atomic:operations/0/data' });
    expect(sources[7]).toEqual({ pointer: '/atomic:operations/7', ref: '/atomic:operations/7/ref' });
  });

  it('takes an update by ref alone (data naming the same resource)', () => {
    expect(parse([{ op: 'update', ref: { type: 'tag', id: '3' }, data: { type: 'tag', id: '3', attributes: { label: 'x' } } }]).operations).toEqual([
      updateOperation(idRef('tag', 3), fields({ label: 'x' })),
    ]);
  });
});

describe('maxOperations', () => {
  const adds = (count: number) => Array.from({ length: count }, (_, index) => ({ op: 'add', data: newPerson(`P${String(index)}`) }));
  it('takes exactly the limit', () => {
    expect(parse(adds(100)).operations).toHaveLength(100);
    expect(parse(adds(2), { maxOperations: 2 }).operations).toHaveLength(2);
  });
  it('refuses one past it', () => {
    expect(errorOf(adds(101))).toMatchObject({ status: '400', code: 'too_many_operations', source: { pointer: '/atomic:operations' }, meta: { limit: 100 } });
    expect(errorOf(adds(3), { maxOperations: 2 })).toMatchObject({ code: 'too_many_operations', meta: { limit: 2 } });
  });
});

describe('refusals point into the operation', () => {
  const at = (index: number, rest = '') => `/atomic:operations/${String(index)}${rest}`;
  it.each<[string, unknown, Partial<JsonApiError>]>([
    ['an empty list', [], { code: 'invalid_document', source: { pointer: '/atomic:operations' } }],
    ['an operation that is not an object', [1], { code: 'invalid_document', source: { pointer: at(0) } }],
    ['an unknown op', [{ op: 'upsert', data: newPerson() }], { code: 'invalid_document', source: { pointer: at(0, '/op') } }],
    ['an href', [{ op: 'remove', href: '/persons/1' }], { code: 'invalid_document', source: { pointer: at(0, '/href') } }],
    ['a remove without ref', [{ op: 'remove', data: { type: 'person', id: '1' } }], { code: 'invalid_document', source: { pointer: at(0) } }],
    ['an add without data', [{ op: 'add' }], { code: 'invalid_document', source: { pointer: at(0) } }],
    ['an add with a ref and no relationship', [{ op: 'add', ref: { type: 'person', id: '1' }, data: newPerson() }], { code: 'invalid_document', source: { pointer: at(0, '/ref') } }],
    ['an unknown type', [{ op: 'add', data: { type: 'pet' } }], { status: '400', code: 'unknown_type', source: { pointer: at(0, '/data/type') } }],
    ['a read-only type', [{ op: 'add', data: { type: 'country', attributes: { name: 'x' } } }], { status: '403', code: 'read_only_type', source: { pointer: at(0, '/data/type') } }],
    ['a read-only type by ref', [{ op: 'remove', ref: { type: 'country', id: '1' } }], { status: '403', code: 'read_only_type', source: { pointer: at(0, '/ref/type') } }],
    ['a bad attribute in the fourth operation', [{ op: 'add', data: newPerson() }, { op: 'add', data: newPerson() }, { op: 'add', data: newPerson() }, { op: 'add', data: { type: 'computer', attributes: { serial: 5 } } }], { code: 'invalid_attribute', source: { pointer: at(3, '/data/attributes/serial') } }],
    ['a lid used before its create', [{ op: 'update', data: { type: 'person', lid: 'a', attributes: {} } }, { op: 'add', data: { ...newPerson(), lid: 'a' } }], { code: 'unknown_lid', source: { pointer: at(0, '/data/lid') } }],
    ['a lid declared twice', [{ op: 'add', data: { ...newPerson(), lid: 'a' } }, { op: 'add', data: { ...newPerson(), lid: 'a' } }], { code: 'duplicate_lid', source: { pointer: at(1, '/data/lid') } }],
    ['a lid of another type', [{ op: 'add', data: { ...newPerson(), lid: 'a' } }, { op: 'remove', ref: { type: 'computer', lid: 'a' } }], { status: '409', code: 'type_mismatch', source: { pointer: at(1, '/ref/lid') } }],
    ['a ref and data naming two resources', [{ op: 'update', ref: { type: 'person', id: '1' }, data: { type: 'person', id: '2' } }], { status: '409', code: 'id_mismatch', source: { pointer: at(0, '/data') } }],
    ['a ref and data of two types', [{ op: 'update', ref: { type: 'person', id: '1' }, data: { type: 'computer', id: '1' } }], { status: '409', code: 'type_mismatch', source: { pointer: at(0, '/data/type') } }],
    ['an unknown relationship', [{ op: 'update', ref: { type: 'person', id: '1', relationship: 'pets' }, data: [] }], { code: 'unknown_relationship', source: { pointer: at(0, '/ref/relationship') } }],
    ['a read-only relationship', [{ op: 'update', ref: { type: 'tag', id: '1', relationship: 'creator' }, data: null }], { status: '403', code: 'read_only_field', source: { pointer: at(0, '/ref/relationship') } }],
    ['an add to a to-one relationship', [{ op: 'add', ref: { type: 'computer', id: '1', relationship: 'owner' }, data: [] }], { code: 'invalid_document', source: { pointer: at(0, '/op') } }],
    ['a relationship change without data', [{ op: 'update', ref: { type: 'computer', id: '1', relationship: 'owner' } }], { code: 'invalid_document', source: { pointer: at(0) } }],
    ['a target id no resource can have', [{ op: 'remove', ref: { type: 'tag', id: '01' } }], { status: '404', code: 'not_found', source: { pointer: at(0, '/ref/id') } }],
    ['a client id the type forbids', [{ op: 'add', data: { ...newPerson(), id: '99' } }], { status: '403', code: 'client_id_forbidden', source: { pointer: at(0, '/data/id') } }],
  ])('%s', (_, operations, expected) => {
    expect(errorOf(operations)).toMatchObject({ status: '400', ...expected });
  });

  it('refuses a document without atomic:operations, or with data beside it', () => {
    const errorOfDocument = (document: unknown): unknown => {
      try {
        parseAtomicDocument(JSON.stringify(document), { schema: writeSchema });
      } catch (error) {
        return (error as { errors: unknown[] }).errors[0];
      }
      return undefined;
    };
    expect(errorOfDocument({ data: newPerson() })).toMatchObject({ code: 'invalid_document', source: { pointer: '/data' } });
    expect(errorOfDocument({ meta: {} })).toMatchObject({ code: 'invalid_document', source: { pointer: '' } });
    expect(errorOfDocument({ 'atomic:operations': {} })).toMatchObject({ code: 'invalid_document', source: { pointer: '/atomic:operations' } });
  });
});
