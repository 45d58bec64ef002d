/**
 * `jsonapi-query serve --db`: the SQL layer behind the CLI server, from the
 * example dataset to a database in two commands (`load`, then `serve --db`).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { ownedTempDir, READY_TIMEOUT_MS } from '../helpers/owned.js';
import { runCli, startServe } from './serve-process.js';

const ACCEPT = { accept: 'application/vnd.api+json' };

interface Document {
  readonly data: readonly { readonly id: string; readonly attributes: Record<string, unknown> }[];
  readonly meta?: { readonly count: number };
  readonly included?: readonly { readonly type: string; readonly id: string }[];
}

async function get(origin: string, path: string): Promise<{ status: number; document: Document }> {
  const response = await send(origin, path, { headers: ACCEPT });
  return { status: response.status, document: JSON.parse(response.body) as Document };
}

describe('jsonapi-query serve --db', () => {
  it('serves a SQLite file filled by load, with the same answers as the memory layer', async () => {
    const file = join(ownedTempDir('jsonapi-query-db-'), 'example.db');
    const loaded = await runCli(['load', '--db', `sqlite:${file}`]);
    expect(loaded.code).toBe(0);

    const memory = await startServe(['--quiet']);
    const sql = await startServe(['--quiet', '--db', `sqlite:${file}`]);
    try {
      for (const path of [
        '/persons?sort=-birth_date,name&page[size]=5&page[number]=2',
        '/persons?filter[name]=John&include=computers',
        `/persons?filter=${encodeURIComponent('[{"name":"name","op":"ilike","val":"%jo%"}]')}`,
        '/computers?sort=owner.name&page[size]=0',
      ]) {
        const fromMemory = await get(memory.origin, path);
        const fromSql = await get(sql.origin, path);
        expect(fromSql.status, path).toBe(200);
        expect(fromSql.document, path).toEqual(fromMemory.document);
      }
    } finally {
      memory.cli.child.kill('SIGTERM');
      sql.cli.child.kill('SIGTERM');
    }
    expect(await sql.cli.exited).toBe(0);
    expect(await memory.cli.exited).toBe(0);
  }, 2 * READY_TIMEOUT_MS);

  it('serves an embedded PGlite database filled from the example dataset at start', async () => {
    const { cli, origin } = await startServe(['--quiet', '--db', 'pglite']);
    try {
      const { status, document } = await get(origin, '/persons?filter[name]=John&sort=id');
      expect(status).toBe(200);
      expect(document.data.length).toBeGreaterThan(0);
      expect(document.data.every((person) => person.attributes['name'] === 'John')).toBe(true);
    } finally {
      cli.child.kill('SIGTERM');
    }
    expect(await cli.exited).toBe(0);
  }, 2 * READY_TIMEOUT_MS);

  it('refuses --schema without --db, and an unreachable database, naming it', async () => {
    const usage = await runCli(['serve', '--schema', 'x.json']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--schema and --mapping go with --db');
    const unreachable = await runCli(['serve', '--port', '0', '--db', 'postgres://nobody@127.0.0.1:1/none']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('postgres://nobody@127.0.0.1:1/none');
  });
});
