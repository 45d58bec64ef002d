import { describe, expect, it, vi } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler } from '../../src/http/index.js';
import { DataLayerError, type DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { checkedHandler, exampleHandler, JSONAPI, MEDIA_TYPE } from './helpers.js';

const SECRET = 'SELECT password FROM users -- at /srv/app/db.js:42';

function failingLayer(failure: () => never, method: keyof Omit<DataLayer, 'operators'> = 'read'): DataLayer {
  const layer = createMemoryLayer(exampleSchema, exampleData);
  return { ...layer, operators: layer.operators, [method]: failure } as DataLayer;
}

const internalError = {
  errors: [
    {
      status: '500',
      code: 'internal_error',
      title: 'Internal server error',
      detail: 'The server failed to process the request.',
    },
  ],
  jsonapi: JSONAPI,
};

describe('a failing data layer', () => {
  it.each([
    { method: 'read' as const, path: '/persons', query: '' },
    { method: 'readOne' as const, path: '/persons/1', query: '' },
    { method: 'readRelated' as const, path: '/persons/1/computers', query: '' },
    { method: 'readLinkage' as const, path: '/persons/1/relationships/computers', query: '' },
    { method: 'readIncluded' as const, path: '/persons', query: 'include=computers' },
  ])('$method throwing → 500 that leaks nothing, the error logged', async ({ method, path, query }) => {
    const error = new Error(SECRET);
    const logger = { error: vi.fn() };
    const handle = checkedHandler(
      createHandler({
        schema: exampleSchema,
        dataLayer: failingLayer(() => {
          throw error;
        }, method),
        logger,
      }),
      { schema: exampleSchema },
    );
    const response = await handle({ method: 'GET', path, query, headers: {} });
    expect(response.status).toBe(500);
    expect(response.headers).toEqual({ 'content-type': MEDIA_TYPE, vary: 'Accept' });
    expect(JSON.parse(response.body)).toEqual(internalError);
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('db.js');
    expect(logger.error).toHaveBeenCalledWith('Request failed', error);
  });

  it('a rejection with a non-Error value, and a logger that throws, still give a 500', async () => {
    const handle = checkedHandler(
      createHandler({
        schema: exampleSchema,
        dataLayer: { ...failingLayer(() => Promise.reject(SECRET) as never), operators: new Set() },
        logger: {
          error: () => {
            throw new Error('logger down');
          },
        },
      }),
      { schema: exampleSchema },
    );
    const response = await handle({ method: 'GET', path: '/persons', query: '', headers: {} });
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body)).toEqual(internalError);
  });

  it.each([
    {
      reason: 'unavailable' as const,
      status: 503,
      error: {
        status: '503',
        code: 'service_unavailable',
        title: 'Service unavailable',
        detail: 'The data store is unavailable; retry later.',
      },
    },
    {
      reason: 'timeout' as const,
      status: 503,
      error: {
        status: '503',
        code: 'timeout',
        title: 'Request timed out',
        detail: 'The data store did not answer in time; retry later.',
      },
    },
    { reason: 'internal' as const, status: 500, error: internalError.errors[0] },
  ])('DataLayerError $reason → $status', async ({ reason, status, error }) => {
    const failure = new DataLayerError(reason, `pool: ${SECRET}`);
    const logger = { error: vi.fn() };
    const handle = checkedHandler(
      createHandler({
        schema: exampleSchema,
        dataLayer: failingLayer(() => {
          throw failure;
        }),
        logger,
      }),
      { schema: exampleSchema },
    );
    const response = await handle({ method: 'GET', path: '/persons', query: '', headers: {} });
    expect(response.status).toBe(status);
    expect(response.headers['retry-after']).toBe(status === 503 ? '1' : undefined);
    expect(JSON.parse(response.body)).toEqual({ errors: [error], jsonapi: JSONAPI });
    expect(response.body).not.toContain('password');
    expect(logger.error).toHaveBeenCalledWith(expect.any(String), failure);
  });

  it('a scope callback that throws is a 500 too', async () => {
    const { handle } = exampleHandler({
      scope: () => {
        throw new Error(SECRET);
      },
    });
    const response = await handle({ method: 'GET', path: '/persons', query: '', headers: {} });
    expect(response.status).toBe(500);
    expect(response.body).not.toContain('password');
  });
});

