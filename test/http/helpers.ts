import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler, type HandlerOptions, type HandlerResponse } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { checkOpenApiResponse, type OpenApiCheckOptions } from '../helpers/openapi-check.js';
import { checkDocument } from './document-check.js';

export const JSONAPI = { version: '1.0' } as const;
export const MEDIA_TYPE = 'application/vnd.api+json';

type PersonRow = (typeof exampleData.person)[number];
type ComputerRow = (typeof exampleData.computer)[number];

/**
 * A handler over the example dataset and the memory layer (or the given schema and
 * layer). Every document it answers is held to the official JSON:API 1.0 schema, the
 * 1.1 draft and full linkage (`checkDocument`) before a test sees it.
 */
export function exampleHandler(options: Partial<HandlerOptions> = {}) {
  const settings: HandlerOptions = {
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    ...options,
  };
  const handle = checkedHandler(createHandler(settings), settings);
  return {
    handle,
    /** GET (or another method) and the parsed document. */
    async get(
      path: string,
      query = '',
      headers: Record<string, string | readonly string[]> = {},
      method = 'GET',
    ): Promise<{ status: number; headers: HandlerResponse['headers']; body: string; document: unknown }> {
      const response = await handle({ method, path, query, headers });
      return { ...response, document: response.body === '' ? undefined : JSON.parse(response.body) };
    },
  };
}

/**
 * A handler whose every response is checked against the OpenAPI document of its
 * options (`checkOpenApiResponse`) and whose every non-empty body is checked with
 * `checkDocument` (links are absolute when the `baseUrl` has a scheme); a failing
 * document fails the test.
 */
export function checkedHandler(handle: Handler, options: OpenApiCheckOptions): Handler {
  const links = /^[a-z][a-z0-9+.-]*:/iu.test(options.baseUrl ?? '') ? 'absolute' : 'relative';
  return async (request) => {
    const response = await handle(request);
    checkOpenApiResponse(options, request, response);
    if (response.body !== '') checkDocument(JSON.parse(response.body), { schema: options.schema, links });
    return response;
  };
}

function personRow(id: string): PersonRow {
  const row = exampleData.person.find((candidate) => candidate.id === id);
  if (row === undefined) throw new Error(`No person ${id} in the example data`);
  return row;
}

function computerRow(id: string): ComputerRow {
  const row = exampleData.computer.find((candidate) => candidate.id === id);
  if (row === undefined) throw new Error(`No computer ${id} in the example data`);
  return row;
}

interface ObjectOptions {
  /** Attribute and relationship names of the fieldset; all when absent. */
  readonly fields?: readonly string[];
  /** Relationship data by relationship name, for followed relationships. */
  readonly data?: Readonly<Record<string, readonly string[] | string | null>>;
}

function pick<T extends object>(values: T, names: readonly string[] | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => names === undefined || names.includes(name)),
  ) as Partial<T>;
}

function relationships(
  root: string,
  id: string,
  target: Record<string, string>,
  options: ObjectOptions,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(target)) {
    if (options.fields !== undefined && !options.fields.includes(name)) continue;
    const data = options.data?.[name];
    result[name] = {
      ...(data === undefined
        ? {}
        : {
            data:
              data === null
                ? null
                : typeof data === 'string'
                  ? { type, id: data }
                  : data.map((related) => ({ type, id: related })),
          }),
      links: { self: `/${root}/${id}/relationships/${name}`, related: `/${root}/${id}/${name}` },
    };
  }
  return result;
}

function resourceObject(
  type: string,
  root: string,
  id: string,
  attributes: Record<string, unknown>,
  rels: Record<string, unknown>,
): Record<string, unknown> {
  return {
    type,
    id,
    ...(Object.keys(attributes).length === 0 ? {} : { attributes }),
    ...(Object.keys(rels).length === 0 ? {} : { relationships: rels }),
    links: { self: `/${root}/${id}` },
  };
}

/** The expected resource object of an example person. */
export function personObject(id: string, options: ObjectOptions = {}): Record<string, unknown> {
  const row = personRow(id);
  const attributes = pick(
    { display_name: row.display_name, birth_date: row.birth_date, name: row.name, gender: row.gender },
    options.fields,
  );
  return resourceObject('person', 'persons', id, attributes, relationships('persons', id, { computers: 'computer' }, options));
}

/** The expected resource object of an example computer. */
export function computerObject(id: string, options: ObjectOptions = {}): Record<string, unknown> {
  const row = computerRow(id);
  const attributes = pick({ serial: row.serial }, options.fields);
  return resourceObject('computer', 'computers', id, attributes, relationships('computers', id, { owner: 'person' }, options));
}

/** The ids of the computers of an example person, in primary key (code-point) order. */
export function computersOf(personId: string): string[] {
  return exampleData.computer
    .filter((computer) => 'owner' in computer && computer.owner === personId)
    .map((computer) => computer.id)
    .sort();
}

/** The owner id of an example computer, `null` when it has none. */
export function ownerOf(computerId: string): string | null {
  const row = computerRow(computerId);
  return 'owner' in row && row.owner !== null ? row.owner : null;
}
