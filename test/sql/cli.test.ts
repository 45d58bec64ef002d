/**
 * `jsonapi-query load` and `openSqlLayer`: from the example dataset (or a
 * `{ schema, data }` file) to a database the SQL layer serves, on SQLite files,
 * PGlite directories and the servers when configured.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommand } from '../../src/cli/load-command.js';
import { openDatabase, openSqlLayer } from '../../src/cli/sql-source.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { context } from './fixtures.js';
import { compareNode } from '../../src/ast/filter-factories.js';

function io(): { stdout: { write(text: string): void; text: string }; stderr: { write(text: string): void; text: string } } {
  const stream = (): { write(text: string): void; text: string } => {
    const target = { text: '', write: (text: string) => void (target.text += text) };
    return target;
  };
  return { stdout: stream(), stderr: stream() };
}

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'jq-sql-cli-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('load --db sqlite:FILE with the example dataset', () => {
  it('creates and fills the tables, then openSqlLayer serves them', async () => {
    const file = join(directory, 'example.db');
    const out = io();
    expect(await loadCommand(['--db', `sqlite:${file}`], out)).toBe(0);
    expect(out.stdout.text).toBe(`Loaded 30 person, 32 computer into sqlite:${file}\n`);
    const { layer, close } = await openSqlLayer({ db: file, schema: exampleSchema });
    try {
      const { rows, total } = await layer.read(
        {
          type: 'person',
          filter: compareNode('name', 'ilike', 'john'),
          sort: [{ path: [], field: 'id', direction: 'asc' }],
          offset: 0,
          limit: 10,
        },
        context,
      );
      expect(total).toBe(3);
      expect(rows.map((row) => row.id)).toEqual(['1', '2', '3']);
      const owners = await layer.readIncluded({ type: 'computer', relationship: 'owner', ids: ['28'] }, context);
      expect(owners.get('28')).toEqual([]);
    } finally {
      await close();
    }
    const again = io();
    expect(await loadCommand(['--db', `sqlite:${file}`], again)).toBe(1);
    expect(again.stderr.text).toMatch(/already exists/);
    expect(await loadCommand(['--db', `sqlite:${file}`, '--replace'], io())).toBe(0);
  });
});

describe('load FILE with its own schema, mapping and an integer id', () => {
  it('loads a { schema, data } file into a SQLite file', async () => {
    const file = join(directory, 'books.json');
    const mappingFile = join(directory, 'mapping.json');
    await writeFile(
      file,
      JSON.stringify({
        schema: {
          types: {
            author: { root: 'authors', id: 'integer', attributes: { name: { type: 'string' }, alive: { type: ['boolean', 'null'] } }, relationships: { books: { target: 'book', to: 'many', inverse: 'author' } } },
            book: { root: 'books', id: 'integer', attributes: { title: { type: 'string' }, pages: { type: 'integer' } }, relationships: { author: { target: 'author', to: 'one', inverse: 'books' } } },
          },
        },
        data: {
          author: [{ id: 1, name: 'Ursula', alive: false, books: [10, 11] }, { id: 2, name: 'Nnedi', alive: true, books: [] }],
          book: [{ id: 10, title: 'The Dispossessed', pages: 387 }, { id: 11, title: 'Lathe', pages: 184 }],
        },
      }),
    );
    await writeFile(mappingFile, JSON.stringify({ types: { book: { table: 'books', columns: { title: 'book_title' } } } }));
    const target = join(directory, 'books.db');
    const out = io();
    expect(await loadCommand(['--db', target, file, '--mapping', mappingFile], out)).toBe(0);
    expect(out.stdout.text).toContain('Loaded 2 author, 2 book');
    const database = await openDatabase(target);
    try {
      const rows = await database.db.selectFrom('books').select(['id', 'book_title', 'author_id']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 10, book_title: 'The Dispossessed', author_id: 1 },
        { id: 11, book_title: 'Lathe', author_id: 1 },
      ]);
      const authors = await database.db.selectFrom('author').select(['id', 'alive']).orderBy('id').execute();
      expect(authors).toEqual([{ id: 1, alive: 0 }, { id: 2, alive: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('answers usage errors with exit code 2', async () => {
    const out = io();
    expect(await loadCommand(['example.json'], out)).toBe(2);
    expect(out.stderr.text).toContain('--db URL is required');
    expect(await loadCommand(['--db', 'ftp://x/y'], io())).toBe(1);
  });
});

const POSTGRES_URL = process.env['JSONAPI_QUERY_POSTGRES_URL'];
const MYSQL_URL = process.env['JSONAPI_QUERY_MYSQL_URL'];

describe.each(
  [
    ['postgres', POSTGRES_URL],
    ['mariadb', MYSQL_URL],
  ].filter((entry): entry is [string, string] => entry[1] !== undefined),
)('load --db on the %s server', (_, url) => {
  it('loads the example dataset into a fresh database and serves it', async () => {
    const name = `jq_cli_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await openDatabase(url);
    const { sql } = await import('kysely');
    const target = url.startsWith('postgres') ? `${url}?options=-c%20search_path%3D${name}` : url.replace(/\/[^/]*$/, `/${name}`);
    try {
      await (url.startsWith('postgres') ? sql`create schema ${sql.id(name)}` : sql`create database ${sql.id(name)}`).execute(admin.db);
      expect(await loadCommand(['--db', target], io())).toBe(0);
      const { layer, close } = await openSqlLayer({ db: target, schema: exampleSchema });
      try {
        const computers = await layer.readIncluded({ type: 'person', relationship: 'computers', ids: ['1', '3'] }, context);
        expect(computers.get('1')?.map((row) => row.id)).toEqual(['1', '2', '25']);
        expect(computers.get('3')).toEqual([]);
        expect((await layer.readOne('person', '7', context))?.['name']).toBe(exampleData.person[6].name);
      } finally {
        await close();
      }
    } finally {
      await (url.startsWith('postgres') ? sql`drop schema if exists ${sql.id(name)} cascade` : sql`drop database if exists ${sql.id(name)}`).execute(admin.db);
      await admin.close();
    }
  });
});
