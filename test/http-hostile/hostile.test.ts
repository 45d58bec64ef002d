/**
 * The hostile suite at the HTTP level: the real handler over the example dataset,
 * served by the node:http adapter on a real socket, attacked with prototype keys,
 * repeated and unknown parameters, oversized and badly encoded query strings, bad
 * ids, bad media types, malformed HTTP over raw TCP, and a burst of concurrent
 * requests. Every request gets its exact answer in time, and the server keeps
 * serving.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/errors/error-codes.js';
import { answerClientErrors, toNodeListener } from '../../src/http/adapters/node.js';
import { exampleHandler } from '../adapters/example-handler.js';
import { send, type ClientOptions } from '../adapters/http-client.js';

const JSON_API = 'application/vnd.api+json';

let server: Server;
let origin: string;
let port: number;

beforeAll(async () => {
  server = answerClientErrors(createServer(toNodeListener(exampleHandler())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  // The server survived everything: a valid request is still answered.
  const response = await send(origin, '/persons/1?fields[person]=name');
  expect(response.status).toBe(200);
  expect(JSON.parse(response.body)).toMatchObject({ data: { id: '1', attributes: { name: 'John' } } });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** An expected error: status, code and `source.parameter` (`undefined`: none). */
type Expected = readonly [status: number, code: ErrorCode, parameter: string | undefined];

/** Sends the request and checks the whole error document against `expected`. */
async function expectError(target: string, [status, code, parameter]: Expected, options: ClientOptions = {}) {
  const response = await send(origin, target, options);
  expect({ target, status: response.status }).toEqual({ target, status });
  expect(response.headers['content-type']).toBe(JSON_API);
  const document = JSON.parse(response.body) as { errors: Record<string, unknown>[] };
  expect(document).toEqual({ errors: [expect.any(Object)], jsonapi: { version: '1.0' } });
  const [error] = document.errors;
  expect(error).toEqual({
    status: String(status),
    code,
    title: ERROR_CODES[code].title,
    detail: expect.any(String),
    ...(parameter === undefined ? {} : { source: { parameter } }),
    ...(error?.['meta'] === undefined ? {} : { meta: expect.any(Object) }),
  });
  return { response, error };
}

/** A 200 with a collection document. */
async function expectCollection(target: string, count: number) {
  const response = await send(origin, target);
  expect({ target, status: response.status }).toEqual({ target, status: 200 });
  const document = JSON.parse(response.body) as { data: unknown[]; meta: { count: number } };
  expect(document.meta.count).toBe(count);
}

