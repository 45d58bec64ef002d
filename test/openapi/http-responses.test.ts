/**
 * Every response of the handler validates against the OpenAPI document's response
 * schema for its route and status (test/helpers/openapi-check.ts, ajv): a broad set of
 * fixed requests — collections, includes, fieldsets, related and relationship routes,
 * HEAD, every error status — and random valid and near-valid query strings on every route.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type HandlerOptions } from '../../src/http/index.js';
import { DataLayerError, type DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { withOpenApi } from '../../src/openapi/index.js';
import { arbitraryNearValidQueryString, arbitraryQueryString } from '../../src/testing/index.js';
import { checkOpenApiResponse } from '../helpers/openapi-check.js';

const ACCEPT = { accept: 'application/vnd.api+json' };

function replay(options: Partial<HandlerOptions> = {}) {
  const handlerOptions: HandlerOptions = {
    schema: exampleSchema,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
    ...options,
  };
  const handle = withOpenApi(createHandler(handlerOptions), handlerOptions);
  return async (method: string, path: string, query = '', headers: Record<string, string> = ACCEPT) => {
    const response = await handle({ method, path, query, headers });
    checkOpenApiResponse(handlerOptions, { method, path }, response);
    return response;
  };
}

const FIXED: readonly (readonly [string, string, string?, Record<string, string>?])[] = [
  ['GET', '/persons'],
  ['GET', '/persons', 'page[size]=0'],
  ['GET', '/persons', 'page[size]=5&page[number]=2&sort=-name,birth_date'],
  ['GET', '/persons', 'page[number]=99'],
  ['GET', '/persons', 'include=computers.owner.computers'],
  ['GET', '/persons', 'include=computers&fields[person]=display_name,computers&fields[computer]=serial'],
  ['GET', '/persons', 'fields[person]='],
  ['GET', '/persons', 'filter[name]=John&filter[computers__serial]=SN1002'],
  ['GET', '/persons', `filter=${encodeURIComponent('[{"name":"computers","op":"any","val":{"name":"serial","op":"like","val":"SN%"}}]')}`],
  ['GET', '/computers', 'sort=owner.name,-serial&include=owner'],
  ['GET', '/persons/1'],
  ['GET', '/persons/1', 'include=computers.owner'],
  ['GET', '/persons/1/computers', 'include=owner&sort=-serial&page[size]=1'],
  ['GET', '/persons/1/relationships/computers'],
  ['GET', '/persons/1/relationships/computers', 'include=computers&page[size]=1'],
  ['GET', '/computers/1/owner', 'include=computers'],
  ['GET', '/computers/26/owner'],
  ['GET', '/computers/1/relationships/owner', 'include=owner'],
  ['GET', '/computers/26/relationships/owner'],
  ['HEAD', '/persons', 'include=computers'],
  ['HEAD', '/persons/1'],
  ['HEAD', '/persons/999'],
  ['GET', '/openapi.json'],
  ['HEAD', '/openapi.json'],
  ['POST', '/openapi.json'],
  // errors
  ['GET', '/persons', 'sort=nope'],
  ['GET', '/persons', 'filter=[{"name":"name","op":"like","val":5}]'],
  ['GET', '/persons', 'page[size]=1000&include=nope'],
  ['GET', '/persons', `sort=${'a'.repeat(9000)}`],
  ['GET', '/persons/999'],
  ['GET', '/persons/999/computers'],
  ['GET', '/nope'],
  ['GET', '/persons/1/nope'],
  ['POST', '/persons'],
  ['DELETE', '/persons/1'],
  ['get', '/persons/1'],
  ['GET', '/persons', '', { accept: 'application/vnd.api+json; charset=utf-8' }],
  ['GET', '/persons', '', { ...ACCEPT, 'content-type': 'application/vnd.api+json; charset=utf-8' }],
];

describe('handler responses match the OpenAPI document', () => {
  it.each(FIXED.map((request) => [`${request[0]} ${request[1]}?${request[2] ?? ''}`.slice(0, 120), request] as const))(
    '%s',
    async (_title, [method, path, query, headers]) => {
      await replay()(method, path, query, headers);
    },
  );

  it('covers every status the handler answers with', async () => {
    const send = replay();
    const statuses = new Set<number>();
    for (const [method, path, query, headers] of FIXED) statuses.add((await send(method, path, query, headers)).status);
    expect([...statuses].sort()).toEqual([200, 400, 404, 405, 406, 414, 415]);
  });

  it('matches with other options: limits, strict included, a base URL', async () => {
    const send = replay({
      limits: { maxIncludeDepth: 1, maxPageSize: 10, defaultPageSize: 10, types: { computer: { maxIncludeDepth: 2 } } },
      strictIncluded: true,
      baseUrl: 'https://api.example.com',
    });
    await send('GET', '/persons', 'include=computers&page[size]=10');
    await send('GET', '/persons/1/relationships/computers', 'include=computers.owner');
    await send('GET', '/computers', 'include=owner.computers');
    expect((await send('GET', '/persons', 'include=computers.owner')).status).toBe(400);
  });

  it('matches the 500 and 503 error documents', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const failing = (error: Error): DataLayer => ({ ...layer, read: () => Promise.reject(error) });
    const internal = replay({ dataLayer: failing(new Error('boom')), logger: { error: () => undefined } });
    expect((await internal('GET', '/persons')).status).toBe(500);
    const unavailable = replay({ dataLayer: failing(new DataLayerError('unavailable', 'down')), logger: { error: () => undefined } });
    expect((await unavailable('GET', '/persons')).status).toBe(503);
  });

  it('matches for random valid and near-valid query strings on every route', async () => {
    const send = replay();
    const routes = [
      { type: 'person', path: '/persons' },
      { type: 'person', path: '/persons/1' },
      { type: 'computer', path: '/persons/1/computers' },
      { type: 'computer', path: '/persons/1/relationships/computers' },
      { type: 'person', path: '/computers/1/owner' },
      { type: 'computer', path: '/computers' },
    ];
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain(({ type, path }) =>
          fc.tuple(fc.constant(path), fc.oneof(arbitraryQueryString(exampleSchema, type), arbitraryNearValidQueryString(exampleSchema, type))),
        ),
        async ([path, query]) => {
          const { status } = await send('GET', path, query);
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      ),
      { numRuns: 400 },
    );
    expect(statuses[200]).toBeGreaterThan(50);
    expect(statuses[400]).toBeGreaterThan(50);
  });

  it('rejects what does not match: the check is not vacuous', async () => {
    const options = { schema: exampleSchema };
    const good = await replay()('GET', '/persons/1');
    const document = JSON.parse(good.body) as { data: { attributes: Record<string, unknown> } };
    const variant = (status: number, body: unknown) => ({ ...good, status, body: JSON.stringify(body) });
    const check = (path: string, status: number, body: unknown) => () =>
      checkOpenApiResponse(options, { method: 'GET', path }, variant(status, body));
    expect(check('/persons/1', 200, document)).not.toThrow();
    expect(check('/persons/1', 200, { ...document, data: { ...document.data, attributes: { age: 3 } } })).toThrow(/does not match/);
    expect(check('/persons/1', 200, { ...document, data: { ...document.data, type: 'computer' } })).toThrow(/does not match/);
    expect(check('/persons', 200, document)).toThrow(/does not match/);
    expect(check('/persons/1', 418, document)).toThrow(/not described/);
    const error = { errors: [{ status: '400', code: 'no_such_code', title: 't', detail: 'd' }], jsonapi: { version: '1.0' } };
    expect(check('/persons', 400, error)).toThrow(/does not match/);
    expect(check('/nope', 200, document)).toThrow(/expected 404/);
  });
});
