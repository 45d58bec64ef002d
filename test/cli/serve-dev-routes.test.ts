/**
 * `serve`'s development routes (`/__explain`, the explorer at `/`, the API reference
 * at `/docs`) show SQL, parameters and plans: on for a loopback host only, unless
 * `--dev-routes` or `--no-dev-routes` says otherwise, with a warning at start when
 * they are exposed. Every request goes to 127.0.0.1, whatever the host bound.
 */
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { startServe } from './serve-process.js';

const WARNING = /^jsonapi-query serve: warning: the development routes .* are served on 0\.0\.0\.0/m;

/** The status of the explain route, the explorer page and the API reference page. */
async function devRouteStatuses(origin: string): Promise<number[]> {
  const explain = await send(origin, '/__explain/persons?filter[name]=John');
  const explorer = await send(origin, '/', { headers: { accept: 'text/html' } });
  const reference = await send(origin, '/docs', { headers: { accept: 'text/html' } });
  return [explain.status, explorer.status, reference.status];
}

describe('serve: development routes', () => {
  it.each([
    ['on for the loopback default host, without a warning', [], [200, 200, 200], false],
    ['off for --host 0.0.0.0', ['--host', '0.0.0.0'], [404, 404, 404], false],
    ['on for --host 0.0.0.0 --dev-routes, with a warning', ['--host', '0.0.0.0', '--dev-routes'], [200, 200, 200], true],
    ['off for --no-dev-routes on loopback', ['--no-dev-routes'], [404, 404, 404], false],
  ])('%s', async (_name, args, statuses, warned) => {
    const { cli, origin } = await startServe(['--quiet', ...args]);
    expect(await devRouteStatuses(origin)).toEqual(statuses);
    // The API itself is served either way.
    expect((await send(origin, '/persons/1')).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    if (warned) expect(cli.stderr()).toMatch(WARNING);
    else expect(cli.stderr()).toBe('');
    expect(cli.stdout()).toContain(statuses[0] === 200 ? 'Query explorer: ' : 'Development routes (explain, explorer) off: add --dev-routes');
  });
});
