/**
 * jsona, a maintained JSON:API client library, writing to `jsonapi-query serve
 * --writable` (the built CLI on a free port) on the memory layer, on a SQLite file
 * (`--db sqlite:FILE`) and on PostgreSQL (`--db postgres://…`, when
 * JSONAPI_QUERY_POSTGRES_URL is set): its serializer builds the request documents of
 * creates and updates (attributes and relationships), its deserializer reads the
 * answers, and deletes follow — of persons and computers, read back after each step.
 */
import { join } from 'node:path';
import { Jsona } from 'jsona';
import { describe, expect, inject, it } from 'vitest';
import { ownedTempDir, READY_TIMEOUT_MS } from '../helpers/owned.js';
import { privatePostgresDatabase } from '../helpers/private-database.js';
import { runCli, startServe } from '../cli/serve-process.js';

const JSON_API = 'application/vnd.api+json';
const jsona = new Jsona();
const { postgres } = inject('sqlEngines');

interface Model {
  readonly type: string;
  readonly id: string;
  readonly [member: string]: unknown;
}

async function write(origin: string, method: string, path: string, model?: Model | Omit<Model, 'id'>) {
  const body = model === undefined ? undefined : JSON.stringify(jsona.serialize({ stuff: model as never }));
  const response = await fetch(new URL(path, origin), {
    method,
    headers: { accept: JSON_API, ...(body === undefined ? {} : { 'content-type': JSON_API }) },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), model: text === '' ? undefined : (jsona.deserialize(JSON.parse(text) as never) as Model) };
}

/** A served dataset: the `serve` arguments, and how to release what it made. */
interface Target {
  readonly name: string;
  readonly skipped?: string | undefined;
  open(): Promise<{ readonly args: readonly string[]; release(): Promise<void> }>;
}

const TARGETS: readonly Target[] = [
  { name: 'the memory layer', open: () => Promise.resolve({ args: [], release: () => Promise.resolve() }) },
  {
    name: 'SQLite (--db sqlite:FILE)',
    async open() {
      const file = join(ownedTempDir('jsonapi-query-jsona-writes-'), 'example.db');
      const loaded = await runCli(['load', '--db', `sqlite:${file}`]);
      if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr}`);
      return { args: ['--db', `sqlite:${file}`], release: () => Promise.resolve() };
    },
  },
  {
    name: 'PostgreSQL (--db postgres://…)',
    skipped: postgres.skipped,
    async open() {
      const database = await privatePostgresDatabase(postgres.url ?? '');
      return { args: ['--db', database.url], release: () => database.drop() };
    },
  },
];

for (const target of TARGETS) {
  describe.skipIf(target.skipped !== undefined)(
    `jsona writing to jsonapi-query serve --writable on ${target.name}${target.skipped === undefined ? '' : ` (skipped: ${target.skipped})`}`,
    () => {
      it(
        'creates, updates and deletes persons and computers',
        async () => {
          const served = await target.open();
          try {
            const { cli, origin } = await startServe(['--quiet', '--writable', ...served.args]);
            await cli.waitFor(/Writable: POST, PATCH and DELETE/);

            const created = await write(origin, 'POST', '/persons', { type: 'person', name: 'Ada', display_name: 'Ada Lovelace', birth_date: '1815-12-10', gender: 'f' });
            expect(created.status).toBe(201);
            const ada = created.model as Model;
            expect(created.location).toBe(`/persons/${ada.id}`);
            expect(ada).toMatchObject({ type: 'person', name: 'Ada', display_name: 'Ada Lovelace', birth_date: '1815-12-10', gender: 'f' });

            const owned = await write(origin, 'POST', '/computers?include=owner', { type: 'computer', serial: 'AE-1', owner: { type: 'person', id: ada.id }, relationshipNames: ['owner'] });
            expect(owned.status).toBe(201);
            const first = owned.model as Model;
            expect(first).toMatchObject({ serial: 'AE-1', owner: { type: 'person', id: ada.id, name: 'Ada' } });

            const second = (await write(origin, 'POST', '/computers', { type: 'computer', serial: 'AE-2' })).model as Model;
            const moved = await write(origin, 'PATCH', `/computers/${second.id}?include=owner`, { type: 'computer', id: second.id, owner: { type: 'person', id: ada.id }, relationshipNames: ['owner'] });
            expect(moved.status).toBe(200);
            expect(moved.model).toMatchObject({ id: second.id, serial: 'AE-2', owner: { type: 'person', id: ada.id } });

            const renamed = await write(origin, 'PATCH', `/persons/${ada.id}?include=computers`, { type: 'person', id: ada.id, name: 'Augusta Ada', gender: null });
            expect(renamed.status).toBe(200);
            expect(renamed.model).toMatchObject({ name: 'Augusta Ada', gender: null, display_name: 'Ada Lovelace' });
            expect((renamed.model?.['computers'] as Model[]).map((computer) => computer.id).sort()).toEqual([first.id, second.id].sort());

            expect((await write(origin, 'DELETE', `/computers/${first.id}`)).status).toBe(204);
            expect((await write(origin, 'GET', `/computers/${first.id}`)).status).toBe(404);
            const after = await write(origin, 'GET', `/persons/${ada.id}?include=computers`);
            expect(after.model).toMatchObject({ id: ada.id, computers: [{ id: second.id, serial: 'AE-2' }] });

            expect((await write(origin, 'DELETE', `/persons/${ada.id}`)).status).toBe(204);
            expect((await write(origin, 'GET', `/persons/${ada.id}`)).status).toBe(404);
            const orphan = await write(origin, 'GET', `/computers/${second.id}?include=owner`);
            expect(orphan.model).toMatchObject({ id: second.id, serial: 'AE-2', owner: null });

            cli.child.kill('SIGTERM');
            expect(await cli.exited).toBe(0);
          } finally {
            await served.release();
          }
        },
        2 * READY_TIMEOUT_MS,
      );
    },
  );
}
