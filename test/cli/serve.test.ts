/**
 * `jsonapi-query serve`, as a user runs it: the built CLI in a child process, a
 * real HTTP client, signals to stop it, and bad files that must be named.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { ownedTempDir } from '../helpers/owned.js';
import { librarySchema } from './library-file.js';
import { runCli, startServe } from './serve-process.js';

const JSON_API = 'application/vnd.api+json';
const directory = ownedTempDir('jsonapi-query-serve-');

function writeJson(name: string, content: unknown): string {
  const file = join(directory, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const libraryData = {
  author: [{ id: 'ab', name: 'Anne Brontë' }],
  book: [
    { id: 2, title: 'The Tenant of Wildfell Hall', year: 1848, author: 'ab' },
    { id: 1, title: 'Agnes Grey', year: 1847, author: 'ab' },
    { id: 10, title: 'Untitled', year: null, author: null },
  ],
};

describe('jsonapi-query serve', () => {
  it('serves the example dataset, logs each request, and exits 0 on SIGTERM', async () => {
    const { cli, origin } = await startServe([]);
    const response = await send(origin, '/persons/1?fields[person]=name');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_API);
    expect(JSON.parse(response.body)).toEqual({
      data: { type: 'person', id: '1', attributes: { name: 'John' }, links: { self: '/persons/1' } },
      links: { self: '/persons/1?fields%5Bperson%5D=name' },
      jsonapi: { version: '1.0' },
    });
    const missing = await send(origin, '/persons/nobody');
    expect(missing.status).toBe(404);
    await cli.waitFor(/GET \/persons\/nobody 404 \d+\.\dms\n/);
    expect(cli.stdout()).toMatch(/^GET \/persons\/1\?fields\[person\]=name 200 \d+\.\dms$/m);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.stdout()).toContain('SIGTERM: closing the server\n');
    expect(cli.stderr()).toBe('');
  });

  it('exits 0 on SIGINT, also with a keep-alive connection open', async () => {
    const { cli, origin } = await startServe(['--quiet']);
    const response = await fetch(`${origin}/computers?page[size]=1`, { headers: { accept: JSON_API } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.stdout()).not.toMatch(/^GET /m);
  });

  it('prints example requests that work against it', async () => {
    const { cli, origin } = await startServe([]);
    const urls = [...cli.stdout().matchAll(/^ {2}curl -g -H 'Accept: application\/vnd\.api\+json' '([^']+)'$/gm)].map(
      (match) => match[1] ?? '',
    );
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) {
      expect(url.startsWith(origin)).toBe(true);
      const response = await send(origin, url.slice(origin.length));
      expect([url, response.status]).toEqual([url, 200]);
    }
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('serves a { schema, data } file with integer ids', async () => {
    const file = writeJson('library.json', { schema: librarySchema, data: libraryData });
    const { cli, origin } = await startServe([file, '--host', '127.0.0.1']);
    expect(cli.stdout()).toContain(`Serving ${file} at ${origin}\n`);
    const response = await send(origin, '/books?sort=-year&fields[book]=title,author&include=author&fields[author]=name');
    expect(response.status).toBe(200);
    const document = JSON.parse(response.body) as { data: { id: string; attributes: unknown }[]; included: unknown[] };
    // Descending: nulls first (decisions.md), then 1848, 1847.
    expect(document.data.map((book) => [book.id, book.attributes])).toEqual([
      ['10', { title: 'Untitled' }],
      ['2', { title: 'The Tenant of Wildfell Hall' }],
      ['1', { title: 'Agnes Grey' }],
    ]);
    expect(document.included).toEqual([
      {
        type: 'author',
        id: 'ab',
        attributes: { name: 'Anne Brontë' },
        links: { self: '/authors/ab' },
      },
    ]);
    const author = await send(origin, '/books/1/author');
    expect(JSON.parse(author.body)).toMatchObject({ data: { type: 'author', id: 'ab', attributes: { name: 'Anne Brontë' } } });
    expect((await send(origin, '/books/x')).status).toBe(404);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it.each([
    ['a missing file', () => join(directory, 'nope.json'), /^jsonapi-query serve: cannot read .*nope\.json: ENOENT/],
    ['a file that is not JSON', () => writeJson('bad.json', '{ "schema": '), /bad\.json is not valid JSON: /],
    ['a JSON array', () => writeJson('array.json', []), /array\.json must hold a JSON object \{ "schema": …, "data": … \}/],
    ['a file without data', () => writeJson('nodata.json', { schema: librarySchema }), /nodata\.json has no "data" member/],
    [
      'a bad schema',
      () =>
        writeJson('badschema.json', {
          schema: { types: { book: { root: 'books', attributes: { title: { type: 'text' } } } } },
          data: {},
        }),
      /badschema\.json: Invalid resource schema:\n {2}- type "book", field "title": /,
    ],
    [
      'data that does not fit the schema',
      () => writeJson('baddata.json', { schema: librarySchema, data: { book: [{ id: 1, title: 7, year: null }] } }),
      /baddata\.json: Invalid data: type "book", id 1, field "title": /,
    ],
    [
      'data of an unknown type',
      () => writeJson('unknowntype.json', { schema: librarySchema, data: { magazine: [] } }),
      /unknowntype\.json: Invalid data: type "magazine": unknown resource type/,
    ],
  ])('refuses %s, naming what is wrong, with exit code 1', async (_name, file, message) => {
    const { code, stdout, stderr } = await runCli(['serve', file(), '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, not "abc"/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535, not "70000"/],
    [['--port'], /--port needs a value/],
    [['--verbose'], /unknown option --verbose/],
    [['a.json', 'b.json'], /unexpected argument b\.json/],
    [['--pagination', 'keyset'], /--pagination must be offset or cursor, not "keyset"/],
    [['--count=estimate'], /--count must be exact or estimated or none, not "estimate"/],
    [['--base-url', 'api.example.com'], /--base-url must be an absolute http\(s\) URL without query or fragment, not "api\.example\.com"/],
    [['--base-url', 'https://api.example.com/?v=1'], /--base-url must be an absolute http\(s\) URL/],
    [['--dev-routes=yes'], /unknown option --dev-routes=yes/],
  ])('refuses the arguments %j with the usage and exit code 2', async (args, message) => {
    const { code, stdout, stderr } = await runCli(['serve', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Usage: jsonapi-query serve [FILE]');
    expect(stdout).toBe('');
  });

  it('--pagination cursor --count exact: every type pages by cursor and counts', async () => {
    const { cli, origin } = await startServe(['--pagination', 'cursor', '--count', 'exact', '--quiet']);
    const response = await send(origin, '/computers?page[size]=2&sort=serial&fields[computer]=serial');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(`${JSON_API}; profile="https://jsonapi.org/profiles/ethanresnick/cursor-pagination"`);
    const document = JSON.parse(response.body) as { data: { meta: { page: { cursor: string } } }[]; links: Record<string, string | null>; meta: unknown };
    expect(document.data).toHaveLength(2);
    expect(document.links['prev']).toBeNull();
    expect(document.links['next']).toContain(`page%5Bafter%5D=${document.data[1]?.meta.page.cursor ?? ''}`);
    expect(document.meta).toEqual({ count: 32 });
    expect((await send(origin, '/persons?page[number]=2')).status).toBe(400);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--count estimated: the memory layer counts exactly and says so', async () => {
    const { cli, origin } = await startServe(['--count', 'estimated', '--quiet']);
    const response = await send(origin, '/computers?page[size]=2&sort=serial&fields[computer]=serial');
    expect(response.status).toBe(200);
    const document = JSON.parse(response.body) as { links: Record<string, string>; meta: unknown };
    expect(document.meta).toEqual({ count: 32, countKind: 'exact' });
    expect(document.links['last']).toContain('page%5Bnumber%5D=16');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--base-url makes every link absolute', async () => {
    const { cli, origin } = await startServe(['--quiet', '--base-url', 'https://api.example.com/v1/']);
    const one = JSON.parse((await send(origin, '/persons/1?fields[person]=name')).body) as unknown;
    expect(one).toMatchObject({
      data: { links: { self: 'https://api.example.com/v1/persons/1' } },
      links: { self: 'https://api.example.com/v1/persons/1?fields%5Bperson%5D=name' },
    });
    const page = JSON.parse((await send(origin, '/computers?page[size]=2&include=owner')).body) as {
      links: Record<string, string>;
      included: { links: { self: string } }[];
    };
    expect(page.links['next']).toBe('https://api.example.com/v1/computers?page%5Bsize%5D=2&include=owner&page%5Bnumber%5D=2');
    expect(page.included.every((resource) => resource.links.self.startsWith('https://api.example.com/v1/persons/'))).toBe(true);
    const openapi = JSON.parse((await send(origin, '/openapi.json', { headers: { accept: 'application/json' } })).body) as unknown;
    expect(openapi).toMatchObject({ servers: [{ url: 'https://api.example.com/v1' }] });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('prints its help with --help', async () => {
    const { code, stdout } = await runCli(['serve', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: jsonapi-query serve [FILE] [--port N] [--host H] [--quiet] [--pagination M] [--count C]');
  });

  it('exits 1 naming the address when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const { code, stderr } = await runCli(['serve', '--port', String(port)]);
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
