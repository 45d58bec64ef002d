/**
 * The memory layer's `apply` against a model written the plain way (maps of records,
 * both sides of the person/computer pair set by hand): random lists of creates (with
 * lids), updates, deletes and relationship changes, valid and invalid, give the same
 * refusals (reason and operation) and the same state, read back through the layer's
 * reads after every list. A refused list changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Id, LayerContext } from '../../src/layers/data-layer.js';
import { createMemoryLayer, type MemoryLayer } from '../../src/layers/memory/index.js';
import { isOperationError } from '../../src/operations/operation-error.js';
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
import type { Operation, RelationshipValue, ResourceRef } from '../../src/operations/operation-node.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import { defineSchema } from '../../src/schema/define-schema.js';

const schema = defineSchema({
  types: {
    person: { root: 'persons', attributes: { name: { type: 'string' } }, relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner' } } },
    computer: { root: 'computers', attributes: { serial: { type: 'string' } }, relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } } },
    tag: { root: 'tags', id: 'integer', clientIds: 'allowed', attributes: { label: { type: 'string' } }, relationships: { people: { target: 'person', to: 'many' } } },
  },
});
type Type = 'person' | 'computer' | 'tag';
const context: LayerContext = { signal: new AbortController().signal };

/** The model: records by type and id, relationships on both sides. */
interface Model {
  readonly rows: Record<Type, Map<Id, { value: string; links: Set<Id> | Id | null }>>;
  readonly sequences: Map<Type, number>;
}
const VALUE: Record<Type, string> = { person: 'name', computer: 'serial', tag: 'label' };
const RELATIONSHIP: Record<Type, string> = { person: 'computers', computer: 'owner', tag: 'people' };
const TARGET: Record<Type, Type> = { person: 'computer', computer: 'person', tag: 'person' };

function cloneModel(model: Model): Model {
  const copy = (rows: Model['rows'][Type]) =>
    new Map([...rows].map(([id, row]) => [id, { value: row.value, links: row.links instanceof Set ? new Set(row.links) : row.links }]));
  return { rows: { person: copy(model.rows.person), computer: copy(model.rows.computer), tag: copy(model.rows.tag) }, sequences: new Map(model.sequences) };
}

/** Links `computer` to `person` (or to nobody), on both sides. */
function setOwner(model: Model, computer: Id, person: Id | null): void {
  const row = model.rows.computer.get(computer);
  if (row === undefined) return;
  if (row.links !== null) (model.rows.person.get(row.links as Id)?.links as Set<Id> | undefined)?.delete(computer);
  row.links = person;
  if (person !== null) (model.rows.person.get(person)?.links as Set<Id>).add(computer);
}

class Refused extends Error {
  constructor(readonly reason: string, readonly operation: number) {
    super(reason);
  }
}

