/**
 * `toOpenApi`: the document validates with a maintained OpenAPI 3.1 validator
 * (@readme/openapi-parser), describes every route, parameter and response of the
 * handler, and its filter schema agrees with the parser.
 */
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/errors/error-codes.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { toOpenApi, withOpenApi, type OpenApiDocument } from '../../src/openapi/index.js';
import { safeParseQuery } from '../../src/parse/safe-parse-query.js';
import { arbitrarySchema } from '../../src/testing/index.js';
import { nearValidFilter } from './near-valid-filter.js';

async function expectValid(document: OpenApiDocument): Promise<void> {
  const result = await validate(structuredClone(document) as never, { validate: { errors: { colorize: false } } });
  expect(result.valid ? [] : result.errors).toEqual([]);
  expect(result.warnings).toEqual([]);
}

type Operation = { parameters: { $ref: string }[]; responses: Record<string, unknown> };

function parametersOf(document: OpenApiDocument, path: string): Record<string, Record<string, unknown>> {
  const operation = document.paths[path]?.['get'] as Operation;
  return Object.fromEntries(
    operation.parameters.map((reference) => {
      const parameter = document.components.parameters[reference.$ref.split('/').pop() as string] as Record<string, unknown>;
      return [String(parameter['name']), parameter];
    }),
  );
}

