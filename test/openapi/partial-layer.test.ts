/**
 * For a data layer that declares less than everything, the OpenAPI document allows
 * exactly what the handler accepts: random query strings, valid for the parser, are
 * checked against the document's parameters (ajv, as a generated client or a gateway
 * checks them) and sent; the document accepts a query if and only if the handler
 * answers 200, so what the layer refuses (an `or`, an operator, a second sort key, a
 * dotted sort, page 2, a cursor, an include) is described as not allowed.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type HandlerOptions } from '../../src/http/index.js';
import { resolveCapabilities, type Capabilities } from '../../src/layers/capabilities.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { toOpenApi, withOpenApi, type OpenApiDocument } from '../../src/openapi/index.js';
import { arbitraryQueryString } from '../../src/testing/index.js';

/** Persons: ANDs and `has` only, a few operators, one sort key, the first page, no includes; computers: no `any`, two sort keys. */
const DECLARED: Record<string, Capabilities> = {
  person: {
    filter: { nodes: ['and', 'has'], operators: { string: ['eq', 'startswith'], number: ['eq', 'lt'], date: ['eq', 'ge'], boolean: ['eq'] } },
    sort: { maxKeys: 1, paths: false },
    paging: { offset: false, keyset: false },
    includes: false,
  },
  computer: { filter: { nodes: ['and', 'or', 'not', 'has'] }, sort: { maxKeys: 2 } },
};

const full = createMemoryLayer(exampleSchema, exampleData);
const partial: DataLayer = { ...full, capabilities: (type) => DECLARED[type] ?? {} };
const options: HandlerOptions = { schema: exampleSchema, dataLayer: partial };
const handle = withOpenApi(createHandler(options), options);
const document = toOpenApi(exampleSchema, { operators: partial.operators, capabilities: partial.capabilities, documentPath: '/openapi.json' });

/** The routes that read lists: those take every query parameter (a route reading one resource describes include and fields only). */
const ROUTES: readonly { type: string; path: string; template: string }[] = [
  { type: 'person', path: '/persons', template: '/persons' },
  { type: 'computer', path: '/persons/1/computers', template: '/persons/{id}/computers' },
  { type: 'computer', path: '/persons/1/relationships/computers', template: '/persons/{id}/relationships/computers' },
  { type: 'computer', path: '/computers', template: '/computers' },
];

type Parameter = { name: string; in: string; schema?: unknown; content?: { 'application/json': { schema: unknown } } };

const ajv = new Ajv2020({ strict: false, inlineRefs: false });
formats.default(ajv);
ajv.addSchema({ $id: 'urn:jsonapi-query:partial', components: { schemas: document.components.schemas } } as never);

/** The query parameters of a route's GET, by name, each with its compiled schema. */
function parametersOf(doc: OpenApiDocument, template: string): Map<string, { parameter: Parameter; validate: (value: unknown) => boolean }> {
  const operation = doc.paths[template]?.['get'] as { parameters: { $ref: string }[] };
  const found = new Map<string, { parameter: Parameter; validate: (value: unknown) => boolean }>();
  for (const reference of operation.parameters) {
    const parameter = doc.components.parameters[reference.$ref.split('/').pop() as string] as unknown as Parameter;
    if (parameter.in !== 'query') continue;
    const schema = parameter.content?.['application/json'].schema ?? parameter.schema;
    const rewritten = JSON.parse(JSON.stringify(schema ?? true).replaceAll('"#/components/schemas/', '"urn:jsonapi-query:partial#/components/schemas/')) as object;
    const compiled = ajv.compile(rewritten);
    found.set(parameter.name, { parameter, validate: (value) => compiled(value) === true });
  }
  return found;
}

const byRoute = new Map(ROUTES.map((route) => [route.template, parametersOf(document, route.template)]));

