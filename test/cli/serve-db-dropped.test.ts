/**
 * `jsonapi-query serve --db postgres://…|mysql://…` survives the database server
 * ending its connections (an administrator's terminate or `KILL`), idle and under
 * load: the request whose connection is ended gets a 503 with `Retry-After`, never a
 * 500; later requests get 200 with no restart; each dropped connection is logged.
 */
import { describe, expect, inject, it, vi } from 'vitest';
import { send } from '../adapters/http-client.js';
import { expectOkOrRetry, expectRecovers, expectRetry, startLoad, type Ask } from '../helpers/answer-checks.js';
import { READY_TIMEOUT_MS } from '../helpers/owned.js';
import { endInFlight, privateMariadbDatabase, privatePostgresDatabase } from '../helpers/private-database.js';
import { startServe } from './serve-process.js';

const { postgres, mariadb } = inject('sqlEngines');

function httpAsker(origin: string): Ask {
  return async (path) => {
    const response = await send(origin, path, { timeout: READY_TIMEOUT_MS });
    const retryAfter = response.headers['retry-after'];
    return { path, status: response.status, retryAfter, body: response.body };
  };
}

const SERVERS = [
  { name: 'postgres', url: postgres.url, skipped: postgres.skipped, open: privatePostgresDatabase },
  { name: 'mariadb', url: mariadb.url, skipped: mariadb.skipped, open: privateMariadbDatabase },
];

for (const server of SERVERS) {
  describe.skipIf(server.skipped !== undefined)(
    `serve --db on ${server.name}${server.skipped === undefined ? '' : ` (skipped: ${server.skipped})`}`,
    () => {
      it(
        'serves on when the database ends its connections: idle, with a request in flight, and under load',
        async () => {
          const database = await server.open(server.url ?? '');
          try {
            const { cli, origin } = await startServe(['--quiet', '--db', database.url]);
            const ask = httpAsker(origin);

            // Idle: the pool's connections are ended between requests.
            expect((await ask('/persons?include=computers')).status).toBe(200);
            const idle = await database.endConnections();
            expect(idle).toBeGreaterThan(0);
            const lost = 'Database connection lost (the pool opens a new one): ';
            await vi.waitFor(() => expect(cli.stderr()).toContain(lost), { timeout: 30_000 });
            await expectRecovers(ask, '/persons?include=computers', idle);

            // In flight: the request waits on a lock when its connection is ended.
            const inFlight = await endInFlight(database, 'person', () => ask('/persons/1'));
            expectRetry(inFlight.answer);
            await expectRecovers(ask, '/persons/1', inFlight.ended);

            // Under load: four clients, connections ended three times.
            const load = startLoad(ask);
            let underLoad = 0;
            try {
              for (let round = 0; round < 3; round += 1) {
                await load.more(20);
                underLoad += await database.endConnections();
              }
              await load.more(20);
            } finally {
              for (const answer of await load.stop()) expectOkOrRetry(answer);
            }
            await expectRecovers(ask, '/persons?include=computers', underLoad);

            expect(cli.child.exitCode).toBeNull();
            cli.child.kill('SIGTERM');
            expect(await cli.exited).toBe(0);
            expect(cli.stderr()).not.toContain('Request failed');
          } finally {
            await database.drop();
          }
        },
        4 * READY_TIMEOUT_MS,
      );
    },
  );
}
