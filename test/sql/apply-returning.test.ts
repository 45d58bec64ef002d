/**
 * The rows the SQL layer's `apply` returns (`WriteResult.rows`) and the lists it
 * applies without an explicit transaction, on every engine: a created row is what
 * `readOne` reads after the list (generated and client ids, integer ids, booleans,
 * numbers, dates, the columns' defaults), `null` once a later operation of the list
 * addressed it and on MySQL/MariaDB (no `insert … returning`); a list of one create of
 * attributes runs one statement and no `BEGIN`, every other list its transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Id, Row } from '../../src/layers/data-layer.js';
import { createOperation, idRef, lidRef, setRelationshipOperation, updateOperation } from '../../src/operations/operation-factories.js';
import type { Operation } from '../../src/operations/operation-node.js';
import { availableEngines, skippedEngines, type EngineInstance } from '../helpers/engines.js';
import { context, twinSchema, WRITE_DATA } from './write-twin.js';

const engines = await availableEngines();

for (const { name, reason } of skippedEngines()) {
  describe.skip(`apply rows on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

const begins = (statements: readonly string[]): number => statements.filter((text) => /^\s*begin\b|^\s*start transaction\b/i.test(text)).length;

describe.each(engines.map((engine) => [engine.name, engine] as const))('apply rows on %s', (_, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(twinSchema, WRITE_DATA);
  });
  afterAll(async () => {
    await instance.close();
  });

  /** Applies the list and checks every row it returned against `readOne` after it; the rows. */
  const applyAndCheck = async (operations: readonly Operation[]): Promise<readonly (Row | null)[]> => {
    const { ids, rows } = await instance.layer.apply({ operations }, context);
    expect(rows).toHaveLength(operations.length);
    for (const [index, row] of (rows ?? []).entries()) {
      if (row === null) continue;
      expect(row).toStrictEqual(await instance.layer.readOne(typeOf(operations[index]), ids[index] as Id, context));
    }
    return rows ?? [];
  };
  const returns = engine.dialect !== 'mysql';

  it('returns each created row as read after the list (null on MySQL/MariaDB)', async () => {
    const rows = await applyAndCheck([
      createOperation('person', { attributes: { name: 'Cy', display_name: 'Cy.', birth_date: '1999-12-31' }, relationships: {} }),
      createOperation('tag', { attributes: { label: 'gen', note: null }, relationships: {} }),
      createOperation('tag', { attributes: { label: 'client', note: 'n', weight: -3 }, relationships: {} }, { id: 100 }),
      createOperation('device', { attributes: { active: false, ratio: -0.25, bought: '2024-02-29' }, relationships: {} }, { id: 'd9' }),
      createOperation('stamp', { attributes: {}, relationships: {} }),
      createOperation('computer', { attributes: { serial: 'R1' }, relationships: { owner: idRef('person', '1') } }),
    ]);
    expect(rows.map((row) => row !== null)).toStrictEqual(rows.map(() => returns));
    if (returns) expect(rows[3]).toStrictEqual({ id: 'd9', active: false, ratio: -0.25, bought: '2024-02-29' });
  });

  it('gives no row for a resource a later operation of the list changed', async () => {
    const rows = await applyAndCheck([
      createOperation('person', { attributes: { name: 'Di', display_name: 'Di.' }, relationships: {} }, { lid: 'di' }),
      updateOperation(lidRef('person', 'di', 0), { attributes: { name: 'Dee' }, relationships: {} }),
      createOperation('computer', { attributes: { serial: 'R2' }, relationships: {} }, { lid: 'r2' }),
      setRelationshipOperation(lidRef('computer', 'r2', 2), 'owner', lidRef('person', 'di', 0)),
      createOperation('code', { attributes: { value: 'kept' }, relationships: {} }, { id: 'c9' }),
    ]);
    expect(rows.map((row) => row !== null)).toStrictEqual([false, false, false, false, returns]);
  });

  it('runs a list of one create of attributes as one statement, without BEGIN', async () => {
    instance.clearLog();
    const { ids } = await instance.layer.apply({ operations: [createOperation('computer', { attributes: { serial: 'R3' }, relationships: {} })] }, context);
    expect(instance.queries).toHaveLength(1);
    expect(instance.queries[0]).toMatch(/^insert into/i);
    expect(await instance.layer.readOne('computer', ids[0] as Id, context)).toMatchObject({ serial: 'R3' });
  });

  it('keeps the transaction for every other list: two operations, a relationship, a client id', async () => {
    for (const operations of [
      [createOperation('computer', { attributes: { serial: 'R4' }, relationships: {} }), createOperation('computer', { attributes: { serial: 'R5' }, relationships: {} })],
      [createOperation('computer', { attributes: { serial: 'R6' }, relationships: { owner: idRef('person', '2') } })],
      [createOperation('code', { attributes: { value: 'client' }, relationships: {} }, { id: 'c10' })],
    ]) {
      instance.clearLog();
      await instance.layer.apply({ operations }, context);
      expect(begins(instance.queries)).toBe(1);
    }
  });
});

function typeOf(operation: Operation | undefined): string {
  if (operation?.kind !== 'create') throw new Error('only creates return rows in these lists');
  return operation.type;
}
