import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv.js';
import type {
  AttributeDefinition,
  AttributeJsonType,
  ClientIds,
  IdType,
  RelationshipDefinition,
  ResourceSchema,
} from './schema.js';
import { validateSchemaDocument } from './validate-schema.js';

/**
 * How a field compares, which decides the operators it accepts:
 * `string` (code-point order), `number`, `boolean`, or `date` (`YYYY-MM-DD`).
 */
export type FieldKind = 'string' | 'number' | 'boolean' | 'date';

/** An attribute (or the primary key, under the name `id`) with everything the pipeline needs precomputed. */
export interface ResolvedAttribute {
  readonly name: string;
  readonly kind: FieldKind;
  /** `true` when the JSON type is `integer` (or the id is declared `integer`). */
  readonly integer: boolean;
  readonly nullable: boolean;
  readonly filterable: boolean;
  readonly sortable: boolean;
  /** Whether writes may not set it. */
  readonly readOnly: boolean;
  /** The JSON Schema fragment values are validated against (flags removed). */
  readonly definition: AttributeDefinition;
  /** ajv's compiled validator for one value of this attribute. */
  readonly validate: ValidateFunction;
}

/** A relationship with its target type resolved. */
export interface ResolvedRelationship {
  readonly name: string;
  /** The type that declares the relationship. */
  readonly owner: string;
  readonly target: string;
  readonly toMany: boolean;
  /** The target type's relationship pointing back, declared or derived; `undefined` when there is none. */
  readonly inverse: string | undefined;
  readonly filterable: boolean;
  /** Whether writes may not change it. */
  readonly readOnly: boolean;
}

/** One resource type with lookup tables; `Map`s so no client text ever reaches a prototype. */
export interface ResolvedType {
  readonly name: string;
  readonly root: string;
  readonly idType: IdType;
  /** The primary key as an attribute named `id`. */
  readonly id: ResolvedAttribute;
  /** Declared attributes, in declaration order (without `id`). */
  readonly attributes: ReadonlyMap<string, ResolvedAttribute>;
  readonly relationships: ReadonlyMap<string, ResolvedRelationship>;
  /** Whether the type refuses every write. */
  readonly readOnly: boolean;
  /** Who chooses the id of a created resource. */
  readonly clientIds: ClientIds;
  /** The attributes a create must give: the declared `required` ones and every non-nullable attribute that is not `readOnly`. */
  readonly requiredOnCreate: ReadonlySet<string>;
  /** The attribute holding the resource's version, `undefined` when the type has none. */
  readonly version: string | undefined;
  /** Whether a write addressed to a resource of the type must carry `If-Match`. */
  readonly requireIfMatch: boolean;
}

/** A validated schema with its lookup tables, computed once per schema object. */
export interface ResolvedSchema {
  readonly schema: ResourceSchema;
  readonly types: ReadonlyMap<string, ResolvedType>;
  /** Types by path root (`persons` → person). */
  readonly roots: ReadonlyMap<string, ResolvedType>;
}

const cache = new WeakMap<ResourceSchema, ResolvedSchema>();

/**
 * Validates a schema document (once per object) and returns its lookup tables.
 * Throws `SchemaError` naming the type and field at fault.
 *
 * @example
 * const person = resolveSchema(schema).types.get('person');
 * person?.attributes.get('birth_date')?.kind; // 'date'
 */
export function resolveSchema(schema: ResourceSchema): ResolvedSchema {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  validateSchemaDocument(schema);
  const ajv = createAjv();
  const types = new Map<string, ResolvedType>();
  const roots = new Map<string, ResolvedType>();
  for (const [name, definition] of Object.entries(schema.types)) {
    const idType = definition.id ?? 'string';
    const attributes = new Map<string, ResolvedAttribute>();
    for (const [attributeName, attribute] of Object.entries(definition.attributes ?? {})) {
      attributes.set(attributeName, resolveAttribute(ajv, attributeName, attribute));
    }
    const relationships = new Map<string, ResolvedRelationship>();
    for (const [relationshipName, relationship] of Object.entries(definition.relationships ?? {})) {
      relationships.set(relationshipName, resolveRelationship(schema, name, relationshipName, relationship));
    }
    const idDefinition: AttributeDefinition = { type: idType };
    const resolved: ResolvedType = {
      name,
      root: definition.root,
      idType,
      id: resolveAttribute(ajv, 'id', idDefinition),
      attributes,
      relationships,
      readOnly: definition.readOnly ?? false,
      clientIds: definition.clientIds ?? 'forbidden',
      requiredOnCreate: new Set([
        ...(definition.required ?? []),
        ...[...attributes.values()].filter((attribute) => !attribute.nullable && !attribute.readOnly).map((attribute) => attribute.name),
      ]),
      version: definition.version,
      requireIfMatch: definition.requireIfMatch ?? false,
    };
    types.set(name, resolved);
    roots.set(definition.root, resolved);
  }
  const result: ResolvedSchema = { schema, types, roots };
  cache.set(schema, result);
  return result;
}

function resolveAttribute(
  ajv: ReturnType<typeof createAjv>,
  name: string,
  definition: AttributeDefinition,
): ResolvedAttribute {
  const types: readonly string[] = typeof definition.type === 'string' ? [definition.type] : definition.type;
  const jsonType = types.find((type): type is AttributeJsonType => type !== 'null') ?? 'string';
  const kind: FieldKind =
    jsonType === 'integer' || jsonType === 'number'
      ? 'number'
      : jsonType === 'boolean'
        ? 'boolean'
        : definition.format === 'date'
          ? 'date'
          : 'string';
  return {
    name,
    kind,
    integer: jsonType === 'integer',
    nullable: types.includes('null'),
    filterable: definition.filterable ?? true,
    sortable: definition.sortable ?? true,
    readOnly: definition.readOnly ?? false,
    definition,
    validate: ajv.compile(definition),
  };
}

function resolveRelationship(
  schema: ResourceSchema,
  owner: string,
  name: string,
  definition: RelationshipDefinition,
): ResolvedRelationship {
  return {
    name,
    owner,
    target: definition.target,
    toMany: definition.to === 'many',
    inverse: definition.inverse ?? findDerivedInverse(schema, owner, name, definition.target),
    filterable: definition.filterable ?? true,
    readOnly: definition.readOnly ?? false,
  };
}

/** The one relationship of the target that declares this one as its inverse, if any. */
function findDerivedInverse(
  schema: ResourceSchema,
  owner: string,
  name: string,
  target: string,
): string | undefined {
  const candidates = Object.entries(schema.types[target]?.relationships ?? {}).filter(
    ([, relationship]) => relationship.target === owner && relationship.inverse === name,
  );
  return candidates.length === 1 ? candidates[0]?.[0] : undefined;
}

/**
 * Looks up a resolved type by name, throwing a plain `Error` for a programming
 * mistake (an unknown type passed by the server code, never by a client).
 */
export function requireType(resolved: ResolvedSchema, type: string): ResolvedType {
  const found = resolved.types.get(type);
  if (found === undefined) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
  return found;
}