/** A value as the parameter's schema types it: JSON content parsed, form arrays split, numbers and booleans converted. */
function typed(parameter: Parameter, text: string): unknown {
  if (parameter.content !== undefined) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  const type = (parameter.schema as { type?: unknown }).type;
  if (type === 'array') return text === '' ? [] : text.split(',');
  if ((type === 'integer' || type === 'number') && /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Whether every parameter of the query is one the route describes, with a value its schema allows. */
function documentAllows(template: string, query: string): boolean {
  const parameters = byRoute.get(template) as ReturnType<typeof parametersOf>;
  for (const [name, value] of new URLSearchParams(query)) {
    const described = parameters.get(name);
    if (described === undefined || !described.validate(typed(described.parameter, value))) return false;
  }
  return true;
}

async function statusOf(path: string, query: string): Promise<number> {
  return (await handle({ method: 'GET', path, query, headers: { accept: 'application/vnd.api+json' } })).status;
}

describe('the OpenAPI document of a partial layer', () => {
  it('allows every query the layer reads, and each gets a 200', async () => {
    await fc.assert(
      fc.asyncProperty(
        // A relationship route includes from the type that owns the relationship, not from the type it pages.
        fc.constantFrom(...ROUTES.filter((route) => !route.template.includes('/relationships/'))).chain((route) =>
          fc.tuple(
            fc.constant(route),
            arbitraryQueryString(exampleSchema, route.type, { operators: [...partial.operators], capabilities: resolveCapabilities(partial, route.type) }),
          ),
        ),
        async ([route, query]) => {
          expect(documentAllows(route.template, query), `${route.path}?${query}`).toBe(true);
          expect(await statusOf(route.path, query), `${route.path}?${query}`).toBe(200);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('allows a query of a full layer exactly when the partial layer answers it', async () => {
    const outcomes = { allowed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES).chain((route) => fc.tuple(fc.constant(route), arbitraryQueryString(exampleSchema, route.type))),
        async ([route, query]) => {
          const status = await statusOf(route.path, query);
          const allowed = documentAllows(route.template, query);
          expect(allowed, `${route.path}?${query} answered ${status}`).toBe(status === 200);
          outcomes[allowed ? 'allowed' : 'refused']++;
        },
      ),
      { numRuns: 400 },
    );
    expect(outcomes.allowed).toBeGreaterThan(40);
    expect(outcomes.refused).toBeGreaterThan(40);
  });

  it('describes what the layer refuses as not allowed', () => {
    const persons = byRoute.get('/persons') as ReturnType<typeof parametersOf>;
    const filter = (entry: unknown) => documentAllows('/persons', `filter=${encodeURIComponent(JSON.stringify(entry))}`);
    expect(filter({ name: 'name', op: 'startswith', val: 'J' })).toBe(true);
    expect(filter({ name: 'name', op: 'like', val: 'J%' })).toBe(false);
    expect(filter({ or: [{ name: 'name', op: 'eq', val: 'J' }] })).toBe(false);
    expect(filter({ not: { name: 'name', op: 'eq', val: 'J' } })).toBe(false);
    expect(filter({ name: 'computers', op: 'any', val: { name: 'serial', op: 'eq', val: 'S' } })).toBe(false);
    expect(persons.has('filter[computers__serial]')).toBe(false);
    expect(documentAllows('/persons', 'sort=-name')).toBe(true);
    expect(documentAllows('/persons', 'sort=-name,id')).toBe(true);
    expect(documentAllows('/persons', 'sort=-name,birth_date')).toBe(false);
    expect(documentAllows('/persons', 'page[number]=1')).toBe(true);
    expect(documentAllows('/persons', 'page[number]=2')).toBe(false);
    expect(documentAllows('/persons', 'page[after]=abc')).toBe(false);
    expect(documentAllows('/persons', 'include=computers')).toBe(false);
    expect(documentAllows('/computers', 'sort=owner.name,-serial,id')).toBe(true);
    expect(documentAllows('/computers', 'include=owner&page[after]=abc')).toBe(true);
  });

  it('allows one filter entry where the layer evaluates no and, and says the filters are ANDed', async () => {
    const lone: DataLayer = { ...full, capabilities: { filter: { nodes: [] } } };
    const loneDocument = toOpenApi(exampleSchema, { operators: lone.operators, capabilities: lone.capabilities });
    const filter = loneDocument.components.schemas['person.filter'] as { anyOf: [{ maxItems: number }, unknown] };
    expect(filter.anyOf[0].maxItems).toBe(1);
    const parameter = loneDocument.components.parameters['person.filter.simple.name'] as { description: string };
    expect(parameter.description).toMatch(/no "and": send one filter entry in one filter parameter at most/);
    const handler = createHandler({ schema: exampleSchema, dataLayer: lone });
    const two = encodeURIComponent(JSON.stringify([{ name: 'name', op: 'eq', val: 'a' }, { name: 'name', op: 'eq', val: 'b' }]));
    const answered = await handler({ method: 'GET', path: '/persons', query: `filter=${two}`, headers: { accept: 'application/vnd.api+json' } });
    expect(answered.status).toBe(400);
  });
});
