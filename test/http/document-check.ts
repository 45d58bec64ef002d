/**
 * Holds a response document to what this project did not write: the official
 * JSON:API schemas (1.0, and the 1.1 draft), vendored in test/fixtures/jsonapi-schema,
 * each compiled with ajv in the JSON Schema draft it declares; and JSON:API's full
 * linkage rule (every included resource reachable from the primary data).
 *
 * The schemas check every link with `format: "uri"`. Links written without a base
 * URL are relative references, so there `uri` is checked as `uri-reference`; with a
 * `baseUrl` links are absolute and must be full URIs.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { ResourceSchema } from '../../src/schema/schema.js';

const FIXTURES = new URL('../fixtures/jsonapi-schema/', import.meta.url);
const schema10 = JSON.parse(readFileSync(new URL('schema-1.0.json', FIXTURES), 'utf8')) as object;
const schema11 = JSON.parse(readFileSync(new URL('schema-1.1.json', FIXTURES), 'utf8')) as object;

/** How the links of a document are written. */
export type LinkForm = 'relative' | 'absolute';

interface Validators {
  readonly 'JSON:API 1.0': ValidateFunction;
  readonly 'JSON:API 1.1': ValidateFunction;
}

function compile(form: LinkForm): Validators {
  const v10 = new Ajv({ allErrors: true, strict: false });
  const v11 = new Ajv2020({ allErrors: true, strict: false });
  for (const ajv of [v10, v11]) {
    formats.default(ajv);
    if (form === 'relative') ajv.addFormat('uri', fullFormats['uri-reference']);
  }
  return { 'JSON:API 1.0': v10.compile(schema10), 'JSON:API 1.1': v11.compile(schema11) };
}

const validators: Record<LinkForm, Validators> = { relative: compile('relative'), absolute: compile('absolute') };

interface Identifier {
  readonly type: string;
  readonly id: string;
}

interface ResourceObject extends Identifier {
  readonly relationships?: Readonly<Record<string, { readonly data?: Identifier | readonly Identifier[] | null }>>;
}

const key = (identifier: Identifier): string => `${identifier.type}\u0000${identifier.id}`;

/**
 * The included resources not reachable from the primary data, as `type:id`. A
 * relationship left out by a sparse fieldset may lead anywhere its target type is
 * (JSON:API's one exception to full linkage), so the schema is needed.
 */
export function unreachableIncluded(document: Record<string, unknown>, schema: ResourceSchema): string[] {
  const included = (document['included'] ?? []) as readonly ResourceObject[];
  if (included.length === 0) return [];
  const byKey = new Map(included.map((resource) => [key(resource), resource]));
  const data = document['data'] as ResourceObject | readonly ResourceObject[] | null | undefined;
  const primary = data === null || data === undefined ? [] : Array.isArray(data) ? data : [data];
  const reached = new Set<string>();
  const openTypes = new Set<string>();
  const queue: ResourceObject[] = [];
  const reach = (identifier: Identifier, object: ResourceObject | undefined): void => {
    const name = key(identifier);
    if (reached.has(name)) return;
    reached.add(name);
    const resource = object !== undefined && 'relationships' in object ? object : (byKey.get(name) ?? object);
    if (resource !== undefined) queue.push(resource);
  };
  for (const item of primary) reach(item, item);
  for (let resource = queue.shift(); resource !== undefined; resource = queue.shift()) {
    const declared = schema.types[resource.type]?.relationships ?? {};
    for (const [name, relationship] of Object.entries(declared)) {
      const member = resource.relationships?.[name];
      if (member === undefined) {
        openTypes.add(relationship.target);
        continue;
      }
      const linked = member.data;
      if (linked === undefined || linked === null) continue;
      for (const identifier of Array.isArray(linked) ? linked : [linked]) reach(identifier, byKey.get(key(identifier)));
    }
  }
  return included
    .filter((resource) => !reached.has(key(resource)) && !openTypes.has(resource.type))
    .map((resource) => `${resource.type}:${resource.id}`);
}

/**
 * Throws when a response document fails the official JSON:API 1.0 schema, the 1.1
 * draft, or full linkage; the message names the schema and the failing paths. A
 * document declaring `jsonapi.version` 1.1 (one applying a profile) is held to the
 * 1.1 schema only, as 1.0 has no profiles and no error `links.type`.
 */
export function checkDocument(document: unknown, options: { schema: ResourceSchema; links: LinkForm }): void {
  const version = (document as { jsonapi?: { version?: unknown } } | null)?.jsonapi?.version;
  for (const [name, validate] of Object.entries(validators[options.links])) {
    if (version === '1.1' && name === 'JSON:API 1.0') continue;
    if (!validate(document)) {
      const faults = (validate.errors ?? []).slice(0, 5).map((error: ErrorObject) => `${error.instancePath} ${error.message ?? ''}`);
      throw new Error(`The document fails the official ${name} schema:\n  ${faults.join('\n  ')}\n${JSON.stringify(document)}`);
    }
  }
  const unreachable = unreachableIncluded(document as Record<string, unknown>, options.schema);
  if (unreachable.length > 0) {
    throw new Error(`Included resources not reachable from the primary data: ${unreachable.join(', ')}\n${JSON.stringify(document)}`);
  }
}
