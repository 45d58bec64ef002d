/**
 * `jsonapi-query serve --db sqlite:FILE` follows FILE while serving: renamed over by
 * another database, truncated, damaged or removed, it is a 503 with `Retry-After`
 * and the cause on stderr; good again (restored in place or renamed back, or a copy
 * with other rows), it is served again, with no restart.
 */
import { copyFileSync, readdirSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { expectRetry, type Answer } from '../helpers/answer-checks.js';
import { ownedTempDir, READY_TIMEOUT_MS } from '../helpers/owned.js';
import { runCli, startServe } from './serve-process.js';

interface Collection {
  readonly data: readonly { readonly id: string }[];
  readonly meta: { readonly count: number };
}

describe('serve --db sqlite:FILE when FILE changes under it', () => {
  it('answers 503 while the file is not the database it served, and 200 once it is again', async () => {
    const folder = ownedTempDir('jsonapi-query-sqlite-file-');
    const file = join(folder, 'served.db');
    const good = join(folder, 'good.db');
    const fewer = join(folder, 'fewer.db');
    const other = join(folder, 'other.db');
    expect((await runCli(['load', '--db', `sqlite:${good}`])).code).toBe(0);
    copyFileSync(good, file);
    copyFileSync(good, fewer);
    const edit = new Database(fewer);
    edit.exec(`delete from computer where owner_id = '1'; delete from person where id = '1'`);
    edit.close();
    const unrelated = new Database(other);
    unrelated.exec('create table note (id integer primary key, text text)');
    unrelated.close();
    /** Replaces the file as a deploy would: a new file renamed over it. */
    const renameOver = (source: string): void => {
      copyFileSync(source, `${file}.new`);
      renameSync(`${file}.new`, file);
    };

    const { cli, origin } = await startServe(['--quiet', '--db', `sqlite:${file}`]);
    const ask = async (path = '/persons?include=computers'): Promise<Answer> => {
      const response = await send(origin, path, { timeout: READY_TIMEOUT_MS });
      return { path, status: response.status, retryAfter: response.headers['retry-after'], body: response.body };
    };
    const count = async (): Promise<number> => {
      const answer = await ask();
      expect(answer.status, answer.body).toBe(200);
      return (JSON.parse(answer.body) as Collection).meta.count;
    };
    const refused = async (cause: string): Promise<void> => {
      expectRetry(await ask());
      expectRetry(await ask('/persons/2'));
      expect(cli.stderr()).toContain(`Data layer unavailable: DataLayerError: the SQLite file ${file} ${cause}`);
    };

    expect(await count()).toBe(30);
    renameOver(other);
    await refused('no longer holds the tables it held at start');
    renameOver(good);
    expect(await count()).toBe(30);
    renameOver(fewer);
    expect(await count()).toBe(29); // the new file is served, not the one opened at start
    truncateSync(file, 0);
    await refused('is empty');
    copyFileSync(good, file); // restored in place
    expect(await count()).toBe(30);
    truncateSync(file, 10_000); // the tables' pages cut off
    await refused('is not a readable SQLite database: database disk image is malformed');
    copyFileSync(good, file);
    expect(await count()).toBe(30);
    writeFileSync(file, Buffer.alloc(8192, 0x5a));
    await refused('is not a readable SQLite database: file is not a database');
    rmSync(file);
    await refused('is missing');
    copyFileSync(good, file);
    expect(await count()).toBe(30);

    expect(cli.child.exitCode).toBeNull();
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).not.toContain('Request failed');
  }, 3 * READY_TIMEOUT_MS);

  it.each([[[]], [['--writable']]])('refuses to start on a file that does not exist, instead of creating an empty one (%j)', async (flags) => {
    const directory = ownedTempDir('jsonapi-query-sqlite-file-');
    const file = join(directory, 'missing.db');
    const { code, stderr } = await runCli(['serve', '--port', '0', '--db', `sqlite:${file}`, ...flags]);
    expect(code).toBe(1);
    expect(stderr).toContain(`the file ${file} does not exist (create it with: jsonapi-query load --db sqlite:${file})`);
    expect(readdirSync(directory)).toEqual([]);
  });
});