describe('prototype keys in every family', () => {
  it.each<[string, Expected]>([
    ['filter[__proto__][x]=1', [400, 'invalid_parameter', 'filter[__proto__][x]']],
    ['filter[name][__proto__]=1', [400, 'invalid_parameter', 'filter[name][__proto__]']],
    ['filter[__proto__]=1', [400, 'unknown_field', 'filter[__proto__]']],
    ['filter[constructor]=1', [400, 'unknown_field', 'filter[constructor]']],
    ['filter[computers__constructor]=1', [400, 'unknown_field', 'filter[computers__constructor]']],
    ['filter=[{"name":"__proto__","op":"eq","val":1}]', [400, 'unknown_field', 'filter']],
    ['filter=[{"name":"name","op":"constructor","val":"x"}]', [400, 'unknown_operator', 'filter']],
    ['filter=[{"name":"name","op":"__proto__","val":"x"}]', [400, 'unknown_operator', 'filter']],
    ['filter={"__proto__":{"name":"x"}}', [400, 'invalid_filter_entry', 'filter']],
    ['filter=[{"name":"name","op":"eq","val":"x","__proto__":{"y":1}}]', [400, 'invalid_filter_entry', 'filter']],
    ['filter=[{"name":"computers","op":"any","val":{"name":"constructor","op":"eq","val":"x"}}]', [400, 'unknown_field', 'filter']],
    ['fields[constructor]=x', [400, 'unknown_type', 'fields[constructor]']],
    ['fields[__proto__]=x', [400, 'unknown_type', 'fields[__proto__]']],
    ['fields[person]=__proto__', [400, 'unknown_field', 'fields[person]']],
    ['fields[person]=name,constructor', [400, 'unknown_field', 'fields[person]']],
    ['include[length]=9', [400, 'invalid_parameter', 'include[length]']],
    ['include=__proto__', [400, 'unknown_relationship', 'include']],
    ['include=computers.constructor', [400, 'unknown_relationship', 'include']],
    ['page[__proto__]=1', [400, 'unknown_page_parameter', 'page[__proto__]']],
    ['page[constructor]=1', [400, 'unknown_page_parameter', 'page[constructor]']],
    ['sort[constructor]=a', [400, 'invalid_parameter', 'sort[constructor]']],
    ['sort=__proto__', [400, 'unknown_field', 'sort']],
    ['sort=constructor', [400, 'unknown_field', 'sort']],
    ['constructor=1', [400, 'unknown_parameter', 'constructor']],
  ])('?%s', async (query, expected) => {
    const { error } = await expectError(`/persons?${query}`, expected);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    if (query.startsWith('filter=') && error?.['meta'] !== undefined) {
      expect(error['meta']).toEqual({ pointer: expect.stringMatching(/^\/|^$/) });
    }
  });

  it.each(['toString=1', 'hasOwnProperty=1', 'valueOf=1', '__proto__=1', '__proto__[x]=1'])(
    'ignores ?%s (not a lowercase-only name: left to the host)',
    async (query) => {
      await expectCollection(`/persons?${query}&page[size]=1`, 30);
    },
  );
});

describe('repeated parameters', () => {
  it.each<[string, string]>([
    ['sort=name&sort=id', 'sort'],
    ['sort=name&sort=name', 'sort'],
    ['page[size]=1&page[size]=2', 'page[size]'],
    ['page%5Bsize%5D=1&page[size]=2', 'page[size]'],
    ['page[number]=1&page[number]=1', 'page[number]'],
    ['filter[name]=a&filter[name]=b', 'filter[name]'],
    ['filter=[]&filter=[]', 'filter'],
    ['include=computers&include=computers', 'include'],
    ['fields[person]=name&fields[person]=name', 'fields[person]'],
  ])('?%s names %s', async (query, parameter) => {
    await expectError(`/persons?${query}`, [400, 'repeated_parameter', parameter]);
  });
});

describe('oversized query strings', () => {
  const filler = (bytes: number): string => `xFiller=${'a'.repeat(bytes - 'xFiller='.length)}`;

  it('serves a query string of exactly 8,192 bytes', async () => {
    await expectCollection(`/persons?${filler(8192)}`, 30);
  });

  it('answers 8,193 bytes with 414 and the limit', async () => {
    const { error } = await expectError(`/persons?${filler(8193)}`, [414, 'query_too_long', undefined]);
    expect(error?.['meta']).toEqual({ limit: 8192 });
  });

  it('measures the raw (percent-encoded) query: 1,366 escaped é are over the limit', async () => {
    await expectError(`/persons?xFiller=${'%C3%A9'.repeat(1366)}`, [414, 'query_too_long', undefined]);
  });

  it('answers a request line beyond node:http’s header limit with a 431 error document', async () => {
    const response = await send(origin, `/persons?${filler(20_000)}`);
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ status: '431', code: 'request_header_too_large' }] });
  });

  it('answers more than 100 parameters with 400', async () => {
    const query = Array.from({ length: 101 }, (_, index) => `xP${index}=1`).join('&');
    await expectError(`/persons?${query}`, [400, 'too_many_parameters', undefined]);
  });

  it('answers a filter beyond 4,096 characters with 400', async () => {
    const entries = Array.from({ length: 120 }, () => '{"name":"name","op":"eq","val":"aaaaaaaaaaaaaaaaaaaaa"}');
    await expectError(`/persons?filter=[${entries.join(',')}]`, [400, 'filter_too_long', 'filter']);
  });

  it.each([
    ['500 nested not', `${'{"not":'.repeat(500)}{"name":"name","op":"eq","val":"x"}${'}'.repeat(500)}`],
    ['2,000 nested arrays', `${'['.repeat(2000)}${']'.repeat(2000)}`],
    ['11 nested not', `${'{"not":'.repeat(11)}{"name":"name","op":"eq","val":"x"}${'}'.repeat(11)}`],
  ])('answers a filter of %s with 400 (depth checked before JSON.parse)', async (_name, filter) => {
    await expectError(`/persons?filter=${filter}`, [400, 'filter_too_deep', 'filter']);
  });
});

