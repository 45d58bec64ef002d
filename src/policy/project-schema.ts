/**
 * The schema as one requester sees it: without the attributes and relationships their
 * policy hides. Parsing, executing and serializing against it is what makes a hidden
 * field absent everywhere at once: a filter, sort, fieldset or include naming it is
 * refused exactly as a misspelled name is, and no document can carry it.
 */
import type { ResourceSchema, ResourceTypeDefinition } from '../schema/schema.js';

/** Hidden field names per type; a type without an entry hides nothing. */
export type HiddenFields = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * `schema` without the hidden fields. A relationship whose declared inverse is hidden
 * loses its `inverse`; a type whose `version` is hidden loses its version (and
 * `requireIfMatch`), since an `ETag` would carry it; `required` keeps the visible names.
 * The fields of `readOnly` (a write policy's fields the requester may not write) are
 * marked `readOnly`, so that a write body naming one is a 403 `read_only_field`.
 *
 * @example
 * projectSchema(exampleSchema, new Map([['person', new Set(['birth_date'])]])).types.person.attributes;
 * // { name: …, display_name: …, gender: … }
 */
export function projectSchema(schema: ResourceSchema, hidden: HiddenFields, readOnly: HiddenFields = new Map()): ResourceSchema {
  if (hidden.size === 0 && readOnly.size === 0) return schema;
  const isHidden = (type: string, name: string): boolean => hidden.get(type)?.has(name) === true;
  const types: Record<string, ResourceTypeDefinition> = {};
  for (const [name, definition] of Object.entries(schema.types)) {
    const visible = <V extends object>(fields: { readonly [field: string]: V } | undefined): Record<string, V> =>
      Object.fromEntries(
        Object.entries(fields ?? {})
          .filter(([field]) => !isHidden(name, field))
          .map(([field, value]) => [field, readOnly.get(name)?.has(field) === true ? { ...value, readOnly: true } : value]),
      );
    const relationships = Object.fromEntries(
      Object.entries(visible(definition.relationships)).map(([field, relationship]) => {
        const inverseHidden = relationship.inverse !== undefined && isHidden(relationship.target, relationship.inverse);
        return [field, inverseHidden ? withoutKeys(relationship, ['inverse']) : relationship];
      }),
    );
    const { version, required } = definition;
    const versionHidden = version !== undefined && isHidden(name, version);
    types[name] = {
      ...withoutKeys(definition, ['attributes', 'relationships', 'required', 'version', 'requireIfMatch']),
      ...(definition.attributes === undefined ? {} : { attributes: visible(definition.attributes) }),
      ...(definition.relationships === undefined ? {} : { relationships }),
      ...(required === undefined ? {} : { required: required.filter((field) => !isHidden(name, field)) }),
      ...(version === undefined || versionHidden ? {} : { version }),
      ...(definition.requireIfMatch === undefined || versionHidden ? {} : { requireIfMatch: definition.requireIfMatch }),
    };
  }
  return { types };
}

function withoutKeys<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key as K))) as Omit<T, K>;
}

/**
 * The hidden fields a policy names, by type (names that are not strings are left out:
 * `createHandler` refuses such a policy).
 *
 * @example
 * hiddenFields({ types: { person: { hidden: ['birth_date'] } } }); // Map { 'person' => Set { 'birth_date' } }
 */
export function hiddenFields(policy: { readonly types: { readonly [type: string]: { readonly hidden?: readonly string[] } | undefined } }): HiddenFields {
  const hidden = new Map<string, ReadonlySet<string>>();
  for (const [type, typePolicy] of Object.entries(policy.types)) {
    const names = (typePolicy?.hidden ?? []).filter((name) => typeof name === 'string');
    if (names.length > 0) hidden.set(type, new Set(names));
  }
  return hidden;
}