function applyToModel(start: Model, operations: readonly Operation[]): { model: Model; ids: (Id | null)[] } {
  const model = cloneModel(start);
  const ids: (Id | null)[] = [];
  const resolve = (ref: ResourceRef, reason: 'not_found' | 'related_not_found', index: number): Id => {
    const id = ref.kind === 'id' ? ref.id : ids[ref.operation];
    if (id === null || id === undefined || !model.rows[ref.type as Type].has(id)) throw new Refused(reason, index);
    return id;
  };
  const setLinks = (type: Type, id: Id, refs: readonly ResourceRef[] | ResourceRef | null, index: number, mode: 'set' | 'add' | 'remove'): void => {
    const wanted = (refs === null ? [] : Array.isArray(refs) ? refs : [refs]) as readonly ResourceRef[];
    const targets = wanted.map((ref) => resolve(ref, 'related_not_found', index));
    if (type === 'computer') return setOwner(model, id, targets[0] ?? null);
    const links = model.rows[type].get(id)?.links as Set<Id>;
    const next = mode === 'set' ? new Set(targets) : mode === 'add' ? new Set([...links, ...targets]) : new Set([...links].filter((link) => !targets.includes(link)));
    if (type === 'person') {
      for (const computer of links) if (!next.has(computer)) setOwner(model, computer, null);
      for (const computer of next) setOwner(model, computer, id);
    } else {
      links.clear();
      for (const target of next) links.add(target);
    }
  };
  operations.forEach((operation, index) => {
    switch (operation.kind) {
      case 'create': {
        const type = operation.type as Type;
        let id = operation.id;
        if (id === undefined) {
          let last = model.sequences.get(type) ?? Math.max(0, ...[...model.rows[type].keys()].map((key) => (typeof key === 'number' ? key : /^(?:0|[1-9][0-9]{0,15})$/.test(key) ? Number(key) : 0)));
          do last++;
          while (model.rows[type].has(type === 'tag' ? last : String(last)));
          model.sequences.set(type, last);
          id = type === 'tag' ? last : String(last);
        }
        if (model.rows[type].has(id)) throw new Refused('duplicate_id', index);
        model.rows[type].set(id, { value: String(operation.attributes[VALUE[type]]), links: type === 'computer' ? null : new Set() });
        ids.push(id);
        const linkage = operation.relationships[RELATIONSHIP[type]];
        if (linkage !== undefined) setLinks(type, id, linkage, index, 'set');
        return;
      }
      case 'update': {
        const type = operation.ref.type as Type;
        const id = resolve(operation.ref, 'not_found', index);
        const value = operation.attributes[VALUE[type]];
        if (value !== undefined) (model.rows[type].get(id) as { value: string }).value = String(value);
        const linkage = operation.relationships[RELATIONSHIP[type]];
        if (linkage !== undefined) setLinks(type, id, linkage, index, 'set');
        ids.push(id);
        return;
      }
      case 'delete': {
        const type = operation.ref.type as Type;
        const id = resolve(operation.ref, 'not_found', index);
        if (type === 'person') {
          for (const computer of model.rows.person.get(id)?.links as Set<Id>) setOwner(model, computer, null);
          for (const tag of model.rows.tag.values()) (tag.links as Set<Id>).delete(id);
        }
        if (type === 'computer') setOwner(model, id, null);
        model.rows[type].delete(id);
        ids.push(null);
        return;
      }
      default: {
        const type = operation.ref.type as Type;
        const id = resolve(operation.ref, 'not_found', index);
        if (operation.kind === 'set_relationship') setLinks(type, id, operation.linkage as readonly ResourceRef[] | ResourceRef | null, index, 'set');
        else setLinks(type, id, operation.members, index, operation.kind === 'add_to_relationship' ? 'add' : 'remove');
        ids.push(null);
      }
    }
  });
  return { model, ids };
}

