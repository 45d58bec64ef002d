/**
 * Every adapter serving the real handler over the example dataset on a real
 * server (127.0.0.1, port 0), with a real client: status, headers and the exact
 * body for routes, errors, HEAD, 405 and 406, at the root and below a prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uri } from '../http/uri.js';
import { exampleHandler } from './example-handler.js';
import { send } from './http-client.js';
import {
  startExpress4,
  startExpress5,
  startFastify,
  startHono,
  startKoa,
  startNode,
  type RunningServer,
  type StartServer,
} from './servers.js';

/** Node servers hand the target over as sent. */
const asSent = (target: string): string => target;
/** A fetch runtime's `Request` holds a WHATWG-normalised URL (`"` in the query arrives as `%22`). */
const asFetchUrl = (target: string): string => {
  const url = new URL(target, 'http://127.0.0.1');
  return `${url.pathname}${url.search}`;
};

const frameworks: readonly (readonly [string, StartServer, readonly string[], (target: string) => string])[] = [
  ['node:http', startNode, [''], asSent],
  ['express 5', startExpress5, ['', '/api'], asSent],
  ['express 4', startExpress4, ['', '/api'], asSent],
  ['fastify', startFastify, ['', '/api'], asSent],
  ['hono', startHono, ['', '/api'], asFetchUrl],
  ['koa', startKoa, ['', '/api'], asSent],
];

const cases = frameworks.flatMap(([name, start, prefixes, received]) =>
  prefixes.map((prefix) => ({ name: prefix === '' ? name : `${name} under ${prefix}`, start, prefix, received })),
);

const JSON_API = 'application/vnd.api+json';

describe.each(cases)('$name serving the example dataset', ({ start, prefix, received }) => {
  let server: RunningServer;
  const handler = exampleHandler(prefix);
  beforeAll(async () => {
    server = await start(handler, prefix);
  });
  afterAll(() => server.close());

  /** The same request straight to the handler: what the adapter must deliver unchanged. */
  async function direct(method: string, target: string, headers: Record<string, string> = {}) {
    const [path = '', query = ''] = received(target).split('?');
    return handler({ method, path, query, headers: { accept: JSON_API, ...headers } });
  }

  it('serves a single resource with the exact document', async () => {
    const response = await send(server.origin, `${prefix}/persons/1`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_API);
    expect(JSON.parse(response.body)).toEqual({
      data: {
        type: 'person',
        id: '1',
        attributes: { display_name: 'John Doe', birth_date: '1990-04-02', name: 'John', gender: 'm' },
        relationships: {
          computers: {
            links: {
              self: `${prefix}/persons/1/relationships/computers`,
              related: `${prefix}/persons/1/computers`,
            },
          },
        },
        links: { self: `${prefix}/persons/1` },
      },
      links: { self: `${prefix}/persons/1` },
      jsonapi: { version: '1.0' },
    });
  });

  it.each([
    '/persons?page[size]=2&sort=-name&fields[person]=name',
    '/persons?filter=[{"name":"name","op":"ilike","val":"jo%25"}]&page[size]=3&include=computers',
    '/persons?filter[gender]=f&page[number]=2&page[size]=2',
    '/persons/1/computers?sort=-serial',
    '/persons/1/relationships/computers',
    '/computers/1/owner?fields[person]=display_name',
    '/computers?include=owner&fields[computer]=serial,owner&fields[person]=name&page[size]=2',
  ])('delivers the handler document for %s unchanged', async (target) => {
    const expected = await direct('GET', target);
    const response = await send(server.origin, `${prefix}${target}`);
    expect(expected.status).toBe(200);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_API);
    expect(response.body).toBe(expected.body);
  });

  it('keeps the query string raw: the page links repeat it exactly', async () => {
    const response = await send(server.origin, `${prefix}/persons?page[size]=2&sort=-name`);
    const document = JSON.parse(response.body) as { links: Record<string, string>; meta: { count: number } };
    expect(document.links['self']).toBe(uri(`${prefix}/persons?page[size]=2&sort=-name`));
    expect(document.meta.count).toBe(30);
    expect((JSON.parse(response.body) as { data: { id: string }[] }).data.map((resource) => resource.id)).toEqual(
      (JSON.parse((await direct('GET', '/persons?page[size]=2&sort=-name')).body) as { data: { id: string }[] }).data.map(
        (resource) => resource.id,
      ),
    );
  });

  it.each([
    ['/persons?sort=nmae', 400, 'unknown_field', 'sort'],
    ['/persons?foo=bar', 400, 'unknown_parameter', 'foo'],
    ['/persons?page[size]=1000', 400, 'page_size_too_large', 'page[size]'],
    ['/persons/999', 404, 'not_found', undefined],
    ['/nowhere', 404, 'not_found', undefined],
  ])('answers %s with a %d error document (%s)', async (target, status, code, parameter) => {
    const response = await send(server.origin, `${prefix}${target}`);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe(JSON_API);
    expect(response.body).toBe((await direct('GET', target)).body);
    const document = JSON.parse(response.body) as { errors: { status: string; code: string; source?: { parameter: string } }[] };
    expect(document.errors[0]?.status).toBe(String(status));
    expect(document.errors[0]?.code).toBe(code);
    expect(document.errors[0]?.source?.parameter).toBe(parameter);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await send(server.origin, `${prefix}/persons/1`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_API);
    expect(response.body).toBe('');
  });

  it.each(['POST', 'PATCH', 'DELETE'])('answers %s with 405 and Allow', async (method) => {
    const response = await send(server.origin, `${prefix}/persons`, {
      method,
      headers: { 'content-type': JSON_API },
      body: '{"data":{"type":"person","attributes":{"name":"x"}}}',
    });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
    expect(response.headers['content-type']).toBe(JSON_API);
    expect((JSON.parse(response.body) as { errors: { code: string }[] }).errors[0]?.code).toBe('method_not_allowed');
  });

  it('answers an Accept with only parameterised JSON:API media types with 406', async () => {
    const response = await send(server.origin, `${prefix}/persons`, {
      headers: { accept: `${JSON_API}; charset=utf-8` },
    });
    expect(response.status).toBe(406);
    expect((JSON.parse(response.body) as { errors: { code: string }[] }).errors[0]?.code).toBe('not_acceptable');
  });
});
