/**
 * A write permission is judged on the row as it is once the list holds it: on
 * PostgreSQL and MariaDB (many connections), a concurrent transaction that changes a
 * row to one the policy forbids deleting, and commits while the delete waits for it,
 * wins — the delete is refused and the row stays. (PGlite and SQLite take one
 * connection: a list never runs beside another write there.)
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import { deleteOperation, idRef } from '../../src/operations/operation-factories.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, type EngineInstance, skippedEngines } from '../helpers/engines.js';

const schema = defineSchema({
  types: { doc: { root: 'docs', attributes: { status: { type: 'string' } }, relationships: {} } },
});
const data = { doc: [{ id: 'd1', status: 'draft' }] };
const context = { signal: new AbortController().signal };
const MANY_CONNECTIONS = new Set(['postgres', 'mariadb']);

const engines = (await availableEngines()).filter((engine) => MANY_CONNECTIONS.has(engine.name));
for (const { name, reason } of skippedEngines().filter(({ name }) => MANY_CONNECTIONS.has(name))) {
  describe.skip(`write permission race on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(engines.map((engine) => [engine.name, engine] as const))('write permission race on %s', (name, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(schema, data);
  });
  afterAll(() => instance.close());

  /**
   * Whether the list's statement waits for the other transaction: on PostgreSQL a
   * session of this database waiting for a lock; on MariaDB a statement of this
   * database running in another session than this query's (the other transaction is
   * idle, so that statement is held by its lock).
   */
  const someoneWaits = async (): Promise<boolean> => {
    const query =
      name === 'postgres'
        ? sql<{ n: unknown }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
        : sql<{ n: unknown }>`select count(*) as n from information_schema.processlist where db = database() and id <> connection_id() and info is not null`;
    const { rows } = await query.execute(instance.kysely);
    return Number(rows[0]?.n) > 0;
  };

  it('refuses a delete the policy allowed until a concurrent transaction changed the row', async () => {
    let commit = (): void => undefined;
    const released = new Promise<void>((resolve) => (commit = resolve));
    let updated = (): void => undefined;
    const changed = new Promise<void>((resolve) => (updated = resolve));
    const other = instance.kysely.connection().execute(async (db) => {
      await sql`begin`.execute(db);
      await sql`update doc set status = ${'published'} where id = ${'d1'}`.execute(db);
      updated();
      await released;
      await sql`commit`.execute(db);
    });
    await changed;
    let settled = false;
    const deletion = instance.layer
      .apply({ operations: [deleteOperation(idRef('doc', 'd1'))], permits: (_, change) => (change === 'delete' ? compareNode('status', 'eq', 'draft') : undefined) }, context)
      .then(
        () => 'applied',
        (error: unknown) => error,
      )
      .finally(() => (settled = true));
    // The delete waits for the other transaction's lock (or, were the check unlocked, ends first).
    while (!settled && !(await someoneWaits())) await new Promise((resolve) => setImmediate(resolve));
    commit();
    await other;
    expect(await deletion).toMatchObject({ name: 'OperationError', reason: 'forbidden_write', operation: 0 });
    const { rows } = await instance.layer.read({ type: 'doc', filter: null, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: null }, context);
    expect(rows).toEqual([{ id: 'd1', status: 'published' }]);
  });
});
