/**
 * The operation factories copy and freeze what they are given: the node, its
 * `attributes` and `relationships` records and each to-many linkage. Checked against
 * the copy they made before (every member defined on a fresh object, the node
 * spread together), kept here as the reference: same members in the same order,
 * same property descriptors, `__proto__` an own member, nothing shared with the input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOperation, idRef, updateOperation } from '../../src/operations/operation-factories.js';
import type { RelationshipValue, ResourceFields, ResourceRef } from '../../src/operations/operation-node.js';

function referenceRecord<T>(record: Readonly<Record<string, T>>, copy: (value: T) => T): Readonly<Record<string, T>> {
  const frozen: Record<string, T> = {};
  for (const [name, value] of Object.entries(record)) Object.defineProperty(frozen, name, { value: copy(value), enumerable: true });
  return Object.freeze(frozen);
}

const referenceLinkage = (linkage: RelationshipValue): RelationshipValue =>
  Array.isArray(linkage) ? Object.freeze([...(linkage as readonly ResourceRef[])]) : linkage;

function referenceCreate(type: string, fields: ResourceFields, naming: { readonly id?: string | number; readonly lid?: string }): unknown {
  return Object.freeze({
    kind: 'create',
    type,
    ...(naming.id === undefined ? {} : { id: naming.id }),
    ...(naming.lid === undefined ? {} : { lid: naming.lid }),
    attributes: referenceRecord(fields.attributes, (value) => value),
    relationships: referenceRecord(fields.relationships, referenceLinkage),
  });
}

/** Every own property with its descriptor, in order, nested records and arrays included. */
function shape(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return {
    frozen: Object.isFrozen(value),
    array: Array.isArray(value),
    prototype: Object.getPrototypeOf(value) === Object.prototype ? 'object' : Array.isArray(value) ? 'array' : 'other',
    members: Reflect.ownKeys(value).map((key) => {
      const { value: member, ...descriptor } = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
      return [String(key), descriptor, shape(member)];
    }),
  };
}

const memberName = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'name', 'id'), fc.string({ maxLength: 6 }));
const ref = fc.oneof(
  fc.record({ kind: fc.constant('id' as const), type: fc.constantFrom('person', 'computer'), id: fc.oneof(fc.string({ maxLength: 4 }), fc.nat()) }),
  fc.record({ kind: fc.constant('lid' as const), type: fc.constantFrom('person', 'computer'), lid: fc.string({ maxLength: 4 }), operation: fc.nat(9) }),
);
const linkage: fc.Arbitrary<RelationshipValue> = fc.oneof(fc.constant(null), ref, fc.array(ref, { maxLength: 3 }));
/** A record built as `JSON.parse` builds one: `__proto__` an own member. */
const recordOf = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> =>
  fc.array(fc.tuple(memberName, value), { maxLength: 5 }).map((entries) => Object.fromEntries(entries) as Record<string, T>);
const fields: fc.Arbitrary<ResourceFields> = fc.record({ attributes: recordOf(fc.jsonValue()), relationships: recordOf(linkage) });
const naming = fc.record({ id: fc.oneof(fc.string({ maxLength: 4 }), fc.nat()), lid: fc.string({ maxLength: 4 }) }, { requiredKeys: [] });

describe('operation factories against the copy they made before', () => {
  it('createOperation gives the same frozen node, sharing no record or list with its input', () => {
    fc.assert(
      fc.property(fc.constantFrom('person', 'computer'), fields, naming, (type, given, name) => {
        const operation = createOperation(type, given, name);
        expect(shape(operation)).toEqual(shape(referenceCreate(type, given, name)));
        expect(operation).toEqual(referenceCreate(type, given, name));
        expect(operation.attributes).not.toBe(given.attributes);
        expect(operation.relationships).not.toBe(given.relationships);
        for (const [key, value] of Object.entries(given.relationships)) {
          if (Array.isArray(value)) expect(operation.relationships[key]).not.toBe(value);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('updateOperation gives the same frozen node', () => {
    fc.assert(
      fc.property(fields, (given) => {
        const target = idRef('person', '1');
        const reference = Object.freeze({
          kind: 'update',
          ref: target,
          attributes: referenceRecord(given.attributes, (value) => value),
          relationships: referenceRecord(given.relationships, referenceLinkage),
        });
        expect(shape(updateOperation(target, given))).toEqual(shape(reference));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a member named __proto__ as an own member, leaving the prototype alone', () => {
    const attributes = JSON.parse('{"__proto__":{"polluted":true},"name":"Ada"}') as Record<string, unknown>;
    const operation = createOperation('person', { attributes, relationships: {} });
    expect(Object.getPrototypeOf(operation.attributes)).toBe(Object.prototype);
    expect(Object.keys(operation.attributes)).toEqual(['__proto__', 'name']);
    expect((operation.attributes as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
