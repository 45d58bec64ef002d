/**
 * `jsonapi-query serve --writable`: the built CLI in a child process takes writes
 * on the memory layer, from a plain fetch client — single routes and an Atomic
 * Operations batch — and stays read-only without the flag. The file it serves is
 * never written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownedTempDir } from '../helpers/owned.js';
import { library } from './library-file.js';
import { startServe } from './serve-process.js';

const JSON_API = 'application/vnd.api+json';
const ATOMIC = `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`;
const directory = ownedTempDir('jsonapi-query-serve-writable-');

async function send(origin: string, method: string, path: string, body?: unknown, contentType = JSON_API) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { accept: JSON_API, ...(body === undefined ? {} : { 'content-type': contentType }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, document: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

describe('jsonapi-query serve --writable', () => {
  it('takes writes on a JSON file and never writes the file', async () => {
    const file = join(directory, 'library.json');
    writeFileSync(file, JSON.stringify(library));
    const { cli, origin } = await startServe([file, '--writable', '--quiet']);
    await cli.waitFor(/Writable: POST, PATCH and DELETE on the routes, POST \/operations/);
    const created = await send(origin, 'POST', '/books', { data: { type: 'book', attributes: { title: 'The Tenant of Wildfell Hall', year: 1848 }, relationships: { author: { data: { type: 'author', id: 'ab' } } } } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/books/2');
    const batch = await send(
      origin,
      'POST',
      '/operations',
      {
        'atomic:operations': [
          { op: 'add', data: { type: 'author', lid: 'cb', attributes: { name: 'Charlotte Brontë' } } },
          { op: 'add', data: { type: 'book', attributes: { title: 'Jane Eyre', year: 1847 }, relationships: { author: { data: { type: 'author', lid: 'cb' } } } } },
          { op: 'update', ref: { type: 'book', id: '1' }, data: { type: 'book', id: '1', attributes: { year: null } } },
          { op: 'remove', ref: { type: 'book', id: '2' } },
        ],
      },
      ATOMIC,
    );
    expect(batch.status).toBe(200);
    expect(batch.document?.['atomic:results']).toMatchObject([{ data: { type: 'author', id: '1' } }, { data: { type: 'book', id: '3' } }, { data: { id: '1', attributes: { year: null } } }, {}]);
    const books = await send(origin, 'GET', '/authors/1/books');
    expect(books.document?.['data']).toMatchObject([{ id: '3', attributes: { title: 'Jane Eyre' } }]);
    expect((await send(origin, 'GET', '/books/2')).status).toBe(404);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(library);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('stays read-only without the flag', async () => {
    const { cli, origin } = await startServe(['--quiet']);
    await cli.waitFor(/Read-only: add --writable to take writes./);
    const refused = await send(origin, 'POST', '/persons', { data: { type: 'person', attributes: { name: 'Ada', display_name: 'Ada' } } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});
