/**
 * A reader that goes away (`jsonapi-query openapi | head -1`) ends a command's
 * output quietly: no EPIPE stack, the command's own exit code, and a server keeps
 * serving.
 */
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { startCli, startServe } from './serve-process.js';

describe('stdout closed by its reader', () => {
  it.each([
    ['openapi', ['openapi']],
    ['parse', ['parse', 'filter[name]=John&sort=-birth_date', '--type', 'person']],
  ])('%s exits 0 without a word on stderr', async (_name, args) => {
    const cli = startCli(args);
    // Closed before the program starts: its first write fails with EPIPE.
    cli.child.stdout.destroy();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toBe('');
  });

  it('serve keeps serving, and stops with exit code 0', async () => {
    const { cli, origin } = await startServe([]);
    cli.child.stdout.destroy();
    // Each request's log line now fails with EPIPE.
    for (let round = 0; round < 3; round++) expect((await send(origin, '/persons/1')).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toBe('');
  });
});
