/**
 * The SQL layer's `apply` gives what the memory layer's gives, on every engine: the
 * same ids (up to the ids each layer generates) or the same refusal, and the same
 * state read back after every list, for every operation kind, every relationship
 * kind (a foreign key on either side, a join table, a to-one without inverse, a
 * one-to-one stored in two columns), booleans, numbers and dates, lids,
 * client and generated ids, the scope before and after, and every refusal; a refused
 * list changes nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareNode, relationshipNode } from '../../src/ast/filter-factories.js';
import type { FilterNode } from '../../src/ast/filter-node.js';
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  idRef,
  lidRef,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from '../../src/operations/operation-factories.js';
import type { Operation } from '../../src/operations/operation-node.js';
import { checkList } from '../../src/testing/conformance/write-property.js';
import { availableEngines, skippedEngines } from '../helpers/engines.js';
import { writeTwin, type WriteTwin } from './write-twin.js';

const person = (name: string, more: Record<string, unknown> = {}) => ({ attributes: { name, display_name: `${name}.`, ...more }, relationships: {} });
const tag = (label: string, more: Record<string, unknown> = {}) => ({ attributes: { label, note: null, ...more }, relationships: {} });
const women = compareNode('gender', 'eq', 'f');
const womenOnly = (type: string): FilterNode | undefined => (type === 'person' ? women : undefined);
/** Computers whose owner's name has an `i` in any case: a scope the engine lower-cases for. */
const ownedByAnI = (type: string): FilterNode | undefined =>
  type === 'computer' ? relationshipNode('has', 'owner', compareNode('name', 'ilike', '%I%')) : undefined;

interface Case {
  readonly name: string;
  readonly operations: readonly Operation[];
  readonly scope?: (type: string) => FilterNode | undefined;
  /** The memory layer's answer, to be sure each case tests what it says. */
  readonly expected: 'applied' | string;
}

