/**
 * The core runs on every JavaScript runtime: the example API (example-api.js, built
 * from dist/ with the memory layer and the fetch adapter) is served by Cloudflare's
 * workerd (bundled with esbuild as a Worker), Deno and Bun, and every answer — a
 * filter, an include, a whole cursor walk, errors — is byte for byte the answer of the
 * same code on Node. The entry points `jsonapi-query`, `/memory` and `/http` bundle for
 * a platform without Node's built-in modules.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ownedTempDir, spawnOwned } from '../helpers/owned.js';
// @ts-expect-error -- a plain JavaScript module of the built package, typed by its use here
import { exampleApi } from './example-api.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('./', import.meta.url));
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const onNode = exampleApi as (request: Request) => Promise<Response>;

/** What a Worker bundler does: the browser field of packages, no Node built-ins. */
const WORKER_BUILD: BuildOptions = { bundle: true, format: 'esm', platform: 'browser', conditions: ['workerd', 'worker', 'browser'], logLevel: 'silent' };

/** Starts one runtime serving the example API; resolves with its origin. */
type Start = () => Promise<string>;

const RUNTIMES: readonly (readonly [string, Start])[] = [
  [
    'workerd (Cloudflare Workers)',
    async () => {
      const directory = ownedTempDir('jsonapi-query-workerd-');
      await build({ ...WORKER_BUILD, entryPoints: [join(here, 'worker.js')], outfile: join(directory, 'worker.js') });
      copyFileSync(join(here, 'workerd.capnp'), join(directory, 'workerd.capnp'));
      // --control-fd=1: workerd reports the port it listens on as a JSON line on stdout.
      const workerd = spawnOwned(bin('workerd'), ['serve', join(directory, 'workerd.capnp'), '--control-fd=1']);
      const [, port] = await workerd.waitFor(/"port":(\d+)/);
      return `http://127.0.0.1:${String(port)}`;
    },
  ],
  [
    'Deno',
    async () => {
      const deno = spawnOwned(bin('deno'), ['run', '--no-lock', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', join(here, 'deno-server.js')], {
        cwd: root,
        env: { ...process.env, DENO_DIR: ownedTempDir('jsonapi-query-deno-'), DENO_NO_UPDATE_CHECK: '1' },
      });
      return (await deno.waitFor(/listening on (http:\/\/\S+)/))[1] ?? '';
    },
  ],
  [
    'Bun',
    async () => {
      const bun = spawnOwned(bin('bun'), [join(here, 'bun-server.js')], { cwd: root, env: { ...process.env, BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' } });
      return (await bun.waitFor(/listening on (http:\/\/\S+)/))[1] ?? '';
    },
  ],
];

const ACCEPT = { accept: 'application/vnd.api+json' };

/** The runtime's answer to `target`, checked against Node's answer to the same request. */
async function sameAsNode(origin: string, target: string): Promise<{ status: number; document: Record<string, unknown> }> {
  const response = await fetch(`${origin}${target}`, { headers: ACCEPT });
  const expected = await onNode(new Request(`http://127.0.0.1${target}`, { headers: ACCEPT }));
  const body = await response.text();
  expect({ status: response.status, type: response.headers.get('content-type'), body }).toEqual({
    status: expected.status,
    type: expected.headers.get('content-type'),
    body: await expected.text(),
  });
  return { status: response.status, document: JSON.parse(body) as Record<string, unknown> };
}

describe.each(RUNTIMES)('the example API on %s', (_name, start) => {
  it('filters, includes, walks by cursor and refuses bad queries exactly as on Node', async () => {
    const origin = await start();

    const filtered = await sameAsNode(origin, `/persons?filter[name]=John&filter=${encodeURIComponent('[{"name":"computers__serial","op":"ilike","val":"sn%"}]')}`);
    expect(filtered.status).toBe(200);
    expect(filtered.document['data']).toMatchObject([{ type: 'person', id: '1' }]);

    const included = await sameAsNode(origin, '/persons/1?include=computers');
    expect(included.document['included']).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'computer', id: '1' }), expect.objectContaining({ type: 'computer', id: '2' })]),
    );

    const seen: string[] = [];
    let next: unknown = '/computers?page[size]=4&sort=serial';
    for (let page = 0; typeof next === 'string'; page++) {
      expect(page).toBeLessThan(50);
      const { document } = await sameAsNode(origin, next);
      for (const resource of document['data'] as { id: string }[]) seen.push(resource.id);
      next = (document['links'] as Record<string, unknown>)['next'];
    }
    const all = await sameAsNode(origin, '/computers?page[size]=100&sort=serial');
    expect(seen).toEqual((all.document['data'] as { id: string }[]).map((resource) => resource.id));
    expect(seen.length).toBeGreaterThan(8);

    const unknownSort = await sameAsNode(origin, '/persons?sort=nope');
    expect(unknownSort).toMatchObject({ status: 400, document: { errors: [{ code: 'unknown_field', source: { parameter: 'sort' } }] } });
    const badCursor = await sameAsNode(origin, '/computers?page[after]=garbage');
    expect(badCursor).toMatchObject({ status: 400, document: { errors: [{ code: 'invalid_cursor', source: { parameter: 'page[after]' } }] } });
    expect((await sameAsNode(origin, '/persons/999')).status).toBe(404);
  });
});

describe('the core entry points', () => {
  it.each(['dist/index.js', 'dist/layers/memory/index.js', 'dist/http/index.js'])('%s bundles with no Node built-in module', async (entry) => {
    const result = await build({ ...WORKER_BUILD, entryPoints: [join(root, entry)], write: false, metafile: true });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    expect(inputs).toContain(entry);
    expect(inputs.filter((input) => input.startsWith('node:') || !input.includes('/'))).toEqual([]);
  });
});
