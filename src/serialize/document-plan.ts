/**
 * The serialization plan: everything about a document's shape that does not depend
 * on the records, computed once per schema, base URL, fieldsets and include shape,
 * and cached. Per record the writer only concatenates precomputed JSON fragments
 * with the values; it never inspects the schema or reflects on a row.
 */
import type { Fieldsets, IncludePath } from '../ast/query-ast.js';
import { resolveSchema, type ResolvedType } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';

/** One attribute of a type's fieldset: its name and the JSON text that opens its member. */
export interface AttributePlan {
  readonly name: string;
  /** `"name":`, preceded by a comma except for the first attribute. */
  readonly key: string;
}

/** One relationship of a type's fieldset, with its JSON fragments precomputed. */
export interface RelationshipPlan {
  readonly name: string;
  readonly toMany: boolean;
  /** Whether an include path reaches this relationship of this type (so its linkage may be known). */
  readonly followable: boolean;
  /** `"computers":{`, preceded by a comma except for the first relationship. */
  readonly open: string;
  /** `/relationships/computers`, JSON-escaped, appended to the resource's link. */
  readonly selfSuffix: string;
  /** `/computers`, JSON-escaped. */
  readonly relatedSuffix: string;
  /** `{"type":"computer","id":` — the start of a resource identifier of the target type. */
  readonly identifierOpen: string;
}

/** The plan of one resource type. */
export interface TypePlan {
  readonly name: string;
  /** `{"type":"person","id":` */
  readonly open: string;
  /** `<base>/<root>/`, JSON-escaped (no quotes): the link of a resource is this plus its encoded id. */
  readonly linkPrefix: string;
  readonly attributes: readonly AttributePlan[];
  readonly relationships: readonly RelationshipPlan[];
}

/** The plan of one document shape. */
export interface DocumentPlan {
  readonly types: ReadonlyMap<string, TypePlan>;
  /** The base URL, as given (not escaped), prefixed to every link. */
  readonly baseUrl: string;
  /** The base URL JSON-escaped, without quotes. */
  readonly baseUrlJson: string;
}

/** What decides a plan. */
export interface PlanKey {
  readonly schema: ResourceSchema;
  readonly baseUrl: string;
  readonly fields: Fieldsets;
  readonly include: readonly IncludePath[];
  /** The type include paths start from. */
  readonly includeFrom: string;
}

/** Plans kept per schema; the least recently used is dropped past this many. */
export const MAX_CACHED_PLANS = 256;

/** The plans of one schema, least recently used first, and the key of the most recent. */
interface PlanCache {
  readonly entries: Map<string, DocumentPlan>;
  newest: string | undefined;
}

const plans = new WeakMap<ResourceSchema, PlanCache>();

/** Returns the plan of a document shape, from the cache when it was computed before. */
export function documentPlan(key: PlanKey): DocumentPlan {
  let cache = plans.get(key.schema);
  if (cache === undefined) {
    cache = { entries: new Map(), newest: undefined };
    plans.set(key.schema, cache);
  }
  const { entries } = cache;
  const text = cacheKey(key);
  const cached = entries.get(text);
  if (cached !== undefined) {
    // A server asked the same shape again keeps it where it is: already the most recent.
    if (text !== cache.newest) {
      entries.delete(text);
      entries.set(text, cached);
      cache.newest = text;
    }
    return cached;
  }
  const plan = buildPlan(key);
  entries.set(text, plan);
  cache.newest = text;
  if (entries.size > MAX_CACHED_PLANS) {
    const oldest = entries.keys().next();
    // Stryker disable next-line ConditionalExpression: a cache past its limit is never empty; the check narrows the type
    if (oldest.done !== true) entries.delete(oldest.value);
  }
  return plan;
}

/** The text naming a plan: the same for the same fieldsets listed in another order. */
function cacheKey({ baseUrl, fields, include, includeFrom }: PlanKey): string {
  let text = `${baseUrl}\u0000${includeFrom}\u0000`;
  for (const path of include) {
    for (const name of path) text += `${name}.`;
    text += ',';
  }
  for (const type of Object.keys(fields).sort()) {
    text += `\u0000${type}=`;
    // Stryker disable next-line ArrayDeclaration: an own key of a Fieldsets always holds a list; the fallback narrows the type
    for (const name of fields[type] ?? []) text += `${name},`;
  }
  return text;
}

function buildPlan({ schema, baseUrl, fields, include, includeFrom }: PlanKey): DocumentPlan {
  const resolved = resolveSchema(schema);
  const followed = followedRelationships(resolved.types, include, includeFrom);
  const types = new Map<string, TypePlan>();
  for (const type of resolved.types.values()) {
    const fieldset = Object.hasOwn(fields, type.name) ? fields[type.name] : undefined;
    types.set(type.name, typePlan(type, fieldset, followed, baseUrl));
  }
  return { types, baseUrl, baseUrlJson: jsonInner(baseUrl) };
}

/** `type\0relationship` for every relationship an include path goes through. */
function followedRelationships(
  types: ReadonlyMap<string, ResolvedType>,
  include: readonly IncludePath[],
  includeFrom: string,
): ReadonlySet<string> {
  const followed = new Set<string>();
  for (const path of include) {
    let type = types.get(includeFrom);
    for (const name of path) {
      const relationship = type?.relationships.get(name);
      if (type === undefined || relationship === undefined) break;
      followed.add(`${type.name}\u0000${name}`);
      type = types.get(relationship.target);
    }
  }
  return followed;
}

function typePlan(
  type: ResolvedType,
  fieldset: readonly string[] | undefined,
  followed: ReadonlySet<string>,
  baseUrl: string,
): TypePlan {
  const selected = fieldset === undefined ? undefined : new Set(fieldset);
  const attributes: AttributePlan[] = [];
  for (const name of type.attributes.keys()) {
    if (selected !== undefined && !selected.has(name)) continue;
    attributes.push({ name, key: `${attributes.length === 0 ? '' : ','}${json(name)}:` });
  }
  const relationships: RelationshipPlan[] = [];
  for (const relationship of type.relationships.values()) {
    if (selected !== undefined && !selected.has(relationship.name)) continue;
    const segment = encodeURIComponent(relationship.name);
    const target = relationship.target;
    relationships.push({
      name: relationship.name,
      toMany: relationship.toMany,
      followable: followed.has(`${type.name}\u0000${relationship.name}`),
      open: `${relationships.length === 0 ? '' : ','}${json(relationship.name)}:{`,
      selfSuffix: `/relationships/${segment}`,
      relatedSuffix: `/${segment}`,
      identifierOpen: `{"type":${json(target)},"id":`,
    });
  }
  return {
    name: type.name,
    open: `{"type":${json(type.name)},"id":`,
    linkPrefix: jsonInner(`${baseUrl}/${encodeURIComponent(type.root)}/`),
    attributes,
    relationships,
  };
}

function json(text: string): string {
  return JSON.stringify(text);
}

/** A string JSON-escaped, without its quotes. */
function jsonInner(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
