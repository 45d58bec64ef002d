/**
 * The resource schema: a plain JSON document describing every resource type a
 * server exposes. It can live in a file, be loaded by the CLI, or be written in
 * TypeScript `as const` so that names and value types flow into the QueryAST.
 *
 * @example
 * const schema = defineSchema({
 *   types: {
 *     person: {
 *       root: 'persons',
 *       id: 'string',
 *       attributes: {
 *         name: { type: 'string' },
 *         birth_date: { type: ['string', 'null'], format: 'date' },
 *       },
 *       relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner' } },
 *     },
 *     computer: {
 *       root: 'computers',
 *       attributes: { serial: { type: 'string' } },
 *       relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } },
 *     },
 *   },
 * } as const);
 */
export interface ResourceSchema {
  readonly types: { readonly [typeName: string]: ResourceTypeDefinition };
}

/** One resource type: its path root, id type, attributes and relationships. */
export interface ResourceTypeDefinition {
  /** The path root the type is served under (`person` → `persons`). */
  readonly root: string;
  /** The declared type of the primary key; payloads always carry it as a string. Default `'string'`. */
  readonly id?: IdType;
  readonly attributes?: { readonly [attributeName: string]: AttributeDefinition };
  readonly relationships?: { readonly [relationshipName: string]: RelationshipDefinition };
  /** Whether the type refuses every write (405 on its write routes). Default `false` (docs/writes.md). */
  readonly readOnly?: boolean;
  /**
   * Attributes a create must give, besides every non-nullable attribute that is not
   * `readOnly` (which a create must always give). Default none.
   */
  readonly required?: readonly string[];
  /**
   * Ids chosen by the client on create: `'forbidden'` (the default: the layer
   * generates ids and a client id is a 403), `'allowed'` or `'required'`.
   */
  readonly clientIds?: ClientIds;
  /**
   * The attribute holding the resource's version (docs/writes.md, "Versions"): an
   * integer, non-nullable, `readOnly` attribute the data layer sets to 1 on create and
   * bumps on every write addressed to the resource. Responses carry an `ETag` made of
   * it, and `PATCH`/`DELETE` with a stale `If-Match` get a 412. Default none.
   */
  readonly version?: string;
  /** Whether a write addressed to a resource of the type must carry `If-Match` (428 without it); needs `version`. Default `false`. */
  readonly requireIfMatch?: boolean;
}

/** Who chooses the id of a created resource (docs/writes.md, "Ids"). */
export type ClientIds = 'forbidden' | 'allowed' | 'required';

/** How the primary key is compared and sorted: as a string or as an integer. */
export type IdType = 'string' | 'integer';

/** The scalar JSON Schema types an attribute may declare. */
export type AttributeJsonType = 'string' | 'number' | 'integer' | 'boolean';

/**
 * An attribute: a JSON Schema fragment for a scalar value, plus flags that keep it
 * out of `filter` or `sort`.
 *
 * @example
 * { type: ['string', 'null'], format: 'date' }
 * { type: 'string', enum: ['m', 'f', 'x'], sortable: false }
 */
export interface AttributeDefinition {
  readonly type: AttributeJsonType | readonly [AttributeJsonType, 'null'] | readonly ['null', AttributeJsonType];
  /** `date` (`YYYY-MM-DD`, compared as a date); other ajv-formats formats only validate values. */
  readonly format?: string;
  readonly enum?: readonly (string | number | boolean | null)[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly description?: string;
  /** May the attribute be used in `filter`? Default `true`. */
  readonly filterable?: boolean;
  /** May the attribute be used in `sort`? Default `true`. */
  readonly sortable?: boolean;
  /** Whether writes may not set it (a 403 `read_only_field`). Default `false`. */
  readonly readOnly?: boolean;
}

/** A relationship to another resource type, to-one or to-many. */
export interface RelationshipDefinition {
  /** The related resource type. */
  readonly target: string;
  /** `'one'` for a to-one relationship (`has`), `'many'` for a to-many one (`any`). */
  readonly to: 'one' | 'many';
  /** The relationship of the target type that points back, when there is one. */
  readonly inverse?: string;
  /** May the relationship be used in `filter`? Default `true`. */
  readonly filterable?: boolean;
  /** Whether writes may not change it (a 403 `read_only_field`, 405 on its relationship route). Default `false`. */
  readonly readOnly?: boolean;
}
