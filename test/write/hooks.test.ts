/**
 * Write hooks (docs/writes.md, "Hooks") through a writable handler over the memory
 * layer and every SQL engine: before hooks set server-owned attributes (read-only
 * ones included) on creates and updates; a `HookError` from any hook refuses the
 * whole list with its status, code and `source.pointer` at the operation, and
 * nothing changes (the state read back whole); any other throw is a logged 500 that
 * leaks nothing; every hook runs once per operation, before its write and after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, HookError, type HandlerOptions, type HandlerRequest, type WriteHooks } from '../../src/http/index.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { checkOpenApiResponse } from '../helpers/openapi-check.js';
import { toOpenApi } from '../../src/openapi/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { availableEngines, type Engine, skippedEngines } from '../helpers/engines.js';

const MEDIA_TYPE = 'application/vnd.api+json';
const ATOMIC_TYPE = `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"`;

const schema = defineSchema({
  types: {
    note: {
      root: 'notes',
      attributes: {
        title: { type: 'string' },
        locked: { type: ['boolean', 'null'] },
        // Server-owned: a client may not write them; the hooks always set them.
        created_by: { type: 'string', readOnly: true },
        updated_by: { type: ['string', 'null'], readOnly: true },
        // Counted by a hook that reads the current value: two updates racing must count two.
        edits: { type: ['integer', 'null'], readOnly: true },
      },
      relationships: { author: { target: 'author', to: 'one', inverse: 'notes' } },
    },
    author: {
      root: 'authors',
      attributes: { name: { type: 'string' } },
      relationships: { notes: { target: 'note', to: 'many', inverse: 'author' } },
    },
  },
});

const DATA = {
  note: [
    { id: '1', title: 'First', locked: false, created_by: 'ann', updated_by: null, edits: null, author: 'a1' },
    { id: '2', title: 'Locked', locked: true, created_by: 'ann', updated_by: null, edits: null, author: null },
    { id: '3', title: 'Counted', locked: false, created_by: 'ann', updated_by: null, edits: 0, author: null },
  ],
  author: [
    { id: 'a1', name: 'Ann' },
    { id: 'a2', name: 'Banned' },
  ],
};

/** What the hooks did, in order: `hook:index` (and what a before hook read of the resource). */
type Log = string[];

const refuse = (code: string, detail: string, status: 403 | 409 | 422 = 403) => new HookError({ status, code, detail });

/** Lets a test hold a hook until something else happened. */
interface Gates {
  /** Awaited by the `beforeUpdate` of note 3 after it read the note. */
  hold?: Promise<void> | undefined;
  /** Called when a `beforeUpdate` of note 3 is about to read it. */
  reading?: (() => void) | undefined;
}

/** Hooks that log every call, set `created_by`/`updated_by` from `x-user`, and refuse or crash on given titles. */
function hooksFor(log: Log, gates: Gates = {}): WriteHooks<typeof schema> {
  return {
    note: {
      async beforeCreate(note, { index, request, read }) {
        log.push(`beforeCreate:${String(index)}`);
        if (note.attributes.title === 'veto') throw new HookError({ status: 422, code: 'bad_title', detail: 'Not this title.', pointer: '/data/attributes/title' });
        if (note.attributes.title === 'crash') throw new Error('secret: the database password is hunter2');
        // The resource a relationship names is readable inside the transaction.
        const author = note.relationships.author;
        if (author !== undefined && author !== null && !Array.isArray(author) && (await read('author', String((author as { id: string }).id)))?.attributes.name === 'Banned') {
          throw refuse('banned_author', 'This author may not write.');
        }
        return { created_by: user(request) };
      },
      async afterCreate(note, { index, read }) {
        log.push(`afterCreate:${String(index)}:${String((await read('note', note.id))?.attributes.created_by)}`);
        if (note.attributes.title === 'after-veto') throw refuse('too_late', 'Refused after the write.', 409);
      },
      async beforeUpdate(change, { index, request, read }) {
        if (change.id === '3') {
          // A counter kept by the hook: the row it reads stays locked until the list ends.
          const { hold } = gates;
          gates.reading?.();
          const edits = (await read('note', '3'))?.attributes.edits ?? 0;
          await hold;
          return { edits: edits + 1 };
        }
        log.push(`beforeUpdate:${String(index)}:${String(change.current.attributes.title)}`);
        if (change.attributes.title === 'veto') throw refuse('bad_title', 'Not this title.', 422);
        if (change.current.attributes.locked === true) throw refuse('locked', 'The note is locked.');
        return { updated_by: user(request) };
      },
      afterUpdate(note, { index }) {
        log.push(`afterUpdate:${String(index)}:${String(note.attributes.title)}`);
        if (note.attributes.title === 'after-veto') throw refuse('too_late', 'Refused after the write.', 409);
      },
      async beforeDelete(note, { index, read }) {
        log.push(`beforeDelete:${String(index)}:${(await read('note', note.id)) === null ? 'gone' : 'there'}`);
        if (note.attributes.locked === true) throw refuse('locked', 'The note is locked.');
      },
      async afterDelete(note, { index, read }) {
        log.push(`afterDelete:${String(index)}:${(await read('note', note.id)) === null ? 'gone' : 'there'}`);
      },
      beforeRelationship(change, { index }) {
        log.push(`beforeRelationship:${String(index)}:${change.relationship}:${change.change}`);
        if (change.related !== null && !Array.isArray(change.related) && (change.related as { id: string }).id === 'a2') {
          throw refuse('banned_author', 'This author may not write.');
        }
      },
      afterRelationship(change, { index }) {
        log.push(`afterRelationship:${String(index)}:${change.relationship}`);
      },
    },
  };
}

