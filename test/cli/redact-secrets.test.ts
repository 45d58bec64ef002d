/**
 * No database password in anything the CLI prints: the rule (`redactSecrets`), and
 * the commands that print database URLs — `serve`'s banner, `load`'s summary, and
 * the errors of `serve`, `load` and `explain` — run as a user runs them.
 */
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { redactSecrets } from '../../src/cli/redact-secrets.js';
import { send } from '../adapters/http-client.js';
import { READY_TIMEOUT_MS } from '../helpers/owned.js';
import { runCli, startServe } from './serve-process.js';

describe('redactSecrets', () => {
  it.each([
    ['postgres://app:s3cret@db.example.com/prod', 'postgres://app:***@db.example.com/prod'],
    ['Serving postgres://app:s3cret@db:5432/prod at http://127.0.0.1:3000', 'Serving postgres://app:***@db:5432/prod at http://127.0.0.1:3000'],
    ['postgres://app:p@ss:w@rd@db/prod', 'postgres://app:***@db/prod'],
    ['The database URL "mysql://root:s3cret@127.0.0.1:1/x" needs', 'The database URL "mysql://root:***@127.0.0.1:1/x" needs'],
    ['mariadb://:s3cret@db', 'mariadb://:***@db'],
    ['postgres://db/prod?sslmode=require&password=s3cret', 'postgres://db/prod?sslmode=require&password=***'],
    ['postgres://nobody@127.0.0.1:1/none', 'postgres://nobody@127.0.0.1:1/none'],
    ['sqlite:example.db, pglite:./data, http://127.0.0.1:3000/persons?page[size]=2', 'sqlite:example.db, pglite:./data, http://127.0.0.1:3000/persons?page[size]=2'],
  ])('%s', (text, redacted) => {
    expect(redactSecrets(text)).toBe(redacted);
  });
});

describe('the CLI never prints a database password', () => {
  const unreachable = 'postgres://nobody:s3cret-pw@127.0.0.1:1/none';
  const unsupported = 'redis://nobody:s3cret-pw@127.0.0.1:1/none';

  it.each([
    ['serve, an unreachable database', ['serve', '--port', '0', '--db', unreachable], 'postgres'],
    ['serve, an unsupported URL', ['serve', '--port', '0', '--db', unsupported], 'redis'],
    ['load, an unsupported URL', ['load', '--db', unsupported], 'redis'],
    ['explain, an unsupported URL', ['explain', 'sort=name', '--type', 'person', '--db', unsupported], 'redis'],
  ])('in the errors of %s', async (_name, args, scheme) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(1);
    expect(stderr).toContain(`${scheme}://nobody:***@127.0.0.1:1/none`);
    expect(`${stdout}${stderr}`).not.toContain('s3cret');
  });

  const postgresUrl = inject('sqlEngines').postgres.url;

  it.skipIf(postgresUrl === undefined)(
    "in load's summary and serve's banner, on PostgreSQL",
    async () => {
      const schemaName = `jq_redact_${Math.random().toString(36).slice(2, 10)}`;
      const url = new URL(postgresUrl ?? '');
      // A trust-authenticated server ignores the password; a configured one keeps its own.
      if (url.password === '') url.password = 'hunter2-secret';
      const secret = decodeURIComponent(url.password);
      url.searchParams.set('options', `-c search_path=${schemaName}`);
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        await admin.query(`create schema "${schemaName}"`);
        const loaded = await runCli(['load', '--db', url.href]);
        expect(loaded.stderr).toBe('');
        expect(loaded.stdout).toMatch(/^Loaded 30 person, 32 computer into postgres:\/\/[^:]*:\*\*\*@/);

        const { cli, origin } = await startServe(['--quiet', '--db', url.href]);
        expect((await send(origin, '/persons/1')).status).toBe(200);
        cli.child.kill('SIGTERM');
        expect(await cli.exited).toBe(0);
        expect(cli.stdout()).toMatch(/^Serving postgres:\/\/[^:]*:\*\*\*@\S+ at http/);
        for (const output of [loaded.stdout, cli.stdout(), cli.stderr()]) expect(output).not.toContain(secret);
      } finally {
        await admin.query(`drop schema if exists "${schemaName}" cascade`);
        await admin.end();
      }
    },
    2 * READY_TIMEOUT_MS,
  );
});