describe('query errors', () => {
  const { get } = exampleHandler();

  it('a QueryError keeps its status and errors, with jsonapi', async () => {
    const { status, document } = await get('/persons', 'sort=nmae');
    expect(status).toBe(400);
    expect(document).toEqual({
      errors: [
        {
          status: '400',
          code: 'unknown_field',
          title: 'Unknown field',
          detail: expect.any(String),
          source: { parameter: 'sort' },
        },
      ],
      jsonapi: JSONAPI,
    });
  });

  it('414 for a query string over the limit, counted in UTF-8 bytes, before parsing', async () => {
    const long = `filter[name]=${'a'.repeat(8192 - 'filter[name]='.length)}`;
    expect((await get('/persons', long)).status).toBe(400); // at the limit: parsed (the value is too long)
    const { status, document } = await get('/persons', `${long}b`);
    expect(status).toBe(414);
    expect(document).toEqual({
      errors: [
        {
          status: '414',
          code: 'query_too_long',
          title: 'Query string too long',
          detail: 'The query string is 8193 bytes; the limit is 8192.',
          meta: { limit: 8192 },
        },
      ],
      jsonapi: JSONAPI,
    });
    const { get: getSmall } = exampleHandler({ limits: { maxQueryLength: 10 } });
    expect((await getSmall('/persons', 'sort=name')).status).toBe(200);
    expect((await getSmall('/persons', 'sort=nämes')).status).toBe(414); // 10 characters, 11 bytes
  });

  it('too many included resources is a 400 from the executor', async () => {
    const { get: getLimited } = exampleHandler({ limits: { maxIncluded: 2 } });
    const { status, document } = await getLimited('/persons/1', 'include=computers');
    expect(status).toBe(400);
    expect(document).toMatchObject({ errors: [{ status: '400', code: 'too_many_included' }], jsonapi: JSONAPI });
  });

  it.each([
    { query: 'filter[__proto__][x]=1', parameter: 'filter[__proto__][x]' },
    { query: 'fields[constructor]=name', parameter: 'fields[constructor]' },
    { query: 'sort=name&sort=gender', parameter: 'sort' },
    { query: 'page[size]=%zz', parameter: undefined },
    { query: 'page[size]=-1', parameter: 'page[size]' },
    { query: 'foo=bar', parameter: 'foo' },
    { query: 'filter=[{"name":"name","op":"eq"', parameter: 'filter' },
  ])('hostile query $query → 400, never a crash', async ({ query, parameter }) => {
    const { status, document } = await get('/persons', query);
    expect(status).toBe(400);
    const errors = (document as { errors: { status: string; source?: { parameter: string } }[] }).errors;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((error) => error.status === '400')).toBe(true);
    if (parameter !== undefined) expect(errors.map((error) => error.source?.parameter)).toContain(parameter);
  });

  it('an operator the data layer does not support is a 400 before the layer is called', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const read = vi.fn(layer.read);
    const handle = checkedHandler(
      createHandler({
        schema: exampleSchema,
        dataLayer: { ...layer, operators: new Set(['eq'] as const), read },
      }),
      { schema: exampleSchema },
    );
    const query = `filter=${encodeURIComponent('[{"name":"name","op":"ilike","val":"j%"}]')}`;
    const response = await handle({ method: 'GET', path: '/persons', query, headers: {} });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ code: 'operator_not_supported' }] });
    expect(read).not.toHaveBeenCalled();
  });
});

it.each([
  { method: '', path: '', query: '', headers: {}, status: 404 },
  { method: 'GET', path: '/persons/%', query: '%', headers: { accept: ';;;,,,' }, status: 404 },
  { method: 'GET', path: '/persons', query: '&&&==&', headers: { accept: '"' }, status: 200 },
  { method: 'GET', path: '/persons', query: '%', headers: {}, status: 400 },
  { method: 'GET', path: '/persons', query: 'filter=\u0000', headers: { 'content-type': '' }, status: 400 },
])('odd request $method $path?$query → $status, never a rejection', async ({ status, ...request }) => {
  const { handle } = exampleHandler();
  const response = await handle(request);
  expect(response.status).toBe(status);
  expect(JSON.parse(response.body)).toHaveProperty('jsonapi', JSONAPI);
});

describe('aborted requests and asynchronous scopes', () => {
  it('a request whose signal aborted gets a 503 and is not logged', async () => {
    const controller = new AbortController();
    const logger = { error: vi.fn() };
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const handle = checkedHandler(
      createHandler({
        schema: exampleSchema,
        logger,
        dataLayer: {
          ...layer,
          operators: layer.operators,
          read: (_request, context) => {
            controller.abort();
            return Promise.reject(context.signal.reason as Error);
          },
        },
      }),
      { schema: exampleSchema },
    );
    const response = await handle({ method: 'GET', path: '/persons', query: '', headers: {}, signal: controller.signal });
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body)).toEqual({
      errors: [
        { status: '503', code: 'service_unavailable', title: 'Service unavailable', detail: 'The request was aborted.' },
      ],
      jsonapi: JSONAPI,
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('the scope callback may be asynchronous', async () => {
    const { get } = exampleHandler({
      scope: async () => {
        await Promise.resolve();
        return { person: [{ name: 'name', op: 'eq', val: 'Jane' }] };
      },
    });
    const { document } = await get('/persons', 'fields[person]=name');
    expect(document).toMatchObject({ data: [{ id: '4', attributes: { name: 'Jane' } }], meta: { count: 1 } });
  });

  it('the base URL prefixes every link of the handler', async () => {
    const { get } = exampleHandler({ baseUrl: 'https://api.example.com' });
    const { document } = await get('/computers/26/relationships/owner', '');
    expect(document).toEqual({
      data: null,
      links: {
        self: 'https://api.example.com/computers/26/relationships/owner',
        related: 'https://api.example.com/computers/26/owner',
      },
      jsonapi: JSONAPI,
    });
  });
});
