/**
 * `jsonapi-query serve --db postgres://…` across a restart of its PostgreSQL server,
 * on a throwaway cluster the test creates (initdb in a temporary folder, its own
 * port): while requests flow the server is stopped (a fast shutdown ends every
 * session), then started again. The CLI server answers 503 with `Retry-After` while
 * the database is down, 200 once it is back, and never dies.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createTables, guardPool, loadData } from '../../src/layers/sql/index.js';
import { send } from '../adapters/http-client.js';
import { expectOkOrRetry, expectRecovers, expectRetry, startLoad, type Ask } from '../helpers/answer-checks.js';
import { READY_TIMEOUT_MS } from '../helpers/owned.js';
import { createThrowawayCluster, postgresBinaries } from '../helpers/postgres-cluster.js';
import { startServe } from './serve-process.js';

const found = postgresBinaries();
/** Connections a `pg` pool opens at most (its default `max`), which the CLI keeps. */
const PG_POOL_MAX = 10;

if ('missing' in found) console.log(`serve-db-restart: skipped, ${found.missing}`);

describe.skipIf('missing' in found)(
  `serve --db across a PostgreSQL restart${'missing' in found ? ` (skipped: ${found.missing})` : ''}`,
  () => {
    it(
      'answers 503 while the database is down and 200 once it is back, with no restart of its own',
      async () => {
        if (!('bin' in found)) return;
        const cluster = await createThrowawayCluster(found.bin);
        await cluster.start();
        const db = new Kysely({ dialect: new PostgresDialect({ pool: guardPool(new pg.Pool({ connectionString: cluster.url })) }) });
        try {
          await createTables(db, exampleSchema);
          await loadData(db, exampleSchema, undefined, exampleData);
        } finally {
          await db.destroy();
        }

        const { cli, origin } = await startServe(['--quiet', '--db', cluster.url]);
        const ask: Ask = async (path) => {
          const response = await send(origin, path, { timeout: READY_TIMEOUT_MS });
          return { path, status: response.status, retryAfter: response.headers['retry-after'], body: response.body };
        };

        const whileStopping = startLoad(ask);
        try {
          await whileStopping.more(20);
          await cluster.stop();
          await whileStopping.more(20);
        } finally {
          for (const answer of await whileStopping.stop()) expectOkOrRetry(answer);
        }
        for (const path of ['/persons?include=computers', '/persons/1', '/computers?sort=owner.name']) {
          expectRetry(await ask(path));
        }

        await cluster.start();
        const whileBack = startLoad(ask);
        try {
          await whileBack.more(20);
        } finally {
          for (const answer of await whileBack.stop()) expectOkOrRetry(answer);
        }
        await expectRecovers(ask, '/persons?include=computers', PG_POOL_MAX);
        expect((await ask('/persons/1')).status).toBe(200);

        expect(cli.child.exitCode).toBeNull();
        cli.child.kill('SIGTERM');
        expect(await cli.exited).toBe(0);
        expect(cli.stderr()).not.toContain('Request failed');
        await cluster.stop();
      },
      4 * READY_TIMEOUT_MS,
    );
  },
);
