/**
 * Every server in examples/ runs as a user runs it (`node examples/<file>.js`
 * after `npm run build`), answers real requests with the example dataset, pages
 * by cursor for a client that asks for the Cursor Pagination profile in `Accept`,
 * and exits with code 0 on SIGINT and SIGTERM.
 */
import { uri } from '../http/uri.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { exampleData } from '../../src/example/example-data.js';
import { expectCursorWalk } from '../helpers/cursor-walk.js';
import { READY_TIMEOUT_MS, spawnOwned, type OwnedProcess } from '../helpers/owned.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const JSON_API = 'application/vnd.api+json';

const examples = [
  { file: 'node-http.js', prefix: '' },
  { file: 'express.js', prefix: '/api' },
  { file: 'fastify.js', prefix: '/api' },
  { file: 'hono.js', prefix: '/api' },
  { file: 'koa.js', prefix: '' },
] as const;

/** Starts an example on a free port; resolves with its origin once it prints its URL. */
async function startExample(file: string): Promise<{ example: OwnedProcess; origin: string }> {
  if (!existsSync(`${root}dist/http/index.js`)) throw new Error('dist/ is missing: run "npm run build" first');
  const example = spawnOwned(process.execPath, [`examples/${file}`], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
  });
  const [, origin = ''] = await example.waitFor(/Listening on (http:\/\/127\.0\.0\.1:\d+)\//);
  return { example, origin };
}

describe.each(examples)('examples/$file', ({ file, prefix }) => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves the example dataset and exits 0 on %s', async (signal) => {
    const { example, origin } = await startExample(file);
    try {
      const one = await send(origin, `${prefix}/persons/1?fields[person]=name`);
      expect(one.status).toBe(200);
      expect(one.headers['content-type']).toBe(JSON_API);
      expect(JSON.parse(one.body)).toEqual({
        data: { type: 'person', id: '1', attributes: { name: 'John' }, links: { self: `${prefix}/persons/1` } },
        links: { self: uri(`${prefix}/persons/1?fields[person]=name`) },
        jsonapi: { version: '1.0' },
      });
      const page = await send(origin, `${prefix}/computers?include=owner&page[size]=2&sort=-serial`);
      expect(page.status).toBe(200);
      const document = JSON.parse(page.body) as { data: unknown[]; included: unknown[]; links: Record<string, string> };
      expect(document.data).toHaveLength(2);
      expect(document.links['next']).toBe(uri(`${prefix}/computers?include=owner&page[size]=2&sort=-serial&page[number]=2`));
      const bad = await send(origin, `${prefix}/persons?sort=name&sort=id`);
      expect(bad.status).toBe(400);
      expect((JSON.parse(bad.body) as { errors: { code: string }[] }).errors[0]?.code).toBe('repeated_parameter');
      const post = await send(origin, `${prefix}/persons`, { method: 'POST', body: '{}', headers: { 'content-type': JSON_API } });
      expect(post.status).toBe(405);
    } finally {
      example.child.kill(signal);
    }
    expect(await example.exited).toBe(0);
    expect(example.stderr()).toBe('');
  }, 2 * READY_TIMEOUT_MS);

  it('walks the example collections by cursor, asked for in Accept, every record once and in order', async () => {
    const { example, origin } = await startExample(file);
    try {
      await expectCursorWalk(origin, `${prefix}/persons`, 7, exampleData.person.map((row) => String(row.id)));
      await expectCursorWalk(origin, `${prefix}/computers?sort=-serial`, undefined, exampleData.computer.map((row) => String(row.id)));
    } finally {
      example.child.kill('SIGTERM');
    }
    expect(await example.exited).toBe(0);
  }, 2 * READY_TIMEOUT_MS);
});