/** The state as the layer reads it, and as the model holds it, in one shape. */
async function layerState(layer: MemoryLayer): Promise<unknown> {
  const state: Record<string, unknown> = {};
  for (const type of ['person', 'computer', 'tag'] as const) {
    const { rows } = await layer.read({ type, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context);
    state[type] = await Promise.all(
      rows.map(async (row) => {
        const linkage = await layer.readLinkage({ type, id: row.id, relationship: RELATIONSHIP[type], filter: null, sort: ID_ORDER, offset: 0, limit: null }, context);
        return [row.id, row[VALUE[type]], linkage?.ids];
      }),
    );
  }
  return state;
}
function modelState(model: Model): unknown {
  const order = (a: Id, b: Id) => (typeof a === 'number' ? a - (b as number) : a < b ? -1 : a > b ? 1 : 0);
  const state: Record<string, unknown> = {};
  for (const type of ['person', 'computer', 'tag'] as const) {
    state[type] = [...model.rows[type].keys()].sort(order).map((id) => {
      const row = model.rows[type].get(id) as { value: string; links: Set<Id> | Id | null };
      const links = row.links instanceof Set ? [...row.links].sort(order) : row.links === null ? [] : [row.links];
      return [id, row.value, links];
    });
  }
  return state;
}

const personIds = fc.constantFrom<Id>('1', '2', '3', '4', '9');
const computerIds = fc.constantFrom<Id>('1', '2', '3', '9');
const tagIds = fc.constantFrom<Id>(1, 2, 3, 7);
const idsOf: Record<Type, fc.Arbitrary<Id>> = { person: personIds, computer: computerIds, tag: tagIds };
const type = fc.constantFrom<Type>('person', 'computer', 'tag');

/** A ref by id, or by the lid of a create at an earlier index of the list (resolved as the parser would). */
const refTo = (target: Type, creates: readonly { index: number; type: Type }[]): fc.Arbitrary<ResourceRef> => {
  const own = creates.filter((create) => create.type === target);
  const byId = idsOf[target].map((id) => idRef(target, id));
  return own.length === 0 ? byId : fc.oneof(byId, fc.constantFrom(...own).map((create) => lidRef(target, `l${String(create.index)}`, create.index)));
};
const linkageOf = (owner: Type, creates: readonly { index: number; type: Type }[]): fc.Arbitrary<RelationshipValue> =>
  owner === 'computer' ? fc.option(refTo('person', creates), { nil: null }) : fc.uniqueArray(refTo(TARGET[owner], creates), { maxLength: 3, selector: (ref) => JSON.stringify(ref) });

/** A list of up to five operations, each drawn knowing the creates before it. */
const operationList: fc.Arbitrary<Operation[]> = fc.integer({ min: 1, max: 5 }).chain((length) => {
  let list: fc.Arbitrary<{ operations: Operation[]; creates: { index: number; type: Type }[] }> = fc.constant({ operations: [], creates: [] });
  for (let index = 0; index < length; index++) {
    list = list.chain(({ operations, creates }) =>
      type.chain((chosen) => {
        const target = refTo(chosen, creates);
        const relationship = RELATIONSHIP[chosen];
        const linkage = fc.option(linkageOf(chosen, creates), { nil: undefined });
        const value = fc.constantFrom('a', 'b', 'c');
        const operation: fc.Arbitrary<Operation> = fc.oneof(
          fc.tuple(value, linkage, chosen === 'tag' ? fc.option(tagIds, { nil: undefined }) : fc.constant(undefined)).map(([text, links, id]) =>
            createOperation(chosen, { attributes: { [VALUE[chosen]]: text }, relationships: links === undefined ? {} : { [relationship]: links } }, { lid: `l${String(index)}`, ...(id === undefined ? {} : { id }) }),
          ),
          fc.tuple(target, fc.option(value, { nil: undefined }), linkage).map(([ref, text, links]) =>
            updateOperation(ref, { attributes: text === undefined ? {} : { [VALUE[chosen]]: text }, relationships: links === undefined ? {} : { [relationship]: links } }),
          ),
          target.map((ref) => deleteOperation(ref)),
          fc.tuple(target, linkageOf(chosen, creates)).map(([ref, links]) => setRelationshipOperation(ref, relationship, links)),
          ...(chosen === 'computer'
            ? []
            : [
                fc.tuple(target, fc.uniqueArray(refTo(TARGET[chosen], creates), { maxLength: 3, selector: (ref) => JSON.stringify(ref) }), fc.boolean()).map(([ref, members, add]) =>
                  add ? addToRelationshipOperation(ref, relationship, members) : removeFromRelationshipOperation(ref, relationship, members),
                ),
              ]),
        );
        return operation.map((drawn) => ({
          operations: [...operations, drawn],
          creates: drawn.kind === 'create' ? [...creates, { index, type: chosen }] : creates,
        }));
      }),
    );
  }
  return list.map(({ operations }) => operations);
});

const data = {
  person: [{ id: '1', name: 'p1' }, { id: '2', name: 'p2' }, { id: '4', name: 'p4' }],
  computer: [{ id: '1', serial: 'c1', owner: '1' }, { id: '2', serial: 'c2', owner: '1' }, { id: '3', serial: 'c3', owner: null }],
  tag: [{ id: 1, label: 't1', people: ['1', '2'] }, { id: 3, label: 't3', people: [] }],
};
function modelOf(): Model {
  const rows: Model['rows'] = { person: new Map(), computer: new Map(), tag: new Map() };
  for (const person of data.person) rows.person.set(person.id, { value: person.name, links: new Set() });
  for (const computer of data.computer) rows.computer.set(computer.id, { value: computer.serial, links: null });
  for (const tag of data.tag) rows.tag.set(tag.id, { value: tag.label, links: new Set(tag.people) });
  const model = { rows, sequences: new Map<Type, number>() };
  for (const computer of data.computer) setOwner(model, computer.id, computer.owner);
  return model;
}

describe('memory layer apply against a plain model', () => {
  it('gives the same refusals, ids and states for random lists of operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationList, { minLength: 1, maxLength: 6 }), async (lists) => {
        const layer = createMemoryLayer(schema, data);
        let model = modelOf();
        expect(await layerState(layer)).toEqual(modelState(model));
        for (const operations of lists) {
          let expected: { model: Model; ids: (Id | null)[] } | Refused;
          try {
            expected = applyToModel(model, operations);
          } catch (error) {
            if (!(error instanceof Refused)) throw error;
            expected = error;
          }
          const actual = await (layer.apply as NonNullable<MemoryLayer['apply']>)({ operations }, context).then(
            (result) => result,
            (error: unknown) => {
              if (!isOperationError(error)) throw error;
              return { reason: error.reason, operation: error.operation };
            },
          );
          if (expected instanceof Refused) {
            expect(actual).toEqual({ reason: expected.reason, operation: expected.operation });
          } else {
            expect(actual).toEqual({ ids: expected.ids });
            model = expected.model;
          }
          expect(await layerState(layer)).toEqual(modelState(model));
        }
      }),
      { numRuns: 300 },
    );
  });
});
