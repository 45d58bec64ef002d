/**
 * Writes resource objects and resource identifiers as JSON text, from a type's plan:
 * precomputed fragments concatenated with `JSON.stringify` of each value.
 */
import type { Id } from '../layers/data-layer.js';
import type { RelationshipPlan, TypePlan } from './document-plan.js';
import type { Linkage, Resource } from './serialize-input.js';
import { jsonString } from './json-string.js';
import { uriComponent } from './uri-reference.js';

/**
 * The JSON text of one resource object: `type`, string `id`, the fieldset's
 * `attributes` in schema order, its `relationships` (links, and `data` when the
 * relationship was followed), `links.self`, and `meta` when given (its JSON text:
 * a cursor page's `{"page":{"cursor":…}}`).
 */
export function writeResource(plan: TypePlan, resource: Resource, linkage: Linkage, meta?: string): string {
  const row = resource.row;
  const id = row.id;
  const text = String(id);
  const link = plan.linkPrefix + encodeSegment(text);
  let out = plan.open + jsonString(text);
  const attributes = plan.attributes;
  if (attributes.length > 0) {
    out += ',"attributes":{';
    for (let index = 0; index < attributes.length; index++) {
      const attribute = attributes[index] as (typeof attributes)[number];
      out += attribute.key + writeValue(row[attribute.name]);
    }
    out += '}';
  }
  const relationships = plan.relationships;
  if (relationships.length > 0) {
    out += ',"relationships":{';
    for (let index = 0; index < relationships.length; index++) {
      const relationship = relationships[index] as RelationshipPlan;
      out += relationship.open;
      if (relationship.followable) {
        const related = linkage.get(plan.name, id, relationship.name);
        if (related !== undefined) out += `"data":${writeLinkage(relationship, related)},`;
      }
      out += `"links":{"self":"${link}${relationship.selfSuffix}","related":"${link}${relationship.relatedSuffix}"}}`;
    }
    out += '}';
  }
  return `${out},"links":{"self":"${link}"}${meta === undefined ? '' : `,"meta":${meta}`}}`;
}

/**
 * The JSON text of relationship data: an array of resource identifiers, one
 * identifier, or `null`; `metas` gives the `meta` JSON text of each identifier of an array.
 */
export function writeLinkage(
  plan: Pick<RelationshipPlan, 'identifierOpen'>,
  related: readonly Id[] | Id | null,
  metas?: readonly string[],
): string {
  if (related === null) return 'null';
  if (typeof related !== 'object') return writeIdentifier(plan.identifierOpen, related, undefined);
  let out = '[';
  for (let index = 0; index < related.length; index++) {
    if (index > 0) out += ',';
    out += writeIdentifier(plan.identifierOpen, related[index] as Id, metas?.[index]);
  }
  return `${out}]`;
}

function writeIdentifier(open: string, id: Id, meta: string | undefined): string {
  return `${open + jsonString(String(id))}${meta === undefined ? '' : `,"meta":${meta}`}}`;
}

/**
 * A path segment percent-encoded. A lone surrogate (not valid UTF-8, so
 * `encodeURIComponent` throws) is encoded as U+FFFD instead of failing the response.
 */
export function encodeSegment(text: string): string {
  try {
    return uriComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
  }
}

/** One attribute value as JSON; a missing value is `null`. */
export function writeValue(value: unknown): string {
  if (typeof value === 'string') return jsonString(value);
  if (value === null) return 'null';
  return JSON.stringify(value) ?? 'null';
}