describe('toOpenApi', () => {
  const document = toOpenApi(exampleSchema, { title: 'People', documentPath: '/openapi.json' });

  it('validates as OpenAPI 3.1 (example schema, options, operator subsets)', async () => {
    await expectValid(document);
    await expectValid(
      toOpenApi(exampleSchema, {
        baseUrl: 'https://api.example.com',
        operators: new Set(['eq', 'in_', 'any']),
        limits: { maxPathHops: 1, allowUnpaginated: false, types: { computer: { maxIncludeDepth: 1, maxStringLength: 20 } } },
      }),
    );
  });

  it('validates as OpenAPI 3.1 for random schemas', async () => {
    for (const schema of fc.sample(arbitrarySchema(), { numRuns: 4 })) await expectValid(toOpenApi(schema));
  });

  it('describes every route of every type, GET and HEAD, with the JSON:API media type', () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      '/computers',
      '/computers/{id}',
      '/computers/{id}/owner',
      '/computers/{id}/relationships/owner',
      '/openapi.json',
      '/persons',
      '/persons/{id}',
      '/persons/{id}/computers',
      '/persons/{id}/relationships/computers',
    ]);
    const related = document.paths['/persons/{id}/computers']?.['get'] as Operation;
    expect(related.responses['200']).toEqual({
      description: 'The JSON:API document.',
      content: { 'application/vnd.api+json': { schema: { $ref: '#/components/schemas/computer.document.list' } } },
    });
    expect(Object.keys(related.responses)).toEqual(['200', '400', '404', '406', '414', '415', '500', '503']);
    expect(document.paths['/persons']?.['head']).toBeDefined();
  });

  it('describes the query parameters from the schema and the limits', () => {
    const collection = parametersOf(document, '/persons');
    expect(collection['filter']?.['content']).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/person.filter' } },
    });
    expect(Object.keys(collection).filter((name) => name.startsWith('filter['))).toContain('filter[computers__owner__name]');
    expect(collection['filter[birth_date]']?.['schema']).toMatchObject({ type: 'string', format: 'date' });
    expect(collection['include']?.['schema']).toMatchObject({
      maxItems: 10,
      items: { enum: ['computers', 'computers.owner', 'computers.owner.computers'] },
    });
    expect(collection['page[size]']?.['schema']).toEqual({ type: 'integer', minimum: 0, maximum: 100, default: 30 });
    expect(collection['fields[computer]']).toMatchObject({ style: 'form', explode: false, schema: { items: { enum: ['serial', 'owner'] } } });
    const computers = parametersOf(document, '/computers');
    expect((computers['sort']?.['schema'] as { items: { enum: string[] } }).items.enum).toEqual(
      expect.arrayContaining(['serial', '-serial', 'owner.name', '-owner.birth_date', 'owner.id']),
    );
    const relationship = parametersOf(document, '/persons/{id}/relationships/computers');
    expect(relationship['include']?.['schema']).toMatchObject({ items: { enum: ['computers', 'computers.owner', 'computers.owner.computers'] } });
    expect(relationship['filter']?.['content']).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/computer.filter' } },
    });
    expect(Object.keys(parametersOf(document, '/persons/{id}'))).toEqual(['id', 'include', 'fields[person]', 'fields[computer]']);
  });

  it('says who may call it, where, and under what license (info, servers, security)', async () => {
    expect(document.info).toEqual({ title: 'People', version: '1.0.0' });
    expect(document.servers).toEqual([{ url: '/' }]);
    expect(document.security).toEqual([]);
    expect(toOpenApi(exampleSchema, { baseUrl: 'https://api.example.com' }).servers).toEqual([{ url: 'https://api.example.com' }]);
    const described = toOpenApi(exampleSchema, {
      title: 'Old title',
      description: 'Old description',
      info: { title: 'People', version: '2.0.0', license: { name: 'MIT', identifier: 'MIT' }, 'x-audience': 'partners' },
      baseUrl: 'https://ignored.test',
      servers: [{ url: 'https://people.test', description: 'Production' }],
      security: [{ bearer: [] }],
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    });
    expect(described.info).toEqual({
      title: 'People',
      version: '2.0.0',
      description: 'Old description',
      license: { name: 'MIT', identifier: 'MIT' },
      'x-audience': 'partners',
    });
    expect(described.servers).toEqual([{ url: 'https://people.test', description: 'Production' }]);
    expect(described.security).toEqual([{ bearer: [] }]);
    expect(described.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
    await expectValid(described);

    const options = { schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) };
    const handle = withOpenApi(createHandler(options), {
      ...options,
      document: { info: { title: 'Served', version: '3.0.0', license: { name: 'MIT', identifier: 'MIT' } } },
    });
    const served = JSON.parse((await handle({ method: 'GET', path: '/openapi.json', query: '', headers: {} })).body) as OpenApiDocument;
    expect(served.info).toEqual({ title: 'Served', version: '3.0.0', license: { name: 'MIT', identifier: 'MIT' } });
  });

  it('declares only the components its routes use', () => {
    const schemas = Object.keys(document.components.schemas);
    expect(schemas).toContain('person.document.optional'); // /computers/{id}/owner
    expect(schemas).not.toContain('computer.document.optional'); // no to-one relationship leads to a computer
    const text = JSON.stringify(document);
    for (const [category, entries] of Object.entries(document.components)) {
      for (const name of Object.keys(entries as object)) {
        expect(text, `${category}/${name}`).toContain(`"#/components/${category}/${name}"`);
      }
    }
  });

  it('lists the error codes as an enum', () => {
    expect(document.components.schemas['ErrorCode']).toMatchObject({ enum: Object.keys(ERROR_CODES) });
  });

  it('keeps filter definitions apart when types have different limits', () => {
    const split = toOpenApi(exampleSchema, { limits: { types: { computer: { maxListItems: 3 } } } });
    const names = Object.keys(split.components.schemas);
    expect(names).toContain('person.filter.field.name');
    expect(names).toContain('person.filter2.field.name');
  });

  it("has a filter schema that agrees with the parser, depth aside (it is recursive in the document)", () => {
    const ajv = new Ajv2020({ strict: false, inlineRefs: false });
    formats.default(ajv);
    ajv.addSchema({ $id: 'urn:jsonapi-query:document', components: { schemas: document.components.schemas } } as never);
    const validateFilter = ajv.compile({ $ref: 'urn:jsonapi-query:document#/components/schemas/person.filter' });
    const beyond = new Set(['filter_too_long', 'filter_too_many_nodes', 'filter_too_deep']);
    fc.assert(
      fc.property(nearValidFilter(exampleSchema, 'person'), (filter) => {
        const text = JSON.stringify(filter);
        const result = safeParseQuery(`filter=${encodeURIComponent(text)}`, { schema: exampleSchema, type: 'person', limits: { maxQueryLength: 1e6 } });
        const accepted = validateFilter(filter) === true;
        if (result.success) expect(accepted, text).toBe(true);
        else if (accepted) expect(result.error.errors.every((error) => beyond.has(error.code)), text).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('has simple-filter parameters that agree with the parser on converted values', () => {
    const ajv = new Ajv2020({ strict: true });
    formats.default(ajv);
    const texts = ['John', '', 'null', '42', '-1.5', '1e3', '9007199254740993', 'true', 'false', '1990-05-01', '2021-02-30', 'x'.repeat(257), 'a,b'];
    /** What a client generated from the document sends: the text, as the parameter's schema types it. */
    const convert = (type: unknown, text: string): unknown => {
      if ((type === 'integer' || type === 'number') && /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) return Number(text);
      if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
      return text;
    };
    const withNumbers = { types: { ...exampleSchema.types, computer: { ...exampleSchema.types.computer, attributes: { serial: { type: 'string' }, ram: { type: 'integer', minimum: 1 }, price: { type: 'number' }, used: { type: 'boolean' } } } } } as const;
    for (const [schema, type, path] of [[exampleSchema, 'person', '/persons'], [withNumbers, 'computer', '/computers']] as const) {
      const parameters = parametersOf(toOpenApi(schema), path);
      const simple = Object.values(parameters).filter((parameter) => String(parameter['name']).startsWith('filter['));
      expect(simple.length).toBeGreaterThan(4);
      for (const parameter of simple) {
        const validate = ajv.compile(parameter['schema'] as object);
        for (const text of texts) {
          const accepted = validate(convert((parameter['schema'] as { type: unknown }).type, text)) === true;
          const parsed = safeParseQuery(`${String(parameter['name'])}=${encodeURIComponent(text)}`, { schema, type });
          expect(accepted, `${String(parameter['name'])}=${text}`).toBe(parsed.success);
        }
      }
    }
    expect(parametersOf(document, '/persons')['filter[computers__owner__computers__owner__name]']).toBeUndefined();
    expect(safeParseQuery('filter[computers__owner__computers__owner__name]=A', { schema: exampleSchema, type: 'person' }).success).toBe(false);
  });
});
