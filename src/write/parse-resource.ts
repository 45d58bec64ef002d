/**
 * The `attributes` and `relationships` of a resource object in a write, checked
 * against the schema: unknown names are a 400, read-only ones a 403, values are
 * validated by the attribute's JSON Schema (ajv) and the value rules of the query
 * (storable text, exact integers, `-0` is `0`), and a create gives every required
 * attribute.
 */
import type { RelationshipValue, ResourceFields, ResourceRef } from '../operations/operation-node.js';
import { setOwnMember } from '../operations/own-member.js';
import { exactInteger, withoutNegativeZero } from '../rules/number-rules.js';
import { storableText } from '../rules/string-rules.js';
import type { ResolvedAttribute, ResolvedRelationship, ResolvedType } from '../schema/resolved-schema.js';
import { jsonPointer } from './json-pointer.js';
import { parseIdentifier } from './parse-identifier.js';
import { memberOf, objectAt, refuse, type WriteContext } from './write-context.js';

/**
 * The fields of a resource object at `pointer` (its `attributes` and
 * `relationships`), for a create or an update of `type`.
 */
export function parseFields(
  context: WriteContext,
  resource: Readonly<Record<string, unknown>>,
  pointer: string,
  type: ResolvedType,
  mode: 'create' | 'update',
): ResourceFields {
  const attributes: Record<string, unknown> = {};
  const given = memberOf(resource, 'attributes');
  if (given !== undefined) {
    const at = jsonPointer(pointer, 'attributes');
    const members = objectAt(given, at, 'The member "attributes"');
    for (const name in members) {
      if (!Object.hasOwn(members, name)) continue;
      const value = members[name];
      const attribute = type.attributes.get(name);
      if (attribute === undefined) refuse('unknown_field', `Type ${JSON.stringify(type.name)} has no attribute ${JSON.stringify(name)}.`, jsonPointer(at, name));
      if (attribute.readOnly) refuse('read_only_field', `The attribute ${JSON.stringify(name)} of ${type.name} is read-only.`, jsonPointer(at, name));
      setOwnMember(attributes, name, attributeValue(attribute, value, at));
    }
  }
  if (mode === 'create') {
    for (const name of type.requiredOnCreate) {
      if (!Object.hasOwn(attributes, name)) {
        const where = given === undefined ? pointer : jsonPointer(pointer, 'attributes');
        refuse('missing_attribute', `A new ${type.name} needs the attribute ${JSON.stringify(name)}.`, where);
      }
    }
  }
  const relationships: Record<string, RelationshipValue> = {};
  const linked = memberOf(resource, 'relationships');
  if (linked !== undefined) {
    const at = jsonPointer(pointer, 'relationships');
    for (const [name, value] of Object.entries(objectAt(linked, at, 'The member "relationships"'))) {
      const relationship = type.relationships.get(name);
      const where = jsonPointer(at, name);
      if (relationship === undefined) {
        refuse('unknown_relationship', `Type ${JSON.stringify(type.name)} has no relationship ${JSON.stringify(name)}.`, where);
      }
      checkWritable(type, relationship, where);
      const object = objectAt(value, where, 'A relationship');
      if (!Object.hasOwn(object, 'data')) refuse('invalid_document', 'A relationship in a write needs "data".', where);
      setOwnMember(relationships, name, parseLinkage(context, memberOf(object, 'data'), jsonPointer(where, 'data'), relationship));
    }
  }
  return { attributes, relationships };
}

/**
 * Refuses a change of a read-only relationship (in the schema, or for this requester
 * by their write policy): a 403 `read_only_field` at `pointer`.
 *
 * @example
 * checkWritable(personType, personType.relationships.get('computers'), '/data'); // throws when read-only
 */
export function checkWritable(type: ResolvedType, relationship: ResolvedRelationship, pointer: string): void {
  if (relationship.readOnly) refuse('read_only_field', `The relationship ${JSON.stringify(relationship.name)} of ${type.name} is read-only.`, pointer);
}

/**
 * The `data` of a relationship: `null` or one identifier for a to-one relationship,
 * an array of distinct identifiers (at most `maxLinkageItems`) for a to-many one.
 */
export function parseLinkage(context: WriteContext, data: unknown, pointer: string, relationship: ResolvedRelationship): RelationshipValue {
  const target = context.schema.types.get(relationship.target);
  if (target === undefined) throw new Error(`Unknown relationship target "${relationship.target}"`);
  if (!relationship.toMany) {
    if (data === null) return null;
    if (Array.isArray(data)) refuse('invalid_document', `The relationship ${JSON.stringify(relationship.name)} is to-one: its data is one identifier or null.`, pointer);
    return parseIdentifier(context, data, pointer, 'related', target);
  }
  return parseMembers(context, data, pointer, relationship, target);
}

/** The identifiers of a to-many relationship's `data`: an array, within `maxLinkageItems`, none given twice. */
export function parseMembers(
  context: WriteContext,
  data: unknown,
  pointer: string,
  relationship: ResolvedRelationship,
  target: ResolvedType,
): readonly ResourceRef[] {
  if (!Array.isArray(data)) {
    return refuse('invalid_document', `The relationship ${JSON.stringify(relationship.name)} is to-many: its data is an array.`, pointer);
  }
  const { maxLinkageItems } = context.limitsOf(relationship.owner);
  if (data.length > maxLinkageItems) {
    refuse('too_many_identifiers', `A to-many relationship takes at most ${String(maxLinkageItems)} identifiers in one write.`, pointer, maxLinkageItems);
  }
  const seen = new Set<string>();
  return data.map((item: unknown, index) => {
    const ref = parseIdentifier(context, item, jsonPointer(pointer, index), 'related', target);
    const key = ref.kind === 'id' ? `id:${String(ref.id)}` : `lid:${ref.lid}`;
    if (seen.has(key)) refuse('invalid_document', 'The same resource is listed twice.', jsonPointer(pointer, index));
    seen.add(key);
    return ref;
  });
}

/** A value of an attribute (a member of the `attributes` at `at`), checked by its JSON Schema and the value rules of the query. */
function attributeValue(attribute: ResolvedAttribute, value: unknown, at: string): unknown {
  if (typeof value === 'string' && !storableText.check(value)) invalidAttribute(attribute, storableText.message, at);
  if (typeof value === 'number' && attribute.integer && !exactInteger.check(value)) invalidAttribute(attribute, exactInteger.message, at);
  const normalised = withoutNegativeZero(value);
  if (!attribute.validate(normalised)) {
    const issue = attribute.validate.errors?.[0];
    invalidAttribute(attribute, `${issue?.message ?? 'is invalid'}`, at);
  }
  return normalised;
}

/** Refuses the value of an attribute: a 400 `invalid_attribute` at its member of the `attributes` at `at`. */
function invalidAttribute(attribute: ResolvedAttribute, why: string, at: string): never {
  return refuse('invalid_attribute', `The attribute ${JSON.stringify(attribute.name)} ${why}.`, jsonPointer(at, attribute.name));
}