describe('bad percent-encoding', () => {
  it.each<[string, string]>([
    ['filter[name]=%E0%A4%A', 'filter[name]'],
    ['filter[name]=%zz', 'filter[name]'],
    ['filter[name]=%', 'filter[name]'],
    ['filter[name]=%00', 'filter[name]'],
    ['filter[name]=%C0%AF', 'filter[name]'],
    ['filter[name]=%ED%A0%80', 'filter[name]'],
    ['sort=%00', 'sort'],
    ['%zz=1', '%zz'],
  ])('?%s is a 400 naming %s', async (query, parameter) => {
    await expectError(`/persons?${query}`, [400, 'malformed_query_string', parameter]);
  });

  it('decodes + as a space and percent-escapes once', async () => {
    const response = await send(origin, '/persons?filter[display_name]=John+Doe');
    expect((JSON.parse(response.body) as { data: { id: string }[] }).data.map((person) => person.id)).toEqual(['1']);
    const twice = await send(origin, '/persons?filter[display_name]=John%2520Doe');
    expect((JSON.parse(twice.body) as { data: unknown[] }).data).toEqual([]);
  });
});

describe('unknown parameters', () => {
  it.each<[string, Expected]>([
    ['foo=bar', [400, 'unknown_parameter', 'foo']],
    ['filters[name]=x', [400, 'unknown_parameter', 'filters[name]']],
    ['page[offset]=1', [400, 'unknown_page_parameter', 'page[offset]']],
    ['page[limit]=1', [400, 'unknown_page_parameter', 'page[limit]']],
    ['filter[name][x]=1', [400, 'invalid_parameter', 'filter[name][x]']],
    ['filter[a][b][c]=1', [400, 'invalid_parameter', 'filter[a][b][c]']],
  ])('?%s', async (query, expected) => {
    await expectError(`/persons?${query}`, expected);
  });

  it.each(['fooBar=1', 'x-foo=1', 'utm_source=mail'])('leaves ?%s to the host', async (query) => {
    await expectCollection(`/persons?${query}&page[size]=1`, 30);
  });
});

describe('bad page values', () => {
  it.each<[string, Expected]>([
    ['page[size]=x', [400, 'invalid_page_value', 'page[size]']],
    ['page[size]=-1', [400, 'invalid_page_value', 'page[size]']],
    ['page[size]=1.5', [400, 'invalid_page_value', 'page[size]']],
    ['page[size]=1e3', [400, 'invalid_page_value', 'page[size]']],
    ['page[number]=0', [400, 'invalid_page_value', 'page[number]']],
    ['page[size]=101', [400, 'page_size_too_large', 'page[size]']],
    ['page[size]=99999999999999999999999', [400, 'page_size_too_large', 'page[size]']],
    ['page[number]=99999999', [400, 'page_offset_too_large', 'page[number]']],
  ])('?%s', async (query, expected) => {
    await expectError(`/persons?${query}`, expected);
  });
});

