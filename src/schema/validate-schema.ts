import type { ErrorObject } from 'ajv';
import { createAjv } from './ajv.js';
import { resourceSchemaMetaSchema } from './meta-schema.js';
import type { ResourceSchema, ResourceTypeDefinition } from './schema.js';
import { SchemaError, type SchemaIssue } from './schema-error.js';

let validateDocument: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

/**
 * Checks a schema document against the meta-schema, then what JSON Schema cannot
 * express: relationship targets exist, inverses point back, roots are unique, no
 * attribute shares a name with a relationship, and every attribute fragment compiles.
 * Throws one `SchemaError` listing every issue.
 */
export function validateSchemaDocument(document: unknown): asserts document is ResourceSchema {
  validateDocument ??= createAjv().compile(resourceSchemaMetaSchema);
  if (!validateDocument(document)) {
    throw new SchemaError((validateDocument.errors ?? []).map(issueFromAjv));
  }
  const schema = document as ResourceSchema;
  const issues: SchemaIssue[] = [];
  const roots = new Map<string, string>();
  const ajv = createAjv();
  for (const [type, definition] of Object.entries(schema.types)) {
    const previous = roots.get(definition.root);
    if (previous !== undefined) {
      issues.push({ type, message: `root "${definition.root}" is also the root of type "${previous}"` });
    }
    roots.set(definition.root, type);
    for (const field of definition.required ?? []) {
      if (!Object.hasOwn(definition.attributes ?? {}, field)) {
        issues.push({ type, field, message: 'is listed in required but is not an attribute of the type' });
      }
    }
    issues.push(...versionIssues(type, definition));
    for (const [field, attribute] of Object.entries(definition.attributes ?? {})) {
      if (definition.relationships?.[field] !== undefined) {
        issues.push({ type, field, message: 'is declared both as an attribute and as a relationship' });
      }
      try {
        ajv.compile(attribute);
      } catch (error) {
        issues.push({ type, field, message: `is not a valid JSON Schema: ${(error as Error).message}` });
      }
      if (attribute.enum !== undefined && isNullable(attribute.type) && !attribute.enum.includes(null)) {
        issues.push({ type, field, message: 'is nullable but its enum does not list null' });
      }
    }
    for (const [field, relationship] of Object.entries(definition.relationships ?? {})) {
      const target = Object.hasOwn(schema.types, relationship.target) ? schema.types[relationship.target] : undefined;
      if (target === undefined) {
        issues.push({ type, field, message: `targets unknown type "${relationship.target}"` });
        continue;
      }
      if (relationship.inverse === undefined) continue;
      const inverse = Object.hasOwn(target.relationships ?? {}, relationship.inverse)
        ? target.relationships?.[relationship.inverse]
        : undefined;
      if (inverse === undefined) {
        issues.push({
          type,
          field,
          message: `names inverse "${relationship.inverse}", which is not a relationship of "${relationship.target}"`,
        });
      } else if (inverse.target !== type) {
        issues.push({
          type,
          field,
          message: `names inverse "${relationship.inverse}", which targets "${inverse.target}" instead of "${type}"`,
        });
      } else if (inverse.inverse !== undefined && inverse.inverse !== field) {
        issues.push({
          type,
          field,
          message: `names inverse "${relationship.inverse}", whose own inverse is "${inverse.inverse}"`,
        });
      }
    }
  }
  if (issues.length > 0) throw new SchemaError(issues);
}

function isNullable(type: string | readonly string[]): boolean {
  return typeof type !== 'string' && type.includes('null');
}

/** `/types/person/attributes/name/type` → type `person`, field `name`. */
function issueFromAjv(error: ErrorObject): SchemaIssue {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
  const type = segments[0] === 'types' ? segments[1] : undefined;
  const field = segments[2] === 'attributes' || segments[2] === 'relationships' ? segments[3] : undefined;
  const where = error.instancePath === '' ? 'the schema' : error.instancePath;
  const message =
    error.keyword === 'propertyNames'
      ? `${where}: invalid name ${JSON.stringify(error.params['propertyName'])}`
      : error.keyword === 'additionalProperties'
        ? `${where}: unknown member ${JSON.stringify(error.params['additionalProperty'])}`
        : `${where} ${error.message ?? 'is invalid'}`;
  return {
    ...(type === undefined ? {} : { type }),
    ...(field === undefined ? {} : { field }),
    message,
  };
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** A declared `version` names an integer, non-nullable, read-only attribute; `requireIfMatch` needs one. */
function versionIssues(type: string, definition: ResourceTypeDefinition): SchemaIssue[] {
  const { version } = definition;
  if (version === undefined) {
    return definition.requireIfMatch === true ? [{ type, message: 'requires If-Match but declares no version' }] : [];
  }
  const attribute = Object.hasOwn(definition.attributes ?? {}, version) ? definition.attributes?.[version] : undefined;
  if (attribute === undefined) return [{ type, field: version, message: 'is the version but is not an attribute of the type' }];
  if (attribute.type !== 'integer' || attribute.readOnly !== true) {
    return [{ type, field: version, message: 'is the version: it must be declared { type: "integer", readOnly: true }' }];
  }
  return [];
}