/** Resolves once `condition` holds, checking it again on every turn of the event loop. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise<void>((resolve) => setImmediate(resolve));
}

function user(request: HandlerRequest): string {
  const value = request.headers['x-user'];
  return typeof value === 'string' ? value : 'anonymous';
}

interface Subject {
  readonly name: string;
  /** `lockWaits`: how many of this file's hook reads wait for a row lock now (PostgreSQL, MariaDB). */
  create(): Promise<{ layer: DataLayer; close(): Promise<void>; lockWaits?: () => Promise<number> }>;
}

/** The statements of the database waiting for a row lock in a hook's read of a note (its `edits` column names it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lockWaitsOf(engine: Engine, db: Kysely<any>): (() => Promise<number>) | undefined {
  const count = async (statement: RawBuilder<{ n: unknown }>): Promise<number> => Number((await statement.execute(db)).rows[0]?.n ?? 0);
  if (engine.name === 'postgres') {
    return () =>
      count(sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%"edits"%for update'`);
  }
  if (engine.name === 'mariadb') {
    return () =>
      // Running means waiting: the first list holds the lock. (The pattern is split so that this query does not match itself.)
      count(sql`select count(*) as n from information_schema.processlist where db = database() and info like concat('%edits%for upd', 'ate')`);
  }
  return undefined;
}

const engines = await availableEngines();
const subjects: Subject[] = [
  { name: 'memory', create: () => Promise.resolve({ layer: createMemoryLayer(schema, DATA), close: () => Promise.resolve() }) },
  ...engines.map((engine) => ({
    name: engine.name,
    async create() {
      const instance = await engine.create(schema, DATA);
      const lockWaits = lockWaitsOf(engine, instance.kysely);
      return { layer: instance.layer, close: () => instance.close(), ...(lockWaits === undefined ? {} : { lockWaits }) };
    },
  })),
];

for (const { name, reason } of skippedEngines()) {
  describe.skip(`write hooks on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(subjects.map((subject) => [subject.name, subject] as const))('write hooks on %s', (_, subject) => {
  let layer: DataLayer;
  let close: () => Promise<void>;
  let lockWaits: (() => Promise<number>) | undefined;
  const log: Log = [];
  const logged: unknown[] = [];
  beforeAll(async () => {
    ({ layer, close, lockWaits } = await subject.create());
  });
  afterAll(async () => {
    await close();
  });

  const gates: Gates = {};
  const handle = async (request: HandlerRequest) => {
    const settings: HandlerOptions = { schema, dataLayer: layer, writable: { hooks: hooksFor(log, gates) as WriteHooks<ResourceSchema> }, logger: { error: (_message, error) => logged.push(error) } };
    const response = await createHandler(settings)(request);
    // Every answer, a hook's refusal included, is held to the handler's own OpenAPI document.
    checkOpenApiResponse(settings, request, response);
    return response;
  };
  const send = async (method: string, path: string, body?: unknown, contentType = MEDIA_TYPE) => {
    const response = await handle({
      method,
      path,
      query: '',
      headers: { 'content-type': contentType, 'x-user': 'zoe' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: response.body, document: response.body === '' ? undefined : (JSON.parse(response.body) as Record<string, unknown>) };
  };
  const atomic = (operations: readonly unknown[]) => send('POST', '/operations', { 'atomic:operations': operations }, ATOMIC_TYPE);
  /** Every note and author with its attributes and relationships, read back through the handler. */
  const state = async (): Promise<unknown> => {
    const read = async (path: string, query: string) =>
      (JSON.parse((await handle({ method: 'GET', path, query, headers: {} })).body) as { data: unknown }).data;
    return { notes: await read('/notes', 'include=author&page[size]=100'), authors: await read('/authors', 'include=notes&page[size]=100') };
  };
  const errorOf = (document: Record<string, unknown> | undefined) => (document?.['errors'] as Record<string, unknown>[] | undefined)?.[0];
  /** Runs a write that must be refused, and checks that it changed nothing. */
  const refused = async (write: () => Promise<{ status: number; document: Record<string, unknown> | undefined }>) => {
    const before = await state();
    const response = await write();
    expect(await state()).toEqual(before);
    return { status: response.status, error: errorOf(response.document) };
  };
  const reset = () => {
    log.length = 0;
    logged.length = 0;
  };

  it('sets server-owned attributes on a create and an update, read back as the hooks set them', async () => {
    reset();
    const created = await send('POST', '/notes', { data: { type: 'note', attributes: { title: 'Hello', locked: false } } });
    expect(created.status).toBe(201);
    const id = (created.document?.['data'] as { id: string }).id;
    expect(created.document?.['data']).toMatchObject({ attributes: { title: 'Hello', created_by: 'zoe', updated_by: null } });
    const updated = await send('PATCH', `/notes/${id}`, { data: { type: 'note', id, attributes: { title: 'Hello again' } } });
    expect(updated.status).toBe(200);
    expect(updated.document?.['data']).toMatchObject({ attributes: { title: 'Hello again', created_by: 'zoe', updated_by: 'zoe' } });
    const read = await send('GET', `/notes/${id}`);
    expect(read.document?.['data']).toMatchObject({ attributes: { title: 'Hello again', created_by: 'zoe', updated_by: 'zoe' } });
    expect(log).toEqual(['beforeCreate:0', 'afterCreate:0:zoe', 'beforeUpdate:0:Hello', 'afterUpdate:0:Hello again']);
  });

  it('still refuses a client that writes a server-owned attribute (403 read_only_field), calling no hook', async () => {
    reset();
    const { status, error } = await refused(() => send('POST', '/notes', { data: { type: 'note', attributes: { title: 'x', created_by: 'mallory' } } }));
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: 'read_only_field', source: { pointer: '/data/attributes/created_by' } });
    expect(log).toEqual([]);
  });

  it('refuses a create in its before hook with the hook status, code and pointer, creating nothing', async () => {
    reset();
    const { status, error } = await refused(() => send('POST', '/notes', { data: { type: 'note', attributes: { title: 'veto' } } }));
    expect(status).toBe(422);
    expect(error).toEqual({ status: '422', code: 'bad_title', title: 'Write refused', detail: 'Not this title.', source: { pointer: '/data/attributes/title' } });
    expect(log).toEqual(['beforeCreate:0']);
  });

  it('refuses a create whose related author a hook reads and refuses', async () => {
    reset();
    const { status, error } = await refused(() =>
      send('POST', '/notes', { data: { type: 'note', attributes: { title: 'by a2' }, relationships: { author: { data: { type: 'author', id: 'a2' } } } } }),
    );
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: 'banned_author' });
    expect(error?.['source']).toBeUndefined();
  });

  it('refuses an update in its before hook, seeing the current resource, and changes nothing', async () => {
    reset();
    const vetoed = await refused(() => send('PATCH', '/notes/1', { data: { type: 'note', id: '1', attributes: { title: 'veto' } } }));
    expect(vetoed).toMatchObject({ status: 422, error: { code: 'bad_title' } });
    const locked = await refused(() => send('PATCH', '/notes/2', { data: { type: 'note', id: '2', attributes: { title: 'Unlocked?' } } }));
    expect(locked).toMatchObject({ status: 403, error: { status: '403', code: 'locked', detail: 'The note is locked.' } });
    expect(log).toEqual(['beforeUpdate:0:First', 'beforeUpdate:0:Locked']);
  });

  it('refuses a delete in its before hook and keeps the resource', async () => {
    reset();
    const { status, error } = await refused(() => send('DELETE', '/notes/2'));
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: 'locked' });
    expect((await send('GET', '/notes/2')).status).toBe(200);
    expect(log).toEqual(['beforeDelete:0:there']);
  });

  it('refuses a relationship change in its before hook and keeps the linkage', async () => {
    reset();
    const { status, error } = await refused(() => send('PATCH', '/notes/1/relationships/author', { data: { type: 'author', id: 'a2' } }));
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: 'banned_author' });
    expect(log).toEqual(['beforeRelationship:0:author:set']);
  });

  it('rolls back a create and an update an after hook refuses', async () => {
    reset();
    const create = await refused(() => send('POST', '/notes', { data: { type: 'note', attributes: { title: 'after-veto' } } }));
    expect(create).toMatchObject({ status: 409, error: { code: 'too_late' } });
    const update = await refused(() => send('PATCH', '/notes/1', { data: { type: 'note', id: '1', attributes: { title: 'after-veto' } } }));
    expect(update).toMatchObject({ status: 409, error: { code: 'too_late' } });
    expect(log).toEqual(['beforeCreate:0', 'afterCreate:0:zoe', 'beforeUpdate:0:First', 'afterUpdate:0:after-veto']);
  });

  it('rolls back a whole batch of five when the hook of operation 3 refuses, pointing at it', async () => {
    reset();
    const { status, error } = await refused(() =>
      atomic([
        { op: 'add', data: { type: 'note', lid: 'n', attributes: { title: 'One' } } },
        { op: 'update', data: { type: 'note', id: '1', attributes: { title: 'Two' } } },
        { op: 'update', ref: { type: 'note', lid: 'n', relationship: 'author' }, data: { type: 'author', id: 'a1' } },
        { op: 'update', data: { type: 'note', id: '2', attributes: { title: 'Four' } } },
        { op: 'remove', ref: { type: 'note', id: '1' } },
      ]),
    );
    expect(status).toBe(403);
    expect(error).toEqual({ status: '403', code: 'locked', title: 'Write refused', detail: 'The note is locked.', source: { pointer: '/atomic:operations/3' } });
    expect(log).toEqual([
      'beforeCreate:0',
      'afterCreate:0:zoe',
      'beforeUpdate:1:First',
      'afterUpdate:1:Two',
      'beforeRelationship:2:author:set',
      'afterRelationship:2:author',
      'beforeUpdate:3:Locked',
    ]);
  });

  it('answers a hook that throws anything but a HookError with a 500 that leaks nothing, and writes nothing', async () => {
    reset();
    const before = await state();
    const response = await atomic([
      { op: 'add', data: { type: 'note', attributes: { title: 'Fine' } } },
      { op: 'add', data: { type: 'note', attributes: { title: 'crash' } } },
    ]);
    expect(await state()).toEqual(before);
    expect(response.status).toBe(500);
    expect(errorOf(response.document)).toMatchObject({ code: 'internal_error' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('beforeCreate');
    expect(logged).toHaveLength(1);
    expect(String((logged[0] as Error).message)).toBe('The beforeCreate hook of note failed on operation 1');
    expect(((logged[0] as Error).cause as Error).message).toContain('hunter2');
  });

  it('runs each hook once per operation, before and after its write, in list order', async () => {
    reset();
    const response = await atomic([
      { op: 'add', data: { type: 'note', lid: 'n', attributes: { title: 'Batch' } } },
      { op: 'update', data: { type: 'note', lid: 'n', attributes: { title: 'Batch 2' } } },
      { op: 'update', ref: { type: 'note', lid: 'n', relationship: 'author' }, data: { type: 'author', id: 'a1' } },
      { op: 'remove', ref: { type: 'note', lid: 'n' } },
    ]);
    expect(response.status).toBe(200);
    expect(log).toEqual([
      'beforeCreate:0',
      'afterCreate:0:zoe',
      'beforeUpdate:1:Batch',
      'afterUpdate:1:Batch 2',
      'beforeRelationship:2:author:set',
      'afterRelationship:2:author',
      'beforeDelete:3:there',
      'afterDelete:3:gone',
    ]);
  });

  it('keeps a counter a hook reads and sets right when two updates race (the row is locked, or lists are queued)', async () => {
    reset();
    let release = (): void => undefined;
    gates.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first update holds its hook, the row of note 3 locked, until the second is
    // waiting for that lock (PostgreSQL, MariaDB) or has reached the layer, where lists
    // run one at a time (memory, one connection).
    let readings = 0;
    gates.reading = () => {
      readings++;
    };
    const retitle = (title: string) => send('PATCH', '/notes/3', { data: { type: 'note', id: '3', attributes: { title } } });
    const first = retitle('A');
    await until(async () => readings >= 1);
    gates.hold = undefined;
    const other = retitle('B');
    const waits = lockWaits;
    if (waits !== undefined) await until(async () => (await waits()) >= 1);
    release();
    const answers = await Promise.all([first, other]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await send('GET', '/notes/3')).document?.['data']).toMatchObject({ attributes: { title: 'B', edits: 2 } });
    gates.reading = undefined;
  });

  // One connection (PGlite, SQLite) serves a read only after the list: there is no state between to see.
  const oneConnection = subject.name === 'pglite' || subject.name === 'sqlite';
  it.skipIf(oneConnection)('shows readers the state before a list while its hooks are running, and the state after it once done', async () => {
    reset();
    let release = (): void => undefined;
    gates.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readings = 0;
    gates.reading = () => {
      readings++;
    };
    const before = await state();
    const batch = atomic([
      { op: 'add', data: { type: 'note', attributes: { title: 'Between' } } },
      { op: 'update', data: { type: 'note', id: '3', attributes: { title: 'Held' } } },
    ]);
    await until(async () => readings >= 1);
    // The create is applied inside the list, the update's hook is held: readers see neither.
    expect(await state()).toEqual(before);
    release();
    expect((await batch).status).toBe(200);
    const after = JSON.stringify(await state());
    expect(after).toContain('"Between"');
    expect(after).toContain('"Held"');
    gates.hold = undefined;
    gates.reading = undefined;
  });
});