/** Applied in order on one pair of layers: each sees the state the ones before it left. */
const CASES: readonly Case[] = [
  { name: 'a create with a generated string id', operations: [createOperation('person', person('Cy'))], expected: 'applied' },
  { name: 'a create with every attribute', operations: [createOperation('person', person('Di', { birth_date: '1999-12-31', gender: 'f' }))], expected: 'applied' },
  { name: 'a create with a generated integer id', operations: [createOperation('tag', tag('gen'))], expected: 'applied' },
  { name: 'a create with a client integer id', operations: [createOperation('tag', tag('client', { weight: -3 }), { id: 100 })], expected: 'applied' },
  { name: 'a generated integer id after a client one', operations: [createOperation('tag', tag('after'))], expected: 'applied' },
  { name: 'a create with a client string id', operations: [createOperation('code', { attributes: { value: 'two' }, relationships: {} }, { id: 'c2' })], expected: 'applied' },
  { name: 'a taken client integer id', operations: [createOperation('tag', tag('dup'), { id: 5 })], expected: 'duplicate_id' },
  { name: 'a taken client string id', operations: [createOperation('code', { attributes: { value: 'again' }, relationships: {} }, { id: 'c1' })], expected: 'duplicate_id' },
  {
    name: 'creates linked by lids, both sides of the inverse kept',
    operations: [
      createOperation('person', person('Ed'), { lid: 'ed' }),
      createOperation('computer', { attributes: { serial: 'D' }, relationships: { owner: lidRef('person', 'ed', 0) } }, { lid: 'd' }),
      addToRelationshipOperation(lidRef('person', 'ed', 0), 'computers', [idRef('computer', '3')]),
      createOperation('tag', { attributes: { label: 'ed', note: 'x' }, relationships: { people: [lidRef('person', 'ed', 0), idRef('person', '2')], creator: lidRef('person', 'ed', 0) } }),
    ],
    expected: 'applied',
  },
  {
    name: 'an update of attributes moving a to-one relationship off its old owner',
    operations: [updateOperation(idRef('computer', '1'), { attributes: { serial: 'A2' }, relationships: { owner: idRef('person', '2') } })],
    expected: 'applied',
  },
  { name: 'an update giving nothing', operations: [updateOperation(idRef('person', 'x'), { attributes: {}, relationships: {} })], expected: 'applied' },
  {
    name: 'a to-many replaced from the foreign key side',
    operations: [setRelationshipOperation(idRef('person', '2'), 'computers', [idRef('computer', '2'), idRef('computer', '3')])],
    expected: 'applied',
  },
  {
    name: 'members removed (absent ones ignored) and added (present ones kept once)',
    operations: [
      removeFromRelationshipOperation(idRef('person', '2'), 'computers', [idRef('computer', '3'), idRef('computer', '1')]),
      addToRelationshipOperation(idRef('person', 'x'), 'computers', [idRef('computer', '3'), idRef('computer', '3')]),
    ],
    expected: 'applied',
  },
  { name: 'a to-one cleared', operations: [setRelationshipOperation(idRef('computer', '3'), 'owner', null)], expected: 'applied' },
  {
    name: 'a join table replaced, added to and removed from',
    operations: [
      setRelationshipOperation(idRef('tag', 8), 'people', [idRef('person', 'x'), idRef('person', '1')]),
      addToRelationshipOperation(idRef('tag', 5), 'people', [idRef('person', '2'), idRef('person', '1')]),
      removeFromRelationshipOperation(idRef('tag', 5), 'people', [idRef('person', '1'), idRef('person', '3')]),
    ],
    expected: 'applied',
  },
  {
    name: 'a to-one without inverse set, changed and cleared',
    operations: [
      setRelationshipOperation(idRef('tag', 8), 'creator', idRef('person', 'x')),
      setRelationshipOperation(idRef('tag', 5), 'creator', idRef('person', 'x')),
      setRelationshipOperation(idRef('tag', 5), 'creator', null),
    ],
    expected: 'applied',
  },
  { name: 'an update of integer and null attributes', operations: [updateOperation(idRef('tag', 8), tag('eight!', { weight: 0, note: null }))], expected: 'applied' },
  { name: 'a delete unlinking every relationship that names the resource', operations: [deleteOperation(idRef('person', '1'))], expected: 'applied' },
  { name: 'a delete of a resource on the owning side of a join table', operations: [deleteOperation(idRef('tag', 5))], expected: 'applied' },
  { name: 'an update of a missing resource', operations: [updateOperation(idRef('person', '9'), person('Z'))], expected: 'not_found' },
  { name: 'an update of a deleted resource', operations: [updateOperation(idRef('tag', 5), tag('z'))], expected: 'not_found' },
  { name: 'a delete of a resource deleted before in the list', operations: [deleteOperation(idRef('person', '2')), deleteOperation(idRef('person', '2'))], expected: 'not_found' },
  { name: 'a relationship change of a missing resource', operations: [setRelationshipOperation(idRef('computer', '9'), 'owner', null)], expected: 'not_found' },
  {
    name: 'a missing related resource of a to-one',
    operations: [createOperation('computer', { attributes: { serial: 'E' }, relationships: { owner: idRef('person', '9') } })],
    expected: 'related_not_found',
  },
  {
    name: 'a missing member of a to-many',
    operations: [addToRelationshipOperation(idRef('person', '2'), 'computers', [idRef('computer', '3'), idRef('computer', '9')])],
    expected: 'related_not_found',
  },
  {
    name: 'a missing member of a join table, after changes',
    operations: [updateOperation(idRef('person', '2'), person('Changed')), setRelationshipOperation(idRef('tag', 8), 'people', [idRef('person', '404')])],
    expected: 'related_not_found',
  },
  {
    name: 'a lid whose resource was deleted',
    operations: [createOperation('person', person('Fy'), { lid: 'fy' }), deleteOperation(lidRef('person', 'fy', 0)), updateOperation(lidRef('person', 'fy', 0), person('Gy'))],
    expected: 'not_found',
  },
  {
    name: 'a failure after creating, updating and deleting',
    operations: [
      createOperation('person', person('Hy'), { lid: 'hy' }),
      updateOperation(idRef('computer', '2'), { attributes: { serial: 'Z' }, relationships: { owner: lidRef('person', 'hy', 0) } }),
      deleteOperation(idRef('person', '2')),
      createOperation('tag', tag('t'), { id: 100 }),
    ],
    expected: 'duplicate_id',
  },
  { name: 'a create after a refused list', operations: [createOperation('person', person('Iy', { gender: 'f' }))], expected: 'applied' },
  { name: 'a resource outside the scope before the list', operations: [deleteOperation(idRef('person', '2'))], scope: womenOnly, expected: 'not_found' },
  {
    name: 'a related resource outside the scope before the list',
    operations: [setRelationshipOperation(idRef('computer', '3'), 'owner', idRef('person', '2'))],
    scope: womenOnly,
    expected: 'related_not_found',
  },
  { name: 'a create outside the scope after the list', operations: [createOperation('person', person('M', { gender: 'm' }))], scope: womenOnly, expected: 'out_of_scope' },
  {
    name: 'a resource moved out of the scope by a later operation',
    operations: [
      createOperation('person', person('W', { gender: 'f' }), { lid: 'w' }),
      updateOperation(lidRef('person', 'w', 0), { attributes: { gender: 'm' }, relationships: {} }),
    ],
    scope: womenOnly,
    expected: 'out_of_scope',
  },
  {
    name: 'writes inside the scope, naming a resource the list created',
    operations: [
      createOperation('person', person('Jo', { gender: 'f' }), { lid: 'jo' }),
      addToRelationshipOperation(lidRef('person', 'jo', 0), 'computers', [idRef('computer', '3')]),
    ],
    scope: womenOnly,
    expected: 'applied',
  },
  {
    name: 'a scope through a relationship that lower-cases text, holding after the list',
    operations: [
      createOperation('computer', { attributes: { serial: 'I1' }, relationships: { owner: idRef('person', 'x') } }, { lid: 'i1' }),
      updateOperation(lidRef('computer', 'i1', 0), { attributes: { serial: 'I2' }, relationships: {} }),
    ],
    scope: ownedByAnI,
    expected: 'applied',
  },
  {
    name: 'a scope through a relationship, broken by the list',
    operations: [createOperation('computer', { attributes: { serial: 'B1' }, relationships: { owner: idRef('person', '2') } })],
    scope: ownedByAnI,
    expected: 'out_of_scope',
  },
  { name: 'a delete of a resource on the foreign key side', operations: [deleteOperation(idRef('computer', '2'))], expected: 'applied' },
  {
    name: 'booleans, numbers and dates written as they read back',
    operations: [
      createOperation('device', { attributes: { active: false, ratio: -0.25, bought: '1999-12-31' }, relationships: {} }),
      createOperation('device', { attributes: { active: null, ratio: 2 ** 53 - 1 }, relationships: {} }, { id: 'd3' }),
      updateOperation(idRef('device', 'd2'), { attributes: { active: true, ratio: 1e-7, bought: '2024-02-29' }, relationships: {} }),
    ],
    expected: 'applied',
  },
  {
    name: 'creates of a type with integer ids giving no attribute (the columns\' defaults)',
    operations: [createOperation('stamp', { attributes: {}, relationships: {} }), createOperation('stamp', { attributes: { at: 'noon' }, relationships: {} })],
    expected: 'applied',
  },
  {
    name: 'a one-to-one stored on both sides, moved from either end',
    operations: [
      setRelationshipOperation(idRef('device', 'd2'), 'holder', idRef('person', 'x')),
      setRelationshipOperation(idRef('person', 'x'), 'device', idRef('device', 'd1')),
      updateOperation(idRef('device', 'd3'), { attributes: {}, relationships: { holder: idRef('person', 'x') } }),
    ],
    expected: 'applied',
  },
  {
    name: 'a one-to-one created, cleared and deleted on one side',
    operations: [
      createOperation('device', { attributes: { active: true }, relationships: { holder: idRef('person', 'x') } }, { lid: 'd' }),
      createOperation('person', { attributes: { name: 'Ko', display_name: 'Ko.' }, relationships: { device: idRef('device', 'd1') } }),
      setRelationshipOperation(idRef('device', 'd3'), 'holder', null),
      deleteOperation(lidRef('device', 'd', 0)),
    ],
    expected: 'applied',
  },
];

