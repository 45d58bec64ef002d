/**
 * `jsonapi-query serve FILE --writable --save`: the built CLI writes every change
 * back to FILE before answering it; killed with SIGKILL while writes flow, it leaves
 * a whole FILE that holds every write it answered with a 2xx, and starts again on
 * it. `--save` without `--writable`, without FILE or with `--db` is refused at start.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ownedTempDir } from '../helpers/owned.js';
import { library } from './library-file.js';
import { runCli, startServe } from './serve-process.js';

const JSON_API = 'application/vnd.api+json';

interface SavedFile {
  readonly data: { readonly book: readonly { id: number; title: string; year: number | null; author: string | null }[]; readonly author: readonly object[] };
}

async function send(origin: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { accept: JSON_API, ...(body === undefined ? {} : { 'content-type': JSON_API }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, document: text === '' ? undefined : (JSON.parse(text) as { data?: { id?: string } }) };
}

/** A temporary copy of the library file. */
function libraryCopy(): string {
  const file = join(ownedTempDir('jsonapi-query-serve-save-'), 'library.json');
  writeFileSync(file, JSON.stringify(library));
  return file;
}

const saved = (file: string): SavedFile => JSON.parse(readFileSync(file, 'utf8')) as SavedFile;

describe('jsonapi-query serve FILE --writable --save', () => {
  it('writes each create, update and delete to the file before answering it', async () => {
    const file = libraryCopy();
    const { cli, origin } = await startServe([file, '--writable', '--save', '--quiet']);
    await cli.waitFor(/every change is saved to .*library\.json before it is answered/);
    const created = await send(origin, 'POST', '/books', { data: { type: 'book', attributes: { title: 'The Tenant of Wildfell Hall', year: 1848 }, relationships: { author: { data: { type: 'author', id: 'ab' } } } } });
    expect(created.status).toBe(201);
    expect(saved(file).data.book).toEqual([
      { id: 1, title: 'Agnes Grey', year: 1847, author: 'ab' },
      { id: 2, title: 'The Tenant of Wildfell Hall', year: 1848, author: 'ab' },
    ]);
    expect((await send(origin, 'PATCH', '/books/1', { data: { type: 'book', id: '1', attributes: { year: null }, relationships: { author: { data: null } } } })).status).toBe(200);
    expect(saved(file).data.book[0]).toEqual({ id: 1, title: 'Agnes Grey', year: null, author: null });
    expect(saved(file).data.author).toEqual([{ id: 'ab', name: 'Anne Brontë', books: [2] }]);
    expect((await send(origin, 'DELETE', '/books/2')).status).toBe(204);
    expect(saved(file)).toEqual({ schema: library.schema, data: { author: [{ id: 'ab', name: 'Anne Brontë', books: [] }], book: [{ id: 1, title: 'Agnes Grey', year: null, author: null }] } });
    expect((await send(origin, 'DELETE', '/books/2')).status).toBe(404);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(readdirSync(join(file, '..'))).toEqual(['library.json']);
  });

  it('killed with SIGKILL while writes flow, leaves a whole file with every answered write', async () => {
    const file = libraryCopy();
    const first = await startServe([file, '--writable', '--save', '--quiet']);
    const answered: string[] = [];
    let stopped = false;
    let enough: () => void = () => undefined;
    // Killed once a few dozen writes are answered, while four writers keep sending.
    const killTime = new Promise<void>((resolve) => (enough = resolve));
    const writer = async (name: string): Promise<void> => {
      for (let count = 0; !stopped; count++) {
        const title = `${name}-${count}`;
        try {
          const { status } = await send(first.origin, 'POST', '/books', { data: { type: 'book', attributes: { title, year: count } } });
          if (status !== 201) throw new Error(`POST answered ${status}`);
          answered.push(title);
          if (answered.length >= 40) enough();
        } catch (error) {
          if (stopped) return;
          throw error;
        }
      }
    };
    const writers = Promise.all(['a', 'b', 'c', 'd'].map(writer));
    await Promise.race([killTime, writers.then(() => Promise.reject(new Error('the writers stopped')))]);
    stopped = true;
    first.cli.child.kill('SIGKILL');
    expect(await first.cli.exited).toBe('SIGKILL');
    await writers;
    const titles = new Set(saved(file).data.book.map((book) => book.title));
    expect(answered.filter((title) => !titles.has(title))).toEqual([]);

    const second = await startServe([file, '--writable', '--save', '--quiet']);
    const books = await send(second.origin, 'GET', `/books?page[size]=100&fields[book]=title`);
    const served = (books.document?.data as unknown as { attributes: { title: string } }[]).map((book) => book.attributes.title);
    expect(new Set(served)).toEqual(titles);
    expect((await send(second.origin, 'POST', '/books', { data: { type: 'book', attributes: { title: 'after the restart', year: null } } })).status).toBe(201);
    expect(saved(file).data.book.map((book) => book.title)).toContain('after the restart');
    // The restart removed what the killed save left beside the file.
    expect(readdirSync(join(file, '..'))).toEqual(['library.json']);
    second.cli.child.kill('SIGTERM');
    expect(await second.cli.exited).toBe(0);
  });

  it('answers 500 when a save fails, keeps the write in memory and saves it with the next write', async () => {
    const file = libraryCopy();
    const { cli, origin } = await startServe([file, '--writable', '--save', '--quiet']);
    // A folder where FILE was: the rename over it fails, whoever runs the test.
    rmSync(file);
    mkdirSync(file);
    const failed = await send(origin, 'POST', '/books', { data: { type: 'book', attributes: { title: 'Unsaved', year: null } } });
    expect(failed.status).toBe(500);
    expect(JSON.stringify(failed.document)).not.toContain(file);
    await vi.waitFor(() => expect(cli.stderr()).toContain(`The write was applied in memory but saving ${file} failed`));
    expect((await send(origin, 'GET', '/books/2')).status).toBe(200);
    rmdirSync(file);
    expect((await send(origin, 'POST', '/books', { data: { type: 'book', attributes: { title: 'Saved', year: null } } })).status).toBe(201);
    expect(saved(file).data.book.map((book) => book.title)).toEqual(['Agnes Grey', 'Unsaved', 'Saved']);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it.each([
    ['without --writable', (file: string) => [file, '--save']],
    ['without FILE', () => ['--writable', '--save']],
    ['with --db', () => ['--db', 'pglite', '--writable', '--save']],
  ])('refuses --save %s at start, naming the flag', async (_, args) => {
    const file = libraryCopy();
    const { code, stderr } = await runCli(['serve', '--port', '0', ...args(file)]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^jsonapi-query serve: --save goes with FILE and --writable, without --db/);
    expect(saved(file)).toEqual(library);
  });

  it('leaves the file as it was until the first write', async () => {
    const file = libraryCopy();
    const copy = join(file, '..', 'copy.json');
    copyFileSync(file, copy);
    const { cli, origin } = await startServe([copy, '--writable', '--save', '--quiet']);
    expect((await send(origin, 'GET', '/books')).status).toBe(200);
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(file, 'utf8'));
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});
