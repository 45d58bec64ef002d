/**
 * `npm start` as a user stops it: `kill -TERM <npm's pid>` must stop the server
 * too (the start script execs the server, so npm's forwarded signal reaches it).
 * Its server, in offset mode by default, pages by cursor for a client that asks for
 * the Cursor Pagination profile in `Accept`.
 * The `prestart` build is skipped here (`--ignore-scripts`): the suite runs after
 * `npm run build`, and rebuilding dist/ would race the other test files using it.
 */
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { exampleData } from '../../src/example/example-data.js';
import { expectCursorWalk } from '../helpers/cursor-walk.js';
import { READY_TIMEOUT_MS, spawnOwned } from '../helpers/owned.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Resolves true when something accepts a connection on `origin`, false when it is refused. */
function listening(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  it('serves the example dataset and stops, server included, on kill -TERM <npm pid>', async () => {
    const npm = spawnOwned('npm', ['start', '--ignore-scripts', '--silent', '--', '--port', '0', '--quiet'], { cwd: root });
    const [, origin = ''] = await npm.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
    expect((await send(origin, '/persons/1')).status).toBe(200);
    process.kill(npm.child.pid ?? 0, 'SIGTERM');
    expect(await npm.exited).toBe(0);
    expect(npm.stdout()).toContain('SIGTERM: closing the server\n');
    expect(await listening(origin)).toBe(false);
  }, 2 * READY_TIMEOUT_MS);

  it('walks the example collections by cursor, asked for in Accept, every record once and in order', async () => {
    const npm = spawnOwned('npm', ['start', '--ignore-scripts', '--silent', '--', '--port', '0', '--quiet'], { cwd: root });
    const [, origin = ''] = await npm.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
    const persons = exampleData.person.map((row) => String(row.id));
    const computers = exampleData.computer.map((row) => String(row.id));
    await expectCursorWalk(origin, '/persons', 7, persons);
    await expectCursorWalk(origin, '/persons?sort=-birth_date,name', 4, persons);
    await expectCursorWalk(origin, '/computers', undefined, computers);
    await expectCursorWalk(origin, '/computers?sort=owner.name&include=owner', 5, computers);
  }, 2 * READY_TIMEOUT_MS);
});