describe('bad ids and paths', () => {
  it.each([
    ['an id of 65 characters', `/persons/${'a'.repeat(65)}`],
    ['an id of 64 characters that does not exist', `/persons/${'a'.repeat(64)}`],
    ['a very long id', `/persons/${'a'.repeat(5000)}`],
    ['an encoded dot-dot', '/persons/%2e%2e'],
    ['an encoded dot-dot below a relationship', '/persons/%2e%2e/computers'],
    ['an encoded slash', '/persons/..%2f..'],
    ['a unicode id', '/persons/%E2%98%83'],
    ['an id with NUL', '/persons/1%00'],
    ['a malformed escape in the id', '/persons/%zz'],
    ['an empty segment', '/persons//1'],
    ['a trailing slash', '/persons/1/'],
    ['too many segments', '/persons/1/computers/2'],
    ['an unknown root', '/people'],
    ['a root in another case', '/Persons'],
    ['an unknown relationship', '/persons/1/owner'],
    ['an unknown relationship route', '/persons/1/relationships/nope'],
    ['a related route of a missing person', '/persons/999/computers'],
    ['a relationship route of a missing computer', '/computers/999/relationships/owner'],
    ['the root', '/'],
  ])('%s is a 404', async (_name, target) => {
    await expectError(target, [404, 'not_found', undefined]);
  });

  it('validates the query on a route that returns one resource', async () => {
    await expectError('/persons/1?page[size]=x', [400, 'invalid_page_value', 'page[size]']);
  });
});

