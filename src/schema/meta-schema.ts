/**
 * The JSON Schema that every resource schema document must satisfy; `defineSchema`
 * validates against it with ajv before checking what JSON Schema cannot express
 * (relationship targets, inverses, unique roots).
 */

/** A JSON:API member name without `__` (reserved for `rel__field` shortcuts), `.` or `,`. */
export const MEMBER_NAME_PATTERN = '^(?!.*__)[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$';

const scalarType = { enum: ['string', 'number', 'integer', 'boolean'] } as const;

export const resourceSchemaMetaSchema = {
  $id: 'https://jsonapi-query.dev/schema/resource-schema.json',
  type: 'object',
  additionalProperties: false,
  required: ['types'],
  properties: {
    $schema: { type: 'string' },
    types: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: MEMBER_NAME_PATTERN },
      additionalProperties: { $ref: '#/$defs/resourceType' },
    },
  },
  $defs: {
    resourceType: {
      type: 'object',
      additionalProperties: false,
      required: ['root'],
      properties: {
        root: { type: 'string', pattern: MEMBER_NAME_PATTERN },
        id: { enum: ['string', 'integer'] },
        attributes: {
          type: 'object',
          propertyNames: { pattern: MEMBER_NAME_PATTERN, not: { enum: ['id', 'type'] } },
          additionalProperties: { $ref: '#/$defs/attribute' },
        },
        relationships: {
          type: 'object',
          propertyNames: { pattern: MEMBER_NAME_PATTERN, not: { enum: ['id', 'type'] } },
          additionalProperties: { $ref: '#/$defs/relationship' },
        },
        readOnly: { type: 'boolean' },
        required: { type: 'array', uniqueItems: true, items: { type: 'string' } },
        clientIds: { enum: ['forbidden', 'allowed', 'required'] },
        version: { type: 'string' },
        requireIfMatch: { type: 'boolean' },
      },
    },
    attribute: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: {
          anyOf: [
            scalarType,
            {
              type: 'array',
              minItems: 2,
              maxItems: 2,
              uniqueItems: true,
              items: { enum: ['string', 'number', 'integer', 'boolean', 'null'] },
              contains: { const: 'null' },
            },
          ],
        },
        format: { type: 'string' },
        enum: {
          type: 'array',
          minItems: 1,
          items: { type: ['string', 'number', 'boolean', 'null'] },
        },
        minimum: { type: 'number' },
        maximum: { type: 'number' },
        minLength: { type: 'integer', minimum: 0 },
        maxLength: { type: 'integer', minimum: 0 },
        pattern: { type: 'string' },
        description: { type: 'string' },
        filterable: { type: 'boolean' },
        sortable: { type: 'boolean' },
        readOnly: { type: 'boolean' },
      },
    },
    relationship: {
      type: 'object',
      additionalProperties: false,
      required: ['target', 'to'],
      properties: {
        target: { type: 'string' },
        to: { enum: ['one', 'many'] },
        inverse: { type: 'string' },
        filterable: { type: 'boolean' },
        readOnly: { type: 'boolean' },
      },
    },
  },
} as const;
