/**
 * The SQL layer's `apply` when the database refuses: a unique constraint is a
 * `conflict` refusal of the operation that broke it (`duplicate_id` when it is a
 * create with a client id); a constraint the operation
 * AST does not model (a CHECK of the database's own, a foreign key from a table
 * outside the mapping) is a `conflict` refusal of the operation; every driver's constraint errors are recognised by code; two
 * lists racing for one client id give one create and one `duplicate_id`, concurrent
 * creates distinct generated ids; an aborted request applies nothing. Every refused
 * list leaves the state unchanged.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WriteRequest } from '../../src/layers/data-layer.js';
import type { SqlDialectName } from '../../src/layers/sql/index.js';
import { violatedConstraint } from '../../src/layers/sql/constraint-violation.js';
import { createHandler } from '../../src/http/index.js';
import { isOperationError } from '../../src/operations/operation-error.js';
import { createOperation, deleteOperation, idRef, updateOperation } from '../../src/operations/operation-factories.js';
import { availableEngines, type EngineInstance, skippedEngines } from '../helpers/engines.js';
import { context, twinSchema, WRITE_DATA, writeTwin, type WriteTwin } from './write-twin.js';

const engines = await availableEngines();

/** A table outside the mapping whose rows reference persons, with real foreign keys. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function addConstraints(db: Kysely<any>, dialect: SqlDialectName): Promise<void> {
  await sql`create unique index computer_serial_unique on computer (serial${sql.raw(dialect === 'mysql' ? '(100)' : '')})`.execute(db);
  const personId = sql.raw(
    dialect === 'postgres' ? 'text collate "C"' : dialect === 'mysql' ? 'varchar(255) character set utf8mb4 collate utf8mb4_nopad_bin' : 'text',
  );
  if (dialect === 'sqlite') await sql`pragma foreign_keys = on`.execute(db);
  await sql`create table person_note (person_id ${personId} not null references person (id), body text check (body <> ''))`.execute(db);
  await sql`insert into person_note (person_id, body) values ('2', 'note')`.execute(db);
  await addStampCheck(db, dialect);
}

/** A CHECK the schema does not say: a stamp's `at` is never 'never'. SQLite adds one by rebuilding the table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function addStampCheck(db: Kysely<any>, dialect: SqlDialectName): Promise<void> {
  if (dialect !== 'sqlite') {
    await sql`alter table stamp add constraint stamp_at_check check (${sql.ref('at')} is null or ${sql.ref('at')} <> 'never')`.execute(db);
    return;
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'stamp'`.execute(db);
  const ddl = (rows[0]?.sql ?? '').replace(/^create table "stamp"/i, 'create table "stamp_checked"').replace(/\)\s*$/, `, check ("at" is null or "at" <> 'never'))`);
  await sql.raw(ddl).execute(db);
  await sql`insert into stamp_checked select * from stamp`.execute(db);
  await sql`drop table stamp`.execute(db);
  await sql`alter table stamp_checked rename to stamp`.execute(db);
}

for (const { name, reason } of skippedEngines()) {
  describe.skip(`apply failures on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(engines.map((engine) => [engine.name, engine] as const))('apply failures on %s', (_, engine) => {
  let instance: EngineInstance;
  let twin: WriteTwin;
  beforeAll(async () => {
    instance = await engine.create(twinSchema, WRITE_DATA, { setup: (db) => addConstraints(db, engine.dialect) });
    twin = await writeTwin(engine);
  });
  afterAll(async () => {
    await instance.close();
    await twin.close();
  });

  const state = async (): Promise<unknown> => {
    const read = (type: string) => instance.layer.read({ type, filter: null, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: null }, context);
    return { person: (await read('person')).rows, computer: (await read('computer')).rows, tag: (await read('tag')).rows };
  };
  const failure = async (request: WriteRequest, signal = context.signal): Promise<unknown> =>
    instance.layer.apply(request, { signal }).then(
      () => new Error('applied'),
      (error: unknown) => error,
    );

  it('refuses a unique violation of an index on another column than the id as a conflict of its operation, changing nothing', async () => {
    const before = await state();
    const update = updateOperation(idRef('computer', '1'), { attributes: { serial: 'B' }, relationships: {} });
    const error = await failure({ operations: [createOperation('person', { attributes: { name: 'N', display_name: 'N.' }, relationships: {} }), update] });
    expect(isOperationError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'conflict', operation: 1 });
    const create = createOperation('computer', { attributes: { serial: 'C' }, relationships: {} });
    expect(await failure({ operations: [create] })).toMatchObject({ reason: 'conflict', operation: 0 });
    expect(await state()).toEqual(before);
  });

  it('refuses a delete that a row outside the mapping still references as a conflict of its operation, changing nothing', async () => {
    const before = await state();
    const error = await failure({ operations: [updateOperation(idRef('tag', 5), { attributes: { label: 'x' }, relationships: {} }), deleteOperation(idRef('person', '2'))] });
    expect(isOperationError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'conflict', operation: 1 });
    expect(await state()).toEqual(before);
  });

  it("refuses a write that breaks a CHECK of the database's own as a conflict of its operation, changing nothing", async () => {
    const stamps = async (): Promise<unknown> =>
      (await instance.layer.read({ type: 'stamp', filter: null, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: null }, context)).rows;
    const { ids } = await instance.layer.apply({ operations: [createOperation('stamp', { attributes: { at: 'now' }, relationships: {} })] }, context);
    const before = await stamps();
    const create = createOperation('stamp', { attributes: { at: 'never' }, relationships: {} });
    const update = updateOperation(idRef('stamp', ids[0] as number), { attributes: { at: 'never' }, relationships: {} });
    const fine = createOperation('stamp', { attributes: { at: 'later' }, relationships: {} });
    expect(await failure({ operations: [fine, create] })).toMatchObject({ name: 'OperationError', reason: 'conflict', operation: 1 });
    expect(await failure({ operations: [update, fine] })).toMatchObject({ name: 'OperationError', reason: 'conflict', operation: 0 });
    expect(await stamps()).toEqual(before);
  });

  it('answers a conflict through the handler as a 409 pointing at the operation, without the driver text', async () => {
    const handle = createHandler({ schema: twinSchema, dataLayer: instance.layer, writable: true });
    const atomic = 'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"';
    const body = JSON.stringify({
      'atomic:operations': [
        { op: 'add', data: { type: 'stamp', attributes: { at: 'fine' } } },
        { op: 'add', data: { type: 'stamp', attributes: { at: 'never' } } },
      ],
    });
    const response = await handle({ method: 'POST', path: '/operations', query: '', headers: { 'content-type': atomic, accept: atomic }, body });
    expect(response.status).toBe(409);
    const { errors } = JSON.parse(response.body) as { errors: Record<string, unknown>[] };
    expect(errors).toEqual([expect.objectContaining({ status: '409', code: 'conflict', source: { pointer: '/atomic:operations/1' } })]);
    expect(response.body).not.toMatch(/check|constraint failed|stamp_at/i);
    const single = await handle({
      method: 'DELETE',
      path: '/persons/2',
      query: '',
      headers: { accept: 'application/vnd.api+json' },
    });
    expect(single.status).toBe(409);
    expect((JSON.parse(single.body) as { errors: Record<string, unknown>[] }).errors).toEqual([expect.objectContaining({ code: 'conflict' })]);
  });

  it('recognises every constraint error of the driver by its code', async () => {
    const kind = async (statement: ReturnType<typeof sql>): Promise<unknown> =>
      violatedConstraint(await statement.execute(instance.kysely).then(() => undefined, (error: unknown) => error));
    expect(await kind(sql`insert into computer (id, serial) values ('1', 'new')`)).toBe('unique');
    expect(await kind(sql`insert into person_note (person_id, body) values ('nobody', 'x')`)).toBe('foreign_key');
    expect(await kind(sql`delete from person where id = '2'`)).toBe('foreign_key');
    expect(await kind(sql`insert into person_note (person_id, body) values (null, 'x')`)).toBe('not_null');
    expect(await kind(sql`insert into person_note (person_id, body) values ('1', '')`)).toBe('check');
    expect(await kind(sql`select 1 from no_such_table`)).toBeUndefined();
  });

  it('lets one of two lists racing for one client id create it and refuses the other as duplicate_id', async () => {
    const create = createOperation('tag', { attributes: { label: 'race', note: null }, relationships: {} }, { id: 777 });
    const outcomes = await Promise.all([failure({ operations: [create] }), failure({ operations: [create] })]);
    expect(outcomes.filter((outcome) => outcome instanceof Error && outcome.message === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => isOperationError(outcome))).toMatchObject([{ reason: 'duplicate_id', operation: 0 }]);
  });

  it('gives concurrent creates distinct generated ids', async () => {
    const create = createOperation('tag', { attributes: { label: 'many', note: null }, relationships: {} });
    const results = await Promise.all(Array.from({ length: 6 }, () => instance.layer.apply({ operations: [create, create] }, context)));
    const ids = results.flatMap(({ ids }) => ids);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) expect(typeof id).toBe('number');
  });

  it('applies nothing for a signal aborted before the list, or during it (checked before the commit)', async () => {
    const before = await twin.states();
    const create = createOperation('person', { attributes: { name: 'A', display_name: 'A.' }, relationships: {} });
    await expect(twin.instance.layer.apply({ operations: [create] }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ reason: 'timeout' });
    const controller = new AbortController();
    let asked = 0;
    // The scope is asked for at the start (the filters to prepare, the resources named) and at the end (the resources changed).
    const scope = (type: string): undefined => {
      if (type === 'person' && ++asked === 3) controller.abort();
      return undefined;
    };
    await expect(twin.instance.layer.apply({ operations: [create, create], scope }, { signal: controller.signal })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(controller.signal.aborted).toBe(true);
    expect((await twin.states()).sql).toBe(before.sql);
  });
});