describe('media types', () => {
  it.each([
    `${JSON_API}; charset=utf-8`,
    `${JSON_API}; ext="https://example.com/ext"`,
    `${JSON_API};q=0`,
    `${JSON_API}; charset=utf-8, ${JSON_API}; version=1`,
  ])('Accept: %s is a 406', async (accept) => {
    await expectError('/persons', [406, 'not_acceptable', undefined], { headers: { accept } });
  });

  it.each([
    JSON_API,
    `${JSON_API}; profile="https://example.com/profile"`,
    `${JSON_API}; charset=utf-8, ${JSON_API}`,
    'text/html',
    '*/*',
    'application/*',
    '',
  ])('Accept: %j is served', async (accept) => {
    const response = await send(origin, '/persons/1', { headers: { accept } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_API);
  });

  it.each([`${JSON_API}; charset=utf-8`, `${JSON_API}; ext="https://example.com/ext"`])(
    'Content-Type: %s is a 415',
    async (contentType) => {
      await expectError('/persons', [415, 'unsupported_media_type', undefined], {
        headers: { 'content-type': contentType },
      });
    },
  );

  it.each(['POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'TRACE'])('%s is a 405 with Allow', async (method) => {
    const { response } = await expectError('/persons/1', [405, 'method_not_allowed', undefined], {
      method,
      headers: { 'content-type': JSON_API },
      ...(method === 'TRACE' ? {} : { body: '{"data":{"type":"person","id":"1"}}' }),
    });
    expect(response.headers['allow']).toBe('GET, HEAD');
  });

  it('a method on a path that does not exist is a 404', async () => {
    await expectError('/people', [404, 'not_found', undefined], { method: 'POST', body: '{}' });
  });
});

describe('malformed HTTP over a raw TCP socket', () => {
  /**
   * Writes raw bytes, returns everything the server sent until it closed the
   * connection (or fails after 3 s). `halfClose` ends our side after writing.
   */
  function exchange(bytes: string, halfClose = true): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 60))}`));
      }, 3000);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
      });
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(received);
      });
      socket.on('error', () => undefined);
      if (halfClose) socket.end(Buffer.from(bytes, 'latin1'));
      else socket.write(Buffer.from(bytes, 'latin1'));
    });
  }

  it.each([
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['a control character in the target', 'GET /persons?x=\x01 HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a space in the target', 'GET /persons?a b HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a NUL in the target', 'GET /persons\x00 HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['raw UTF-8 in the target', 'GET /persons/\xe2\x98\x83 HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['an unknown HTTP version', 'GET /persons HTTP/9.9\r\nHost: a\r\n\r\n'],
    ['bare LF line ends', 'GET /persons HTTP/1.1\nHost: a\n\n'],
    ['a header without a colon', 'GET /persons HTTP/1.1\r\nHost: a\r\nBroken header\r\n\r\n'],
    ['a bad Content-Length', 'GET /persons HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n'],
    [
      'Content-Length with Transfer-Encoding',
      'GET /persons HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('%s is a 400 JSON:API error document and the connection closes', async (_name, bytes) => {
    const response = await exchange(bytes);
    expect(response).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n(?:.*\r\n)*Connection: close\r\n/);
    expect(response).toContain(`Content-Type: ${JSON_API}\r\n`);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual({
      errors: [
        {
          status: '400',
          code: 'malformed_request',
          title: ERROR_CODES.malformed_request.title,
          detail: 'The request could not be parsed as HTTP.',
        },
      ],
      jsonapi: { version: '1.0' },
    });
  });

  it('no Host header is node:http’s own 400 (it answers before any listener) and the connection closes', async () => {
    const response = await exchange('GET /persons HTTP/1.1\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n(?:.*\r\n)*Connection: close\r\n/);
  });

  it('headers beyond node:http’s limit are a 431 JSON:API error document', async () => {
    const response = await exchange(`GET /persons HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(response).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({
      errors: [{ status: '431', code: 'request_header_too_large' }],
    });
  });

  it('answers pipelined requests in order', async () => {
    const response = await exchange(
      'GET /persons/1?fields[person]=name HTTP/1.1\r\nHost: a\r\n\r\n' +
        'GET /persons/nobody HTTP/1.1\r\nHost: a\r\n\r\n' +
        'GET /persons/2?fields[person]=name HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
      false,
    );
    expect([...response.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1])).toEqual(['200', '404', '200']);
    expect(response).toContain('"attributes":{"name":"John"}');
    expect(response).toContain('"attributes":{"name":"john"}');
  });

  it('serves an absolute-form target by its path', async () => {
    const response = await exchange(
      'GET http://example.com/persons/1?fields[person]=name HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n',
    );
    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(response).toContain('{"data":{"type":"person","id":"1","attributes":{"name":"John"}');
  });

  it('an incomplete request does not block other clients', async () => {
    const stalled = connect(port, '127.0.0.1');
    stalled.on('error', () => undefined);
    stalled.write('GET /persons HTTP/1.1\r\nHost: a\r\nX-Slow: ');
    try {
      await expectCollection('/persons?page[size]=1', 30);
    } finally {
      stalled.destroy();
    }
  });
});

describe('many concurrent requests', () => {
  it('answers 400 mixed valid and hostile requests, each within the timeout', async () => {
    const mix: readonly (readonly [string, number])[] = [
      ['/persons?filter=[{"name":"name","op":"ilike","val":"%25jo%25"}]&sort=-birth_date&include=computers', 200],
      ['/persons/1/computers?sort=-serial', 200],
      ['/computers?include=owner&page[size]=5', 200],
      ['/persons?filter[__proto__][x]=1', 400],
      ['/persons?sort=name&sort=id', 400],
      ['/persons?filter[name]=%E0%A4%A', 400],
      [`/persons?xFiller=${'a'.repeat(9000)}`, 414],
      ['/persons/%2e%2e', 404],
    ];
    const requests = Array.from({ length: 400 }, (_, index) => mix[index % mix.length] ?? (['/persons', 200] as const));
    const responses = await Promise.all(requests.map(([target]) => send(origin, target, { timeout: 10_000 })));
    expect(responses.map((response) => response.status)).toEqual(requests.map(([, status]) => status));
    expect(new Set(responses.filter((response) => response.status === 200).map((response) => response.body)).size).toBe(3);
  });
});
