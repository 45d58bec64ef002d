/**
 * `jsonapi-query load` run twice, as a user following docs/sql-layer.md does: the
 * second run says how to replace the tables.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownedTempDir } from '../helpers/owned.js';
import { runCli } from './serve-process.js';

describe('jsonapi-query load, twice', () => {
  it('names --replace when the tables already exist, and --replace loads again', async () => {
    const url = `sqlite:${join(ownedTempDir('jsonapi-query-db-'), 'example.db')}`;
    expect((await runCli(['load', '--db', url])).code).toBe(0);
    const again = await runCli(['load', '--db', url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^jsonapi-query load: .*already exists \(add --replace to drop and re-create the tables\)\n$/);
    const replaced = await runCli(['load', '--db', url, '--replace']);
    expect(replaced).toEqual({ code: 0, stdout: `Loaded 30 person, 32 computer into ${url}\n`, stderr: '' });
  });
});