describe('write hooks, as configured', () => {
  const layer = () => createMemoryLayer(schema, DATA);
  const post = (handle: (request: HandlerRequest) => Promise<{ status: number; body: string }>, attributes: Record<string, unknown>) =>
    handle({ method: 'POST', path: '/notes', query: '', headers: { 'content-type': MEDIA_TYPE }, body: JSON.stringify({ data: { type: 'note', attributes } }) });

  it('refuses hooks of an unknown type, an unknown hook name, a hook that is no function, or hooks of a read-only type, at start-up', () => {
    const create = (hooks: unknown) => () => createHandler({ schema, dataLayer: layer(), writable: { hooks: hooks as WriteHooks<typeof schema> } });
    expect(create({ nope: {} })).toThrow(new RangeError('createHandler: writable.hooks names type "nope", which the schema does not have'));
    expect(create({ note: { beforeSave: () => undefined } })).toThrow(/writable\.hooks\.note\.beforeSave is not a hook/);
    expect(create({ note: { beforeCreate: 'x' } })).toThrow(new RangeError('createHandler: writable.hooks.note.beforeCreate is not a function'));
    const readOnly = defineSchema({ types: { fixed: { root: 'fixed', readOnly: true, attributes: { name: { type: 'string' } } } } });
    expect(() =>
      createHandler({ schema: readOnly, dataLayer: createMemoryLayer(readOnly, { fixed: [] }), writable: { hooks: { fixed: { beforeCreate: () => undefined } } } }),
    ).toThrow(/hooks a read-only type/);
  });

  it('answers attributes a hook sets that the schema refuses with a logged 500, writing nothing', async () => {
    const cases: readonly [unknown, string][] = [
      [{ created_by: 7 }, 'The beforeCreate hook of note set "created_by" to a value that must be string'],
      [{ nope: 'x' }, 'The beforeCreate hook of note set "nope", which is not an attribute it may set'],
      [{ created_by: 'a\u0000b' }, 'The beforeCreate hook of note set "created_by" to a value that cannot hold a NUL character or a lone UTF-16 surrogate'],
      [{ created_by: 'ok', edits: 2 ** 53 }, 'The beforeCreate hook of note set "edits" to a value that is not an integer every data layer can hold exactly (±2^53 − 1)'],
      [['created_by'], 'The beforeCreate hook of note returned an array, not attributes'],
    ];
    for (const [returned, message] of cases) {
      const logged: unknown[] = [];
      const dataLayer = layer();
      const handle = createHandler({
        schema,
        dataLayer,
        writable: { hooks: { note: { beforeCreate: () => returned as { created_by: string } } } },
        logger: { error: (_message, error) => logged.push(error) },
      });
      const response = await post(handle, { title: 'x' });
      expect(response.status).toBe(500);
      expect(response.body).not.toContain('created_by');
      expect(((logged[0] as Error).cause as Error).message).toBe(message);
      expect(dataLayer.snapshot()).toEqual(createMemoryLayer(schema, DATA).snapshot());
    }
  });

  it('lets a before hook override a value the client sent, and turns -0 into 0', async () => {
    const handle = createHandler({
      schema,
      dataLayer: layer(),
      writable: { hooks: { note: { beforeCreate: (note) => ({ title: String(note.attributes.title).toUpperCase(), created_by: 'server', edits: -0 }) } } },
    });
    const response = await post(handle, { title: 'loud' });
    expect(response.status).toBe(201);
    const attributes = (JSON.parse(response.body) as { data: { attributes: Record<string, unknown> } }).data.attributes;
    expect(attributes).toMatchObject({ title: 'LOUD', created_by: 'server', edits: 0 });
    expect(Object.is(attributes['edits'], 0)).toBe(true);
  });

  it('refuses a read a hook makes after it settled, and answers a refusal with a status outside the allowed ones as a 500', async () => {
    let late: (() => Promise<unknown>) | undefined;
    const logged: unknown[] = [];
    const handle = createHandler({
      schema,
      dataLayer: layer(),
      writable: {
        hooks: {
          note: {
            beforeCreate: (note, { read }) => {
              late = () => read('note', '1');
              if (note.attributes.title === 'teapot') throw new HookError({ status: 418 as 422, code: 'teapot', detail: 'No.' });
              return { created_by: 'x' };
            },
          },
        },
      },
      logger: { error: (_message, error) => logged.push(error) },
    });
    expect((await post(handle, { title: 'fine' })).status).toBe(201);
    await expect(late?.()).rejects.toThrow('The beforeCreate hook of note read after it settled');
    const teapot = await post(handle, { title: 'teapot' });
    expect(teapot.status).toBe(500);
    expect(((logged[0] as Error).cause as Error).message).toBe('HookError: status 418 is not one of 400, 403, 404, 409, 422');
  });

  it('is described by the OpenAPI document of a handler with hooks: 422 and the application codes on every write', () => {
    type Operation = { responses: Record<string, unknown> };
    const hooked = toOpenApi(schema, { writable: true, hooks: true }) as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const plain = toOpenApi(schema, { writable: true }) as unknown as typeof hooked;
    for (const [path, method] of [['/notes', 'post'], ['/notes/{id}', 'patch'], ['/notes/{id}', 'delete'], ['/notes/{id}/relationships/author', 'patch'], ['/operations', 'post']] as const) {
      expect(Object.keys(hooked.paths[path]?.[method]?.responses ?? {})).toEqual(expect.arrayContaining(['400', '403', '404', '409', '422']));
      expect(Object.keys(plain.paths[path]?.[method]?.responses ?? {})).not.toContain('422');
    }
    expect(Object.keys(hooked.paths['/notes']?.['get']?.responses ?? {})).not.toContain('422');
    expect(JSON.stringify(hooked.components.schemas['ErrorObject']?.properties['code'])).toContain('^[a-z][a-z0-9_]{0,63}$');
    expect(JSON.stringify(plain.components.schemas['ErrorObject']?.properties['code'])).not.toContain('pattern');
  });

  it('checks what a HookError says when it is made', () => {
    expect(() => new HookError({ status: 403, code: 'Not-Snake', detail: 'x' })).toThrow(RangeError);
    expect(() => new HookError({ status: 403, code: 'ok', detail: 'x', pointer: 'data' })).toThrow(RangeError);
    expect(new HookError({ status: 409, code: 'taken', detail: 'Taken.' })).toMatchObject({ name: 'HookError', status: 409, code: 'taken', title: 'Write refused', detail: 'Taken.', message: 'Taken.' });
  });
});