const engines = await availableEngines();

for (const { name, reason } of skippedEngines()) {
  describe.skip(`apply on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(engines.map((engine) => [engine.name, engine] as const))('apply on %s as on the memory layer', (_, engine) => {
  let twin: WriteTwin;
  beforeAll(async () => {
    twin = await writeTwin(engine);
  });
  afterAll(async () => {
    await twin.close();
  });

  it('starts from the same state', async () => {
    const { memory, sql } = await twin.states();
    expect(sql).toBe(memory);
  });

  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_, { operations, scope, expected }) => {
    const outcome = await checkList(twin.layers, () => operations, scope);
    expect('ids' in outcome ? 'applied' : outcome.refused.reason).toBe(expected);
  });

  it('leaves no foreign key or join-table row naming a deleted resource (reads could not tell)', async () => {
    const dangling = async (query: ReturnType<typeof sql>): Promise<number> => {
      const { rows } = await query.execute(twin.instance.kysely);
      return rows.length;
    };
    expect(await dangling(sql`select 1 from computer c where c.owner_id is not null and not exists (select 1 from person p where p.id = c.owner_id)`)).toBe(0);
    expect(await dangling(sql`select 1 from tag t where t.creator_id is not null and not exists (select 1 from person p where p.id = t.creator_id)`)).toBe(0);
    expect(await dangling(sql`select 1 from tag_people j where not exists (select 1 from person p where p.id = j.target_id)`)).toBe(0);
    expect(await dangling(sql`select 1 from tag_people j where not exists (select 1 from tag t where t.id = j.source_id)`)).toBe(0);
    expect(await dangling(sql`select 1 from person p where p.device_id is not null and not exists (select 1 from device d where d.id = p.device_id)`)).toBe(0);
    // Both columns of the one-to-one pair agree.
    expect(await dangling(sql`select 1 from person p join device d on d.id = p.device_id where d.holder_id is null or d.holder_id <> p.id`)).toBe(0);
    expect(await dangling(sql`select 1 from device d join person p on p.id = d.holder_id where p.device_id is null or p.device_id <> d.id`)).toBe(0);
    // Rows the cases above deleted while they were linked.
    expect(await dangling(sql`select 1 from tag_people`)).toBeGreaterThan(0);
  });
});
